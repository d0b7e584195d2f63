/** The office tries a failed refund again. */
import { conflict } from '../errors';
import { askProviderAgain, refundableOf, refundPlan, requestRefund } from '../payments/refunds';
import { ORDER_STATUS } from '../orders/states';
import { type OrderDeps } from '../orders/order-deps';
import { change, subjectOf } from '../orders/order-payables';
import { freshListItem } from '../orders/read-orders';
import type { StoredOrder } from '../orders/ports';
import type { Refund } from '../payments/model';
import type { SubjectLedger } from '../payments/ports';
import { officeMessages, orderByReference } from './order-by-reference';

/**
 * What trying a refund again would do for `order` now, or null when there is nothing to try: a
 * card refund the provider never answered is asked again (its amount); a cancellation refund
 * that failed is made again, at most what the payments can still give back.
 */
export function retryPlan(order: Pick<StoredOrder, 'payment_status' | 'refund_failed_at'>, money: SubjectLedger): { kind: 'ask-again'; refund: Refund; amount: number; method: 'card' } | { kind: 'refund-again'; amount: number; method: Refund['method'] } | null {
  const unanswered = money.refunds.find((r) => r.method === 'card' && r.state === 'created');
  if (unanswered) return { kind: 'ask-again', refund: unanswered, amount: unanswered.amount, method: 'card' };
  const failed = money.refunds.filter((r) => r.reason === 'cancellation' && r.state === 'failed').at(-1);
  if (!failed || order.payment_status !== ORDER_STATUS.paid || !order.refund_failed_at) return null;
  const amount = Math.min(failed.amount, refundableOf(money.payments, money.refunds));
  return amount === 0 ? null : { kind: 'refund-again', amount, method: failed.method };
}

/**
 * The office tries again a cancellation refund that failed (the order went back to Paid): the
 * same amount, at most what the payments can still give back; the order is Refunding again.
 */
export async function officeRetryRefund(deps: OrderDeps, reference: string, now: Date) {
  const order = await orderByReference(deps, reference);
  const money = await deps.payments.ledger.ofSubject(subjectOf(order));
  const plan = retryPlan(order, money);
  if (!plan) throw conflict(officeMessages.noFailedRefund);
  // A card refund the provider never answered (it was down): asked again, under the same key.
  if (plan.kind === 'ask-again') {
    const asked = await askProviderAgain(deps.payments, subjectOf(order), plan.refund.id, now);
    return {
      message: asked.state === 'created' ? officeMessages.providerStillDown : officeMessages.refundAskedAgain,
      data: await freshListItem(deps, order.owner_id, order.id, now),
    };
  }
  const { amount } = plan;
  await requestRefund(
    deps.payments,
    {
      subject: subjectOf(order),
      from: refundPlan(money.payments, money.refunds, amount),
      reason: 'cancellation',
      by: 'office',
      change: () =>
        change(order, 'cancel-with-refund', now, { cancelled_at: now.toISOString(), refund_failed_at: null }),
    },
    now,
  );
  return {
    message: officeMessages.refundRetried,
    data: await freshListItem(deps, order.owner_id, order.id, now),
  };
}
