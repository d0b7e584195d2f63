/**
 * /office/transfers: act on bank transfers by their payment reference (confirm what arrived, try
 * a failed card refund again), starting from the transfers delegates said they sent. Bank refunds
 * are recorded as sent on /office/refunds-owed, after a confirmation naming amount and account.
 */
import { Box, Button, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { referenceForm, toCents, transferReceivedForm } from '#core/office/schemas';
import { retryRefundConfirmation, transferConfirmation, type Confirmation } from '#core/office/confirmations';
import { officeMessages } from '#core/office/order-by-reference';
import { TextField } from '../../components/form/fields';
import { QueryError } from '../../components/query-error';
import { formatCstInstant } from '#core/time';
import { formatWireUsd } from '#core/money';
import { ScrollTable } from '../../components/ui/scroll-table';
import { FormAlert } from '../../components/form/form-alert';
import { SmartLink } from '../../components/smart-link';
import { paths } from '../../config/paths';
import { ActionCard } from './action-card';
import { partyOf, refused } from './confirm-steps';
import { awaitedTransfersKey, officeApi, statementsKey } from './api';
import { OfficeFrame } from './office-frame';

type ReferenceValues = { reference: string };
type ReceivedValues = { reference: string; amount: string };
const referenceField = <TextField<ReferenceValues> name="reference" label="Payment reference" required helper="As on the bank statement, e.g. IACR24-000123-7." autoComplete="off" />;

const referenceResolver = zodResolver(referenceForm, undefined, { raw: true }) as Resolver<ReferenceValues>;

/** The office actions that need only a payment reference; `confirm`: what the dialog says first (money moves). */
const referenceActions: { title: string; description: string; submitLabel: string; run: (reference: string) => Promise<{ message: string }>; confirm?: (reference: string) => Promise<Confirmation> }[] = [
  {
    title: 'Try a failed card refund again',
    description: "When a card refund failed (the delegate's list says so), ask the card provider again.",
    submitLabel: 'Try the refund again',
    run: officeApi.retryRefund,
    confirm: async (reference) => {
      const detail = await officeApi.orderByReference(reference);
      const plan = detail.retry_refund;
      if (!plan) throw refused(officeMessages.noFailedRefund);
      return retryRefundConfirmation(partyOf(detail), { ...plan, amount: toCents(plan.amount) });
    },
  },
];

/** Confirming a transfer by its reference: the order as the server has it now, and what the amount does to it. */
async function transferConfirmationFor(reference: string, amount: string) {
  const detail = await officeApi.orderByReference(reference);
  if (detail.transfer_awaited === null) throw refused(officeMessages.noPendingTransfer);
  return transferConfirmation(partyOf(detail), toCents(detail.transfer_awaited), toCents(amount));
}

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

/** Statement lines held as possible duplicates (issue 29): decided on the import page, said here too. */
function HeldLinesNotice() {
  const overview = useQuery({ queryKey: statementsKey, queryFn: officeApi.statements });
  const held = overview.data?.open.filter((l) => l.held).length ?? 0;
  if (held === 0) return null;
  return (
    <FormAlert status="warning" title={held === 1 ? '1 statement line may be a transfer booked already' : `${held} statement lines may be transfers booked already`}>
      Decide on the{' '}
      <SmartLink href={paths.officeImport} textDecoration="underline" fontWeight="semibold">
        statement import page
      </SmartLink>{' '}
      whether each is a transfer of its own or the same transfer exported in another file; it is
      booked only if the bank received the money twice.
    </FormAlert>
  );
}

function Transfers() {
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<ReceivedValues | undefined>(undefined);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: awaitedTransfersKey });
  return (
    <Stack gap="4">
      <HeldLinesNotice />
      <Heading as="h2" size="xl">
        Transfers delegates said they sent
      </Heading>
      <Text color="gray.700">
        Refunds the office sends by bank transfer, with the delegates' accounts, are under <SmartLink href={paths.officeRefundsOwed}>Refunds owed</SmartLink>.
      </Text>
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
          confirm={(v) => transferConfirmationFor(v.reference, v.amount)}
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
            confirm={action.confirm && ((v) => action.confirm!(v.reference.trim()))}
            run={(v) => action.run(v.reference.trim())}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export default function TransfersPage() {
  return (
    <OfficeFrame title="Bank transfers">
      <Transfers />
    </OfficeFrame>
  );
}
