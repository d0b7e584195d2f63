/**
 * The office and the conflicts of interest (decision 0057): an organiser lists the conflicts the
 * rules find between a review category's reviewers and its abstracts, and overrides one with a
 * reason (the reasons that hold then no longer keep that reviewer from that abstract) or withdraws
 * the override. An author's own abstract is never overridden. Each change is written with its
 * audit entry (`review_conflict.overridden`, `review_conflict.restored`), conditioned on the
 * override's version as the office read it.
 *
 * The override takes effect wherever the review decides who may see or review an abstract: each
 * reviewer request (core/review/reviewing.ts), the assignment run, the committee's changes by
 * hand (core/review/manual-assignment.ts) and the committee's list of eligible reviewers.
 */
import { auditEntry, type Actor, type AuditEntry } from '../audit/audit';
import { conflict, invalid, notFound } from '../errors';
import { text } from '../i18n/messages';
import { allAbstracts, coauthorsOf, pairKey, partiesOf, reviewerParty, type AbstractPages } from './conflict-checks';
import { conflictHolds, conflictReasonText, conflictsOf, type ConflictOverride, type ConflictReason } from './conflicts';
import type { StoredReview } from './reviewing';
import { reviewCategoryLabel, reviewCategoryOf, type ReviewTeamMember } from './team';

/** An override as kept: withdrawn, it stays (its version moves on) with who withdrew it and why. */
export interface StoredConflictOverride extends ConflictOverride {
  /** The abstract's review category (the office lists a category's overrides). */
  category: string;
  /** false once the office withdrew it: the conflict holds again. */
  overridden: boolean;
  /** Who last changed it, when (an override or its withdrawal). */
  by: string;
  at: string;
  version: number;
}

export interface ConflictOverrideStore {
  /** The override of one reviewer and one abstract, in any state. */
  get(abstractId: string, reviewerId: string): Promise<StoredConflictOverride | undefined>;
  ofReviewer(reviewerId: string): Promise<StoredConflictOverride[]>;
  ofAbstract(abstractId: string): Promise<StoredConflictOverride[]>;
  ofCategory(category: string): Promise<StoredConflictOverride[]>;
  /** Writes `next` over the version read (0: none yet) with the audit entry: false if it moved meanwhile. */
  save(next: StoredConflictOverride, readVersion: number, audit: AuditEntry): Promise<boolean>;
}

/** The override in force, if any (a withdrawn one lifts nothing). */
export const activeOverride = (o: StoredConflictOverride | undefined) => (o?.overridden ? o : undefined);

export const conflictOverrideMessages = {
  notFound: 'The abstract was not found.',
  cursor: 'This page of the list is no longer valid: open the list again from its first page.',
  reason: 'Please give the reason (it is kept in the audit log).',
  author: 'An author never reviews their own abstract: this conflict cannot be overridden.',
  notReviewer: 'This person does not review the category of this abstract: the office grants the category on the Review team page first.',
  noConflict: 'No conflict of interest holds between this reviewer and this abstract: there is nothing to override.',
  notOverridden: 'This conflict is not overridden: there is nothing to restore.',
  changedMeanwhile: 'This conflict was overridden or restored by another organiser since you opened the list. Reload it to see what holds now.',
  overridden: (email: string) => `The conflict is overridden: ${email} may review this abstract (the committee assigns them by hand or in its next run).`,
  alreadyOverridden: (email: string) => `The conflict is already overridden: ${email} may review this abstract.`,
  restored: (email: string) => `The conflict holds again: ${email} no longer sees this abstract, and the next assignment run gives it to another reviewer.`,
} as const;

/** The overrides' answers by their catalog ids (review.json); their English is `conflictOverrideMessages`' word for word. */
export const conflictOverrideTexts = {
  overridden: (email: string) => text('api.review.overridden', { email }),
  alreadyOverridden: (email: string) => text('api.review.alreadyOverridden', { email }),
  restored: (email: string | undefined) => text('api.review.restored', { email: email ?? text('api.review.theReviewer') }),
};

