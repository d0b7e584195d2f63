import { routes } from '#core/routes';
import { organiserActor } from '#core/office/access';
import { setConflictOverride } from '#core/review/conflict-overrides';
import { conflictOverrideBody } from '#core/review/schemas';
import { conflictOfficeDeps } from '#wiring/review';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** PUT /office/review_conflicts { abstract_id, reviewer_id, overridden, reason, version }: a computed conflict overridden or restored (audited). */
export const handler = defineDelegateHandler(routes.setReviewConflict, { body: conflictOverrideBody }, async ({ auth, body, now }) =>
  replyWith(await setConflictOverride(conflictOfficeDeps, organiserActor(auth), body, now)),
);
