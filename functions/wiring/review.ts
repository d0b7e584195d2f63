/** Wiring of the abstract review (core/review): the review team's roster, the reviews, the abstracts and the accounts. */
import type { ReviewDeps } from '#core/review/reviewing';
import type { ReviewTeamDeps } from '#core/review/team';
import { secrets } from '#lib/crypto';
import { fileStore } from '#storage/files';
import { objectStore } from '#storage/objects';
import { abstractDirectory } from '#storage/office-directory';
import { reviewStore } from '#storage/reviews';
import { reviewTeamStore } from '#storage/review-team';
import { findUserByEmail, getUser } from '#storage/users';

export const reviewTeamDeps: ReviewTeamDeps = { team: reviewTeamStore, findUserByEmail, newId: secrets.newId };

export const reviewDeps: ReviewDeps = {
  reviews: reviewStore,
  team: reviewTeamStore,
  abstracts: abstractDirectory,
  ownerEmail: async (ownerId) => (await getUser(ownerId))?.email,
  files: fileStore,
  objects: objectStore,
  newId: secrets.newId,
};
