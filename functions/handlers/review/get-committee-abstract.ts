import { routes } from '#core/routes';
import { committeeAbstract } from '#core/review/deciding';
import { reviewedAbstractParams } from '#core/review/schemas';
import { committeeAbstractDeps } from '#wiring/review';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /review/committee/abstracts/{id}: the abstract with its authors, every review and its reviewer, the scores and the pending decision. */
export const handler = defineDelegateHandler(routes.getCommitteeAbstract, { params: reviewedAbstractParams }, async ({ params }) => committeeAbstract(committeeAbstractDeps, params.id));
