/** The office tries a failed refund again. */
import { conflict } from '../errors';
import { askProviderAgain, refundableOf, refundPlan, requestRefund } from '../payments/refunds';
import { ORDER_STATUS } from '../orders/states';
import { type OrderDeps } from '../orders/order-deps';
import { change, subjectOf } from '../orders/order-payables';
import { freshListItem } from '../orders/read-orders';
import { officeMessages, orderByReference } from './order-by-reference';

/**
 * The office tries again a cancellation refund that failed (the order went back to Paid): the
 * same amount, at most what the payments can still give back; the order is Refunding again.
 */
export async function officeRetryRefund(deps: OrderDeps, reference: string, now: Date) {
  const order = await orderByReference(deps, reference);
  const money = await deps.payments.ledger.ofSubject(subjectOf(order));
  // A card refund the provider never answered (it was down): asked again, under the same key.
  const unanswered = money.refunds.find((r) => r.method === 'card' && r.state === 'created');
  if (unanswered) {
    const asked = await askProviderAgain(deps.payments, subjectOf(order), unanswered.id, now);
    return {
      message: asked.state === 'created' ? officeMessages.providerStillDown : officeMessages.refundAskedAgain,
      data: await freshListItem(deps, order.owner_id, order.id, now),
    };
  }
  const failed = money.refunds.filter((r) => r.reason === 'cancellation' && r.state === 'failed').at(-1);
  if (!failed || order.payment_status !== ORDER_STATUS.paid || !order.refund_failed_at)
    throw conflict(officeMessages.noFailedRefund);
  const amount = Math.min(failed.amount, refundableOf(money.payments, money.refunds));
  if (amount === 0) throw conflict(officeMessages.noFailedRefund);
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
