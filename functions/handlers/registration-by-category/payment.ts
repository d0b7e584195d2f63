import { routes } from '#core/routes';
import { startRegistrationPayment } from '#core/registration-by-category/pay-registration';
import { paymentSchema } from '#core/registration-by-category/schemas';
import { delegateActor } from '#wiring/orders';
import { registrationMoneyDeps } from '#wiring/registration-by-category';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /payment (type 1 the registration fee, 2 the dinners): data.url, the card provider's checkout page. */
export const handler = defineDelegateHandler(routes.registrationPayment, { body: paymentSchema }, async ({ auth, body, now, siteOrigin }) =>
  replyWith(await startRegistrationPayment(registrationMoneyDeps(siteOrigin, { actor: delegateActor(auth), now }), auth.userId, body, now)),
);
