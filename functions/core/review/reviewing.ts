/**
 * Reviewing: the committee runs the assignment (core/review/assignment.ts) over every abstract;
 * a reviewer reads their queue, reads an assigned abstract (blind: no authors, no institutions),
 * saves a draft or submits a review until the review phase ends, or declines with a reason (the
 * next run assigns the abstract to someone else). Every write is conditioned on the version it
 * was read at and carries its audit entry.
 *
 * Conflicts: the assignment checks every rule (co-authorship needs every abstract, so it is
 * checked there); each reviewer request checks again what can change or be read from the two
 * parties (author, mail domain, institution, declared), so an assignment whose conflict appeared
 * later (a declaration) is "not found" like an abstract that does not exist. Each check applies the
 * office's override of the pair, if one is in force (core/review/conflict-overrides.ts).
 */
import type { StoredAbstract } from '../abstracts/ports';
import type { FileStore, ObjectStore } from '../uploads/ports';
import { DOWNLOAD_URL_SECONDS } from '../uploads/uploads';
import { auditEntry, type Actor, type AuditEntry } from '../audit/audit';
import { reviewPhases } from '../config/conference';
import { instantValue, text } from '../i18n/messages';
import { reviewSettings, type Proposal } from '../config/review';
import { categoryName } from '../data/abstract-options';
import { conflict, forbidden, invalid, notFound } from '../errors';
import { formatCstDeadline, formatCstInstant, isBefore } from '../time';
import { assignReviewers } from './assignment';
import { scoresOf, type AbstractSummary, type DecisionStore } from './deciding';
import { allAbstracts, conflictChecker, NO_COAUTHORS, partiesOf, reviewerParty } from './conflict-checks';
import { activeOverride, type ConflictOverrideStore } from './conflict-overrides';
import { coauthorIndex, conflictHolds, conflictsOf } from './conflicts';
import { ratingsProblems, weightedScore, type Ratings } from './scoring';
import { recheckOpen } from './revision';
import { reviewCategoryOf, reviewCategoryValues, type ReviewTeamMember } from './team';

/** 'removed': the committee took the assignment away by hand (core/review/manual-assignment.ts). */
export type ReviewState = 'assigned' | 'draft' | 'submitted' | 'declined' | 'removed';

/** One reviewer's assignment to one abstract, with their review as it stands. */
export interface StoredReview {
  abstract_id: string;
  /** The abstract's owner (where the abstract is kept). */
  owner_id: string;
  reviewer_id: string;
  /** The review category (the abstract category's group). */
  category: string;
  state: ReviewState;
  ratings?: Ratings;
  proposal?: Proposal;
  comment_to_authors?: string;
  comment_to_committee?: string;
  decline_reason?: string;
  /** Who took the assignment away, when (state 'removed'). */
  removed_by?: string;
  removed_at?: string;
  assigned_at: string;
  assigned_by: string;
  submitted_at?: string;
  updated_at: string;
  /** Moves with every write (each write is conditioned on the one read). */
  version: number;
}

export interface ReviewStore {
  /** A reviewer's assignments (any state). */
  queue(reviewerId: string): Promise<StoredReview[]>;
  get(abstractId: string, reviewerId: string): Promise<StoredReview | undefined>;
  ofAbstract(abstractId: string): Promise<StoredReview[]>;
  /** Every assignment of a review category. */
  ofCategory(category: string): Promise<StoredReview[]>;
  /**
   * Writes `next` if the stored one is still at `readVersion`, with the audit entry, and the
   * abstract's new scores if given (conditioned on the scores read): false if either moved.
   */
  save(next: StoredReview, readVersion: number, audit: AuditEntry, scores?: { summary: AbstractSummary; readScoresV: number | undefined }): Promise<boolean>;
  /**
   * The committee's change by hand, in one write with its audit entry: the assignment taken away
   * (over the version read) and the one made (new, or over the version read of a removed one):
   * false if any moved meanwhile.
   */
  move(change: { remove?: { next: StoredReview; readVersion: number }; add?: { next: StoredReview; readVersion: number | undefined } }, audit: AuditEntry): Promise<boolean>;
  /** New assignments, each only if its pair does not exist yet, with their audit entries: how many were written. */
  addAssignments(items: { review: StoredReview; audit: AuditEntry }[]): Promise<number>;
  /** One run of the assignment at a time: false while another holds the lease. */
  claimRun(runId: string, now: Date): Promise<boolean>;
  releaseRun(runId: string): Promise<void>;
}

