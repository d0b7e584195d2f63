/**
 * The committee adjusts an abstract's assignment by hand (decision 0057): it moves one
 * assignment from a reviewer to another, adds one or removes one. The reviewer added reviews the
 * abstract's category and has no conflict of interest with it by every rule (co-authorship
 * included), after the office's override; an author never. A submitted review is never removed
 * (its scores count); a removed assignment leaves the reviewer's list at once, and no run makes
 * it again (the committee may add the reviewer back by hand). The change is one write with its
 * audit entry (`review_assignment.moved`), conditioned on the versions read.
 */
import { auditEntry, type Actor } from '../audit/audit';
import { conflict, invalid, notFound } from '../errors';
import { allAbstracts, coauthorsOf, partiesOf, reviewerParty } from './conflict-checks';
import { activeOverride } from './conflict-overrides';
import { conflictHolds, conflictsOf, type ConflictReason } from './conflicts';
import { decisionMessages } from './deciding';
import type { ReviewDeps, StoredReview } from './reviewing';
import { reviewCategoryLabel, reviewCategoryOf, reviewCategoryTerm } from './team';
import { text } from '../i18n/messages';

export const manualAssignmentMessages = {
  notFound: decisionMessages.notFound,
  nothing: 'Choose a reviewer to add, one to remove, or both.',
  same: 'The reviewer to add is the one being removed: choose another.',
  notAssigned: 'The reviewer to remove is not assigned to this abstract.',
  removeDeclined: 'The reviewer to remove has declined this abstract already: the assignment no longer counts.',
  removeSubmitted: 'The reviewer to remove has submitted their review: a submitted review is kept (its scores count). Add another reviewer instead.',
  author: 'The reviewer to add is an author of this abstract: an author never reviews their own abstract.',
  duplicate: 'The reviewer to add already reviews this abstract.',
  declinedBefore: 'The reviewer to add declined this abstract: choose another reviewer.',
  notReviewer: (category: string) => `The reviewer to add does not review ${reviewCategoryLabel(category)}: the registration office grants the category on its Review team page first.`,
  conflicted: (reasons: string) =>
    `The reviewer to add has a conflict of interest with this abstract (${reasons}). If it does not hold, the registration office can override it on its Review conflicts page.`,
  changedMeanwhile:
    "This abstract's assignments changed meanwhile (a reviewer saved or declined, or another committee member changed them). Reload the abstract, then try again.",
  moved: (from: string, to: string) => `${to} reviews this abstract instead of ${from}.`,
  added: (to: string) => `${to} now reviews this abstract too.`,
  removed: (from: string) => `${from} no longer reviews this abstract.`,
} as const;

/** The messages with values by their catalog ids (review.json); their English is `manualAssignmentMessages`' word for word. */
export const manualAssignmentTexts = {
  notReviewer: (category: string) => text('api.review.moveNotReviewer', { category: reviewCategoryTerm(category) }),
  conflicted: (reasons: readonly ConflictReason[]) => text('api.review.moveConflicted', { reasons: reasons.map((r) => text(`review.office.conflicts.reason.${r}`)) }),
  moved: (from: string | undefined, to: string) => text('api.review.moved', { from: from ?? text('api.review.theFormerReviewer'), to }),
  added: (to: string) => text('api.review.added', { to }),
  removed: (from: string | undefined) => text('api.review.removed', { from: from ?? text('api.review.theFormerReviewer') }),
};

export type ManualAssignmentDeps = Pick<ReviewDeps, 'reviews' | 'team' | 'abstracts' | 'ownerEmail' | 'overrides' | 'decisions'>;

export interface AssignmentMoveInput {
  remove_reviewer_id?: string;
  add_reviewer_id?: string;
}

const holding = (r: StoredReview | undefined) => r !== undefined && (r.state === 'assigned' || r.state === 'draft' || r.state === 'submitted');

