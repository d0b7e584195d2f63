import { routes } from '#core/routes';
import { organiserActor } from '#core/office/access';
import { reviewRolesBody } from '#core/review/schemas';
import { setReviewRoles } from '#core/review/team';
import { reviewTeamDeps } from '#wiring/review';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** PUT /office/review_team { email, reviewer_categories, committee }: the account's review roles become these (audited). */
export const handler = defineDelegateHandler(
  routes.setReviewRoles,
  { body: reviewRolesBody },
  async ({ auth, body, now }) =>
    replyWith(await setReviewRoles(reviewTeamDeps, organiserActor(auth), body, now)),
);
