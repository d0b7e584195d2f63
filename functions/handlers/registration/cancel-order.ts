import { routes } from '#core/routes';
import { cancelOrder } from '#core/orders/cancel-order';
import { cancelOrderSchema, orderIdSchema } from '#core/orders/requests';
import { delegateActor, orderDeps } from '#wiring/orders';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /registration/submission/refund/{id}: cancels a paid order with the refund of the policy today. */
export const handler = defineDelegateHandler(routes.cancelOrder, { params: orderIdSchema, body: cancelOrderSchema }, async ({ auth, params, body, now, siteOrigin }) =>
  replyWith(await cancelOrder(orderDeps(siteOrigin, { actor: delegateActor(auth), now }), auth.userId, params.id, body.expected_refund, now)),
);
