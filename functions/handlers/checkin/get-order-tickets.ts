import { routes } from '#core/routes';
import { orderTickets } from '#core/checkin/order-tickets';
import { orderIdSchema } from '#core/orders/requests';
import { orderStore } from '#storage/orders';
import { signingKeys } from '#lib/checkin-keys';
import { reply } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /registration/tickets/{id}: the delegate's order's tickets, one per person, with their QR codes. */
export const handler = defineDelegateHandler(routes.getOrderTickets, { params: orderIdSchema }, async ({ auth, params }) =>
  reply(await orderTickets({ get: orderStore.get, signer: signingKeys }, auth.userId, params.id)),
);
