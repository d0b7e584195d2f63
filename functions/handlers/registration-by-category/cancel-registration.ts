import { routes } from '#core/routes';
import { cancelRegistration } from '#core/registration-by-category/cancel-registration';
import { cancelRegistrationSchema } from '#core/registration-by-category/schemas';
import { delegateActor } from '#wiring/orders';
import { registrationCancelDeps } from '#wiring/registration-by-category';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /register/cancel: cancels the delegate's registration by category, refunding what was paid to the card. */
export const handler = defineDelegateHandler(routes.cancelRegistration, { body: cancelRegistrationSchema }, async ({ auth, body, now, siteOrigin }) =>
  replyWith(await cancelRegistration(registrationCancelDeps(siteOrigin, { actor: delegateActor(auth), now }), { id: auth.userId, email: auth.email }, body.expected_refund, now)),
);
