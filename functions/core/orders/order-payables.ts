/** The order as the payments module sees it: its subject, what it costs, what each money event does to it (its mails: order-payment-mails.ts). */
import type { Payable, PayableModule, SubjectChange } from '../payments/ports';
import { nextVersion } from '../versions';
import { priceLines } from './pricing';
import type { StoredOrder } from './ports';
import { holdsPlace, ORDER_STATUS, orderTransition, type OrderEvent } from './states';
import type { OrderDeps } from './order-deps';

/** The order as the payments module names it. */
export const subjectOf = (order: StoredOrder) => ({
  kind: 'order' as const,
  id: order.id,
  owner_id: order.owner_id,
});

export function payableOf(order: StoredOrder): Payable<StoredOrder> {
  return {
    subject: subjectOf(order),
    record: order,
    status: order.payment_status,
    awaitsPayment: order.payment_status === ORDER_STATUS.unpaid,
    version: order.updated_at,
    amount: order.amount_required,
    currency: 'USD',
    title: `Registration order ${order.order_no}`,
    lines: priceLines(order),
    email: order.owner_email,
  };
}

/** The order's move on an event, over the version it was read at (null: not allowed from its status). */
export function change(
  order: StoredOrder,
  event: OrderEvent,
  at: Date,
  set: SubjectChange['set'] = {},
): SubjectChange | null {
  const move = orderTransition(order.payment_status, event);
  if (!move) return null;
  const wasHeld = holdsPlace(move.from);
  const place = wasHeld === holdsPlace(move.to) ? undefined : wasHeld ? ('free' as const) : ('take' as const);
  return {
    subject: subjectOf(order),
    from: move.from,
    to: move.to,
    version: { base: order.updated_at, next: nextVersion(order.updated_at, at) },
    set,
    ...(place ? { place } : {}),
    record: order,
  };
}

/** The orders module as the payments module sees it: loading an order, and what each money event does to it. */
export function orderPayables(deps: Pick<OrderDeps, 'orders'>): PayableModule {
  const record = (p: Payable) => p.record as StoredOrder;
  return {
    async load(subject) {
      const order = await deps.orders.get(subject.owner_id, subject.id);
      return order && payableOf(order);
    },
    paid: (p, payment, at) =>
      change(record(p), payment.method === 'card' ? 'card-paid' : 'transfer-received', at, {
        paid_at: at.toISOString(),
        payment_method: payment.method,
        refund_failed_at: null,
      }),
    refunding: (p, _refund, at) =>
      change(record(p), 'cancel-with-refund', at, { cancelled_at: at.toISOString() }),
    refunded: (p, _refund, at) => change(record(p), 'refund-done', at),
    refundFailed: (p, _refund, at) =>
      change(record(p), 'refund-failed', at, { refund_failed_at: at.toISOString(), cancelled_at: null }),
    holds: (p, at) => {
      const order = record(p);
      return {
        subject: subjectOf(order),
        from: order.payment_status,
        to: order.payment_status,
        version: { base: order.updated_at, next: nextVersion(order.updated_at, at) },
        record: order,
      };
    },
  };
}
