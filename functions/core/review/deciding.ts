/**
 * Deciding: the committee's view of a review category, ranked by weighted score (mean, median,
 * number of reviews, where the reviewers disagree, the proposals counted), the oral slots and
 * poster boards of the category with what is decided so far, and a pending decision per abstract
 * (oral, poster, reject, revise, duplicate of another), changeable freely until published.
 *
 * Each abstract has one summary: its scores, kept by every review submission (core/review/
 * reviewing.ts), and its decision, kept by the committee, each part under its own version. The
 * category's counts move in the decision's own write, conditioned on the quota: a category's
 * slots are never over-filled, whatever two committee members do at once.
 */
import { auditEntry, type Actor, type AuditEntry } from '../audit/audit';
import { reviewSettings } from '../config/review';
import { conflict, invalid, notFound } from '../errors';
import type { StoredAbstract } from '../abstracts/ports';
import { scoreAbstract, weightedScore, type AbstractScore } from './scoring';
import { NO_COAUTHORS, partiesOf, reviewerParty } from './conflict-checks';
import { activeOverride, type ConflictOverrideStore } from './conflict-overrides';
import { conflictHolds, conflictsOf } from './conflicts';
import { reviewCategoryLabel, reviewCategoryTerm, reviewCategoryValues, type ReviewTeamMember } from './team';
import { text } from '../i18n/messages';
import type { StoredReview } from './reviewing';
import { decisionOpen, publishTexts, type PublishedDecision } from './publishing';
import { revisionTexts } from './revision';
import { reviewPhases } from '../config/conference';
import { isBefore } from '../time';

export const outcomes = ['oral', 'poster', 'reject', 'revise', 'duplicate'] as const;
export type Outcome = (typeof outcomes)[number];
/** The outcomes that take a slot. */
export type SlotType = 'oral' | 'poster';

export const outcomeLabels: Record<Outcome, string> = {
  oral: 'Accept as oral',
  poster: 'Accept as poster',
  reject: 'Reject',
  revise: 'Ask to revise',
  duplicate: 'Duplicate of another',
};

export interface PendingDecision {
  outcome: Outcome;
  /** For a duplicate: the abstract it duplicates. */
  duplicate_of?: string;
  /** The committee's note (not sent to the authors). */
  note?: string;
  decided_by: string;
  decided_at: string;
}

/** One abstract as the committee ranks it: its scores and its pending decision. */
export interface AbstractSummary {
  abstract_id: string;
  owner_id: string;
  category: string;
  title: string;
  score: AbstractScore;
  /** Moves with each change of the scores (conditioned on it). */
  scores_v: number;
  decision: PendingDecision | null;
  /** Moves with each change of the decision (conditioned on it). */
  decision_v: number;
  /** What was published (core/review/publishing.ts): then the decision is final, unless it asked for a revision. */
  published?: PublishedDecision;
}

export type Counts = Record<Outcome, number>;
export type Quotas = Record<string, Record<SlotType, number>>;

export interface DecisionStore {
  summary(abstractId: string): Promise<AbstractSummary | undefined>;
  /** A page of a category's summaries, best mean first (unreviewed last). */
  ranking(category: string, limit: number, cursor?: string): Promise<{ items: AbstractSummary[]; cursor: string | null }>;
  /** Sets the scores part, conditioned on `scores_v` read (creates the summary if there was none). */
  saveScores(summary: AbstractSummary, readScoresV: number | undefined): Promise<boolean>;
  /**
   * Sets the decision part over the one read at `readDecisionV`, moves the category's counts from
   * `before` to `after` outcome (the new one only while under `quota`), with the audit entry:
   * 'changed' when the decision moved meanwhile, 'full' when the slots are taken.
   */
  saveDecision(summary: AbstractSummary, readDecisionV: number, before: Outcome | null, quota: number | null, audit: AuditEntry): Promise<'ok' | 'changed' | 'full'>;
  counts(category: string): Promise<Counts>;
  quotas(): Promise<{ quotas: Quotas; version: number }>;
  saveQuotas(quotas: Quotas, readVersion: number, audit: AuditEntry): Promise<boolean>;
}