export interface ConflictOfficeDeps {
  overrides: ConflictOverrideStore;
  team: { members(): Promise<ReviewTeamMember[]>; member(userId: string): Promise<ReviewTeamMember | undefined> };
  abstracts: AbstractPages;
  reviews: { ofCategory(category: string): Promise<StoredReview[]> };
  /** The e-mail of an abstract's submitting account. */
  ownerEmail(ownerId: string): Promise<string | undefined>;
}

const reasonsView = (reasons: readonly ConflictReason[]) => reasons.map((code) => ({ code, text: conflictReasonText[code] }));

/** The cursor of the office's list: the last row's key (abstract, reviewer's e-mail, reviewer), in hex. */
const encodeCursor = (key: string) => [...new TextEncoder().encode(key)].map((b) => b.toString(16).padStart(2, '0')).join('');
function decodeCursor(cursor: string | undefined): string {
  if (!cursor) return '';
  if (!/^(?:[0-9a-f]{2})+$/.test(cursor)) throw invalid(conflictOverrideMessages.cursor, { cursor: conflictOverrideMessages.cursor });
  return new TextDecoder().decode(Uint8Array.from(cursor.match(/../g)!.map((h) => parseInt(h, 16))));
}
/** Code point order (the cursor compares keys so). */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * GET /office/review_conflicts?category=&cursor=&limit=: the conflicts the rules find between the
 * category's reviewers and its abstracts (and the overrides in force), by abstract then reviewer,
 * a page at a time. Co-authorship needs every abstract of the congress: they are read each time.
 */
export async function listConflicts(deps: ConflictOfficeDeps, category: string, limit: number, cursor?: string) {
  const after = decodeCursor(cursor);
  const [abstracts, members, stored, assignments] = await Promise.all([allAbstracts(deps.abstracts), deps.team.members(), deps.overrides.ofCategory(category), deps.reviews.ofCategory(category)]);
  const reviewers = members.filter((m) => m.reviewer?.categories.includes(category)).sort((a, b) => byCodePoint(a.email, b.email) || byCodePoint(a.user_id, b.user_id));
  const ofCategory = abstracts.filter((a) => reviewCategoryOf(a.abstract_category) === category).sort((a, b) => byCodePoint(a.id, b.id));
  const coauthors = await coauthorsOf(reviewers.map(reviewerParty), abstracts, deps.ownerEmail);
  const overrides = new Map(stored.map((o) => [pairKey(o.abstract_id, o.reviewer_id), o]));
  const assigned = new Map(assignments.map((r) => [pairKey(r.abstract_id, r.reviewer_id), r.state]));
  const rows = [];
  let more = false;
  outer: for (const abstract of ofCategory) {
    const parties = partiesOf(abstract);
    for (const member of reviewers) {
      const key = `${abstract.id}\u0000${member.email}\u0000${member.user_id}`;
      if (after && key <= after) continue;
      const reasons = conflictsOf(reviewerParty(member), parties, coauthors);
      const override = overrides.get(pairKey(abstract.id, member.user_id));
      const active = activeOverride(override);
      if (reasons.length === 0 && !active) continue;
      if (rows.length === limit) {
        more = true;
        break outer;
      }
      rows.push({
        key,
        abstract_id: abstract.id,
        title: abstract.title_of_abstract,
        reviewer_id: member.user_id,
        reviewer_email: member.email,
        reviewer_name: member.name,
        reasons: reasonsView(reasons),
        holds: conflictHolds(reasons, active),
        /** Authorship is never overridden; a conflict with no computed reason has nothing to lift. */
        overridable: reasons.length > 0 && !reasons.includes('author'),
        override: active ? { lifted: reasonsView(active.lifted), reason: active.reason, by: active.by, at: active.at } : null,
        /** The last withdrawal, while none is in force. */
        restored: override && !override.overridden ? { reason: override.reason, by: override.by, at: override.at } : null,
        assignment: assigned.get(pairKey(abstract.id, member.user_id)) ?? null,
        version: override?.version ?? 0,
      });
    }
  }
  return {
    category,
    category_label: reviewCategoryLabel(category),
    items: rows.map(({ key: _key, ...row }) => row),
    cursor: more && rows.length ? encodeCursor(rows.at(-1)!.key) : null,
  };
}

