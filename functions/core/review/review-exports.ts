/**
 * The office's two exports of the review (through the office's export job, core/office/jobs.ts):
 *
 * - the review sheet: one row per reviewer and abstract where either a review exists (assigned,
 *   draft, submitted or declined) or a conflict of interest holds between the abstract and a
 *   reviewer of its category. So every review is there with its scores, and beside it, in the
 *   same columns, who could not review the abstract and why (decision 0056);
 * - the decisions: one row per abstract with its scores, its pending decision and, once the
 *   committee has published, the outcome and the presentation's number.
 *
 * Pure: the job worker reads the rows off the request path (storage/export-scan.ts) and writes
 * the CSV (UTF-8 with a BOM, every cell formula-safe: core/office/csv.ts).
 */
import type { StoredAbstract } from '../abstracts/ports';
import { reviewSettings } from '../config/review';
import { categoryName } from '../data/abstract-options';
import type { Column } from '../office/csv';
import { csvInstant } from '../office/exports';
import { coauthorIndex, conflictHolds, conflictReasonText, conflictsOf, type ConflictReason } from './conflicts';
import type { StoredConflictOverride } from './conflict-overrides';
import { outcomeLabels, scoresOf, type AbstractSummary, type Outcome } from './deciding';
import type { StoredReview } from './reviewing';
import { partiesOf, reviewerParty } from './conflict-checks';
import { compareScores, weightedScore } from './scoring';
import { reviewCategoryLabel, reviewCategoryOf, reviewCategoryValues, type ReviewTeamMember } from './team';

const TIME = '(CST, UTC+8)';

export interface AbstractWithOwner {
  abstract: StoredAbstract;
  /** The submitting account's address (undefined if the account is gone). */
  owner_email?: string;
}

/** What the review sheet is made from: every abstract, review and member of the review team, and the accounts' names. */
export interface ReviewSheetSource {
  abstracts: AbstractWithOwner[];
  reviews: StoredReview[];
  members: ReviewTeamMember[];
  /** Every account's address and name, by id (a reviewer who has left the team keeps their name on their reviews). */
  people: ReadonlyMap<string, { email: string; name: string }>;
  /** The office's overrides of computed conflicts (core/review/conflict-overrides.ts), withdrawn ones too. */
  overrides?: StoredConflictOverride[];
}

export interface ReviewSheetRow {
  abstract: StoredAbstract;
  reviewer: { name: string; email: string };
  /** The reviewer's assignment and review; none when the row is there for a conflict only. */
  review?: StoredReview;
  /** The conflicts the rules find now (computed as the assignment does, co-authorship included). */
  conflicts: ConflictReason[];
  /** The office's override of them, in force. */
  override?: StoredConflictOverride;
}

const byCategory = (category: string) => {
  const i = reviewCategoryValues.indexOf(category);
  return i < 0 ? reviewCategoryValues.length : i;
};
const orderOfAbstracts = (a: StoredAbstract, b: StoredAbstract) =>
  byCategory(reviewCategoryOf(a.abstract_category)) - byCategory(reviewCategoryOf(b.abstract_category)) || a.abstract_category.localeCompare(b.abstract_category) || a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id);

/**
 * The rows of the review sheet, by review category and abstract: first the abstract's reviews
 * (in the order they were assigned), then the reviewers of its category in conflict with it who
 * hold no assignment of it. A review whose reviewer is in conflict now (declared since) carries
 * the conflict too: the reviewer no longer sees the abstract.
 */
