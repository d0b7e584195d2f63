import { Alert, Button, Container } from '@chakra-ui/react';
import { ApiError } from '../lib/api-client';
import { useLocalise, useT } from '../i18n/i18n';

/** A failed load: what happened, in the server's words when it gave some, and a way to retry. */
export function QueryError({ error, onRetry, title }: { error: unknown; onRetry?: () => void; title?: string }) {
  const t = useT();
  const localise = useLocalise();
  // The server's message is in the page's language already; the client's own ("request failure.") is looked up.
  const message = localise(error instanceof ApiError ? error.message : 'request failure.');
  return (
    <Container maxW="4xl" py="10">
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{title ?? t('form.queryError.title')}</Alert.Title>
          <Alert.Description>{message}</Alert.Description>
        </Alert.Content>
        {onRetry && (
          <Button size="sm" variant="outline" onClick={onRetry}>
            {t('form.queryError.retry')}
          </Button>
        )}
      </Alert.Root>
    </Container>
  );
}
