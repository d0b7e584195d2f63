/**
 * /office/orders/:id: one order as the office sees it: every field the delegate entered (wizard
 * steps 2 to 4), the money (payments and refunds), the passport scan (a link valid for minutes,
 * organisers only) and the audit trail; a transfer for it is confirmed here; with visa support asked
 * for, the passport data's review and the visa letters (visa-panel.tsx).
 */
import { Badge, Card, DataList, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Resolver } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import { useState } from 'react';
import { toCents, transferReceivedForm } from '#core/office/schemas';
import { transferConfirmation } from '#core/office/confirmations';
import { officeMessages } from '#core/office/order-by-reference';
import { stepFields } from '#core/orders/schemas';
import { orderFieldLabels, orderFieldText } from '#core/orders/field-labels';
import { formatWireUsd } from '#core/money';
import { formatCstInstant } from '#core/time';
import { TextField } from '../../components/form/fields';
import { FormAlert } from '../../components/form/form-alert';
import { QueryError } from '../../components/query-error';
import { SmartLink } from '../../components/smart-link';
import { ScrollTable } from '../../components/ui/scroll-table';
import { paths } from '../../config/paths';
import { ActionCard } from './action-card';
import { partyOf, refused } from './confirm-steps';
import { CancelOrderCard } from './cancel-order-card';
import { ResendMailCard } from './resend-mail-card';
import { AttendanceCard } from './attendance-card';
import { AuditTable } from './audit-trail';
import { officeApi, type OfficeOrderDetail } from './api';
import { OfficeFrame } from './office-frame';
import { OrderDocumentsTable } from './order-documents';
import { OrderVisaSection } from './visa-panel';

const stepTitles = { 2: 'Registration', 3: 'Personal details', 4: 'Visa and hotel' } as const;