export function reviewSheetRows(source: ReviewSheetSource): ReviewSheetRow[] {
  const parties = new Map(source.abstracts.map(({ abstract, owner_email }) => [abstract.id, partiesOf(abstract, owner_email)]));
  const coauthors = coauthorIndex([...parties.values()]);
  const reviewers = source.members.filter((m) => m.reviewer);
  const memberById = new Map(reviewers.map((m) => [m.user_id, m]));
  const reviewsOf = new Map<string, StoredReview[]>();
  for (const r of source.reviews) reviewsOf.set(r.abstract_id, [...(reviewsOf.get(r.abstract_id) ?? []), r]);
  const who = (id: string) => {
    const m = memberById.get(id);
    if (m) return { name: m.name, email: m.email };
    return source.people.get(id) ?? { name: 'A deleted account', email: '' };
  };
  const overrideOf = new Map((source.overrides ?? []).filter((o) => o.overridden).map((o) => [`${o.abstract_id} ${o.reviewer_id}`, o]));
  const withOverride = (abstractId: string, reviewerId: string) => {
    const o = overrideOf.get(`${abstractId} ${reviewerId}`);
    return o ? { override: o } : {};
  };
  const rows: ReviewSheetRow[] = [];
  for (const { abstract } of [...source.abstracts].sort((a, b) => orderOfAbstracts(a.abstract, b.abstract))) {
    const party = parties.get(abstract.id)!;
    const conflicts = (reviewerId: string) => {
      const m = memberById.get(reviewerId);
      return m ? conflictsOf(reviewerParty(m), party, coauthors) : [];
    };
    const reviews = [...(reviewsOf.get(abstract.id) ?? [])].sort((a, b) => a.assigned_at.localeCompare(b.assigned_at) || a.reviewer_id.localeCompare(b.reviewer_id));
    for (const review of reviews) rows.push({ abstract, reviewer: who(review.reviewer_id), review, conflicts: conflicts(review.reviewer_id), ...withOverride(abstract.id, review.reviewer_id) });
    const category = reviewCategoryOf(abstract.abstract_category);
    const unassigned = reviewers
      .filter((m) => m.reviewer!.categories.includes(category) && !reviews.some((r) => r.reviewer_id === m.user_id))
      .map((m) => ({ m, reasons: conflicts(m.user_id) }))
      .filter((c) => c.reasons.length > 0)
      .sort((a, b) => a.m.email.localeCompare(b.m.email));
    for (const { m, reasons } of unassigned) rows.push({ abstract, reviewer: { name: m.name, email: m.email }, conflicts: reasons, ...withOverride(abstract.id, m.user_id) });
  }
  return rows;
}

const reviewStateNames: Record<StoredReview['state'], string> = {
  assigned: 'assigned, not started',
  draft: 'draft',
  submitted: 'submitted',
  declined: 'declined',
  removed: 'removed by the committee',
};

/** A draft is the reviewer's unfinished work and counts nowhere: only a submitted review's ratings, proposal and comments are exported (as the committee reads them). */
const submitted = (r: ReviewSheetRow) => (r.review?.state === 'submitted' ? r.review : undefined);

export const reviewSheetColumns: Column<ReviewSheetRow>[] = [
  { header: 'abstract_id', cell: (r) => r.abstract.id },
  { header: 'review_category', cell: (r) => reviewCategoryLabel(reviewCategoryOf(r.abstract.abstract_category)) },
  { header: 'abstract_category', cell: (r) => categoryName(r.abstract.abstract_category) ?? r.abstract.abstract_category },
  { header: 'title_of_abstract', cell: (r) => r.abstract.title_of_abstract },
  { header: 'reviewer_name', cell: (r) => r.reviewer.name },
  { header: 'reviewer_email', cell: (r) => r.reviewer.email },
  { header: 'review_state', cell: (r) => (r.review ? reviewStateNames[r.review.state] : 'not assigned (conflict of interest)') },
  { header: 'decline_reason', cell: (r) => (r.review?.state === 'declined' ? (r.review.decline_reason ?? '') : '') },
  { header: 'conflict_kind', cell: (r) => r.conflicts.join('; ') },
  { header: 'conflict_reason', cell: (r) => r.conflicts.map((c) => `reviewer ${conflictReasonText[c]}`).join('; ') },
  { header: 'conflict_holds', cell: (r) => (r.conflicts.length === 0 ? '' : conflictHolds(r.conflicts, r.override) ? 'yes' : 'no: overridden by the office') },
  { header: 'override_reason', cell: (r) => (r.override ? `${r.override.reason} (${r.override.by}, ${csvInstant(r.override.at)})` : '') },
  ...reviewSettings.criteria.map((c) => ({
    header: `${c.id} (${c.label}; 1-5, weight ${c.weight})`,
    cell: (r: ReviewSheetRow) => submitted(r)?.ratings?.[c.id],
  })),
  { header: 'weighted_score', cell: (r) => (submitted(r)?.ratings ? weightedScore(submitted(r)!.ratings!).toFixed(2) : '') },
  { header: 'proposed_outcome', cell: (r) => submitted(r)?.proposal ?? '' },
  { header: 'comment_to_authors', cell: (r) => submitted(r)?.comment_to_authors ?? '' },
  { header: 'comment_for_committee', cell: (r) => submitted(r)?.comment_to_committee ?? '' },
  { header: `assigned_at ${TIME}`, cell: (r) => csvInstant(r.review?.assigned_at) },
  { header: `submitted_at ${TIME}`, cell: (r) => csvInstant(submitted(r)?.submitted_at) },
  { header: `last_changed_at ${TIME}`, cell: (r) => csvInstant(r.review?.updated_at) },
];

