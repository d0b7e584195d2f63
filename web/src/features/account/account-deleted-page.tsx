/** /common/account-deleted: after the deletion (logged out), what went and what is kept for accounting. */
import { Card, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { ACCOUNTING_RETENTION_YEARS } from '#core/accounts/own-data';
import { FormAlert } from '../../components/form/form-alert';
import { Page } from '../../components/page';
import { paths } from '../../config/paths';
import { session } from '../../lib/session';
import { useT } from '../../i18n/i18n';

export default function AccountDeletedPage() {
  const state = (useLocation().state ?? {}) as { deleted?: boolean; kept?: string[]; registrationKept?: boolean };
  const kept = state.kept ?? [];
  const queryClient = useQueryClient();
  const t = useT();
  // Arrived from the deletion: the server ended every session; this browser forgets its own (and what it read with it).
  useEffect(() => {
    if (!state.deleted) return;
    session.clear();
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'conference' });
  }, [state.deleted, queryClient]);
  return (
    <Page title={t('account.deleted.title')}>
      <Card.Root maxW="xl" mx="auto" width="100%">
        <Card.Body>
          <Stack gap="4">
            <FormAlert status="success" title={t('account.deleted.doneTitle')}>
              {t('account.deleted.doneText')}
            </FormAlert>
            {kept.length > 0 || state.registrationKept ? (
              <Text>
                {t('account.deleted.kept', {
                  years: ACCOUNTING_RETENTION_YEARS,
                  items: [...kept.map((no) => t('account.deleted.order', { no })), ...(state.registrationKept ? [t('account.deleted.registration')] : [])].join(
                    t('account.deleted.listSeparator'),
                  ),
                })}
              </Text>
            ) : (
              <Text>{t('account.deleted.none', { years: ACCOUNTING_RETENTION_YEARS })}</Text>
            )}
            <ChakraLink asChild textDecoration="underline">
              <RouterLink to={paths.registerStepOne}>{t('account.deleted.createNew')}</RouterLink>
            </ChakraLink>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Page>
  );
}
