/** The office records a bank transfer refund it sent. */
import { conflict } from '../errors';
import { recordTransferRefund } from '../payments/refunds';
import { type OrderDeps } from '../orders/order-deps';
import { subjectOf } from '../orders/order-payables';
import { freshListItem } from '../orders/read-orders';
import { officeMessages, orderByReference } from './order-by-reference';

/** The office sent the refund of a cancelled order paid by bank transfer (or of money paid too much). */
export async function officeRecordTransferRefund(deps: OrderDeps, reference: string, now: Date) {
  const order = await orderByReference(deps, reference);
  const { refunds } = await deps.payments.ledger.ofSubject(subjectOf(order));
  const waiting = refunds.find((r) => r.method === 'transfer' && r.state === 'created');
  if (!waiting) throw conflict(officeMessages.noTransferRefund);
  await recordTransferRefund(deps.payments, waiting, now);
  return {
    message: officeMessages.refundRecorded,
    data: await freshListItem(deps, order.owner_id, order.id, now),
  };
}
