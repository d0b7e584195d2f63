/** The office confirms a bank transfer it found on the statement. */
import { conflict } from '../errors';
import { netReceived, type Payment } from '../payments/model';
import type { SubjectLedger } from '../payments/ports';
import { confirmTransfer, noteTransfer } from '../payments/transfers';
import { ORDER_STATUS } from '../orders/states';
import { ownOrder, type OrderDeps } from '../orders/order-deps';
import { change, payableOf, subjectOf } from '../orders/order-payables';
import type { StoredOrder } from '../orders/ports';
import { freshListItem } from '../orders/read-orders';
import { closeOpenCheckouts } from '../orders/save-order';
import { officeMessages, orderByReference, transferTexts } from './order-by-reference';

/**
 * What a transfer the office confirms for `order` now is measured against (cents: what it costs
 * less what it holds, as `confirmTransfer` books it), or null when the office cannot confirm one
 * (an Unpaid order's transfer is noted first; a Checking order's is pending).
 */
export function awaitedByOffice(order: Pick<StoredOrder, 'payment_status' | 'amount_required'>, money: SubjectLedger): number | null {
  const pending = money.payments.some((p) => p.method === 'transfer' && p.state === 'pending');
  if (order.payment_status !== ORDER_STATUS.unpaid && !(order.payment_status === ORDER_STATUS.checking && pending)) return null;
  return order.amount_required - netReceived(money.payments, money.refunds);
}

/**
 * The office found a transfer of an order on the bank statement: `amount` (cents) is what
 * arrived. The order is Paid when what it holds covers it (more is given back by the office);
 * otherwise it stays Checking and the delegate is told what is missing. A statement import
 * (`line`) confirms exactly the pending payment it chose and marks it with its line, so that a
 * re-run books the line once (office/import-statement.ts). An Unpaid order's transfer is noted
 * first (`noteArrivedTransfer`).
 */
export async function officeConfirmTransfer(
  deps: OrderDeps,
  reference: string,
  amount: number,
  now: Date,
  line?: { paymentId: string; statementLine: string },
) {
  let order = await orderByReference(deps, reference);
  if (order.payment_status === ORDER_STATUS.unpaid && !line) {
    await noteArrivedTransfer(deps, order, now);
    order = await orderByReference(deps, reference);
  }
  const { payments } = await deps.payments.ledger.ofSubject(subjectOf(order));
  const pending = payments.find(
    (p) => p.method === 'transfer' && p.state === 'pending' && (!line || p.id === line.paymentId),
  );
  if (!pending || order.payment_status !== ORDER_STATUS.checking)
    throw conflict(officeMessages.noPendingTransfer);
  const result = await confirmTransfer(
    deps.payments,
    pending.id,
    subjectOf(order),
    amount,
    now,
    line ? { statement_line: line.statementLine } : {},
  );
  const message =
    result.outcome === 'paid'
      ? result.excess > 0
        ? transferTexts.transferSurplus(result.excess)
        : officeMessages.transferConfirmed
      : transferTexts.transferIncomplete(result.missing);
  return { message, data: await freshListItem(deps, order.owner_id, order.id, now) };
}

/**
 * Money arrived for an Unpaid order whose delegate never said it was sent (paid without pressing
 * "Done"): the office notes the transfer first, as "Done" would (the order to Checking with a
 * transfer payment of what it costs, over the version read; an open card checkout is ended
 * first), without the delegate's "noted" mails: the confirmation that follows tells them.
 * Answers the pending payment, or undefined when the order is not Unpaid (any more).
 */
export async function noteArrivedTransfer(deps: OrderDeps, order: StoredOrder, now: Date): Promise<Payment | undefined> {
  if (order.payment_status !== ORDER_STATUS.unpaid) return undefined;
  await closeOpenCheckouts(deps, order, now);
  const fresh = await ownOrder(deps, order.owner_id, order.id);
  const move = change(fresh, 'transfer-done', now, { payment_method: 'transfer' });
  if (!move) return undefined;
  // The money is at the bank: recorded even while the account is being deleted (which it then stops).
  return noteTransfer(deps.payments, payableOf(fresh), move, now, 'bank');
}
