import { routes } from '#core/routes';
import { createOrder } from '#core/orders/save-order';
import { orderFormSchema } from '#core/orders/schemas';
import { delegateActor, orderDeps } from '#wiring/orders';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /registration/submission (multipart, form or JSON): data.id and data.checksum. */
export const handler = defineDelegateHandler(routes.createOrder, { body: orderFormSchema }, async ({ auth, body, now, siteOrigin }) =>
  replyWith(await createOrder(orderDeps(siteOrigin, { actor: delegateActor(auth), now }), { id: auth.userId, email: auth.email, names: auth.names }, body, now)),
);
