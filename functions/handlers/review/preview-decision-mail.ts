import { routes } from '#core/routes';
import { previewDecisionMail } from '#core/review/publishing';
import { publicationParams } from '#core/review/schemas';
import { decisionMailDeps } from '#wiring/review';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /review/committee/publication/preview/{id}: the mail the abstract's authors get with its decision (its number shown as O-### until published). */
export const handler = defineDelegateHandler(routes.previewDecisionMail, { params: publicationParams }, async ({ params, siteOrigin }) =>
  previewDecisionMail(decisionMailDeps, params.id, siteOrigin),
);
