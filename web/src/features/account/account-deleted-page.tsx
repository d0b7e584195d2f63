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

export default function AccountDeletedPage() {
  const state = (useLocation().state ?? {}) as { deleted?: boolean; kept?: string[]; registrationKept?: boolean };
  const kept = state.kept ?? [];
  const queryClient = useQueryClient();
  // Arrived from the deletion: the server ended every session; this browser forgets its own (and what it read with it).
  useEffect(() => {
    if (!state.deleted) return;
    session.clear();
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'conference' });
  }, [state.deleted, queryClient]);
  return (
    <Page title="Account deleted">
      <Card.Root maxW="xl" mx="auto" width="100%">
        <Card.Body>
          <Stack gap="4">
            <FormAlert status="success" title="Your account has been deleted">
              You have been logged out on every device. Your profile, abstracts, files and unpaid orders are gone, and your e-mail address is free again.
            </FormAlert>
            {kept.length > 0 || state.registrationKept ? (
              <Text>
                Kept for accounting for {ACCOUNTING_RETENTION_YEARS} years, without your name or contact details:{' '}
                {[...kept.map((no) => `order ${no}`), ...(state.registrationKept ? ['your paid registration by category'] : [])].join(', ')} and its payments.
              </Text>
            ) : (
              <Text>Paid orders and their payments are kept for accounting for {ACCOUNTING_RETENTION_YEARS} years without your name or contact details; you had none.</Text>
            )}
            <ChakraLink asChild textDecoration="underline">
              <RouterLink to={paths.registerStepOne}>Create a new account</RouterLink>
            </ChakraLink>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Page>
  );
}
