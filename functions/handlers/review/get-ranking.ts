import { routes } from '#core/routes';
import { ranking } from '#core/review/deciding';
import { rankingQuery } from '#core/review/schemas';
import { decidingDeps } from '#wiring/review';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /review/committee/ranking?category=&cursor=&limit=: a page of the category's abstracts, best score first, with its slots. */
export const handler = defineDelegateHandler(routes.getReviewRanking, { query: rankingQuery }, async ({ query }) => ranking(decidingDeps, query.category, query.limit, query.cursor));
