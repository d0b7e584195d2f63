import { routes } from '#core/routes';
import { reviewerActor, saveReview } from '#core/review/reviewing';
import { reviewBody, reviewedAbstractParams } from '#core/review/schemas';
import { reviewDeps } from '#wiring/review';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** PUT /review/abstracts/{id}/review { ratings, proposal, comments, submit, version }: a draft or the submitted review. */
export const handler = defineDelegateHandler(routes.saveReview, { params: reviewedAbstractParams, body: reviewBody }, async ({ auth, params, body, now }) =>
  replyWith(await saveReview(reviewDeps, reviewerActor(auth), params.id, body, now)),
);
