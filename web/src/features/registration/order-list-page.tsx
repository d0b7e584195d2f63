/**
 * /registration/list: the delegate's registration orders (spec section 2): status, order details,
 * total and actions; and the delegate's registration by category (the older flow), when there is
 * one, so that a delegate who registered and paid that way does not read "no registration order". Unpaid is a link to pay the order (the wizard's step 5 with the checksum);
 * New Registration is disabled at 5 orders; delete (unpaid), edit (unpaid, paid) and cancel with
 * refund (paid: the exact refund and its rule are shown before confirming). The return from card
 * checkout lands here and settles the payment at once (the webhook may come later).
 */
import { formatWireUsd } from '#core/money';
import { abstractsOpen } from '#core/abstracts/deadline';
import { deadlines } from '#core/config/conference';
import { formatDeadline, formatInstant } from '#core/i18n/format';
import type { MessageId } from '#core/i18n/messages';
import { Alert, Badge, Box, Button, Card, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { FormAlert } from '../../components/form/form-alert';
import { Page } from '../../components/page';
import { QueryError } from '../../components/query-error';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ScrollTable } from '../../components/ui/scroll-table';
import { toaster } from '../../components/ui/toaster';
import { paths, pathTo } from '../../config/paths';
import { isCancelled } from '../../lib/api-client';
import { useServerNow } from '../../lib/clock';
import { readAgain } from '../../lib/read-again';
import { orderApi, orderKeys, useOrders, type CheckoutOutcome, type OrderList, type OrderListItem } from './api';
import { OrderListLead, orderListFrame } from './order-list-frame';
import { RefundPolicy } from './refund-policy';
import { OrderDocuments } from './order-documents';
import { CertificateLine } from './certificate-line';
import { VisaLetterLine } from './visa-letter-line';
import { BankRefundLine } from './bank-refund-line';
import { useLang, useLocalise, useT } from '../../i18n/i18n';
import { statusNameIds } from './status-names';
import { hasTickets } from '#core/checkin/tickets';
import { OrderTickets } from '../tickets/order-tickets';

export { prefetchOrders as prefetch } from './api';

/** The order's receipts and credit notes (its visa letter and certificate have lines of their own). */
const receiptsOf = (item: OrderListItem) => item.documents.filter((d) => d.kind === 'receipt' || d.kind === 'credit-note');

const statusPalette: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'blue', [-1]: 'gray', [-2]: 'purple' };

export const payLink = (item: Pick<OrderListItem, 'checksum'>) => `${paths.registrationNew}?checksum=${encodeURIComponent(item.checksum)}`;

function Status({ item }: { item: OrderListItem }) {
  const t = useT();
  // A link to pay while paying is offered (not once registration has closed).
  if (item.payment_status === 0 && item.actions.pay) {
    return (
      <RouterLink to={payLink(item)} aria-label={t('registration.list.payUnpaidLabel', { orderNo: item.order_no })}>
        <Badge colorPalette="orange" size="lg" textDecoration="underline" cursor="pointer">
          {t('registration.status.unpaid')}
        </Badge>
      </RouterLink>
    );
  }
  return (
    <Badge colorPalette={statusPalette[item.payment_status] ?? 'gray'} size="lg">
      {statusNameIds[item.payment_status] ? t(statusNameIds[item.payment_status]!) : item.status_name}
    </Badge>
  );
}

/** The order number, linking to the order's own page (/common/order/detail/{id}). */
function OrderLink({ item }: { item: OrderListItem }) {
  return (
    <Link asChild color="brand.fg" textDecoration="underline">
      <RouterLink to={pathTo(paths.orderDetail, { orderId: item.id })}>{item.order_no}</RouterLink>
    </Link>
  );
}

/** The rate's and the visit's names as the catalogs have them (the server gives the English). */
const rateIds: Record<string, MessageId> = { Standard: 'registration.rate.standard', Local: 'registration.rate.local' };
const activityIds: Record<string, MessageId> = { 'Forbidden City and Temple of Heaven': 'registration.activity.1', 'Great Wall': 'registration.activity.2' };

