import { routes } from '#core/routes';
import { startOrderCheckout } from '#core/orders/pay-by-card';
import { checkoutSchema } from '#core/orders/requests';
import { delegateActor, orderDeps } from '#wiring/orders';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /stripe-payment/generate (id, cancel_url): data.url, the card provider's checkout page. */
export const handler = defineDelegateHandler(routes.createCheckout, { body: checkoutSchema }, ({ auth, body, now, siteOrigin }) =>
  startOrderCheckout(orderDeps(siteOrigin, { actor: delegateActor(auth), now }), auth.userId, body.id, body.cancel_url, now),
);
