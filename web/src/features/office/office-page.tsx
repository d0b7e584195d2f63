/**
 * /office: the registration office. Organisers only (the role comes from `npm run organiser`),
 * behind a second factor per office session (second-factor.tsx). What the office can do here
 * today: act on bank transfers by their payment reference (confirm what arrived, record a bank
 * refund as sent, try a failed card refund again).
 */
import { Box, Button, Card, Heading, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { FormProvider, useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { referenceForm, transferReceivedForm } from '#core/office/schemas';
import { FormAlert } from '../../components/form/form-alert';
import { FormStack } from '../../components/form/form-stack';
import { TextField } from '../../components/form/fields';
import { Page } from '../../components/page';
import { QueryError } from '../../components/query-error';
import { SmartLink } from '../../components/smart-link';
import { paths } from '../../config/paths';
import { ApiError, isCancelled } from '../../lib/api-client';
import { formatCstInstant } from '#core/time';
import { formatWireUsd } from '#core/money';
import { ScrollTable } from '../../components/ui/scroll-table';
import { awaitedTransfersKey, officeApi, secondFactorKey, secondFactorQuery } from './api';
import { BankAccountCard } from './bank-account-card';
import { Enrol, Verify } from './second-factor';

const LEAD = 'For the registration office: organisers only, with a code from an authenticator app once per session.';

interface Outcome {
  status: 'success' | 'error';
  text: string;
}

/** One office action on a payment reference: its form, the server's answer under it. */
function ActionCard<T extends FieldValues>(props: {
  title: string;
  description: string;
  resolver: Resolver<T>;
  defaults: T;
  fields: ReactNode;
  submitLabel: string;
  run: (values: T) => Promise<{ message: string }>;
  /** Values put in the form from elsewhere on the page (a row of the waiting transfers). */
  prefill?: T;
  onDone?: () => void;
}) {
  const form = useForm<T>({ resolver: props.resolver, defaultValues: props.defaults as never });
  const { prefill } = props;
  useEffect(() => {
    if (prefill) form.reset(prefill as never);
  }, [prefill, form]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const queryClient = useQueryClient();
  const submit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const { message } = await props.run(values);
      setOutcome({ status: 'success', text: message });
      props.onDone?.();
    } catch (error) {
      if (isCancelled(error)) return;
      // The office session ended (12 hours idle) or was never confirmed: ask for the code again.
      if (error instanceof ApiError && (error.data as { second_factor?: string } | null)?.second_factor) {
        void queryClient.invalidateQueries({ queryKey: secondFactorKey });
      }
      setOutcome({ status: 'error', text: error instanceof ApiError ? error.message : 'request failure.' });
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
              <FormAlert status={outcome.status} title={outcome.status === 'error' ? 'Not done' : 'Done'}>
                {outcome.text}
              </FormAlert>
            )}
          </FormStack>
        </FormProvider>
      </Card.Body>
    </Card.Root>
  );
}

type ReferenceValues = { reference: string };
type ReceivedValues = { reference: string; amount: string };
const referenceField = <TextField<ReferenceValues> name="reference" label="Payment reference" required helper="As on the bank statement, e.g. IACR24-000123-7." autoComplete="off" />;

const referenceResolver = zodResolver(referenceForm, undefined, { raw: true }) as Resolver<ReferenceValues>;

/** The office actions that need only a payment reference. */
const referenceActions = [
  {
    title: 'Record a bank refund as sent',
    description: 'After the office has sent a transfer refund (a cancellation or a surplus) from the congress account.',
    submitLabel: 'Record the refund',
    run: officeApi.transferRefunded,
  },
  {
    title: 'Try a failed card refund again',
    description: "When a card refund failed (the delegate's list says so), ask the card provider again.",
    submitLabel: 'Try the refund again',
    run: officeApi.retryRefund,
  },
];

