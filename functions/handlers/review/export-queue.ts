import { routes } from '#core/routes';
import { readingCopy, readingCopyQuery } from '#core/review/reviewer-export';
import { readingCopyDeps } from '#wiring/review';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /review/queue/export?format=csv|pdf: a five-minute link to the reviewer's assigned abstracts as CSV or PDF. */
export const handler = defineDelegateHandler(routes.exportReviewQueue, { query: readingCopyQuery }, async ({ auth, query, now }) =>
  readingCopy(readingCopyDeps, auth.userId, query.format, now),
);
