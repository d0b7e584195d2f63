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
import { orderFieldLabelIds } from '#core/orders/field-labels';
import { formatMoney, formatWireUsd } from '#core/money';
import { formatInstant } from '#core/i18n/format';
import type { MessageId } from '#core/i18n/messages';
import { useLang, useT } from '../../i18n/i18n';
import { orderStatusName } from './status-names';
import { useOrderFieldText } from './texts';
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
import { BadgePrintCard } from './badge-print-card';
import { hasTickets } from '#core/checkin/tickets';
import type { OrderStatus } from '#core/orders/states';
import { OrderTickets } from '../tickets/order-tickets';

const stepTitles: Record<2 | 3 | 4, MessageId> = { 2: 'office.order.step2', 3: 'office.order.step3', 4: 'office.order.step4' };

function Fields({ order }: { order: OfficeOrderDetail['order'] }) {
  const t = useT();
  const fieldText = useOrderFieldText();
  return (
    <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4" alignItems="start">
      {([2, 3, 4] as const).map((step) => (
        <Card.Root key={step} size="sm">
          <Card.Header>
            <Card.Title as="h3">{t(stepTitles[step])}</Card.Title>
          </Card.Header>
          <Card.Body>
            <DataList.Root size="sm" orientation="vertical">
              {stepFields[step].map((f) => (
                <DataList.Item key={f}>
                  <DataList.ItemLabel>{t(orderFieldLabelIds[f])}</DataList.ItemLabel>
                  <DataList.ItemValue wordBreak="break-word">{fieldText(f, order[f])}</DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

/** What the balance means, as core/office/orders.ts balanceText says it in English. */
const balanceWords = (t: ReturnType<typeof useT>, balance: string) => {
  const cents = Math.round(Number(balance) * 100);
  return t('office.order.balance', { state: cents < 0 ? 'owe' : cents > 0 ? 'over' : 'settled', amount: formatMoney(Math.abs(cents)) });
};

function Money({ d }: { d: OfficeOrderDetail }) {
  const t = useT();
  const lang = useLang();
  const method = (m: string) => t('office.order.method', { method: m });
  return (
    <Stack gap="3">
      <Text>
        {t('office.order.moneyLine', {
          required: formatWireUsd(d.money.required),
          received: formatWireUsd(d.money.received),
          refunded: formatWireUsd(d.money.refunded),
          balance: lang === 'en' ? d.money.balance_text : balanceWords(t, d.money.balance),
        })}
      </Text>
      {d.payments.length === 0 ? (
        <Text color="gray.700">{t('office.order.noPayment')}</Text>
      ) : (
        <ScrollTable label={t('office.order.payments')} size="sm" aria-label={t('office.order.payments')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('office.order.colMethod')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('office.order.colState')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('office.orders.colAmount')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('office.order.colStarted')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('office.dashboard.received')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {d.payments.map((p) => (
              <Table.Row key={p.id}>
                <Table.Cell>{method(p.method)}</Table.Cell>
                <Table.Cell>
                  {t('office.order.paymentState', { state: p.state })}
                  {p.surplus && <Badge ms="2">{t('office.order.surplus', { surplus: p.surplus })}</Badge>}
                </Table.Cell>
                <Table.Cell textAlign="end">{formatWireUsd(p.amount)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatInstant(lang, p.created_at)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{p.confirmed_at ? formatInstant(lang, p.confirmed_at) : '-'}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </ScrollTable>
      )}
      {d.refunds.length > 0 && (
        <ScrollTable label={t('office.order.refunds')} size="sm" aria-label={t('office.order.refunds')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('office.order.colMethod')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('office.order.colState')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('office.orders.colAmount')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('office.order.colWhy')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('office.order.colAsked')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('office.order.colDone')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {d.refunds.map((r) => (
              <Table.Row key={r.id}>
                <Table.Cell>{method(r.method)}</Table.Cell>
                <Table.Cell>{r.failure_reason ? t('office.order.failedState', { state: t('office.order.refundState', { state: r.state }), reason: r.failure_reason }) : t('office.order.refundState', { state: r.state })}</Table.Cell>
                <Table.Cell textAlign="end">{formatWireUsd(r.amount)}</Table.Cell>
                <Table.Cell>{t(r.note ? 'office.order.whyNote' : 'office.order.why', { reason: r.reason, by: r.requested_by, note: r.note ?? '' })}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatInstant(lang, r.created_at)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{r.done_at ? formatInstant(lang, r.done_at) : '-'}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </ScrollTable>
      )}
    </Stack>
  );
}

/** The heading's "who" in the page's language (core/office/orders.ts officeOrderHeading's rule). */
function headingOf(t: ReturnType<typeof useT>, d: OfficeOrderDetail): string {
  const o = d.order;
  if (d.account_deleted) return t('office.order.deletedHeading', { orderNo: o.order_no });
  const name = [o.first_name, o.last_name].filter(Boolean).join(' ');
  return o.owner_email ? t('office.order.headingWho', { name: name || t('office.orders.noName'), email: o.owner_email }) : name || o.order_no;
}

type ReceivedValues = { reference: string; amount: string };

export default function OrderPage() {
  const t = useT();
  const lang = useLang();
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: ['office', 'order', id], queryFn: () => officeApi.order(id) });
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const title = detail.data ? t('office.order.title', { orderNo: detail.data.order.order_no }) : t('office.orders.colOrder');
  return (
    <OfficeFrame title={title}>
      <Stack gap="8">
        <Text>
          <SmartLink href={paths.officeOrders}>{t('office.orders.filter.all')}</SmartLink>
        </Text>
        {detail.isPending ? (
          <Text color="gray.700">{t('office.order.loading')}</Text>
        ) : detail.isError ? (
          <QueryError error={detail.error} onRetry={() => void detail.refetch()} title={t('office.order.loadFailed')} />
        ) : (
          <>
            <Stack gap="1">
              <Text fontSize="lg">
                {lang === 'en' ? detail.data.heading : headingOf(t, detail.data)}
                {t('office.order.headingColon')}
                <strong>{orderStatusName(t, detail.data.order.payment_status, detail.data.order.status_name)}</strong>
              </Text>
              <Text fontFamily="mono">{detail.data.order.reference}</Text>
              {detail.data.account_deleted && (
                <Text maxW="prose">{lang === 'en' ? detail.data.account_deleted.note : t('office.order.deletedNote', { at: formatInstant(lang, detail.data.account_deleted.at) })}</Text>
              )}
              {detail.data.row.local_check && <Badge colorPalette="orange" alignSelf="start">
                  {t('office.order.localCheck')}
                </Badge>}
            </Stack>
            <Stack gap="3" as="section" aria-label={t('office.dashboard.money')}>
              <Heading as="h2" size="lg">
                {t('office.dashboard.money')}
              </Heading>
              <Money d={detail.data} />
              {detail.data.order.payment_status === 2 && (
                <ActionCard<ReceivedValues>
                  title={t('office.order.confirmTitle')}
                  description={t('office.order.confirmDescription')}
                  resolver={zodResolver(transferReceivedForm, undefined, { raw: true }) as Resolver<ReceivedValues>}
                  defaults={{ reference: detail.data.order.reference, amount: '' }}
                  fields={<TextField<ReceivedValues> name="amount" label={t('office.order.amountReceived')} required inputMode="decimal" helper={t('office.order.amountHelper')} autoComplete="off" />}
                  submitLabel={t('office.order.confirmSubmit')}
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
                <FormAlert status="success" title={t('office.order.done')}>
                  {confirmed}
                </FormAlert>
              )}
            </Stack>
            <Stack gap="3" as="section" aria-label={t('office.order.section.receipts')}>
              <Heading as="h2" size="lg">
                {t('office.order.section.receipts')}
              </Heading>
              <OrderDocumentsTable owner={detail.data.row.owner_id} docs={detail.data.documents} beingIssued={detail.data.documents_being_issued} />
            </Stack>
            {hasTickets(detail.data.order as { payment_status: OrderStatus }) && (
              <Stack gap="3" as="section" aria-label={t('tickets.heading')}>
                <Heading as="h2" size="lg">
                  {t('tickets.heading')}
                </Heading>
                <BadgePrintCard orderId={id} valid={detail.data.order.payment_status === 1} />
                <OrderTickets orderId={id} orderNo={detail.data.order.order_no} office headingLevel="h3" />
              </Stack>
            )}
            {detail.data.can_cancel && detail.data.cancellation && (
              <Stack gap="3" as="section" aria-label={t('office.order.section.cancel')}>
                <Heading as="h2" size="lg">
                  {t('office.order.section.cancel')}
                </Heading>
                <CancelOrderCard detail={detail.data} />
              </Stack>
            )}
            {!detail.data.account_deleted && (
              <Stack gap="3" as="section" aria-label={t('office.order.section.attendance')}>
                <Heading as="h2" size="lg">
                  {t('office.order.section.attendance')}
                </Heading>
                <AttendanceCard detail={detail.data} />
              </Stack>
            )}
            {detail.data.order.visa_required === 1 && <OrderVisaSection id={id} />}
            <Stack gap="3" as="section" aria-label={t('office.order.section.mails')}>
              <Heading as="h2" size="lg">
                {t('office.order.section.mails')}
              </Heading>
              {detail.data.account_deleted ? (
                <Text>{t('office.order.noMailDeleted')}</Text>
              ) : detail.data.mails.length > 0 ? (
                <ResendMailCard detail={detail.data} />
              ) : (
                <Text>{t('office.order.noMail')}</Text>
              )}
            </Stack>
            <Stack gap="3" as="section" aria-label={t('office.order.section.entered')}>
              <Heading as="h2" size="lg">
                {t('office.order.section.entered')}
              </Heading>
              <Text>
                {t('office.order.passportScan')}{' '}
                {detail.data.passport ? (
                  <SmartLink href={detail.data.passport.url} target="_blank" rel="noopener noreferrer">
                    {detail.data.passport.name}
                  </SmartLink>
                ) : (
                  t('office.order.noPassport')
                )}
              </Text>
              <Fields order={detail.data.order} />
            </Stack>
            <Stack gap="3" as="section" aria-label={t('office.order.section.audit')}>
              <Heading as="h2" size="lg">
                {t('office.order.section.audit')}
              </Heading>
              <AuditTable entries={detail.data.audit} label={t('office.order.section.audit')} />
            </Stack>
          </>
        )}
      </Stack>
    </OfficeFrame>
  );
}
