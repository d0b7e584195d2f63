import { routes } from '#core/routes';
import { organiserActor } from '#core/office/access';
import { officeOrderIdSchema, visaLetterBody } from '#core/office/schemas';
import { regenerateVisaLetter } from '#core/office/visa-letters';
import { visaOfficeDeps } from '#wiring/visa-letters';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /office/orders/{id}/visa_letter { version }: a new version of a paid, approved order's letter, replacing the current one. */
export const handler = defineDelegateHandler(routes.regenerateVisaLetter, { params: officeOrderIdSchema, body: visaLetterBody }, async ({ auth, params, body, now, siteOrigin }) =>
  replyWith(await regenerateVisaLetter(visaOfficeDeps(siteOrigin), organiserActor(auth), params.id, body, now)),
);