export interface AbstractReader {
  /** A page of the abstracts of one abstract category. */
  byCategory(category: string, limit: number, cursor?: string): Promise<{ items: StoredAbstract[]; cursor: string | null }>;
  get(ownerId: string, id: string): Promise<StoredAbstract | undefined>;
}

export interface ReviewDeps {
  reviews: ReviewStore;
  team: { members(): Promise<ReviewTeamMember[]>; member(userId: string): Promise<ReviewTeamMember | undefined> };
  abstracts: AbstractReader;
  /** The e-mail of an abstract's submitting account (an author by account). */
  ownerEmail(ownerId: string): Promise<string | undefined>;
  /** The office's overrides of computed conflicts (core/review/conflict-overrides.ts). */
  overrides: Pick<ConflictOverrideStore, 'get' | 'ofReviewer' | 'ofCategory'>;
  files: Pick<FileStore, 'list'>;
  objects: Pick<ObjectStore, 'presignGet'>;
  decisions: Pick<DecisionStore, 'summary' | 'saveScores'>;
  newId(): string;
}

/** The review's dates in the reader's language (review.json); their English is `reviewMessages`' word for word. */
export const reviewTexts = {
  notOpen: text('api.review.notOpen', { at: instantValue(reviewPhases.reviewOpens) }),
  closed: text('api.review.closed', { at: instantValue(reviewPhases.reviewCloses, 'deadline') }),
};

export const reviewMessages = {
  notFound: 'The abstract was not found among those assigned to you.',
  notOpen: `The review opens on ${formatCstInstant(reviewPhases.reviewOpens)}.`,
  closed: `The review closed on ${formatCstDeadline(reviewPhases.reviewCloses)}: reviews can no longer be changed.`,
  changedMeanwhile: 'This review was changed in another window or on another device since you opened it. Your text is still here: copy what you need, then reload the page.',
  ratings: 'Please rate every criterion from 1 to 5.',
  proposal: 'Please propose oral, poster or reject.',
  commentTooLong: 'This comment is too long (at most 3,000 characters).',
  declineReason: 'Please say why you decline (the committee reads it).',
  alreadySubmittedDecline: 'A submitted review cannot be declined. Change the review instead, or write to the committee.',
  declined: 'You declined this abstract. The committee will assign it to another reviewer.',
  draftSaved: 'Your draft is saved. Submit it before the review closes.',
  submitted: 'Your review is submitted. You can change it until the review closes.',
  runBusy: 'The assignment is already running (started by another committee member). Reload in a minute to see what it assigned.',
  assigned: (added: number, short: number) =>
    `${added} assignment${added === 1 ? '' : 's'} made.` + (short ? ` ${short} abstract${short === 1 ? '' : 's'} could not get ${reviewSettings.reviewersPerAbstract} reviewers from ${short === 1 ? 'its' : 'their'} category's pool.` : ''),
} as const;

/** The review phase; for a revised abstract (the "revise" loop), its re-check too. */
function assertReviewOpen(now: Date, abstract?: StoredAbstract) {
  if (abstract && recheckOpen(abstract, now)) return;
  if (isBefore(now, reviewPhases.reviewOpens)) throw forbidden(reviewTexts.notOpen);
  if (!isBefore(now, reviewPhases.reviewCloses)) throw forbidden(reviewTexts.closed);
}

/** An assignment its reviewer no longer holds: declined, or taken away by the committee. */
export const isGivenBack = (r: StoredReview) => r.state === 'declined' || r.state === 'removed';

/**
 * The reviewer's assignment of this abstract with the abstract, or "not found": not assigned,
 * declined or removed, gone, or in conflict now (after the office's override). Every reviewer
 * route comes through here.
 */
