/** Wiring of the abstract review (core/review): the review team's roster, the reviews, the abstracts and the accounts. */
import { recipientLanguages } from '#storage/language';
import type { ConflictOfficeDeps } from '#core/review/conflict-overrides';
import type { CommitteeAbstractDeps, DecidingDeps } from '#core/review/deciding';
import type { ReviewDeps } from '#core/review/reviewing';
import type { DecisionMailDeps, DecisionMailSource, ResendDeps } from '#core/review/publishing';
import { publicationStore } from '#storage/review-publication';
import { officeJobStore } from '#storage/office-jobs';
import { mailBatchStore } from '#storage/mail-jobs';
import { sesMailer } from '#lib/mailer';
import { recordAudit } from '#storage/audit';
import type { ReadingCopyDeps } from '#core/review/reviewer-export';
import type { ReviewTeamDeps } from '#core/review/team';
import { secrets } from '#lib/crypto';
import { writeCsv } from '#lib/csv-writer';
import { readingCopyFiles } from '#storage/export-files';
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

/** What a decision's mail is made of: the abstract, its reviews (their comments to the authors), the submitting account. */
export const decisionMailSource: DecisionMailSource = {
  abstract: (ownerId, id) => abstractDirectory.get(ownerId, id),
  reviews: (abstractId) => reviewStore.ofAbstract(abstractId),
  async account(userId) {
    const user = await getUser(userId);
    return user && { email: user.email, first_name: user.first_name };
  },
};
export const decisionMailDeps: DecisionMailDeps = { publication: publicationStore, source: decisionMailSource, languages: recipientLanguages };
export const resendDeps: ResendDeps = {
  ...decisionMailDeps,
  jobs: officeJobStore,
  batches: mailBatchStore,
  mailer: sesMailer,
  audit: recordAudit,
};
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

export const readingCopyDeps: ReadingCopyDeps = {
  ...reviewDeps,
  copies: readingCopyFiles,
  csv: writeCsv,
  // pdfkit, fontkit and the fonts load only when a PDF is asked for, not at every cold start.
  render: async (spec) => (await import('#lib/pdf/render')).renderPdf(spec),
};

export const conflictOfficeDeps: ConflictOfficeDeps = {
  overrides: conflictOverrideStore,
  team: reviewTeamStore,
  abstracts: abstractDirectory,
  reviews: reviewStore,
  ownerEmail,
};
