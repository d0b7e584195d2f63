/**
 * The office cancels an order as its delegate would (the same rule, refund path and mails), with
 * the office named as who asked for the refund: with the policy's refund (`expected_refund`, the
 * amount the organiser was shown, guards against a new period starting meanwhile), or with
 * another amount up to what the payments can still give back, and the reason for it.
 */
import { notFound } from '../errors';
import { cancelOrder } from '../orders/cancel-order';
import type { OrderDeps } from '../orders/order-deps';
import { officeOrderMessages, type OfficeOrderReads } from './orders';
import { toCents, type OfficeCancel } from './schemas';

export async function officeCancelOrder(deps: OrderDeps, reads: Pick<OfficeOrderReads, 'rowOf'>, orderId: string, body: OfficeCancel, now: Date) {
  const row = await reads.rowOf(orderId);
  if (!row) throw notFound(officeOrderMessages.notFound);
  const other = body.refund === 'other' ? { amount: toCents(body.refund_amount!), note: body.reason!.trim() } : undefined;
  return cancelOrder(deps, row.owner_id, orderId, body.expected_refund, now, { by: 'office', other });
}