async function assignedAbstract(deps: ReviewDeps, reviewerId: string, abstractId: string) {
  const [review, member] = await Promise.all([deps.reviews.get(abstractId, reviewerId), deps.team.member(reviewerId)]);
  if (!review || isGivenBack(review) || !member?.reviewer?.categories.includes(review.category)) throw notFound(reviewMessages.notFound);
  const [abstract, ownerEmail, override] = await Promise.all([deps.abstracts.get(review.owner_id, abstractId), deps.ownerEmail(review.owner_id), deps.overrides.get(abstractId, reviewerId)]);
  if (!abstract) throw notFound(reviewMessages.notFound);
  if (conflictHolds(conflictsOf(reviewerParty(member), partiesOf(abstract, ownerEmail), NO_COAUTHORS), activeOverride(override))) throw notFound(reviewMessages.notFound);
  return { review, abstract, member };
}

/**
 * The abstract's PDFs for its reviewer: download links (10 minutes) under neutral names, since a
 * file's own name often names its author; the page says the PDF itself may.
 */
async function reviewerFiles(deps: ReviewDeps, abstract: StoredAbstract) {
  const files = (await deps.files.list(abstract.owner_id, 'abstract')).filter((f) => abstract.upload_files.includes(f.id));
  files.sort((a, b) => abstract.upload_files.indexOf(a.id) - abstract.upload_files.indexOf(b.id));
  return Promise.all(
    files.map(async (f, i) => {
      const name = reviewSettings.blind ? `abstract-${i + 1}.pdf` : f.name;
      return { name, size: f.size, url: await deps.objects.presignGet(f.key, { fileName: name, expiresSeconds: DOWNLOAD_URL_SECONDS }) };
    }),
  );
}

/** What a reviewer reads of an abstract: its text; blind, without authors or institutions. */
function reviewedAbstractView(abstract: StoredAbstract, files: Awaited<ReturnType<typeof reviewerFiles>>) {
  return {
    id: abstract.id,
    title_of_abstract: abstract.title_of_abstract,
    abstract_category: abstract.abstract_category,
    abstract_category_name: categoryName(abstract.abstract_category) ?? abstract.abstract_category,
    keywords: abstract.keywords,
    abstract_body: abstract.abstract_body,
    ...(reviewSettings.blind
      ? { blind: true as const }
      : {
          blind: false as const,
          authors: abstract.authors.map((a) => ({ name: `${a.first_name} ${a.last_name}`, institute: a.institute, country: a.country })),
        }),
    files,
  };
}

const reviewView = (r: StoredReview) => ({
  state: r.state,
  ratings: r.ratings ?? null,
  proposal: r.proposal ?? null,
  comment_to_authors: r.comment_to_authors ?? '',
  comment_to_committee: r.comment_to_committee ?? '',
  score: r.ratings && r.state === 'submitted' ? weightedScore(r.ratings) : null,
  submitted_at: r.submitted_at ?? null,
  updated_at: r.updated_at,
  version: r.version,
});

/**
 * The reviewer's open assignments with their abstracts, by abstract id: not those given back
 * (declined or removed), of a category no longer theirs, gone, or in conflict now (unless the
 * office lifted it). What the queue lists and counts, and what the reviewer's export holds
 * (core/review/reviewer-export.ts): never anything else.
 */
export async function openAssignments(deps: Pick<ReviewDeps, 'reviews' | 'team' | 'abstracts' | 'ownerEmail' | 'overrides'>, reviewerId: string) {
  const [reviews, member, overrides] = await Promise.all([deps.reviews.queue(reviewerId), deps.team.member(reviewerId), deps.overrides.ofReviewer(reviewerId)]);
  const overrideOf = new Map(overrides.map((o) => [o.abstract_id, activeOverride(o)]));
  const open = reviews.filter((r) => !isGivenBack(r) && member?.reviewer?.categories.includes(r.category));
  const items = (
    await Promise.all(
      open.map(async (review) => {
        const [abstract, ownerEmail] = await Promise.all([deps.abstracts.get(review.owner_id, review.abstract_id), deps.ownerEmail(review.owner_id)]);
        if (!abstract || !member || conflictHolds(conflictsOf(reviewerParty(member), partiesOf(abstract, ownerEmail), NO_COAUTHORS), overrideOf.get(review.abstract_id))) return undefined;
        return { review, abstract };
      }),
    )
  ).filter((r): r is NonNullable<typeof r> => Boolean(r));
  items.sort((a, b) => a.review.abstract_id.localeCompare(b.review.abstract_id));
  return { member, items };
}