function useDetails() {
  const t = useT();
  return (item: OrderListItem) => {
    const rate = rateIds[item.rate_label] ? t(rateIds[item.rate_label]!) : item.rate_label;
    const activity = item.activity_label ? (activityIds[item.activity_label] ? t(activityIds[item.activity_label]!) : item.activity_label) : '';
    const line = t('registration.list.details', { rate, accompanying: item.accompanying_person, visits: item.post_conference_activities_person });
    return activity ? t('registration.list.detailsWithVisit', { details: line, activity }) : line;
  };
}

function Actions({ item, onDelete, onCancel }: { item: OrderListItem; onDelete: (i: OrderListItem) => void; onCancel: (i: OrderListItem) => void }) {
  const t = useT();
  const { actions } = item;
  if (!actions.edit && !actions.delete && !actions.cancel) {
    return (
      <Text fontSize="sm" color="gray.700" data-testid="order-state">
        {item.payment_status === 2
          ? item.transfer_awaited
            ? t('registration.list.waitingTransferAmount', { amount: formatWireUsd(item.transfer_awaited), reference: item.reference })
            : t('registration.list.waitingTransfer', { reference: item.reference })
          : item.payment_status === -2
            ? t('registration.list.refundInProgress')
            : item.refunded !== '0.00'
              ? t('registration.list.refunded', { amount: formatWireUsd(item.refunded) })
              : t('registration.list.noAction')}
      </Text>
    );
  }
  return (
    <HStack gap="2" wrap="wrap">
      {item.refund_failed && item.payment_status === 1 && (
        <Text fontSize="sm" color="orange.800" data-testid="refund-failed">
          {t('registration.list.refundFailed')}
        </Text>
      )}
      {actions.pay && (
        <Button asChild size="sm" colorPalette="brand">
          <RouterLink to={payLink(item)} aria-label={t('registration.list.payLabel', { orderNo: item.order_no })}>
            {t('registration.list.pay')}
          </RouterLink>
        </Button>
      )}
      {actions.edit && (
        <Button asChild size="sm" variant="outline" colorPalette="brand">
          <RouterLink to={pathTo(paths.registrationEdit, { id: item.id })} aria-label={t('registration.list.editLabel', { orderNo: item.order_no })}>
            {t('registration.list.edit')}
          </RouterLink>
        </Button>
      )}
      {actions.delete && (
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => onDelete(item)} aria-label={t('registration.list.deleteLabel', { orderNo: item.order_no })}>
          {t('registration.list.delete')}
        </Button>
      )}
      {actions.cancel && (
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => onCancel(item)} aria-label={t('registration.list.cancelLabel', { orderNo: item.order_no })}>
          {t('registration.list.cancelWithRefund')}
        </Button>
      )}
    </HStack>
  );
}

/**
 * The empty list says what can be done now: while registration is open, New Registration; before it
 * opens (a login in May lands here), what a delegate can do meanwhile; after it closes, where the
 * rest of the portal is.
 */
