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
import { retryRefundConfirmation, transferConfirmation, type ConfirmationTexts } from '#core/office/confirmations';
import { officeMessages } from '#core/office/order-by-reference';
import { TextField } from '../../components/form/fields';
import { QueryError } from '../../components/query-error';
import { formatInstant } from '#core/i18n/format';
import type { MessageId } from '#core/i18n/messages';
import { useLang, useT } from '../../i18n/i18n';
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
function ReferenceField() {
  const t = useT();
  return <TextField<ReferenceValues> name="reference" label={t('office.money.transfers.reference')} required helper={t('office.money.transfers.referenceHelp')} autoComplete="off" />;
}
const referenceField = <ReferenceField />;

const referenceResolver = zodResolver(referenceForm, undefined, { raw: true }) as Resolver<ReferenceValues>;

/** The office actions that need only a payment reference; `confirm`: what the dialog says first (money moves). */
const referenceActions: { title: MessageId; description: MessageId; submitLabel: MessageId; run: (reference: string) => Promise<{ message: string }>; confirm?: (reference: string) => Promise<ConfirmationTexts> }[] = [
  {
    title: 'office.money.transfers.retry.title',
    description: 'office.money.transfers.retry.description',
    submitLabel: 'office.money.transfers.retry.submit',
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
  const t = useT();
  const lang = useLang();
  const list = useQuery({ queryKey: awaitedTransfersKey, queryFn: officeApi.awaitedTransfers });
  if (list.isPending) return <Text color="gray.700">{t('office.money.transfers.loading')}</Text>;
  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} title={t('office.money.transfers.loadFailed')} />;
  if (list.data.items.length === 0) {
    return <Text color="gray.700">{t('office.money.transfers.none')}</Text>;
  }
  return (
    <ScrollTable label={t('office.money.transfers.list')} size="sm" aria-label={t('office.money.transfers.list')}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('office.money.transfers.col.reference')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('office.money.transfers.col.order')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('office.money.transfers.col.delegate')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('office.money.transfers.col.awaited')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('office.money.transfers.col.noted')}</Table.ColumnHeader>
          <Table.ColumnHeader>
            <Box srOnly>{t('office.money.transfers.col.action')}</Box>
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
              <Text>{row.delegate || t('office.money.transfers.noName')}</Text>
              <Text fontSize="sm" color="gray.700" wordBreak="break-all">
                {row.email}
              </Text>
            </Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap">
              {formatWireUsd(row.amount)}
            </Table.Cell>
            <Table.Cell>
              {formatInstant(lang, row.noted_at)}
              <Text fontSize="sm" color="gray.700">
                {row.waiting_days === 0 ? t('office.money.transfers.today') : t('office.money.transfers.daysAgo', { days: row.waiting_days, n: String(row.waiting_days) })}
              </Text>
            </Table.Cell>
            <Table.Cell>
              <Button size="sm" variant="outline" onClick={() => props.onPick({ reference: row.reference, amount: row.amount })} aria-label={t('office.money.transfers.confirmLabel', { reference: row.reference })}>
                {t('office.money.transfers.confirmRow')}
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
  const t = useT();
  const overview = useQuery({ queryKey: statementsKey, queryFn: officeApi.statements });
  const held = overview.data?.open.filter((l) => l.held).length ?? 0;
  if (held === 0) return null;
  return (
    <FormAlert status="warning" title={t('office.money.transfers.held', { held, n: String(held) })}>
      {t('office.money.transfers.heldBefore')}{' '}
      <SmartLink href={paths.officeImport} textDecoration="underline" fontWeight="semibold">
        {t('office.money.transfers.heldLink')}
      </SmartLink>{' '}
      {t('office.money.transfers.heldAfter')}
    </FormAlert>
  );
}

function Transfers() {
  const t = useT();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<ReceivedValues | undefined>(undefined);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: awaitedTransfersKey });
  return (
    <Stack gap="4">
      <HeldLinesNotice />
      <Heading as="h2" size="xl">
        {t('office.money.transfers.title')}
      </Heading>
      <Text color="gray.700">
        {t('office.money.transfers.refundsBefore')} <SmartLink href={paths.officeRefundsOwed}>{t('office.money.transfers.refundsLink')}</SmartLink>
        {t('office.money.transfers.refundsAfter')}
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
          title={t('office.money.transfers.confirm.title')}
          description={t('office.money.transfers.confirm.description')}
          resolver={zodResolver(transferReceivedForm, undefined, { raw: true }) as Resolver<ReceivedValues>}
          defaults={{ reference: '', amount: '' }}
          fields={
            <>
              {referenceField}
              <TextField<ReceivedValues> name="amount" label={t('office.money.transfers.confirm.amount')} required inputMode="decimal" helper={t('office.money.transfers.confirm.amountHelp')} autoComplete="off" />
            </>
          }
          submitLabel={t('office.money.transfers.confirm.submit')}
          confirm={(v) => transferConfirmationFor(v.reference, v.amount)}
          run={(v) => officeApi.transferReceived(v.reference.trim(), v.amount)}
        />
        {referenceActions.map((action) => (
          <ActionCard<ReferenceValues>
            key={action.title}
            title={t(action.title)}
            description={t(action.description)}
            resolver={referenceResolver}
            defaults={{ reference: '' }}
            fields={referenceField}
            submitLabel={t(action.submitLabel)}
            confirm={action.confirm && ((v) => action.confirm!(v.reference.trim()))}
            run={(v) => action.run(v.reference.trim())}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export default function TransfersPage() {
  const t = useT();
  return (
    <OfficeFrame title={t('office.money.transfers.pageTitle')}>
      <Transfers />
    </OfficeFrame>
  );
}
