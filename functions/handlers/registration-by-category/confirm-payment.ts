import { routes } from '#core/routes';
import { confirmCheckoutSchema } from '#core/orders/requests';
import { confirmRegistrationPayment } from '#core/registration-by-category/pay-registration';
import { delegateActor } from '#wiring/orders';
import { registrationMoneyDeps } from '#wiring/registration-by-category';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /payment/confirm (session_id): the return page settles the payment at once, as the webhook would. */
export const handler = defineDelegateHandler(routes.confirmRegistrationPayment, { body: confirmCheckoutSchema }, async ({ auth, body, now, siteOrigin }) =>
  replyWith(await confirmRegistrationPayment(registrationMoneyDeps(siteOrigin, { actor: delegateActor(auth), now }), auth.userId, body.session_id, now)),
);
