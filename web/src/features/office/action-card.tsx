/**
 * One office action: its form, and the server's answer under it. An answer saying the office
 * session ended sends the frame back to the code form.
 */
import { Box, Button, Card, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { FormProvider, useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { writeConfirmation, type Confirmation, type ConfirmationTexts } from '#core/office/confirmations';
import { FormAlert } from '../../components/form/form-alert';
import { FormStack } from '../../components/form/form-stack';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ApiError, isCancelled } from '../../lib/api-client';
import { secondFactorKey } from './api';
import { useLocalise, useT } from '../../i18n/i18n';

interface Outcome {
  status: 'success' | 'error';
  text: string;
}

/** One office action on a payment reference: its form, the server's answer under it. */
export function ActionCard<T extends FieldValues>(props: {
  title: string;
  description: string;
  resolver: Resolver<T>;
  defaults: T;
  fields: ReactNode;
  submitLabel: string;
  run: (values: T) => Promise<{ message: string }>;
  /** Values put in the form from elsewhere on the page (a row of the waiting transfers). */
  prefill?: T;
  /** After the action succeeded, with the server's message (a page whose card goes away with the change keeps it). */
  onDone?: (message: string) => void;
  /**
   * Asks before acting (money moves): what will happen, from the order as the server has it now
   * (core/office/confirmations.ts); the action runs only when the organiser confirms.
   */
  confirm?: (values: T) => Promise<ConfirmationTexts> | ConfirmationTexts;
}) {
  const t = useT();
  const localise = useLocalise();
  const form = useForm<T>({ resolver: props.resolver, defaultValues: props.defaults as never });
  const { prefill } = props;
  useEffect(() => {
    if (prefill) form.reset(prefill as never);
  }, [prefill, form]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [asking, setAsking] = useState<{ values: T; confirmation: Confirmation } | null>(null);
  // Kept while the dialog closes (its animation), so its text does not vanish first.
  const [shown, setShown] = useState<Confirmation | null>(null);
  const queryClient = useQueryClient();
  const failed = (error: unknown) => {
    if (isCancelled(error)) return;
    // The office session ended (12 hours idle) or was never confirmed: ask for the code again.
    if (error instanceof ApiError && (error.data as { second_factor?: string } | null)?.second_factor) {
      void queryClient.invalidateQueries({ queryKey: secondFactorKey });
    }
    setOutcome({ status: 'error', text: error instanceof ApiError ? localise(error.message) : t('office.action.requestFailure') });
  };
  const act = async (values: T) => {
    try {
      const { message } = await props.run(values);
      setOutcome({ status: 'success', text: message });
      props.onDone?.(message);
    } catch (error) {
      failed(error);
    }
  };
  const submit = form.handleSubmit(async (values) => {
    setOutcome(null);
    if (!props.confirm) return act(values);
    try {
      const confirmation = writeConfirmation(t, await props.confirm(values));
      setShown(confirmation);
      setAsking({ values, confirmation });
    } catch (error) {
      failed(error);
    }
  });
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h3">{props.title}</Card.Title>
        <Card.Description>{props.description}</Card.Description>
      </Card.Header>
      <Card.Body>
        <FormProvider {...form}>
          <FormStack gap="4" onSubmit={(e) => void submit(e)} noValidate aria-label={props.title}>
            {props.fields}
            <Box>
              <Button type="submit" loading={form.formState.isSubmitting}>
                {props.submitLabel}
              </Button>
            </Box>
            {outcome && (
              <FormAlert status={outcome.status} title={outcome.status === 'error' ? t('office.action.notDone') : t('office.order.done')}>
                {outcome.text}
              </FormAlert>
            )}
          </FormStack>
        </FormProvider>
        {props.confirm && (
          <ConfirmDialog
            open={asking !== null}
            title={shown?.title ?? ''}
            confirmLabel={shown?.confirmLabel ?? ''}
            dismissLabel={shown?.dismissLabel}
            confirmPalette="brand"
            onClose={() => setAsking(null)}
            onConfirm={async () => {
              if (!asking) return;
              await act(asking.values);
              setAsking(null);
            }}
          >
            <ConfirmationText confirmation={shown} />
          </ConfirmDialog>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** A confirmation's paragraphs (core/office/confirmations.ts). */
export function ConfirmationText({ confirmation }: { confirmation: Confirmation | null }) {
  return (
    <Stack gap="3">
      {confirmation?.lines.map((line) => (
        <Text key={line}>{line}</Text>
      ))}
    </Stack>
  );
}

