import { routes } from '#core/routes';
import { moveAssignment } from '#core/review/manual-assignment';
import { committeeActor } from '#core/review/reviewing';
import { assignmentMoveBody, reviewedAbstractParams } from '#core/review/schemas';
import { reviewDeps } from '#wiring/review';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** PUT /review/committee/assignments/{id} { remove_reviewer_id?, add_reviewer_id? }: the committee moves, adds or removes one assignment (audited). */
export const handler = defineDelegateHandler(routes.moveReviewAssignment, { params: reviewedAbstractParams, body: assignmentMoveBody }, async ({ auth, params, body, now }) =>
  replyWith(await moveAssignment(reviewDeps, committeeActor(auth), params.id, body, now)),
);