/** GET /review/queue: the reviewer's assigned abstracts (not those declined or in conflict now), with progress. */
export async function reviewQueue(deps: ReviewDeps, reviewerId: string, now: Date) {
  const { member, items } = await openAssignments(deps, reviewerId);
  const rows = items.map(({ review: r, abstract }) => ({ abstract_id: r.abstract_id, title_of_abstract: abstract.title_of_abstract, category: r.category, state: r.state, updated_at: r.updated_at }));
  return {
    items: rows,
    done: rows.filter((r) => r.state === 'submitted').length,
    assigned: rows.length,
    review_opens: reviewPhases.reviewOpens,
    review_closes: reviewPhases.reviewCloses,
    open: !isBefore(now, reviewPhases.reviewOpens) && isBefore(now, reviewPhases.reviewCloses),
    declared: member?.declared ?? { people: [], institutions: [] },
  };
}

/** GET /review/abstracts/{id}: the abstract as the reviewer reads it, their review, and the others' once theirs is submitted. */
export async function reviewedAbstract(deps: ReviewDeps, reviewerId: string, abstractId: string, now: Date) {
  const { review, abstract } = await assignedAbstract(deps, reviewerId, abstractId);
  const others =
    reviewSettings.showOthersAfterOwn && review.state === 'submitted'
      ? (await deps.reviews.ofAbstract(abstractId))
          .filter((r) => r.reviewer_id !== reviewerId && r.state === 'submitted')
          .map((r, i) => ({ reviewer: `Reviewer ${i + 1}`, ratings: r.ratings, proposal: r.proposal, comment_to_authors: r.comment_to_authors ?? '', score: r.ratings ? weightedScore(r.ratings) : null }))
      : null;
  return {
    abstract: reviewedAbstractView(abstract, await reviewerFiles(deps, abstract)),
    review: reviewView(review),
    others,
    criteria: reviewSettings.criteria,
    editable: (!isBefore(now, reviewPhases.reviewOpens) && isBefore(now, reviewPhases.reviewCloses)) || recheckOpen(abstract, now),
    /** Revised by its authors at the committee's request: read it again and change the review (until the re-check closes). */
    recheck: recheckOpen(abstract, now),
  };
}

export interface ReviewInput {
  ratings: Record<string, number>;
  proposal?: Proposal;
  comment_to_authors: string;
  comment_to_committee: string;
  /** Submit (every rating and a proposal needed) or keep as a draft (anything may be missing). */
  submit: boolean;
  version: number;
}

