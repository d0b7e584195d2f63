import { routes } from '#core/routes';
import { committeeActor, runAssignment } from '#core/review/reviewing';
import { reviewDeps } from '#wiring/review';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /review/assignments/run (committee): reviewers for every abstract short of them, keeping what is assigned. */
export const handler = defineDelegateHandler(routes.runReviewAssignment, {}, async ({ auth, now }) => replyWith(await runAssignment(reviewDeps, committeeActor(auth), now)));
