import { routes } from '#core/routes';
import { declineReview, reviewerActor } from '#core/review/reviewing';
import { declineBody, reviewedAbstractParams } from '#core/review/schemas';
import { reviewDeps } from '#wiring/review';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /review/abstracts/{id}/decline { reason, version }: the reviewer gives the abstract back. */
export const handler = defineDelegateHandler(routes.declineReview, { params: reviewedAbstractParams, body: declineBody }, async ({ auth, params, body, now }) =>
  replyWith(await declineReview(reviewDeps, reviewerActor(auth), params.id, body, now)),
);