/** PUT /review/abstracts/{id}/review: saves the draft or submits the review (changeable until the phase ends). */
export async function saveReview(deps: ReviewDeps, actor: Actor, abstractId: string, input: ReviewInput, now: Date) {
  const { review, abstract } = await assignedAbstract(deps, actor.id, abstractId);
  assertReviewOpen(now, abstract);
  if (input.version !== review.version) throw conflict(reviewMessages.changedMeanwhile);
  const ratings = Object.fromEntries(Object.entries(input.ratings).filter(([, v]) => v !== undefined && v !== null)) as Ratings;
  if (input.submit) {
    if (ratingsProblems(ratings).length) throw invalid(reviewMessages.ratings, { ratings: reviewMessages.ratings });
    if (!input.proposal) throw invalid(reviewMessages.proposal, { proposal: reviewMessages.proposal });
  } else {
    const wrong = ratingsProblems({ ...Object.fromEntries(reviewSettings.criteria.map((c) => [c.id, 1])), ...ratings });
    if (wrong.length) throw invalid(reviewMessages.ratings, { ratings: reviewMessages.ratings });
  }
  const state: ReviewState = input.submit ? 'submitted' : review.state === 'submitted' ? 'submitted' : 'draft';
  if (!input.submit && review.state === 'submitted') {
    // A submitted review stays submitted: a change is submitted again, never taken back to a draft.
    if (ratingsProblems(ratings).length || !input.proposal) throw invalid(reviewMessages.ratings, { ratings: reviewMessages.ratings });
  }
  const at = now.toISOString();
  const next: StoredReview = {
    ...review,
    state,
    ratings,
    proposal: input.proposal,
    comment_to_authors: input.comment_to_authors,
    comment_to_committee: input.comment_to_committee,
    submitted_at: state === 'submitted' ? at : review.submitted_at,
    updated_at: at,
    version: review.version + 1,
  };
  const action = state === 'submitted' ? (review.state === 'submitted' ? 'review.changed' : 'review.submitted') : 'review.draft_saved';
  const audit = auditEntry({
    action,
    actor,
    at: now,
    object: { type: 'abstract', id: abstractId },
    after: { reviewer_id: actor.id, state, ratings, proposal: input.proposal ?? null },
  });
  // A submission moves the abstract's scores in the same write; another reviewer's submission
  // meanwhile moves them too, so the scores are read again and the write tried again.
  for (let attempt = 0; ; attempt++) {
    const scores = state === 'submitted' ? await nextScores(deps, next, abstract) : undefined;
    if (await deps.reviews.save(next, review.version, audit, scores)) break;
    const stored = await deps.reviews.get(abstractId, actor.id);
    if (!stored || stored.version !== review.version || attempt >= 4) throw conflict(reviewMessages.changedMeanwhile);
  }
  return { message: state === 'submitted' ? reviewMessages.submitted : reviewMessages.draftSaved, data: reviewView(next) };
}

/** The abstract's summary with its scores after `next` (every submitted review of the abstract). */
async function nextScores(deps: ReviewDeps, next: StoredReview, abstract: StoredAbstract) {
  const [reviews, current] = await Promise.all([deps.reviews.ofAbstract(next.abstract_id), deps.decisions.summary(next.abstract_id)]);
  const all = [...reviews.filter((r) => r.reviewer_id !== next.reviewer_id), next];
  const summary: AbstractSummary = {
    ...(current ?? { decision: null, decision_v: 0 }),
    abstract_id: next.abstract_id,
    owner_id: next.owner_id,
    category: next.category,
    title: abstract.title_of_abstract,
    score: scoresOf(all),
    scores_v: (current?.scores_v ?? 0) + 1,
  };
  return { summary, readScoresV: current?.scores_v };
}

/** POST /review/abstracts/{id}/decline: the reviewer gives the abstract back with a reason. */
export async function declineReview(deps: ReviewDeps, actor: Actor, abstractId: string, input: { reason: string; version: number }, now: Date) {
  assertReviewOpen(now);
  const { review } = await assignedAbstract(deps, actor.id, abstractId);
  if (review.state === 'submitted') throw conflict(reviewMessages.alreadySubmittedDecline);
  if (input.version !== review.version) throw conflict(reviewMessages.changedMeanwhile);
  const next: StoredReview = { ...review, state: 'declined', decline_reason: input.reason, updated_at: now.toISOString(), version: review.version + 1 };
  const audit = auditEntry({ action: 'review.declined', actor, at: now, object: { type: 'abstract', id: abstractId }, after: { reviewer_id: actor.id }, reason: input.reason });
  if (!(await deps.reviews.save(next, review.version, audit))) throw conflict(reviewMessages.changedMeanwhile);
  return { message: reviewMessages.declined, data: null };
}

/**
 * POST /review/assignments/run (committee): assigns reviewers to every abstract short of them,
 * keeping what is assigned; one run at a time. Answers what it added and which abstracts stay short.
 */
