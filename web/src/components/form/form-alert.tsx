import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The outcome of a submit, in words: the server's message on failure (spec: "System Tips"). */
export function FormAlert(props: { status: 'error' | 'success' | 'info' | 'warning'; title?: ReactNode; children?: ReactNode }) {
  return (
    <Alert.Root status={props.status} role={props.status === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Content>
        {props.title && <Alert.Title>{props.title}</Alert.Title>}
        {props.children && <Alert.Description>{props.children}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}
