import { routes } from '#core/routes';
import { reviewedAbstract } from '#core/review/reviewing';
import { reviewedAbstractParams } from '#core/review/schemas';
import { reviewDeps } from '#wiring/review';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /review/abstracts/{id}: an assigned abstract as the reviewer reads it, with their review. */
export const handler = defineDelegateHandler(routes.getReviewedAbstract, { params: reviewedAbstractParams }, async ({ auth, params, now }) =>
  reviewedAbstract(reviewDeps, auth.userId, params.id, now),
);
