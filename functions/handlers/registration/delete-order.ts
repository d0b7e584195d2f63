import { routes } from '#core/routes';
import { deleteOrder } from '#core/orders/save-order';
import { orderIdSchema } from '#core/orders/requests';
import { delegateActor, orderDeps } from '#wiring/orders';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

export const handler = defineDelegateHandler(routes.deleteOrder, { params: orderIdSchema }, async ({ auth, params, now, siteOrigin }) =>
  replyWith(await deleteOrder(orderDeps(siteOrigin, { actor: delegateActor(auth), now }), auth.userId, params.id, now)),
);
