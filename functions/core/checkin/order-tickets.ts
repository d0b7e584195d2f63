/**
 * An order's tickets as their holders and the office see them (issue 34): each person's ticket
 * with its QR text (signed now: Ed25519 signatures are deterministic, so the same ticket always
 * gives the same code) and its entitlements, for a Paid order; a revoked ticket is shown as such
 * and carries no code.
 */
import { notFound } from '../errors';
import { orderResultMessages } from '../orders/order-deps';
import type { StoredOrder } from '../orders/ports';
import { entitlementsOf, type Entitlement } from './lists';
import { signTicket, ticketsOf, type Ticket, type TicketSigner } from './tickets';

export interface TicketView extends Ticket {
  /** The QR code's text (payload.ts); null for a revoked ticket. */
  qr: string | null;
  entitlement_names: Entitlement[];
}

export interface OrderTicketsDeps {
  get(ownerId: string, id: string): Promise<StoredOrder | undefined>;
  signer(): Promise<TicketSigner>;
}

export function ticketViews(order: StoredOrder, signer: TicketSigner): TicketView[] {
  return ticketsOf(order).map((t) => ({ ...t, qr: t.revoked ? null : signTicket(t, signer), entitlement_names: [...entitlementsOf(t.entitlements)] }));
}

/** The delegate's own order's tickets (404 for an order that is not theirs). */
export async function orderTickets(deps: OrderTicketsDeps, ownerId: string, orderId: string) {
  const order = await deps.get(ownerId, orderId);
  if (!order) throw notFound(orderResultMessages.notFound);
  return { order_id: order.id, order_no: order.order_no, tickets: ticketViews(order, await deps.signer()) };
}
