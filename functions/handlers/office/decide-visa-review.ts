import { routes } from '#core/routes';
import { organiserActor } from '#core/office/access';
import { officeOrderIdSchema, visaDecisionBody } from '#core/office/schemas';
import { decideVisaReview } from '#core/office/visa-letters';
import { visaOfficeDeps } from '#wiring/visa-letters';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /office/orders/{id}/visa_review { decision, message, version }: approve (a paid order's letter is issued) or ask the delegate to correct (mailed). */
export const handler = defineDelegateHandler(routes.decideVisaReview, { params: officeOrderIdSchema, body: visaDecisionBody }, async ({ auth, params, body, now, siteOrigin }) =>
  replyWith(await decideVisaReview(visaOfficeDeps(siteOrigin), organiserActor(auth), params.id, body, now)),
);