export interface ConflictOverrideInput {
  abstract_id: string;
  reviewer_id: string;
  /** true: lift the conflict that holds now; false: withdraw the override in force. */
  overridden: boolean;
  reason: string;
  /** The override's version as the office read it (0: none). */
  version: number;
}

/** PUT /office/review_conflicts: overrides a computed conflict with a reason, or withdraws the override (audited). */
export async function setConflictOverride(deps: ConflictOfficeDeps, actor: Actor, input: ConflictOverrideInput, now: Date) {
  const reason = input.reason.trim();
  if (!reason) throw invalid(conflictOverrideMessages.reason, { reason: conflictOverrideMessages.reason });
  const abstracts = await allAbstracts(deps.abstracts);
  const abstract = abstracts.find((a) => a.id === input.abstract_id);
  if (!abstract) throw notFound(conflictOverrideMessages.notFound);
  const stored = await deps.overrides.get(abstract.id, input.reviewer_id);
  if (input.version !== (stored?.version ?? 0)) throw conflict(conflictOverrideMessages.changedMeanwhile);
  const category = reviewCategoryOf(abstract.abstract_category);
  const by = actor.email ?? actor.id;
  const at = now.toISOString();
  const object = { type: 'abstract', id: abstract.id };

  if (!input.overridden) {
    if (!stored?.overridden) throw invalid(conflictOverrideMessages.notOverridden);
    const next: StoredConflictOverride = { ...stored, overridden: false, reason, by, at, version: stored.version + 1 };
    const audit = auditEntry({ action: 'review_conflict.restored', actor, at: now, object, before: { reviewer_id: stored.reviewer_id, lifted: stored.lifted }, after: { reviewer_id: stored.reviewer_id, lifted: [] }, reason });
    if (!(await deps.overrides.save(next, stored.version, audit))) throw conflict(conflictOverrideMessages.changedMeanwhile);
    const member = await deps.team.member(stored.reviewer_id);
    return { message: conflictOverrideTexts.restored(member?.email), data: { overridden: false, lifted: [], version: next.version } };
  }

  // The submitting account is an author whatever the roster says: refused before anything else.
  if (abstract.owner_id === input.reviewer_id) throw invalid(conflictOverrideMessages.author, { reviewer_id: conflictOverrideMessages.author });
  const member = await deps.team.member(input.reviewer_id);
  if (!member?.reviewer?.categories.includes(category)) throw invalid(conflictOverrideMessages.notReviewer, { reviewer_id: conflictOverrideMessages.notReviewer });
  const reviewer = reviewerParty(member);
  const reasons = conflictsOf(reviewer, partiesOf(abstract, await deps.ownerEmail(abstract.owner_id)), await coauthorsOf([reviewer], abstracts, deps.ownerEmail));
  if (reasons.includes('author')) throw invalid(conflictOverrideMessages.author, { reviewer_id: conflictOverrideMessages.author });
  if (reasons.length === 0) throw invalid(conflictOverrideMessages.noConflict, { reviewer_id: conflictOverrideMessages.noConflict });
  const active = activeOverride(stored);
  if (active && !conflictHolds(reasons, active)) return { message: conflictOverrideTexts.alreadyOverridden(member.email), data: { overridden: true, lifted: active.lifted, version: active.version } };
  const next: StoredConflictOverride = { abstract_id: abstract.id, reviewer_id: member.user_id, category, lifted: reasons, reason, overridden: true, by, at, version: (stored?.version ?? 0) + 1 };
  const audit = auditEntry({ action: 'review_conflict.overridden', actor, at: now, object, before: { reviewer_id: member.user_id, lifted: active?.lifted ?? [] }, after: { reviewer_id: member.user_id, lifted: reasons }, reason });
  if (!(await deps.overrides.save(next, stored?.version ?? 0, audit))) throw conflict(conflictOverrideMessages.changedMeanwhile);
  return { message: conflictOverrideTexts.overridden(member.email), data: { overridden: true, lifted: reasons, version: next.version } };
}