function NoOrders({ canCreate, registration }: { canCreate: boolean; registration: OrderList['registration'] }) {
  const t = useT();
  const lang = useLang();
  const now = useServerNow(60_000);
  const notYet = !registration.open && now !== null && now < new Date(registration.opens_at);
  const link = (to: string, text: string) => (
    <Link asChild color="brand.fg" textDecoration="underline" fontWeight="medium">
      <RouterLink to={to}>{text}</RouterLink>
    </Link>
  );
  return (
    <Card.Root variant="subtle" data-testid="no-orders">
      <Card.Body gap="2">
        <Text fontWeight="semibold">{t('registration.list.noOrders')}</Text>
        {canCreate ? (
          <Text color="gray.700">{t('registration.list.noOrdersCreate')}</Text>
        ) : registration.open || now === null ? null : (
          <>
            <Text color="gray.700">{notYet ? t('registration.list.untilOpens') : t('registration.list.youCanStill')}</Text>
            <Stack as="ul" gap="1" ps="5" listStyleType="disc">
              {abstractsOpen(now) && (
                <li>
                  {link(paths.abstracts, t('registration.list.submitAbstract'))}
                  {t('registration.list.submitAbstractUntil', { deadline: formatDeadline(lang, deadlines.abstractSubmission) })}
                </li>
              )}
              <li>{link(paths.center, t('registration.list.completeProfile'))}</li>
              {!abstractsOpen(now) && <li>{link(paths.abstracts, t('registration.list.seeAbstracts'))}</li>}
            </Stack>
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}

const byCategoryPalette: Record<string, string> = { paid: 'green', unpaid: 'orange', 'in-review': 'blue', rejected: 'red', cancelled: 'gray' };

/** The registration by category: its number, category, state and fee, and the way to its page. */
function ByCategory({ registration: r }: { registration: NonNullable<OrderList['registration_by_category']> }) {
  const t = useT();
  const localise = useLocalise();
  return (
    <Card.Root variant="outline" data-testid="registration-by-category">
      <Card.Body gap="2">
        <Text fontWeight="semibold">
          {t('registration.list.byCategory', { code: r.register_code, type: localise(r.type_name) })}
        </Text>
        <HStack gap="3" wrap="wrap">
          <Badge colorPalette={byCategoryPalette[r.status] ?? 'gray'} size="lg" whiteSpace="normal">
            {localise(r.status_text)}
          </Badge>
          <Text>{t('registration.list.byCategoryFee', { amount: formatWireUsd(r.fee) })}</Text>
        </HStack>
        <Link asChild color="brand.fg" textDecoration="underline" fontWeight="medium" alignSelf="flex-start">
          <RouterLink to={pathTo(paths.orderDetail, { orderId: r.register_code })}>{t('registration.list.seeRegistration', { code: r.register_code })}</RouterLink>
        </Link>
      </Card.Body>
    </Card.Root>
  );
}

/** The outcome of a return from card checkout (?payment=success&session_id=... or ?payment=cancelled). */
function useCheckoutReturn() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const payment = params.get('payment');
  const sessionId = params.get('session_id');
  const [outcome, setOutcome] = useState<{ status: 'info' | 'success' | 'warning' | 'error'; title: string; text?: string } | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !payment) return;
    started.current = true;
    if (payment === 'cancelled') {
      setOutcome({ status: 'info', title: t('registration.list.cardCancelled'), text: t('registration.list.cardCancelledText') });
      setParams({}, { replace: true });
      return;
    }
    if (payment !== 'success' || !sessionId) return;
    // The address is cleaned at once: doing it when the check answers could navigate away from a
    // page the delegate has opened meanwhile (e.g. Edit), back to this list.
    setParams({}, { replace: true });
    setOutcome({ status: 'info', title: t('registration.list.checkingPayment') });
    orderApi
      .confirmCheckout(sessionId)
      .then((result: CheckoutOutcome) => {
        const paid = result.order.payment_status === 1;
        setOutcome(
          paid
            ? { status: 'success', title: t('registration.list.paymentReceived', { orderNo: result.order.order_no }), text: t('registration.list.paymentReceivedText') }
            : {
                status: 'warning',
                title: t('registration.list.paymentPending', { orderNo: result.order.order_no }),
                text: t('registration.list.paymentPendingText'),
              },
        );
      })
      .catch((error: unknown) => {
        if (!isCancelled(error)) setOutcome({ status: 'error', title: t('registration.list.paymentCheckFailed'), text: (error as Error).message });
      })
      // The list's first load may still be in flight, read before the payment: it is read again.
      .finally(() => void readAgain(queryClient, orderKeys.list));
  }, [payment, sessionId]);
  return outcome;
}