/** The transfers delegates said they sent, oldest first; "Confirm" puts a row into the confirm form. */
function AwaitedTransfers(props: { onPick: (row: ReceivedValues) => void }) {
  const list = useQuery({ queryKey: awaitedTransfersKey, queryFn: officeApi.awaitedTransfers });
  if (list.isPending) return <Text color="gray.700">Loading the transfers to look for...</Text>;
  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} title="The transfers could not be loaded." />;
  if (list.data.items.length === 0) {
    return <Text color="gray.700">No transfer is awaited: every delegate who chose bank transfer and pressed Done has been found, or none has yet.</Text>;
  }
  return (
    <ScrollTable label="Transfers to look for" size="sm" aria-label="Transfers to look for">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Reference</Table.ColumnHeader>
          <Table.ColumnHeader>Order</Table.ColumnHeader>
          <Table.ColumnHeader>Delegate</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Awaited</Table.ColumnHeader>
          <Table.ColumnHeader>Noted</Table.ColumnHeader>
          <Table.ColumnHeader>
            <Box srOnly>Action</Box>
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {list.data.items.map((row) => (
          <Table.Row key={row.reference}>
            <Table.Cell fontFamily="mono" whiteSpace="nowrap">
              {row.reference}
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{row.order_no}</Table.Cell>
            <Table.Cell minW="14rem">
              <Text>{row.delegate || '(no name)'}</Text>
              <Text fontSize="sm" color="gray.700" wordBreak="break-all">
                {row.email}
              </Text>
            </Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap">
              {formatWireUsd(row.amount)}
            </Table.Cell>
            <Table.Cell>
              {formatCstInstant(row.noted_at)}
              <Text fontSize="sm" color="gray.700">
                {row.waiting_days === 0 ? 'today' : `${row.waiting_days} day${row.waiting_days === 1 ? '' : 's'} ago`}
              </Text>
            </Table.Cell>
            <Table.Cell>
              <Button size="sm" variant="outline" onClick={() => props.onPick({ reference: row.reference, amount: row.amount })} aria-label={`Confirm the transfer ${row.reference}`}>
                Confirm...
              </Button>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </ScrollTable>
  );
}

function Transfers() {
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<ReceivedValues | undefined>(undefined);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: awaitedTransfersKey });
  return (
    <Stack gap="4">
      <Heading as="h2" size="xl">
        Bank transfers
      </Heading>
      <AwaitedTransfers
        onPick={(row) => {
          setPicked(row);
          document.getElementById('confirm-transfer')?.scrollIntoView({ block: 'nearest' });
        }}
      />
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4" alignItems="start" id="confirm-transfer">
        <ActionCard<ReceivedValues>
          prefill={picked}
          onDone={refresh}
          title="Confirm a transfer"
          description="Enter what arrived. The order is paid when it covers the order; less keeps it waiting and tells the delegate what is missing; more is refunded."
          resolver={zodResolver(transferReceivedForm, undefined, { raw: true }) as Resolver<ReceivedValues>}
          defaults={{ reference: '', amount: '' }}
          fields={
            <>
              {referenceField}
              <TextField<ReceivedValues> name="amount" label="Amount received (US$)" required inputMode="decimal" helper="e.g. 650.00" autoComplete="off" />
            </>
          }
          submitLabel="Confirm the transfer"
          run={(v) => officeApi.transferReceived(v.reference.trim(), v.amount)}
        />
        {referenceActions.map((action) => (
          <ActionCard<ReferenceValues>
            key={action.title}
            title={action.title}
            description={action.description}
            resolver={referenceResolver}
            defaults={{ reference: '' }}
            fields={referenceField}
            submitLabel={action.submitLabel}
            run={(v) => action.run(v.reference.trim())}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export default function OfficePage() {
  const status = useQuery(secondFactorQuery);
  if (status.isPending) {
    return (
      <Page title="Registration office" lead={LEAD} width="wide">
        <Text>Loading...</Text>
      </Page>
    );
  }
  if (status.isError) {
    const error = status.error;
    const gate = error instanceof ApiError ? (error.data as { second_factor?: string } | null)?.second_factor : undefined;
    if (error instanceof ApiError && error.status === 403 && !gate) {
      return (
        <Page title="Registration office" lead={LEAD}>
          <Stack gap="4">
            <FormAlert status="info" title={error.message}>
              If you work at the registration office, ask an organiser to give your account the role.
            </FormAlert>
            <Text>
              <SmartLink href={paths.center}>Go to your account centre</SmartLink>
            </Text>
          </Stack>
        </Page>
      );
    }
    return (
      <Page title="Registration office" lead={LEAD}>
        <QueryError error={error} onRetry={() => void status.refetch()} />
      </Page>
    );
  }
  const s = status.data;
  return (
    <Page title="Registration office" lead={LEAD} width="wide">
      <Stack gap="8">
        <HStack gap="2" wrap="wrap" color="gray.700">
          <Text>Signed in as</Text>
          <Text fontWeight="semibold" wordBreak="break-all">
            {s.email}
          </Text>
        </HStack>
        {!s.enrolled ? (
          <Enrol />
        ) : !s.verified ? (
          <Verify recoveryCodesLeft={s.recovery_codes_left} />
        ) : (
          <>
            <Transfers />
            <Stack gap="4">
              <Heading as="h2" size="xl">
                Payment settings
              </Heading>
              <BankAccountCard />
            </Stack>
          </>
        )}
      </Stack>
    </Page>
  );
}
