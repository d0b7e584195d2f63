import { routes } from '#core/routes';
import { organiserActor } from '#core/office/access';
import { officeRegistrationParams, reviewDecisionBody } from '#core/office/schemas';
import { decideReview } from '#core/registration-by-category/review';
import { reviewDeps } from '#wiring/registration-by-category';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /office/registrations/{owner}/decision { decision, reason, version }: approve (may pay) or reject with the reason mailed to the delegate. */
export const handler = defineDelegateHandler(routes.decideOfficeRegistration, { params: officeRegistrationParams, body: reviewDecisionBody }, async ({ auth, params, body, now, siteOrigin }) =>
  replyWith(await decideReview(reviewDeps(siteOrigin), organiserActor(auth), params.owner, body, now)),
);