export default function OrderListPage() {
  const t = useT();
  const lang = useLang();
  const localise = useLocalise();
  const details = useDetails();
  const list = useOrders();
  const queryClient = useQueryClient();
  const outcome = useCheckoutReturn();
  const [deleting, setDeleting] = useState<OrderListItem | null>(null);
  const [cancelling, setCancelling] = useState<OrderListItem | null>(null);
  // The list renders in a transition (time-sliced), so its first paint is no long task on a phone.
  const data = useDeferredValue(list.data);
  const items = data?.items ?? [];
  const canCreate = data?.new_order.allowed === true;
  const refusal = data?.new_order.message ? localise(data.new_order.message) : undefined;
  const refresh = () => queryClient.invalidateQueries({ queryKey: orderKeys.all });

  const table = (
    <Box hideBelow="md">
      <ScrollTable label={t('registration.list.tableLabel')} size="md" aria-label={t('registration.list.tableLabel')}>
        <Table.Header>
          <Table.Row bg="gray.50">
            <Table.ColumnHeader>{t('registration.list.colStatus')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('registration.list.colDetails')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('registration.list.colTotal')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('registration.list.colAction')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((item) => (
            <Table.Row key={item.id}>
              <Table.Cell>
                <Status item={item} />
              </Table.Cell>
              <Table.Cell>
                <Text fontWeight="medium">
                  <OrderLink item={item} />
                </Text>
                <Text fontSize="sm" color="gray.700">
                  {details(item)}
                </Text>
                <CertificateLine item={item} />
                <VisaLetterLine item={item} />
                <BankRefundLine item={item} />
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap" fontWeight="semibold">
                {formatWireUsd(item.amount_required)}
              </Table.Cell>
              <Table.Cell>
                <Stack gap="2" align="start">
                  <Actions item={item} onDelete={setDeleting} onCancel={setCancelling} />
                  <OrderDocuments docs={receiptsOf(item)} beingIssued={item.documents_being_issued} />
                </Stack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </ScrollTable>
    </Box>
  );

  const cards = (
    <Stack hideFrom="md" gap="3" as="ul" listStyleType="none" aria-label={t('registration.list.tableLabel')}>
      {items.map((item) => (
        <Card.Root as="li" key={item.id} size="sm">
          <Card.Body gap="2">
            <HStack justify="space-between" align="start">
              <Text fontWeight="semibold">
                <OrderLink item={item} />
              </Text>
              <Status item={item} />
            </HStack>
            <Text fontSize="sm" color="gray.700">
              {details(item)}
            </Text>
            <VisaLetterLine item={item} />
            <BankRefundLine item={item} />
            <Text fontWeight="semibold">{t('registration.list.total', { amount: formatWireUsd(item.amount_required) })}</Text>
            <CertificateLine item={item} />
            <Box mt="1">
              <Actions item={item} onDelete={setDeleting} onCancel={setCancelling} />
            </Box>
            <OrderDocuments docs={receiptsOf(item)} beingIssued={item.documents_being_issued} />
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );

  // The dialogs keep showing their order while they close (their text must not flash empty).
  const lastDeleting = useRef<OrderListItem | null>(null);
  const lastCancelling = useRef<OrderListItem | null>(null);
  if (deleting) lastDeleting.current = deleting;
  if (cancelling) lastCancelling.current = cancelling;
  const shownDeleting = deleting ?? lastDeleting.current;
  const shownCancelling = cancelling ?? lastCancelling.current;
  const quote = shownCancelling?.cancellation;

  return (
    <Page {...orderListFrame} title={t('registration.list.title')} lead={<OrderListLead />}>
      <Stack gap="6">
        {outcome && (
          <FormAlert status={outcome.status} title={outcome.title}>
            {outcome.text}
          </FormAlert>
        )}
        {refusal && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Description>{refusal}</Alert.Description>
          </Alert.Root>
        )}
        <Box>
          <Button asChild={canCreate} colorPalette="brand" disabled={!canCreate}>
            {canCreate ? <RouterLink to={paths.registrationNew}>{t('registration.list.new')}</RouterLink> : <span>{t('registration.list.new')}</span>}
          </Button>
        </Box>
        {data?.registration_by_category && <ByCategory registration={data.registration_by_category} />}
        {list.isError ? (
          <QueryError error={list.error} title={t('registration.list.queryFailed')} onRetry={() => void list.refetch()} />
        ) : !data ? (
          <Text color="gray.700">{t('registration.list.loading')}</Text>
        ) : items.length === 0 ? (
          // Registered by category: that card says it all (no "You have no registration order yet").
          data.registration_by_category ? null : <NoOrders canCreate={canCreate} registration={data.registration} />
        ) : (
          <>
            {table}
            {cards}
            {items.filter(hasTickets).map((item) => (
              <OrderTickets key={`tickets-${item.id}`} orderId={item.id} orderNo={item.order_no} />
            ))}
          </>
        )}
      </Stack>

      <ConfirmDialog
        open={deleting !== null}
        title={t('registration.list.deleteTitle')}
        confirmLabel={t('registration.list.delete')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            const { message } = await orderApi.remove(deleting.id);
            toaster.success({ title: message });
            await refresh();
          } catch (error) {
            if (!isCancelled(error)) toaster.error({ title: t('registration.list.deleteFailed'), description: (error as Error).message });
          } finally {
            setDeleting(null);
          }
        }}
      >
        {shownDeleting && t('registration.list.deleteText', { orderNo: shownDeleting.order_no, amount: formatWireUsd(shownDeleting.amount_required) })}
      </ConfirmDialog>

      <ConfirmDialog
        open={cancelling !== null}
        title={t('registration.list.cancelTitle')}
        confirmLabel={quote && quote.refund_amount !== '0.00' ? t('registration.list.cancelAndRefund', { amount: formatWireUsd(quote.refund_amount) }) : t('registration.list.cancelWithoutRefund')}
        dismissLabel={t('registration.list.keepOrder')}
        onClose={() => setCancelling(null)}
        onConfirm={async () => {
          if (!cancelling) return;
          try {
            const { message } = await orderApi.cancel(cancelling.id, quote?.refund_amount);
            toaster.success({ title: message });
          } catch (error) {
            if (!isCancelled(error)) toaster.error({ title: t('registration.list.cancelFailed'), description: (error as Error).message });
          } finally {
            setCancelling(null);
            await refresh();
          }
        }}
      >
        {quote && (
          <Stack gap="3">
            <Text>
              {t('registration.list.cancelPaidBefore', { orderNo: shownCancelling?.order_no ?? '' })}
              <strong>{shownCancelling && formatWireUsd(shownCancelling.amount_required)}</strong>
              {t('registration.list.cancelPaidAfter', { method: shownCancelling?.payment_method ?? 'other' })}
            </Text>
            <Box borderWidth="1px" rounded="md" p="3" bg="gray.50">
              <Text>
                {t('registration.list.refundToday')}
                <strong data-testid="refund-amount">{formatWireUsd(quote.refund_amount)}</strong>
                {quote.already_refunded === '0.00' ? t('registration.list.refundFee', { fee: formatWireUsd(quote.fee) }) : t('registration.list.refundEnd')}
              </Text>
              {quote.already_refunded !== '0.00' && (
                <Text fontSize="sm" data-testid="already-refunded">
                  {t('registration.list.alreadyRefunded', { amount: formatWireUsd(quote.already_refunded) })}
                </Text>
              )}
              <Text fontSize="sm" color="gray.700">
                {localise(quote.rule)}
                {quote.valid_until ? t('registration.list.validUntil', { until: formatInstant(lang, quote.valid_until) }) : ''}
              </Text>
            </Box>
            <Box fontSize="sm">
              <RefundPolicy />
            </Box>
          </Stack>
        )}
      </ConfirmDialog>
    </Page>
  );
}
