import { routes } from '#core/routes';
import { officeCancelOrder } from '#core/office/orders';
import { officeOrderIdSchema } from '#core/office/schemas';
import { cancelOrderSchema } from '#core/orders/schemas';
import { organiserActor } from '#core/office/access';
import { officeOrderReads } from '#lib/office-order-deps';
import { orderDeps } from '#lib/order-deps';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /office/orders/{id}/cancel { expected_refund }: the office cancels an order with the refund of the policy today. */
export const handler = defineDelegateHandler(routes.cancelOfficeOrder, { params: officeOrderIdSchema, body: cancelOrderSchema }, async ({ auth, params, body, now, siteOrigin }) =>
  replyWith(await officeCancelOrder(orderDeps(siteOrigin, { actor: organiserActor(auth), now }), officeOrderReads, params.id, body.expected_refund, now)),
);
