/**
 * /common/unsubscribe?token=...: the link in each of the office's announcements. The delegate
 * confirms with a button (a GET link must not change anything by itself: mail scanners follow
 * links), and the page says what changed. Mail programs' one-click unsubscribe posts to the same
 * route without this page.
 */
import { Button, Card, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { FormAlert } from '../../components/form/form-alert';
import { Page } from '../../components/page';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { accountApi } from './api';
import { useLocalise, useT } from '../../i18n/i18n';

export default function UnsubscribePage() {
  const [search] = useSearchParams();
  const t = useT();
  const localise = useLocalise();
  const token = search.get('token') ?? '';
  const [state, setState] = useState<{ status: 'ask' | 'busy' } | { status: 'done' | 'failed'; message: string }>({ status: 'ask' });
  const confirm = async () => {
    setState({ status: 'busy' });
    try {
      const { message } = await accountApi.unsubscribe(token);
      setState({ status: 'done', message });
    } catch (e) {
      setState({ status: 'failed', message: e instanceof ApiError ? e.message : 'request failure.' });
    }
  };
  return (
    <Page title={t('account.unsubscribe.title')}>
      <Card.Root maxW="xl" mx="auto" width="100%">
        <Card.Body>
          {state.status === 'done' ? (
            <FormAlert status="success" title={t('account.unsubscribe.done')}>
              {state.message}
            </FormAlert>
          ) : state.status === 'failed' ? (
            <Stack gap="4">
              <FormAlert status="error" title={t('account.linkUnusable')}>
                {localise(state.message)}
              </FormAlert>
              <ChakraLink asChild textDecoration="underline">
                <RouterLink to={paths.center}>{t('account.unsubscribe.openAccount')}</RouterLink>
              </ChakraLink>
            </Stack>
          ) : (
            <Stack gap="4">
              <Text>{t('account.unsubscribe.ask')}</Text>
              <Button colorPalette="brand" alignSelf="flex-start" onClick={() => void confirm()} loading={state.status === 'busy'} disabled={!token}>
                {t('account.unsubscribe.submit')}
              </Button>
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
    </Page>
  );
}