export const decisionMessages = {
  notFound: 'The abstract was not found.',
  unknownCategory: 'Please choose a review category from the list.',
  outcome: 'Please choose an outcome.',
  duplicateOf: 'Please give the abstract it duplicates (another abstract of the congress).',
  changedMeanwhile: "This abstract's decision was changed by another committee member since you opened it. Reload to see it, then decide again.",
  quotasChanged: 'The slots were changed by another committee member since you opened them. Reload to see them, then change them again.',
  full: (category: string, type: SlotType, quota: number) =>
    `The ${type === 'oral' ? 'oral slots' : 'poster boards'} of ${reviewCategoryLabel(category)} are all taken (${quota} of ${quota}). Change another decision first, or give the category more ${type === 'oral' ? 'oral slots' : 'poster boards'}.`,
  belowDecided: (category: string, type: SlotType, decided: number) =>
    `${reviewCategoryLabel(category)} already has ${decided} ${type === 'oral' ? 'orals' : 'posters'} decided: the quota cannot be lower.`,
  decided: (outcome: Outcome) => `Pending: ${outcomeLabels[outcome]}. Nothing is sent until the committee publishes the decisions.`,
  cleared: 'The pending decision is cleared.',
  quotasSaved: 'The slots are saved.',
  reviseOnce: 'This abstract was revised once already: accept it (oral or poster) or reject it.',
} as const;

/** The decisions' messages with values by their catalog ids (review.json); their English is `decisionMessages`' word for word. */
export const decisionTexts = {
  full: (category: string, type: SlotType, quota: number) => text('api.review.full', { category: reviewCategoryTerm(category), type, quota: String(quota) }),
  belowDecided: (category: string, type: SlotType, decided: number) => text('api.review.belowDecided', { category: reviewCategoryTerm(category), type, decided: String(decided) }),
  decided: (outcome: Outcome) => text('api.review.decided', { outcome: text(`review.outcome.${outcome}`) }),
};

export const emptyCounts = (): Counts => ({ oral: 0, poster: 0, reject: 0, revise: 0, duplicate: 0 });

/** The quota of a category and type: the committee's, else the config's. */
export function quotaOf(quotas: Quotas, category: string, type: SlotType): number {
  return quotas[category]?.[type] ?? reviewSettings.defaultQuotas[category]?.[type] ?? reviewSettings.fallbackQuota[type];
}

/** The scores part of an abstract's summary from its reviews (the submitted ones count). */
export function scoresOf(reviews: readonly StoredReview[]): AbstractScore {
  return scoreAbstract(reviews.filter((r) => r.state === 'submitted' && r.ratings && r.proposal).map((r) => ({ ratings: r.ratings!, proposal: r.proposal! })));
}

export interface DecidingDeps {
  decisions: DecisionStore;
}

const slotOf = (outcome: Outcome | null | undefined): SlotType | null => (outcome === 'oral' || outcome === 'poster' ? outcome : null);

/** GET /review/committee/ranking?category=: a page of the category's abstracts, ranked, with the slots and what is decided. */
export async function ranking(deps: DecidingDeps, category: string, limit: number, cursor?: string) {
  if (!reviewCategoryValues.includes(category)) throw invalid(decisionMessages.unknownCategory, { category: decisionMessages.unknownCategory });
  const [page, counts, { quotas }] = await Promise.all([deps.decisions.ranking(category, limit, cursor), deps.decisions.counts(category), deps.decisions.quotas()]);
  return {
    category,
    category_label: reviewCategoryLabel(category),
    items: page.items.map((s) => ({ abstract_id: s.abstract_id, title: s.title, score: s.score, decision: s.decision, version: s.decision_v, published: s.published ?? null })),
    cursor: page.cursor,
    slots: { oral: { quota: quotaOf(quotas, category, 'oral'), decided: counts.oral }, poster: { quota: quotaOf(quotas, category, 'poster'), decided: counts.poster } },
    counts,
    disagreement_spread: reviewSettings.disagreementSpread,
  };
}

export interface DecisionInput {
  outcome: Outcome | null;
  duplicate_of?: string;
  note?: string;
  version: number;
}

