/**
 * /office/refunds-owed: the refunds the office sends by bank transfer (issue 29 item 5), oldest
 * first: the order, the delegate, the amount, why, since when, and the account the delegate gave
 * (organisers only). "Record as sent..." asks first, naming the amount, to whom and by what (the
 * account in full): only then is the refund recorded, with the amount and the account the dialog
 * showed (the server refuses if either changed meanwhile); the credit note is issued and the
 * delegate mailed.
 */
import { Badge, Box, Button, Card, Heading, HStack, List, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { RefundOwedRow } from '#core/office/refunds-owed';
import { formatWireUsd } from '#core/money';
import { formatInstant } from '#core/i18n/format';
import type { MessageId, Translate } from '#core/i18n/messages';
import { useLang, useT } from '../../i18n/i18n';
import { QueryError } from '../../components/query-error';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ScrollTable } from '../../components/ui/scroll-table';
import { toaster } from '../../components/ui/toaster';
import { SmartLink } from '../../components/smart-link';
import { pathTo, paths } from '../../config/paths';
import { isCancelled } from '../../lib/api-client';
import { dashboardKey, officeApi } from './api';
import { OfficeFrame } from './office-frame';

const refundsOwedKey = ['office', 'refunds-owed'] as const;
const days = (t: Translate, n: number) => (n === 0 ? t('office.money.refunds.today') : t('office.money.refunds.daysAgo', { days: n, n: String(n) }));
const reasonIds: Record<RefundOwedRow['reason'], MessageId> = {
  cancellation: 'office.money.refunds.reason.cancellation',
  surplus: 'office.money.refunds.reason.surplus',
  external: 'office.money.refunds.reason.external',
};
/** Why the refund is owed, in the page's language (the server's `reason_text` is its English). */
const reasonOf = (t: Translate, row: RefundOwedRow) => (row.reason in reasonIds ? t(reasonIds[row.reason]) : row.reason_text);

function Account({ row }: { row: RefundOwedRow }) {
  const t = useT();
  if (!row.account)
    return (
      <Text fontSize="sm" color="orange.800">
        {t('office.money.refunds.noAccount')}
      </Text>
    );
  return (
    <Box fontSize="sm">
      <Text>{row.account.holder}</Text>
      <Text fontFamily="mono" wordBreak="break-all">
        {row.account.account}
      </Text>
      <Text color="gray.700">
        {row.account.bank}
        {' · SWIFT/BIC '}
        <Text as="span" fontFamily="mono">{row.account.bic}</Text>
      </Text>
    </Box>
  );
}

function RecordButton({ row, onPick }: { row: RefundOwedRow; onPick: (row: RefundOwedRow) => void }) {
  const t = useT();
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={!row.account}
      onClick={() => onPick(row)}
      aria-label={t('office.money.refunds.recordLabel', { amount: formatWireUsd(row.amount), order: row.order_no })}
    >
      {t('office.money.refunds.record')}
    </Button>
  );
}

const OrderLink = ({ row }: { row: RefundOwedRow }) => (
  <SmartLink href={pathTo(paths.officeOrder, { id: row.order_id })}>{row.order_no}</SmartLink>
);

