/**
 * The money invariants of a registration order: what must hold between an order and its ledger
 * (payments and refunds) after ANY interleaving of edits, card payments, bank transfers,
 * cancellations, refunds, the provider's events and the office's actions, once nothing is in
 * flight any more (every event delivered, every refund answered by the provider).
 *
 * The domain keeps them by construction: every write is made over the versions it was decided
 * on (payments/ledger-decisions.ts), so a decision on a state that changed is taken again. This file states
 * them once, for the model-based money test (test/money) and the reconciliation
 * (`npm run reconcile`), which check them over real data.
 */
import { counted, netReceived, received, refundedFrom, refundHolds, type Payment, type Refund } from '../payments/model';
import type { SubjectLedger } from '../payments/ports';
import type { StoredOrder } from './ports';
import { ORDER_STATUS } from './states';

export interface MoneyViolation {
  /** The rule broken (one of `moneyRules`). */
  rule: MoneyRule;
  order_id: string;
  /** What was found, in figures. */
  detail: string;
}

export const moneyRules = {
  'refund-within-payment': 'No payment gives back more than it brought in.',
  'paid-is-covered': 'An order is Paid (or Refunding) only when the money it received covers what it costs.',
  'no-overpayment-kept': 'An order never keeps more than it costs: money beyond that is being given back.',
  'unpaid-holds-nothing': 'An Unpaid order holds no money.',
  'checking-awaits-the-rest': 'A Checking order waits for exactly one transfer, of what is still missing.',
  'refunding-has-refund': 'A Refunding order has a cancellation refund in progress.',
  'cancelled-refunds-finished': 'A Cancelled order has no cancellation refund still in progress.',
  'card-refund-answered': 'Every card refund has been answered by the provider (done or failed), once nothing is in flight.',
  'failed-refund-noted': 'An order whose last cancellation refund failed is Paid with the failure noted, and only then.',
  'surplus-given-back': 'Money that could not pay its order is given back in full (or its failed refund is with the office).',
  'refunded-means-refunded': 'A payment is "refunded" exactly when its done refunds reach what it brought in.',
  'deleted-holds-nothing': 'A deleted order holds no money.',
} as const;
export type MoneyRule = keyof typeof moneyRules;

const inProgress = (r: Refund) => r.state === 'created' || r.state === 'pending';
const usd = (cents: number) => (cents / 100).toFixed(2);

/**
 * The invariants broken by one order (undefined: deleted) and its ledger, when nothing is in
 * flight. An empty list: the order and its money agree.
 */
export function moneyViolations(orderId: string, order: StoredOrder | undefined, { payments, refunds }: SubjectLedger): MoneyViolation[] {
  const out: MoneyViolation[] = [];
  const flag = (rule: MoneyRule, detail: string) => out.push({ rule, order_id: orderId, detail });
  const net = netReceived(payments, refunds);
  const gross = counted(payments).reduce((sum, p) => sum + received(p), 0);
  const external = refunds.some((r) => r.reason === 'external' && refundHolds(r));

  for (const p of payments) {
    const back = refundedFrom(p, refunds);
    if (back > received(p)) flag('refund-within-payment', `payment ${p.id} brought in ${usd(received(p))} and gives back ${usd(back)}`);
    const done = refunds.filter((r) => r.payment_id === p.id && r.state === 'done').reduce((sum, r) => sum + r.amount, 0);
    if ((p.state === 'refunded') !== (received(p) > 0 && done >= received(p)))
      flag('refunded-means-refunded', `payment ${p.id} is ${p.state} with ${usd(done)} of ${usd(received(p))} refunded`);
    if (p.surplus && back !== received(p) && !refunds.some((r) => r.payment_id === p.id && r.state === 'failed'))
      flag('surplus-given-back', `payment ${p.id} (${p.surplus}) brought in ${usd(received(p))}, ${usd(back)} given back`);
  }
  for (const r of refunds) {
    if (r.method === 'card' && inProgress(r)) flag('card-refund-answered', `refund ${r.id} of ${usd(r.amount)} is still ${r.state}`);
  }

  if (!order) {
    if (net !== 0) flag('deleted-holds-nothing', `holds ${usd(net)}`);
    return out;
  }
  const due = order.amount_required;
  const status = order.payment_status;
  const cancellations = refunds.filter((r) => r.reason === 'cancellation');
  const lastCancellation = cancellations.at(-1);

  if ((status === ORDER_STATUS.paid || status === ORDER_STATUS.refunding) && gross < due)
    flag('paid-is-covered', `status ${status}, costs ${usd(due)}, received ${usd(gross)}`);
  // Refunds made by organisers in the provider's dashboard are theirs to decide: they lower what is held.
  if (status === ORDER_STATUS.paid && !external && cancellations.length === 0 && net < due)
    flag('paid-is-covered', `Paid, costs ${usd(due)}, holds ${usd(net)}`);
  if (net > due) flag('no-overpayment-kept', `costs ${usd(due)}, holds ${usd(net)}`);
  if (status === ORDER_STATUS.unpaid && (net !== 0 || payments.some((p) => p.method === 'transfer' && p.state === 'pending')))
    flag('unpaid-holds-nothing', `Unpaid, holds ${usd(net)}`);
  if (status === ORDER_STATUS.checking) {
    const waiting = payments.filter((p) => p.method === 'transfer' && p.state === 'pending');
    if (waiting.length !== 1 || waiting[0]!.amount !== due - net || net >= due)
      flag('checking-awaits-the-rest', `costs ${usd(due)}, holds ${usd(net)}, waits for ${waiting.map((p) => usd(p.amount)).join(', ') || 'nothing'}`);
  }
  if (status === ORDER_STATUS.refunding && !cancellations.some(inProgress)) flag('refunding-has-refund', 'no cancellation refund in progress');
  if (status === ORDER_STATUS.cancelled && cancellations.some(inProgress)) flag('cancelled-refunds-finished', 'a cancellation refund is still in progress');
  const lastFailed = lastCancellation?.state === 'failed';
  if (lastFailed !== (status === ORDER_STATUS.paid && Boolean(order.refund_failed_at)))
    flag('failed-refund-noted', `status ${status}, last cancellation refund ${lastCancellation?.state ?? 'none'}, refund_failed_at ${order.refund_failed_at ?? 'unset'}`);
  return out;
}

export type { Payment, Refund };
