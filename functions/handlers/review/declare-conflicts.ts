import { routes } from '#core/routes';
import { reviewerActor } from '#core/review/reviewing';
import { declarationsBody } from '#core/review/schemas';
import { declareConflicts } from '#core/review/team';
import { reviewTeamDeps } from '#wiring/review';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** PUT /review/declarations { people, institutions }: the reviewer's declared conflicts of interest (audited). */
export const handler = defineDelegateHandler(routes.declareReviewConflicts, { body: declarationsBody }, async ({ auth, body, now }) =>
  replyWith(await declareConflicts(reviewTeamDeps, reviewerActor(auth), body, now)),
);
