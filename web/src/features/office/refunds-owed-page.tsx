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
import { formatCstInstant } from '#core/time';
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
const days = (n: number) => (n === 0 ? 'today' : `${n} day${n === 1 ? '' : 's'} ago`);

function Account({ row }: { row: RefundOwedRow }) {
  if (!row.account)
    return (
      <Text fontSize="sm" color="orange.800">
        Not given yet: the refund mail asked the delegate for it.
      </Text>
    );
  return (
    <Box fontSize="sm">
      <Text>{row.account.holder}</Text>
      <Text fontFamily="mono" wordBreak="break-all">
        {row.account.account}
      </Text>
      <Text color="gray.700">
        {row.account.bank} · SWIFT/BIC <Text as="span" fontFamily="mono">{row.account.bic}</Text>
      </Text>
    </Box>
  );
}

function RecordButton({ row, onPick }: { row: RefundOwedRow; onPick: (row: RefundOwedRow) => void }) {
  return (
    <Button size="sm" variant="outline" disabled={!row.account} onClick={() => onPick(row)} aria-label={`Record the refund of ${formatWireUsd(row.amount)} for order ${row.order_no} as sent`}>
      Record as sent...
    </Button>
  );
}

const OrderLink = ({ row }: { row: RefundOwedRow }) => (
  <SmartLink href={pathTo(paths.officeOrder, { id: row.order_id })}>{row.order_no}</SmartLink>
);

function Rows({ rows, onPick }: { rows: RefundOwedRow[]; onPick: (row: RefundOwedRow) => void }) {
  return (
    <>
      <Box hideBelow="md">
        <ScrollTable label="Refunds owed by bank transfer" size="sm" aria-label="Refunds owed by bank transfer">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Order</Table.ColumnHeader>
              <Table.ColumnHeader>Delegate</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
              <Table.ColumnHeader>Why</Table.ColumnHeader>
              <Table.ColumnHeader>Owed since</Table.ColumnHeader>
              <Table.ColumnHeader>Account, and the refund once sent</Table.ColumnHeader>
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
                  <Text>{row.delegate || '(no name)'}</Text>
                  <Text fontSize="sm" color="gray.700" wordBreak="break-all">
                    {row.email}
                  </Text>
                </Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap" fontWeight="semibold">
                  {formatWireUsd(row.amount)}
                </Table.Cell>
                <Table.Cell minW="8rem">
                  {row.reason_text}
                  {row.note && (
                    <Text fontSize="sm" color="gray.700">
                      {row.note}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell minW="8rem">
                  {formatCstInstant(row.since)}
                  <Text fontSize="sm" color="gray.700">
                    {days(row.waiting_days)}
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
      <Stack hideFrom="md" gap="3" as="ul" listStyleType="none" aria-label="Refunds owed by bank transfer">
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
                {row.delegate || '(no name)'}{' '}
                <Text as="span" fontSize="sm" color="gray.700" wordBreak="break-all">
                  {row.email}
                </Text>
              </Text>
              <Text fontSize="sm">
                <Badge>{row.reason_text}</Badge> since {formatCstInstant(row.since)} ({days(row.waiting_days)})
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
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: refundsOwedKey, queryFn: officeApi.refundsOwed });
  const [picked, setPicked] = useState<RefundOwedRow | null>(null);
  return (
    <Stack gap="4">
      <Heading as="h2" size="xl">
        Refunds to send by bank transfer
      </Heading>
      <Text color="gray.700" maxW="3xl">
        Send each refund from the congress account to the account the delegate gave, then record it as sent here: the delegate is mailed where the money went and gets the credit note.
      </Text>
      {list.isPending ? (
        <Text color="gray.700">Loading the refunds owed...</Text>
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} title="The refunds owed could not be loaded." />
      ) : list.data.items.length === 0 ? (
        <Text>No refund is owed by bank transfer.</Text>
      ) : (
        <Rows rows={list.data.items} onPick={setPicked} />
      )}
      <ConfirmDialog
        open={picked !== null}
        title={picked ? `Record ${formatWireUsd(picked.amount)} as sent?` : ''}
        confirmLabel={picked ? `Record ${formatWireUsd(picked.amount)} as sent` : 'Record as sent'}
        onClose={() => setPicked(null)}
        onConfirm={async () => {
          const row = picked;
          if (!row?.account) return;
          try {
            const answer = await officeApi.recordBankRefund(row, row.account.paid_to);
            toaster.success({ title: answer.message });
          } catch (error) {
            if (!isCancelled(error)) toaster.error({ title: 'The refund was not recorded.', description: (error as Error).message });
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
                <Text as="strong">Amount:</Text> {formatWireUsd(picked.amount)} ({picked.reason_text.toLowerCase()}, order {picked.order_no})
              </List.Item>
              <List.Item>
                <Text as="strong">To:</Text> {picked.delegate || picked.email} ({picked.email})
              </List.Item>
              <List.Item>
                <Text as="strong">By:</Text> bank transfer to {picked.account.holder}, {picked.account.bank}, {picked.account.account}, SWIFT/BIC {picked.account.bic}
              </List.Item>
            </List.Root>
            <Text>Record it only once the money has left the congress account. The delegate is then mailed and the credit note is issued; this cannot be undone.</Text>
          </Stack>
        )}
      </ConfirmDialog>
    </Stack>
  );
}

export default function RefundsOwedPage() {
  return (
    <OfficeFrame title="Refunds owed">
      <RefundsOwed />
    </OfficeFrame>
  );
}
