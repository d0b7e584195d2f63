/**
 * What a cancellation of a paid order would give back today (core/orders/cancel-order.ts does it):
 * in a module of its own, so that the pages that only show it (the order list, the office's
 * order) do not carry the cancellation's mails.
 */
import { wireAmount } from '../money';
import { formatCstInstant } from '../time';
import type { SubjectLedger } from '../payments/ports';
import { refundableOf } from '../payments/refunds';
import type { StoredOrder } from './ports';
import { refundQuote } from './refund-policy';
import { orderActions } from './states';

/**
 * The refund a cancellation gives today: what the policy gives, but never more than the order's
 * payments can still give back (a refund made in the card provider's dashboard counts).
 */
export function cancellationQuote(order: StoredOrder, money: SubjectLedger, now: Date) {
  const policy = refundQuote(order.amount_required, now);
  const left = refundableOf(money.payments, money.refunds);
  return {
    ...policy,
    refund: Math.min(policy.refund, left),
    alreadyRefunded: Math.max(0, order.amount_required - left),
  };
}

/** What the delegate is shown before cancelling a paid order: the exact refund and its rule. */
export function cancellationPreview(order: StoredOrder, money: SubjectLedger | undefined, now: Date) {
  if (!orderActions(order.payment_status, Boolean(order.refund_failed_at)).cancel || !money) return null;
  const quote = cancellationQuote(order, money, now);
  return {
    refund_amount: wireAmount(quote.refund),
    fee: wireAmount(quote.fee),
    /** Given back already (e.g. by the office): the refund above is at most what is left. */
    already_refunded: wireAmount(quote.alreadyRefunded),
    rule: quote.rule,
    valid_until: quote.validUntil,
    valid_until_text: quote.validUntil ? formatCstInstant(quote.validUntil) : null,
    method: order.payment_method,
  };
}
