import { Alert, Button, Container } from '@chakra-ui/react';
import { ApiError } from '../lib/api-client';

/** A failed load: what happened, in the server's words when it gave some, and a way to retry. */
export function QueryError({ error, onRetry, title = 'This page could not be loaded.' }: { error: unknown; onRetry?: () => void; title?: string }) {
  const message = error instanceof ApiError ? error.message : 'request failure.';
  return (
    <Container maxW="4xl" py="10">
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{title}</Alert.Title>
          <Alert.Description>{message}</Alert.Description>
        </Alert.Content>
        {onRetry && (
          <Button size="sm" variant="outline" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Alert.Root>
    </Container>
  );
}