/** PUT /review/committee/decisions/{id}: the abstract's pending decision (null clears it), within the category's slots. */
export async function decide(deps: DecidingDeps, actor: Actor, abstractId: string, input: DecisionInput, now: Date) {
  const summary = await deps.decisions.summary(abstractId);
  if (!summary) throw notFound(decisionMessages.notFound);
  if (input.outcome === 'duplicate') {
    const original = input.duplicate_of ? await deps.decisions.summary(input.duplicate_of) : undefined;
    if (!original || original.abstract_id === abstractId) throw invalid(decisionMessages.duplicateOf, { duplicate_of: decisionMessages.duplicateOf });
  }
  if (input.version !== summary.decision_v) throw conflict(decisionMessages.changedMeanwhile);
  if (!decisionOpen(summary)) throw conflict(publishTexts.alreadyPublished(summary.published!.published_at));
  if (summary.published?.outcome === 'revise' && input.outcome === 'revise') throw invalid(decisionMessages.reviseOnce, { outcome: decisionMessages.reviseOnce });
  if (input.outcome === 'revise' && !isBefore(now, reviewPhases.revisionUntil)) throw invalid(revisionTexts.reviseTooLate, { outcome: revisionTexts.reviseTooLate });
  const before = summary.decision?.outcome ?? null;
  const decision: PendingDecision | null = input.outcome
    ? {
        outcome: input.outcome,
        ...(input.outcome === 'duplicate' ? { duplicate_of: input.duplicate_of } : {}),
        ...(input.note ? { note: input.note } : {}),
        decided_by: actor.email ?? actor.id,
        decided_at: now.toISOString(),
      }
    : null;
  const slot = slotOf(input.outcome) !== slotOf(before) ? slotOf(input.outcome) : null;
  const quota = slot ? quotaOf((await deps.decisions.quotas()).quotas, summary.category, slot) : null;
  const next: AbstractSummary = { ...summary, decision, decision_v: summary.decision_v + 1 };
  const audit = auditEntry({
    action: decision ? 'decision.pending' : 'decision.cleared',
    actor,
    at: now,
    object: { type: 'abstract', id: abstractId },
    before: { outcome: before },
    after: { outcome: decision?.outcome ?? null, ...(decision?.duplicate_of ? { duplicate_of: decision.duplicate_of } : {}) },
    ...(input.note ? { reason: input.note } : {}),
  });
  const result = await deps.decisions.saveDecision(next, summary.decision_v, before, quota, audit);
  if (result === 'changed') throw conflict(decisionMessages.changedMeanwhile);
  if (result === 'full') throw conflict(decisionTexts.full(summary.category, slot!, quota!));
  return { message: decision ? decisionTexts.decided(decision.outcome) : decisionMessages.cleared, data: { decision, version: next.decision_v } };
}

/** GET /review/committee/quotas: every category's slots (the committee's or the config's) and what is decided. */
export async function slotTable(deps: DecidingDeps) {
  const [{ quotas, version }, counts] = await Promise.all([deps.decisions.quotas(), Promise.all(reviewCategoryValues.map((c) => deps.decisions.counts(c)))]);
  return {
    version,
    categories: reviewCategoryValues.map((category, i) => ({
      category,
      label: reviewCategoryLabel(category),
      oral: { quota: quotaOf(quotas, category, 'oral'), decided: counts[i]!.oral },
      poster: { quota: quotaOf(quotas, category, 'poster'), decided: counts[i]!.poster },
    })),
  };
}

/** PUT /review/committee/quotas: the slots of every category (never below what is decided). */
export async function saveSlots(deps: DecidingDeps, actor: Actor, input: { quotas: Partial<Quotas>; version: number }, now: Date) {
  const current = await deps.decisions.quotas();
  if (input.version !== current.version) throw conflict(decisionMessages.quotasChanged);
  const quotas: Quotas = {};
  for (const category of reviewCategoryValues) {
    const given = Object.hasOwn(input.quotas, category) ? input.quotas[category] : undefined;
    quotas[category] = { oral: given?.oral ?? quotaOf(current.quotas, category, 'oral'), poster: given?.poster ?? quotaOf(current.quotas, category, 'poster') };
  }
  for (const category of reviewCategoryValues) {
    const counts = await deps.decisions.counts(category);
    for (const type of ['oral', 'poster'] as const) {
      if (quotas[category]![type] < counts[type]) throw invalid(decisionTexts.belowDecided(category, type, counts[type]), { [`quotas.${category}.${type}`]: decisionTexts.belowDecided(category, type, counts[type]) });
    }
  }
  const audit = auditEntry({ action: 'decision.slots_changed', actor, at: now, object: { type: 'review', id: 'quotas' }, before: current.quotas, after: quotas });
  if (!(await deps.decisions.saveQuotas(quotas, current.version, audit))) throw conflict(decisionMessages.quotasChanged);
  return { message: decisionMessages.quotasSaved, data: await slotTable(deps) };
}