function Rows({ rows, onPick }: { rows: RefundOwedRow[]; onPick: (row: RefundOwedRow) => void }) {
  const t = useT();
  const lang = useLang();
  return (
    <>
      <Box hideBelow="md">
        <ScrollTable label={t('office.money.refunds.list')} size="sm" aria-label={t('office.money.refunds.list')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('office.money.refunds.col.order')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('office.money.refunds.col.delegate')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('office.money.refunds.col.amount')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('office.money.refunds.col.why')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('office.money.refunds.col.since')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('office.money.refunds.col.account')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.refund_id}>
                <Table.Cell whiteSpace="nowrap">
                  <OrderLink row={row} />
                  <Text fontSize="sm" color="gray.700" fontFamily="mono">
                    {row.reference}
                  </Text>
                </Table.Cell>
                <Table.Cell minW="10rem">
                  <Text>{row.delegate || t('office.money.refunds.noName')}</Text>
                  <Text fontSize="sm" color="gray.700" wordBreak="break-all">
                    {row.email}
                  </Text>
                </Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap" fontWeight="semibold">
                  {formatWireUsd(row.amount)}
                </Table.Cell>
                <Table.Cell minW="8rem">
                  {reasonOf(t, row)}
                  {row.note && (
                    <Text fontSize="sm" color="gray.700">
                      {row.note}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell minW="8rem">
                  {formatInstant(lang, row.since)}
                  <Text fontSize="sm" color="gray.700">
                    {days(t, row.waiting_days)}
                  </Text>
                </Table.Cell>
                <Table.Cell minW="13rem">
                  <Stack gap="2" align="start">
                    <Account row={row} />
                    <RecordButton row={row} onPick={onPick} />
                  </Stack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </ScrollTable>
      </Box>
      <Stack hideFrom="md" gap="3" as="ul" listStyleType="none" aria-label={t('office.money.refunds.list')}>
        {rows.map((row) => (
          <Card.Root as="li" key={row.refund_id} size="sm">
            <Card.Body gap="2">
              <HStack justify="space-between" align="start">
                <Text fontWeight="semibold">
                  <OrderLink row={row} />
                </Text>
                <Text fontWeight="semibold">{formatWireUsd(row.amount)}</Text>
              </HStack>
              <Text>
                {row.delegate || t('office.money.refunds.noName')}{' '}
                <Text as="span" fontSize="sm" color="gray.700" wordBreak="break-all">
                  {row.email}
                </Text>
              </Text>
              <Text fontSize="sm">
                <Badge>{reasonOf(t, row)}</Badge> {t('office.money.refunds.since', { at: formatInstant(lang, row.since), ago: days(t, row.waiting_days) })}
              </Text>
              <Account row={row} />
              <Box>
                <RecordButton row={row} onPick={onPick} />
              </Box>
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    </>
  );
}

function RefundsOwed() {
  const t = useT();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: refundsOwedKey, queryFn: officeApi.refundsOwed });
  const [picked, setPicked] = useState<RefundOwedRow | null>(null);
  return (
    <Stack gap="4">
      <Heading as="h2" size="xl">
        {t('office.money.refunds.title')}
      </Heading>
      <Text color="gray.700" maxW="3xl">
        {t('office.money.refunds.intro')}
      </Text>
      {list.isPending ? (
        <Text color="gray.700">{t('office.money.refunds.loading')}</Text>
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} title={t('office.money.refunds.loadFailed')} />
      ) : list.data.items.length === 0 ? (
        <Text>{t('office.money.refunds.none')}</Text>
      ) : (
        <Rows rows={list.data.items} onPick={setPicked} />
      )}
      <ConfirmDialog
        open={picked !== null}
        title={picked ? t('office.money.refunds.confirmTitle', { amount: formatWireUsd(picked.amount) }) : ''}
        confirmLabel={picked ? t('office.money.refunds.confirm', { amount: formatWireUsd(picked.amount) }) : t('office.money.refunds.confirmPlain')}
        onClose={() => setPicked(null)}
        onConfirm={async () => {
          const row = picked;
          if (!row?.account) return;
          try {
            const answer = await officeApi.recordBankRefund(row, row.account.paid_to);
            toaster.success({ title: answer.message });
          } catch (error) {
            if (!isCancelled(error)) toaster.error({ title: t('office.money.refunds.notRecorded'), description: (error as Error).message });
          } finally {
            setPicked(null);
            await queryClient.invalidateQueries({ queryKey: refundsOwedKey });
            void queryClient.invalidateQueries({ queryKey: dashboardKey });
          }
        }}
      >
        {picked?.account && (
          <Stack gap="3">
            <List.Root gap="1" ps="5">
              <List.Item>
                <Text as="strong">{t('office.money.refunds.amount')}</Text>{' '}
                {t('office.money.refunds.amountText', { amount: formatWireUsd(picked.amount), reason: reasonOf(t, picked).toLowerCase(), order: picked.order_no })}
              </List.Item>
              <List.Item>
                <Text as="strong">{t('office.money.refunds.to')}</Text> {picked.delegate || picked.email} ({picked.email})
              </List.Item>
              <List.Item>
                <Text as="strong">{t('office.money.refunds.by')}</Text>{' '}
                {t('office.money.refunds.byText', { holder: picked.account.holder, bank: picked.account.bank, account: picked.account.account, bic: picked.account.bic })}
              </List.Item>
            </List.Root>
            <Text>{t('office.money.refunds.onlyOnce')}</Text>
          </Stack>
        )}
      </ConfirmDialog>
    </Stack>
  );
}

export default function RefundsOwedPage() {
  const t = useT();
  return (
    <OfficeFrame title={t('office.money.refunds.pageTitle')}>
      <RefundsOwed />
    </OfficeFrame>
  );
}
