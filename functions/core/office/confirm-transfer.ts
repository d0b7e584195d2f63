/** The office confirms a bank transfer it found on the statement. */
import { conflict } from '../errors';
import { confirmTransfer } from '../payments/transfers';
import { ORDER_STATUS } from '../orders/states';
import { type OrderDeps } from '../orders/order-deps';
import { subjectOf } from '../orders/order-payables';
import { freshListItem } from '../orders/read-orders';
import { officeMessages, orderByReference } from './order-by-reference';

/**
 * The office found a transfer of an order on the bank statement: `amount` (cents) is what
 * arrived. The order is Paid when what it holds covers it (more is given back by the office);
 * otherwise it stays Checking and the delegate is told what is missing. A statement import
 * (`line`) confirms exactly the pending payment it chose and marks it with its line, so that a
 * re-run books the line once (office/import-statement.ts).
 */
export async function officeConfirmTransfer(
  deps: OrderDeps,
  reference: string,
  amount: number,
  now: Date,
  line?: { paymentId: string; statementLine: string },
) {
  const order = await orderByReference(deps, reference);
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
        ? officeMessages.transferSurplus(result.excess)
        : officeMessages.transferConfirmed
      : officeMessages.transferIncomplete(result.missing);
  return { message, data: await freshListItem(deps, order.owner_id, order.id, now) };
}