export async function runAssignment(deps: ReviewDeps, actor: Actor, now: Date) {
  const runId = deps.newId();
  if (!(await deps.reviews.claimRun(runId, now))) throw conflict(reviewMessages.runBusy);
  try {
    const [abstracts, members, existing, overrides] = await Promise.all([
      allAbstracts(deps.abstracts),
      deps.team.members(),
      Promise.all(reviewCategoryValues.map((c) => deps.reviews.ofCategory(c))).then((all) => all.flat()),
      Promise.all(reviewCategoryValues.map((c) => deps.overrides.ofCategory(c))).then((all) => all.flat().filter((o) => o.overridden)),
    ]);
    const owners = [...new Set(abstracts.map((a) => a.owner_id))];
    const ownerEmails = new Map(await Promise.all(owners.map(async (o) => [o, await deps.ownerEmail(o)] as const)));
    const parties = new Map(abstracts.map((a) => [a.id, partiesOf(a, ownerEmails.get(a.owner_id))]));
    const coauthors = coauthorIndex([...parties.values()]);
    const reviewers = members.filter((m) => m.reviewer);
    const byId = new Map(reviewers.map((m) => [m.user_id, reviewerParty(m)]));
    // Every rule, then the office's overrides in force.
    const conflicted = conflictChecker(byId, parties, coauthors, overrides);
    // An assignment counts while its reviewer can still review it: declined, removed by the
    // committee, or hidden since by a conflict or a revoked role, it does not (a submitted review
    // always does). One that does not count is never made again by a run.
    const stillActive = (e: StoredReview) => e.state === 'submitted' || (!isGivenBack(e) && Boolean(byId.get(e.reviewer_id)) && reviewers.find((m) => m.user_id === e.reviewer_id)!.reviewer!.categories.includes(e.category) && !conflicted(e.reviewer_id, e.abstract_id));
    const run = assignReviewers({
      abstracts: abstracts.map((a) => ({ id: a.id, category: reviewCategoryOf(a.abstract_category) })),
      reviewers: reviewers.map((m) => ({ id: m.user_id, categories: m.reviewer!.categories })),
      existing: existing.map((e) => ({ abstract_id: e.abstract_id, reviewer_id: e.reviewer_id, state: stillActive(e) ? 'active' : 'declined' })),
      perAbstract: reviewSettings.reviewersPerAbstract,
      conflicted,
    });
    const abstractById = new Map(abstracts.map((a) => [a.id, a]));
    const at = now.toISOString();
    const written = await deps.reviews.addAssignments(
      run.added.map((a) => {
        const abstract = abstractById.get(a.abstract_id)!;
        return {
          review: {
            abstract_id: a.abstract_id,
            owner_id: abstract.owner_id,
            reviewer_id: a.reviewer_id,
            category: reviewCategoryOf(abstract.abstract_category),
            state: 'assigned',
            assigned_at: at,
            assigned_by: actor.email ?? actor.id,
            updated_at: at,
            version: 1,
          },
          audit: auditEntry({ action: 'review.assigned', actor, at: now, object: { type: 'abstract', id: a.abstract_id }, after: { reviewer_id: a.reviewer_id } }),
        };
      }),
    );
    // Each abstract the committee ranks has a summary from its first assignment (or from the first
    // run that found nobody for it); one made already stays as it is.
    const fresh = new Set([...run.added.map((a) => a.abstract_id), ...run.short.filter((s) => s.assigned === 0).map((s) => s.abstract_id)]);
    for (const id of fresh) {
      const abstract = abstractById.get(id)!;
      await deps.decisions.saveScores(
        { abstract_id: id, owner_id: abstract.owner_id, category: reviewCategoryOf(abstract.abstract_category), title: abstract.title_of_abstract, score: scoresOf([]), scores_v: 1, decision: null, decision_v: 0 },
        undefined,
      );
    }
    return { message: reviewMessages.assigned(written, run.short.length), data: { added: written, short: run.short, abstracts: abstracts.length, reviewers: reviewers.length } };
  } finally {
    await deps.reviews.releaseRun(runId);
  }
}

export const reviewerActor = (p: { userId: string; email: string }): Actor => ({ kind: 'reviewer', id: p.userId, email: p.email });
export const committeeActor = (p: { userId: string; email: string }): Actor => ({ kind: 'committee', id: p.userId, email: p.email });
