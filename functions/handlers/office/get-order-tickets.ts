import { routes } from '#core/routes';
import { orderTickets } from '#core/checkin/order-tickets';
import { officeOrderIdSchema } from '#core/office/schemas';
import { officeOrderReads } from '#wiring/office-orders';
import { orderStore } from '#storage/orders';
import { signingKeys } from '#lib/checkin-keys';
import { notFound } from '#core/errors';
import { orderResultMessages } from '#core/orders/order-deps';
import { reply } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/orders/{id}/tickets: any order's tickets with their QR codes (a desk reprints one). */
export const handler = defineDelegateHandler(routes.getOfficeOrderTickets, { params: officeOrderIdSchema }, async ({ params }) => {
  const row = await officeOrderReads.rowOf(params.id);
  if (!row) throw notFound(orderResultMessages.notFound);
  return reply(await orderTickets({ get: orderStore.get, signer: signingKeys }, row.owner_id, params.id));
});