/** What the decisions export is made from: every abstract and every abstract's summary (scores and pending decision). */
export interface DecisionSheetSource {
  abstracts: AbstractWithOwner[];
  summaries: AbstractSummary[];
}

export interface DecisionRow extends AbstractWithOwner {
  summary?: AbstractSummary;
}

/** Every abstract, by review category, ranked as the committee ranks it (best mean first, the unreviewed last). */
export function decisionRows(source: DecisionSheetSource): DecisionRow[] {
  const summaries = new Map(source.summaries.map((s) => [s.abstract_id, s]));
  const none = scoresOf([]);
  return source.abstracts
    .map((a) => ({ ...a, summary: summaries.get(a.abstract.id) }))
    .sort(
      (a, b) =>
        byCategory(reviewCategoryOf(a.abstract.abstract_category)) - byCategory(reviewCategoryOf(b.abstract.abstract_category)) ||
        compareScores(a.summary?.score ?? none, b.summary?.score ?? none) ||
        orderOfAbstracts(a.abstract, b.abstract),
    );
}

/** What the committee's publication wrote on the abstract (core/review/publishing.ts), when it did. */
const published = (r: DecisionRow): Pick<StoredAbstract, 'review_outcome' | 'presentation'> => r.abstract;
const score = (n: number | null | undefined) => (n === null || n === undefined ? '' : n.toFixed(2));
const outcomeText = (value: string | null | undefined) => (value ? (outcomeLabels[value as Outcome] ?? value) : '');

export const decisionColumns: Column<DecisionRow>[] = [
  { header: 'abstract_id', cell: (r) => r.abstract.id },
  { header: 'review_category', cell: (r) => reviewCategoryLabel(reviewCategoryOf(r.abstract.abstract_category)) },
  { header: 'abstract_category', cell: (r) => categoryName(r.abstract.abstract_category) ?? r.abstract.abstract_category },
  { header: 'title_of_abstract', cell: (r) => r.abstract.title_of_abstract },
  { header: 'submitter_name', cell: (r) => r.abstract.submitter_name },
  { header: 'submitter_email', cell: (r) => r.owner_email ?? '' },
  { header: 'reviews_submitted', cell: (r) => r.summary?.score.reviews ?? 0 },
  { header: 'mean_score', cell: (r) => score(r.summary?.score.mean) },
  { header: 'median_score', cell: (r) => score(r.summary?.score.median) },
  {
    header: `reviewers_disagree (a spread of ${reviewSettings.disagreementSpread} or more)`,
    cell: (r) => (r.summary?.score.disagreement.length ? `yes: ${r.summary.score.disagreement.join(', ')}` : 'no'),
  },
  ...reviewSettings.proposals.map((p) => ({ header: `proposed_${p}`, cell: (r: DecisionRow) => r.summary?.score.proposals[p] ?? 0 })),
  { header: 'pending_decision', cell: (r) => outcomeText(r.summary?.decision?.outcome) },
  { header: 'duplicate_of', cell: (r) => r.summary?.decision?.duplicate_of ?? '' },
  { header: 'committee_note', cell: (r) => r.summary?.decision?.note ?? '' },
  { header: 'decided_by', cell: (r) => r.summary?.decision?.decided_by ?? '' },
  { header: `decided_at ${TIME}`, cell: (r) => csvInstant(r.summary?.decision?.decided_at) },
  { header: 'published_outcome', cell: (r) => outcomeText(published(r).review_outcome?.outcome) },
  { header: `published_at ${TIME}`, cell: (r) => csvInstant(published(r).review_outcome?.published_at) },
  { header: 'presentation_type', cell: (r) => published(r).presentation?.type ?? '' },
  { header: 'presentation_number', cell: (r) => published(r).presentation?.number ?? '' },
  { header: `accepted_at ${TIME}`, cell: (r) => csvInstant(published(r).presentation?.accepted_at) },
];
