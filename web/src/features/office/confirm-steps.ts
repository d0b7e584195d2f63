/**
 * The office's confirmations before money moves (core/office/confirmations.ts), from the order as
 * the server has it now: the party it names, and refusals said before any dialog.
 */
import type { OrderParty } from '#core/office/confirmations';
import { ApiError } from '../../lib/api-client';
import type { OfficeOrderDetail } from './api';

/** Who an order is for, as a confirmation names them. */
export const partyOf = (detail: OfficeOrderDetail): OrderParty => ({
  order_no: detail.order.order_no,
  delegate: `${detail.order.first_name ?? ''} ${detail.order.last_name ?? ''}`.trim(),
  email: detail.order.owner_email,
});

/** The methods an order's refund goes back by: those of the payments that brought its money. */
export const refundMethodsOf = (detail: OfficeOrderDetail) => {
  const methods = [...new Set(detail.payments.filter((p) => p.state === 'confirmed').map((p) => p.method))] as ('card' | 'transfer')[];
  return methods.length > 0 ? methods : [detail.order.payment_method === 'transfer' ? ('transfer' as const) : ('card' as const)];
};

/** Nothing to confirm: the action would be refused (the server's words). */
export const refused = (message: string) => new ApiError(409, message, null, 409);
