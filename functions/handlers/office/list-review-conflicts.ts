import { routes } from '#core/routes';
import { listConflicts } from '#core/review/conflict-overrides';
import { conflictsQuery } from '#core/review/schemas';
import { conflictOfficeDeps } from '#wiring/review';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/review_conflicts?category=&cursor=&limit=: the conflicts of a category's reviewers with its abstracts, and the overrides. */
export const handler = defineDelegateHandler(routes.listReviewConflicts, { query: conflictsQuery }, async ({ query }) =>
  listConflicts(conflictOfficeDeps, query.category, query.limit, query.cursor),
);
