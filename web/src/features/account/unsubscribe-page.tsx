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

export default function UnsubscribePage() {
  const [search] = useSearchParams();
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
    <Page title="Stop announcements">
      <Card.Root maxW="xl" mx="auto" width="100%">
        <Card.Body>
          {state.status === 'done' ? (
            <FormAlert status="success" title="Unsubscribed">
              {state.message}
            </FormAlert>
          ) : state.status === 'failed' ? (
            <Stack gap="4">
              <FormAlert status="error" title="This link cannot be used">
                {state.message}
              </FormAlert>
              <ChakraLink asChild textDecoration="underline">
                <RouterLink to={paths.center}>Open your account</RouterLink>
              </ChakraLink>
            </Stack>
          ) : (
            <Stack gap="4">
              <Text>
                Do you want to stop receiving the congress&apos;s announcements? Mails about your own registration and payments will still reach you. You can turn
                announcements on again in your account.
              </Text>
              <Button colorPalette="brand" alignSelf="flex-start" onClick={() => void confirm()} loading={state.status === 'busy'} disabled={!token}>
                Stop announcements
              </Button>
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
    </Page>
  );
}
