import { routes } from '#core/routes';
import { listReviewTeam } from '#core/review/team';
import { reviewTeamDeps } from '#wiring/review';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/review_team: the reviewers and the committee, with the review categories. */
export const handler = defineDelegateHandler(routes.listReviewTeam, {}, async () =>
  listReviewTeam(reviewTeamDeps),
);
