/** Wiring of the abstract review (core/review): the review team's roster and the accounts. */
import type { ReviewTeamDeps } from '#core/review/team';
import { secrets } from '#lib/crypto';
import { reviewTeamStore } from '#storage/review-team';
import { findUserByEmail } from '#storage/users';

export const reviewTeamDeps: ReviewTeamDeps = {
  team: reviewTeamStore,
  findUserByEmail,
  newId: secrets.newId,
};