/** PUT /review/committee/assignments/{id} { remove_reviewer_id?, add_reviewer_id? }: one assignment moved, added or removed. */
export async function moveAssignment(deps: ManualAssignmentDeps, actor: Actor, abstractId: string, input: AssignmentMoveInput, now: Date) {
  const removeId = input.remove_reviewer_id || undefined;
  const addId = input.add_reviewer_id || undefined;
  if (!removeId && !addId) throw invalid(manualAssignmentMessages.nothing, { add_reviewer_id: manualAssignmentMessages.nothing });
  if (removeId && removeId === addId) throw invalid(manualAssignmentMessages.same, { add_reviewer_id: manualAssignmentMessages.same });
  const summary = await deps.decisions.summary(abstractId);
  if (!summary) throw notFound(manualAssignmentMessages.notFound);
  const [abstract, reviews] = await Promise.all([deps.abstracts.get(summary.owner_id, abstractId), deps.reviews.ofAbstract(abstractId)]);
  if (!abstract) throw notFound(manualAssignmentMessages.notFound);
  const category = reviewCategoryOf(abstract.abstract_category);
  const byReviewer = new Map(reviews.map((r) => [r.reviewer_id, r]));
  const at = now.toISOString();
  const by = actor.email ?? actor.id;

  let remove: { next: StoredReview; readVersion: number } | undefined;
  if (removeId) {
    const current = byReviewer.get(removeId);
    if (!current || current.state === 'removed') throw invalid(manualAssignmentMessages.notAssigned, { remove_reviewer_id: manualAssignmentMessages.notAssigned });
    if (current.state === 'declined') throw invalid(manualAssignmentMessages.removeDeclined, { remove_reviewer_id: manualAssignmentMessages.removeDeclined });
    if (current.state === 'submitted') throw invalid(manualAssignmentMessages.removeSubmitted, { remove_reviewer_id: manualAssignmentMessages.removeSubmitted });
    remove = { next: { ...current, state: 'removed', removed_by: by, removed_at: at, updated_at: at, version: current.version + 1 }, readVersion: current.version };
  }

  let add: { next: StoredReview; readVersion: number | undefined } | undefined;
  let addedEmail: string | undefined;
  if (addId) {
    // The submitting account is an author whatever the roster says: refused before anything else.
    if (abstract.owner_id === addId) throw invalid(manualAssignmentMessages.author, { add_reviewer_id: manualAssignmentMessages.author });
    const current = byReviewer.get(addId);
    if (holding(current)) throw invalid(manualAssignmentMessages.duplicate, { add_reviewer_id: manualAssignmentMessages.duplicate });
    if (current?.state === 'declined') throw invalid(manualAssignmentMessages.declinedBefore, { add_reviewer_id: manualAssignmentMessages.declinedBefore });
    const member = await deps.team.member(addId);
    if (!member?.reviewer?.categories.includes(category)) throw invalid(manualAssignmentTexts.notReviewer(category), { add_reviewer_id: manualAssignmentTexts.notReviewer(category) });
    const reviewer = reviewerParty(member);
    const [all, ownerEmail, override] = await Promise.all([allAbstracts(deps.abstracts), deps.ownerEmail(abstract.owner_id), deps.overrides.get(abstractId, addId)]);
    const reasons = conflictsOf(reviewer, partiesOf(abstract, ownerEmail), await coauthorsOf([reviewer], all, deps.ownerEmail));
    if (reasons.includes('author')) throw invalid(manualAssignmentMessages.author, { add_reviewer_id: manualAssignmentMessages.author });
    const active = activeOverride(override);
    if (conflictHolds(reasons, active)) {
      const refusal = manualAssignmentTexts.conflicted(reasons.filter((r) => !active?.lifted.includes(r)));
      throw invalid(refusal, { add_reviewer_id: refusal });
    }
    addedEmail = member.email;
    // A new assignment, or one the committee removed before made again (afresh: a new review).
    add = {
      next: {
        abstract_id: abstractId,
        owner_id: abstract.owner_id,
        reviewer_id: addId,
        category,
        state: 'assigned',
        assigned_at: at,
        assigned_by: by,
        updated_at: at,
        version: (current?.version ?? 0) + 1,
      },
      readVersion: current?.version,
    };
  }

  const audit = auditEntry({
    action: 'review_assignment.moved',
    actor,
    at: now,
    object: { type: 'abstract', id: abstractId },
    before: { reviewer_id: removeId ?? null },
    after: { reviewer_id: addId ?? null },
  });
  if (!(await deps.reviews.move({ remove, add }, audit))) throw conflict(manualAssignmentMessages.changedMeanwhile);

  const removedEmail = removeId ? (await deps.team.member(removeId))?.email : undefined;
  const message = removeId && addedEmail ? manualAssignmentTexts.moved(removedEmail, addedEmail) : addedEmail ? manualAssignmentTexts.added(addedEmail) : manualAssignmentTexts.removed(removedEmail);
  return { message, data: { removed: removeId ?? null, added: addId ?? null } };
}