export interface CommitteeAbstractDeps extends DecidingDeps {
  reviews: { ofAbstract(abstractId: string): Promise<StoredReview[]> };
  abstracts: { get(ownerId: string, id: string): Promise<StoredAbstract | undefined> };
  team: { members(): Promise<ReviewTeamMember[]> };
  overrides: Pick<ConflictOverrideStore, 'ofAbstract'>;
  /** The e-mail of an abstract's submitting account. */
  ownerEmail(ownerId: string): Promise<string | undefined>;
}

/**
 * GET /review/committee/abstracts/{id}: everything the committee decides on: the abstract with its
 * authors, every review with its reviewer, the scores and the decision; and the reviewers of its
 * category it can assign by hand (core/review/manual-assignment.ts): not holding or declined, no
 * conflict by the rules of the two parties after the office's override (co-authorship, which
 * needs every abstract, is checked when one is added).
 */
export async function committeeAbstract(deps: CommitteeAbstractDeps, abstractId: string) {
  const summary = await deps.decisions.summary(abstractId);
  if (!summary) throw notFound(decisionMessages.notFound);
  const [abstract, reviews, members, overrides, ownerEmail] = await Promise.all([
    deps.abstracts.get(summary.owner_id, abstractId),
    deps.reviews.ofAbstract(abstractId),
    deps.team.members(),
    deps.overrides.ofAbstract(abstractId),
    deps.ownerEmail(summary.owner_id),
  ]);
  if (!abstract) throw notFound(decisionMessages.notFound);
  const label = (m: { name: string; email: string }) => (m.name ? `${m.name} (${m.email})` : m.email);
  const who = new Map(members.map((m) => [m.user_id, label(m)]));
  const taken = new Set(reviews.filter((r) => r.state !== 'removed').map((r) => r.reviewer_id));
  const overrideOf = new Map(overrides.map((o) => [o.reviewer_id, activeOverride(o)]));
  const parties = partiesOf(abstract, ownerEmail);
  const eligible = members
    .filter((m) => m.reviewer?.categories.includes(summary.category) && !taken.has(m.user_id) && m.user_id !== abstract.owner_id)
    .filter((m) => !conflictHolds(conflictsOf(reviewerParty(m), parties, NO_COAUTHORS), overrideOf.get(m.user_id)))
    .sort((a, b) => a.email.localeCompare(b.email))
    .map((m) => ({ user_id: m.user_id, label: label(m) }));
  return {
    abstract: {
      id: abstract.id,
      title_of_abstract: abstract.title_of_abstract,
      abstract_category: abstract.abstract_category,
      keywords: abstract.keywords,
      abstract_body: abstract.abstract_body,
      authors: abstract.authors.map((a) => ({ name: `${a.first_name} ${a.last_name}`, institute: a.institute, country: a.country })),
    },
    score: summary.score,
    decision: summary.decision,
    version: summary.decision_v,
    published: summary.published ?? null,
    reviews: reviews
      .filter((r) => r.state !== 'removed')
      .sort((a, b) => a.assigned_at.localeCompare(b.assigned_at) || a.reviewer_id.localeCompare(b.reviewer_id))
      .map((r) => ({
        reviewer_id: r.reviewer_id,
        reviewer: who.get(r.reviewer_id) ?? 'A former reviewer',
        state: r.state,
        ratings: r.state === 'submitted' ? (r.ratings ?? null) : null,
        proposal: r.state === 'submitted' ? (r.proposal ?? null) : null,
        score: r.state === 'submitted' && r.ratings ? weightedScore(r.ratings) : null,
        comment_to_authors: r.state === 'submitted' ? (r.comment_to_authors ?? '') : '',
        comment_to_committee: r.state === 'submitted' ? (r.comment_to_committee ?? '') : '',
        decline_reason: r.state === 'declined' ? (r.decline_reason ?? '') : null,
      })),
    eligible_reviewers: eligible,
  };
}
