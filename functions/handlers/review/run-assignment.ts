import { routes } from '#core/routes';
import { requestAssignment } from '#core/review/assignment-job';
import { committeeActor } from '#core/review/reviewing';
import { jobDeps } from '#wiring/office-jobs';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /review/assignments/run (committee): the run is queued (an office job): reviewers for every abstract short of them, keeping what is assigned. */
export const handler = defineDelegateHandler(routes.runReviewAssignment, {}, async ({ auth, now }) => replyWith(await requestAssignment(jobDeps, committeeActor(auth), now)));
