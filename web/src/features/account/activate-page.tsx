/**
 * /common/activate/{token}: the page the activation e-mail links to. It posts the token once
 * (a GET link must not change state by itself: mail scanners follow links) and says what happened:
 * activated now, already active (the link opened again: log in, no new mail needed), or a link
 * that activates nothing (then a new activation e-mail is offered).
 */
import { Button, Card, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { FormAlert } from '../../components/form/form-alert';
import { Page } from '../../components/page';
import { pathTo, paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { accountApi } from './api';
import { useLocalise, useT } from '../../i18n/i18n';

// One call per token, even if the page renders twice.
const attempts = new Map<string, ReturnType<typeof accountApi.activate>>();

export default function ActivatePage() {
  const { token = '' } = useParams();
  const t = useT();
  const localise = useLocalise();
  const [state, setState] = useState<
    { status: 'pending' } | { status: 'done'; message: string; alreadyActive: boolean } | { status: 'failed'; message: string }
  >({ status: 'pending' });

  useEffect(() => {
    let alive = true;
    if (!attempts.has(token)) attempts.set(token, accountApi.activate(token));
    attempts
      .get(token)!
      .then(({ data, message }) => alive && setState({ status: 'done', message, alreadyActive: data.already_active }))
      .catch((e: unknown) =>
        alive && setState({ status: 'failed', message: e instanceof ApiError ? e.message : 'request failure.' }),
      );
    return () => {
      alive = false;
    };
  }, [token]);

  return (
    <Page title={t('account.activate.title')}>
      <Card.Root maxW="xl" mx="auto" width="100%">
        <Card.Body>
          {state.status === 'pending' && (
            <HStack gap="3" role="status">
              <Spinner size="sm" />
              <Text>{t('account.activate.pending')}</Text>
            </HStack>
          )}
          {state.status === 'done' && (
            <Stack gap="4">
              <FormAlert status="success" title={state.alreadyActive ? t('account.activate.alreadyActive') : t('account.activate.activated')}>
                {state.message}
              </FormAlert>
              <Button asChild colorPalette="brand" alignSelf="flex-start">
                <RouterLink to={paths.login}>{t('account.logIn')}</RouterLink>
              </Button>
            </Stack>
          )}
          {state.status === 'failed' && (
            <Stack gap="4">
              <FormAlert status="error" title={t('account.linkUnusable')}>
                {localise(state.message)}
              </FormAlert>
              <HStack gap="3" wrap="wrap">
                <Button asChild colorPalette="brand">
                  <RouterLink to={pathTo(paths.accountCreated, { params: 'resend' })}>{t('account.activate.sendNew')}</RouterLink>
                </Button>
                <Button asChild variant="outline">
                  <RouterLink to={paths.login}>{t('account.logIn')}</RouterLink>
                </Button>
              </HStack>
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
    </Page>
  );
}