function Fields({ order }: { order: OfficeOrderDetail['order'] }) {
  return (
    <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4" alignItems="start">
      {([2, 3, 4] as const).map((step) => (
        <Card.Root key={step} size="sm">
          <Card.Header>
            <Card.Title as="h3">{stepTitles[step]}</Card.Title>
          </Card.Header>
          <Card.Body>
            <DataList.Root size="sm" orientation="vertical">
              {stepFields[step].map((f) => (
                <DataList.Item key={f}>
                  <DataList.ItemLabel>{orderFieldLabels[f]}</DataList.ItemLabel>
                  <DataList.ItemValue wordBreak="break-word">{orderFieldText(f, order[f])}</DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

function Money({ d }: { d: OfficeOrderDetail }) {
  return (
    <Stack gap="3">
      <Text>
        Required {formatWireUsd(d.money.required)}; received {formatWireUsd(d.money.received)}; refunded {formatWireUsd(d.money.refunded)}: {d.money.balance_text}.
      </Text>
      {d.payments.length === 0 ? (
        <Text color="gray.700">No payment yet.</Text>
      ) : (
        <ScrollTable label="Payments" size="sm" aria-label="Payments">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Method</Table.ColumnHeader>
              <Table.ColumnHeader>State</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
              <Table.ColumnHeader>Started</Table.ColumnHeader>
              <Table.ColumnHeader>Received</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {d.payments.map((p) => (
              <Table.Row key={p.id}>
                <Table.Cell>{p.method === 'card' ? 'Card' : 'Bank transfer'}</Table.Cell>
                <Table.Cell>
                  {p.state}
                  {p.surplus && <Badge ms="2">surplus: {p.surplus}</Badge>}
                </Table.Cell>
                <Table.Cell textAlign="end">{formatWireUsd(p.amount)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatCstInstant(p.created_at)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{p.confirmed_at ? formatCstInstant(p.confirmed_at) : '-'}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </ScrollTable>
      )}
      {d.refunds.length > 0 && (
        <ScrollTable label="Refunds" size="sm" aria-label="Refunds">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Method</Table.ColumnHeader>
              <Table.ColumnHeader>State</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
              <Table.ColumnHeader>Why</Table.ColumnHeader>
              <Table.ColumnHeader>Asked</Table.ColumnHeader>
              <Table.ColumnHeader>Done</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {d.refunds.map((r) => (
              <Table.Row key={r.id}>
                <Table.Cell>{r.method === 'card' ? 'Card' : 'Bank transfer'}</Table.Cell>
                <Table.Cell>{r.failure_reason ? `${r.state} (${r.failure_reason})` : r.state}</Table.Cell>
                <Table.Cell textAlign="end">{formatWireUsd(r.amount)}</Table.Cell>
                <Table.Cell>{`${r.reason}, asked by ${r.requested_by}${r.note ? `: ${r.note}` : ''}`}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatCstInstant(r.created_at)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{r.done_at ? formatCstInstant(r.done_at) : '-'}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </ScrollTable>
      )}
    </Stack>
  );
}

type ReceivedValues = { reference: string; amount: string };

export default function OrderPage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: ['office', 'order', id], queryFn: () => officeApi.order(id) });
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const title = detail.data ? `Order ${detail.data.order.order_no}` : 'Order';
  return (
    <OfficeFrame title={title}>
      <Stack gap="8">
        <Text>
          <SmartLink href={paths.officeOrders}>All orders</SmartLink>
        </Text>
        {detail.isPending ? (
          <Text color="gray.700">Loading the order...</Text>
        ) : detail.isError ? (
          <QueryError error={detail.error} onRetry={() => void detail.refetch()} title="The order could not be loaded." />
        ) : (
          <>
            <Stack gap="1">
              <Text fontSize="lg">
                {detail.data.heading}: <strong>{detail.data.order.status_name}</strong>
              </Text>
              <Text fontFamily="mono">{detail.data.order.reference}</Text>
              {detail.data.account_deleted && <Text maxW="prose">{detail.data.account_deleted.note}</Text>}
              {detail.data.row.local_check && <Badge colorPalette="orange" alignSelf="start">Local rate, country not China: to check</Badge>}
            </Stack>
            <Stack gap="3" as="section" aria-label="Money">
              <Heading as="h2" size="lg">
                Money
              </Heading>
              <Money d={detail.data} />
              {detail.data.order.payment_status === 2 && (
                <ActionCard<ReceivedValues>
                  title="Confirm a transfer"
                  description="Enter what arrived. The order is paid when it covers the order; less keeps it waiting and tells the delegate what is missing; more is refunded."
                  resolver={zodResolver(transferReceivedForm, undefined, { raw: true }) as Resolver<ReceivedValues>}
                  defaults={{ reference: detail.data.order.reference, amount: '' }}
                  fields={<TextField<ReceivedValues> name="amount" label="Amount received (US$)" required inputMode="decimal" helper="e.g. 650.00" autoComplete="off" />}
                  submitLabel="Confirm the transfer"
                  confirm={(v) => {
                    const awaited = detail.data.transfer_awaited;
                    if (awaited === null) throw refused(officeMessages.noPendingTransfer);
                    return transferConfirmation(partyOf(detail.data), toCents(awaited), toCents(v.amount));
                  }}
                  run={(v) => officeApi.transferReceived(detail.data.order.reference, v.amount)}
                  onDone={(message) => {
                    setConfirmed(message);
                    void queryClient.invalidateQueries({ queryKey: ['office'] });
                  }}
                />
              )}
              {/* Once the order no longer awaits a transfer the form goes with it: its answer stays. */}
              {confirmed && detail.data.order.payment_status !== 2 && (
                <FormAlert status="success" title="Done">
                  {confirmed}
                </FormAlert>
              )}
            </Stack>
            <Stack gap="3" as="section" aria-label="Receipts and credit notes">
              <Heading as="h2" size="lg">
                Receipts and credit notes
              </Heading>
              <OrderDocumentsTable owner={detail.data.row.owner_id} docs={detail.data.documents} beingIssued={detail.data.documents_being_issued} />
            </Stack>
            {detail.data.can_cancel && detail.data.cancellation && (
              <Stack gap="3" as="section" aria-label="Cancel">
                <Heading as="h2" size="lg">
                  Cancel
                </Heading>
                <CancelOrderCard detail={detail.data} />
              </Stack>
            )}
            {!detail.data.account_deleted && (
              <Stack gap="3" as="section" aria-label="Attendance">
                <Heading as="h2" size="lg">
                  Attendance
                </Heading>
                <AttendanceCard detail={detail.data} />
              </Stack>
            )}
            {detail.data.order.visa_required === 1 && <OrderVisaSection id={id} />}
            <Stack gap="3" as="section" aria-label="Mails">
              <Heading as="h2" size="lg">
                Mails
              </Heading>
              {detail.data.account_deleted ? (
                <Text>No mail can be sent: the delegate deleted their account.</Text>
              ) : detail.data.mails.length > 0 ? (
                <ResendMailCard detail={detail.data} />
              ) : (
                <Text>No mail of this order can be sent again in its current state.</Text>
              )}
            </Stack>
            <Stack gap="3" as="section" aria-label="What the delegate entered">
              <Heading as="h2" size="lg">
                What the delegate entered
              </Heading>
              <Text>
                Passport scan:{' '}
                {detail.data.passport ? (
                  <SmartLink href={detail.data.passport.url} target="_blank" rel="noopener noreferrer">
                    {detail.data.passport.name}
                  </SmartLink>
                ) : (
                  'none uploaded'
                )}
              </Text>
              <Fields order={detail.data.order} />
            </Stack>
            <Stack gap="3" as="section" aria-label="Audit trail">
              <Heading as="h2" size="lg">
                Audit trail
              </Heading>
              <AuditTable entries={detail.data.audit} label="Audit trail" />
            </Stack>
          </>
        )}
      </Stack>
    </OfficeFrame>
  );
}
