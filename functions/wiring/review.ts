/** Wiring of the abstract review (core/review): the review team's roster, the reviews, the abstracts and the accounts. */
import type { ConflictOfficeDeps } from '#core/review/conflict-overrides';
import type { CommitteeAbstractDeps, DecidingDeps } from '#core/review/deciding';
import type { ReviewDeps } from '#core/review/reviewing';
import type { ReviewTeamDeps } from '#core/review/team';
import { secrets } from '#lib/crypto';
import { conflictOverrideStore } from '#storage/conflict-overrides';
import { fileStore } from '#storage/files';
import { objectStore } from '#storage/objects';
import { abstractDirectory } from '#storage/office-directory';
import { decisionStore } from '#storage/review-decisions';
import { reviewStore } from '#storage/reviews';
import { reviewTeamStore } from '#storage/review-team';
import { findUserByEmail, getUser } from '#storage/users';

const ownerEmail = async (ownerId: string) => (await getUser(ownerId))?.email;

export const reviewTeamDeps: ReviewTeamDeps = { team: reviewTeamStore, findUserByEmail, newId: secrets.newId };

export const decidingDeps: DecidingDeps = { decisions: decisionStore };
export const committeeAbstractDeps: CommitteeAbstractDeps = {
  decisions: decisionStore,
  reviews: reviewStore,
  abstracts: abstractDirectory,
  team: reviewTeamStore,
  overrides: conflictOverrideStore,
  ownerEmail,
};

export const reviewDeps: ReviewDeps = {
  reviews: reviewStore,
  team: reviewTeamStore,
  abstracts: abstractDirectory,
  ownerEmail,
  overrides: conflictOverrideStore,
  files: fileStore,
  objects: objectStore,
  decisions: decisionStore,
  newId: secrets.newId,
};

export const conflictOfficeDeps: ConflictOfficeDeps = {
  overrides: conflictOverrideStore,
  team: reviewTeamStore,
  abstracts: abstractDirectory,
  reviews: reviewStore,
  ownerEmail,
};
