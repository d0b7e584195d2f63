/** Cancelling a paid order with the refund the policy gives today. */
import { AppError, conflict, forbidden, invalid } from '../errors';
import { formatMoney, wireAmount } from '../money';
import { text } from '../i18n/messages';
import { refundableOf, refundPlan, requestRefund } from '../payments/refunds';
import { cancellationPreview, cancellationQuote } from './cancellation-preview';
import { cancelledWithoutRefundMail } from './mails';
import { ORDER_STATUS, orderActions } from './states';
import { assertOpen, orderResultMessages, ownerLanguage, ownOrder, send, type OrderDeps } from './order-deps';
import { change, subjectOf } from './order-payables';

export { cancellationPreview, cancellationQuote } from './cancellation-preview';

export interface CancelOptions {
  by?: 'delegate' | 'office';
  /**
   * The office gives back another amount than the policy's: at most what the order's payments can
   * still give back, with its reason (kept on the refund, in the audit entry and in the mail).
   */
  other?: { amount: number; note: string };
}

/**
 * POST /registration/submission/refund/{id}: cancels a paid order with the refund of the policy
 * today, at most what its payments can still give back. `expectedRefund` (what the page showed)
 * guards against a new period starting, or money going back, meanwhile. The office may give
 * another amount (`options.other`).
 */
export async function cancelOrder(deps: OrderDeps, ownerId: string, id: string, expectedRefund: string | undefined, now: Date, options: CancelOptions = {}) {
  // The order or its ledger moved between the read and the write (the office recording a bank
  // refund as sent, a payment event): nothing was written and no refund asked for, so read again
  // and decide again; the refund shown (`expectedRefund`) still guards what the delegate agreed to.
  for (let attempt = 0; ; attempt++) {
    try {
      return await cancelOnce(deps, ownerId, id, expectedRefund, now, options);
    } catch (error) {
      const movedMeanwhile = error instanceof AppError && error.kind === 'conflict' && error.message === orderResultMessages.changedElsewhere;
      if (!movedMeanwhile || attempt >= 2) throw error;
    }
  }
}

async function cancelOnce(
  deps: OrderDeps,
  ownerId: string,
  id: string,
  expectedRefund: string | undefined,
  now: Date,
  { by = 'delegate', other }: CancelOptions,
) {
  const order = await ownOrder(deps, ownerId, id);
  if (order.payment_status === ORDER_STATUS.paid && order.refund_failed_at)
    throw forbidden(orderResultMessages.refundWithOffice);
  if (!orderActions(order.payment_status).cancel) throw forbidden(orderResultMessages.cancelNotAllowed);
  // The delegate cancels while registration is open (offered-actions.ts); the office decides at any time.
  if (by === 'delegate') assertOpen(now, orderResultMessages.cancelClosed);
  const money = await deps.payments.ledger.ofSubject(subjectOf(order));
  const quote = cancellationQuote(order, money, now);
  if (!other && expectedRefund !== undefined && expectedRefund !== wireAmount(quote.refund)) {
    throw new AppError('conflict', orderResultMessages.refundChanged, {
      cancellation: cancellationPreview(order, money, now),
    });
  }
  const left = refundableOf(money.payments, money.refunds);
  if (other && other.amount > left) {
    const message = text('api.office.cancel.refundAboveLeft', { left: formatMoney(left) });
    throw invalid(message, { refund_amount: message });
  }
  const amount = other ? other.amount : quote.refund;
  if (amount === 0) {
    const move = change(order, 'cancel-without-refund', now, { cancelled_at: now.toISOString(), ...(other ? { cancel_note: other.note } : {}) })!;
    if ((await deps.payments.ledger.commit({ subject: move })) !== 'ok')
      throw conflict(orderResultMessages.changedElsewhere);
    await send(deps, order.owner_email, cancelledWithoutRefundMail(order, other?.note, await ownerLanguage(deps, order)), 'cancelled without refund');
    return { message: other ? orderResultMessages.cancelledByOffice : orderResultMessages.cancelledWithoutRefund, data: { refund_amount: wireAmount(0) } };
  }
  await requestRefund(
    deps.payments,
    {
      subject: subjectOf(order),
      from: refundPlan(money.payments, money.refunds, amount),
      reason: 'cancellation',
      by,
      note: other?.note,
      // Over the order as it was read for the quote: a change since makes the delegate look again.
      change: () => change(order, 'cancel-with-refund', now, { cancelled_at: now.toISOString(), ...(other ? { cancel_note: other.note } : {}) }),
    },
    now,
  );
  return {
    message: orderResultMessages.cancelledWithRefund,
    data: { refund_amount: wireAmount(amount) },
  };
}
