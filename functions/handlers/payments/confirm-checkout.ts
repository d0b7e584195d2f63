import { routes } from '#core/routes';
import { confirmOrderCheckout } from '#core/orders/pay-by-card';
import { confirmCheckoutSchema } from '#core/orders/requests';
import { delegateActor, orderDeps } from '#wiring/orders';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /stripe-payment/confirm (session_id): the return from checkout settles the payment at once, as the webhook would. */
export const handler = defineDelegateHandler(routes.confirmCheckout, { body: confirmCheckoutSchema }, ({ auth, body, now, siteOrigin }) =>
  confirmOrderCheckout(orderDeps(siteOrigin, { actor: delegateActor(auth), now }), auth.userId, body.session_id, now),
);
