/**
 * The conflict checks the review's parts share (the reviewer's routes, the assignment run, the
 * committee's changes by hand, the office's overrides): the two parties as conflicts.ts reads
 * them, the co-authorship that bears on given reviewers, and whether a conflict holds once the
 * office's override is applied (decision 0057).
 */
import type { StoredAbstract } from '../abstracts/ports';
import { abstractCategories } from '../data/abstract-options';
import {
  coauthorIndex,
  conflictHolds,
  conflictsOf,
  type AbstractParties,
  type CoauthorIndex,
  type ConflictOverride,
  type ReviewerParty,
} from './conflicts';
import type { ReviewTeamMember } from './team';

export const partiesOf = (abstract: StoredAbstract, ownerEmail?: string): AbstractParties => ({
  id: abstract.id,
  owner_id: abstract.owner_id,
  owner_email: ownerEmail,
  authors: [...abstract.authors, ...abstract.presenter_infos],
});

export const reviewerParty = (m: ReviewTeamMember): ReviewerParty => ({ userId: m.user_id, email: m.email, organization: m.organization, declared: m.declared });

/** For the checks made per request: co-authorship is checked where every abstract is read (the run, a change by hand, the office). */
export const NO_COAUTHORS: CoauthorIndex = new Map();

/** One reviewer and one abstract, as a map key. */
export const pairKey = (abstractId: string, reviewerId: string) => `${abstractId}\u0000${reviewerId}`;

export interface AbstractPages {
  /** A page of the abstracts of one abstract category. */
  byCategory(category: string, limit: number, cursor?: string): Promise<{ items: StoredAbstract[]; cursor: string | null }>;
}

/** Every abstract of the congress, by abstract category (a page of each at a time). */
export async function allAbstracts(abstracts: AbstractPages): Promise<StoredAbstract[]> {
  const all: StoredAbstract[] = [];
  for (const group of abstractCategories) {
    for (const child of group.children) {
      let cursor: string | undefined;
      do {
        const page = await abstracts.byCategory(child.value, 500, cursor);
        all.push(...page.items);
        cursor = page.cursor ?? undefined;
      } while (cursor);
    }
  }
  return all;
}

const address = (value: string) => value.trim().toLowerCase();

/**
 * Co-authorship as it bears on these reviewers: the index of the abstracts each of them submitted
 * or is listed on, with those abstracts' submitting accounts. For a reviewer's address it answers
 * what the congress's whole index would, reading only the few submitting accounts concerned.
 */
export async function coauthorsOf(
  reviewers: readonly ReviewerParty[],
  abstracts: readonly StoredAbstract[],
  ownerEmail: (ownerId: string) => Promise<string | undefined>,
): Promise<CoauthorIndex> {
  const ids = new Set(reviewers.map((r) => r.userId));
  const addresses = new Set(reviewers.map((r) => address(r.email)));
  const theirs = abstracts.filter((a) => ids.has(a.owner_id) || [...a.authors, ...a.presenter_infos].some((p) => addresses.has(address(p.email))));
  const owners = [...new Set(theirs.map((a) => a.owner_id))];
  const emails = new Map(await Promise.all(owners.map(async (o) => [o, await ownerEmail(o)] as const)));
  return coauthorIndex(theirs.map((a) => partiesOf(a, emails.get(a.owner_id))));
}

/**
 * Whether a conflict holds between a reviewer and an abstract, for the assignment: every rule,
 * then the office's overrides (withdrawn ones are not passed). An unknown reviewer or abstract is
 * in conflict (nothing is assigned on what cannot be checked).
 */
export function conflictChecker(
  reviewers: ReadonlyMap<string, ReviewerParty>,
  abstracts: ReadonlyMap<string, AbstractParties>,
  coauthors: CoauthorIndex,
  overrides: readonly ConflictOverride[],
): (reviewerId: string, abstractId: string) => boolean {
  const byPair = new Map(overrides.map((o) => [pairKey(o.abstract_id, o.reviewer_id), o]));
  return (reviewerId, abstractId) => {
    const reviewer = reviewers.get(reviewerId);
    const abstract = abstracts.get(abstractId);
    return !reviewer || !abstract || conflictHolds(conflictsOf(reviewer, abstract, coauthors), byPair.get(pairKey(abstractId, reviewerId)));
  };
}
