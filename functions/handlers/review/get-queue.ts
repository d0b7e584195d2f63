import { routes } from '#core/routes';
import { reviewQueue } from '#core/review/reviewing';
import { reviewDeps } from '#wiring/review';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /review/queue: the reviewer's assigned abstracts with their progress. */
export const handler = defineDelegateHandler(routes.getReviewQueue, {}, async ({ auth, now }) => reviewQueue(reviewDeps, auth.userId, now));
