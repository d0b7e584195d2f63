/**
 * Who reviews what. Each abstract gets `perAbstract` reviewers from its review category's pool,
 * none in conflict, none who declined it, loads as even as the pool allows. A run never moves what
 * an earlier run (or a person) assigned: it only adds to abstracts short of reviewers, so it can
 * be run again for new abstracts and after declines.
 *
 * Balance, precisely: after a run, no assignment it made could move to another reviewer of the
 * category who may review that abstract and has at least two fewer assignments in the category
 * (loads count the category's active assignments). Where every reviewer may review every abstract,
 * that is a spread of at most one between the busiest and the least busy reviewer of a category.
 *
 * Deterministic: the same input gives the same assignment (ties go by reviewer id).
 */

export interface AssignmentAbstract {
  id: string;
  /** The review category (the abstract category's group). */
  category: string;
}

export interface AssignmentReviewer {
  id: string;
  categories: readonly string[];
}

export interface ExistingAssignment {
  abstract_id: string;
  reviewer_id: string;
  /** A declined assignment counts for nobody's load and is never made again. */
  state: 'active' | 'declined';
}

export interface AssignmentInput {
  abstracts: readonly AssignmentAbstract[];
  reviewers: readonly AssignmentReviewer[];
  existing: readonly ExistingAssignment[];
  perAbstract: number;
  /** Whether a conflict holds (after the office's overrides). */
  conflicted(reviewerId: string, abstractId: string): boolean;
}

export interface AssignmentRun {
  /** The new assignments, in a stable order. */
  added: { abstract_id: string; reviewer_id: string }[];
  /** Abstracts the pool could not give enough reviewers: how many they have and lack. */
  short: { abstract_id: string; category: string; assigned: number; missing: number }[];
}

const pairKey = (abstractId: string, reviewerId: string) => `${abstractId}\u0000${reviewerId}`;

export function assignReviewers(input: AssignmentInput): AssignmentRun {
  const taken = new Set<string>(); // pairs that exist in any state (active or declined)
  const activeCount = new Map<string, number>(); // abstract -> active reviewers
  for (const e of input.existing) {
    taken.add(pairKey(e.abstract_id, e.reviewer_id));
    if (e.state === 'active') activeCount.set(e.abstract_id, (activeCount.get(e.abstract_id) ?? 0) + 1);
  }
  const categoryOf = new Map(input.abstracts.map((a) => [a.id, a.category]));
  const load = new Map<string, number>(); // category \0 reviewer -> active assignments in it
  const loadKey = (category: string, reviewerId: string) => `${category}\u0000${reviewerId}`;
  const loadOf = (category: string, reviewerId: string) => load.get(loadKey(category, reviewerId)) ?? 0;
  const addLoad = (category: string, reviewerId: string, delta: number) =>
    load.set(loadKey(category, reviewerId), loadOf(category, reviewerId) + delta);
  for (const e of input.existing) {
    const category = categoryOf.get(e.abstract_id);
    if (e.state === 'active' && category !== undefined) addLoad(category, e.reviewer_id, 1);
  }

  const pools = new Map<string, AssignmentReviewer[]>();
  for (const r of [...input.reviewers].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    for (const c of new Set(r.categories)) pools.set(c, [...(pools.get(c) ?? []), r]);
  }
  const eligible = (abstract: AssignmentAbstract, reviewerId: string) =>
    !taken.has(pairKey(abstract.id, reviewerId)) && !input.conflicted(reviewerId, abstract.id);

  // Greedy: the least loaded eligible reviewers, abstracts in id order (stable across runs).
  const added: { abstract_id: string; reviewer_id: string }[] = [];
  const ordered = [...input.abstracts].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const abstract of ordered) {
    const pool = pools.get(abstract.category) ?? [];
    let need = input.perAbstract - (activeCount.get(abstract.id) ?? 0);
    if (need <= 0) continue;
    const candidates = pool
      .filter((r) => eligible(abstract, r.id))
      .sort((a, b) => loadOf(abstract.category, a.id) - loadOf(abstract.category, b.id));
    for (const r of candidates) {
      if (need === 0) break;
      taken.add(pairKey(abstract.id, r.id));
      addLoad(abstract.category, r.id, 1);
      activeCount.set(abstract.id, (activeCount.get(abstract.id) ?? 0) + 1);
      added.push({ abstract_id: abstract.id, reviewer_id: r.id });
      need--;
    }
  }

  // Local moves: an assignment of this run goes to a reviewer with at least two fewer, until none
  // can (each move lowers the sum of squared loads, so this ends).
  const abstractById = new Map(input.abstracts.map((a) => [a.id, a]));
  let moved = true;
  while (moved) {
    moved = false;
    for (const assignment of added) {
      const abstract = abstractById.get(assignment.abstract_id)!;
      const from = loadOf(abstract.category, assignment.reviewer_id);
      let best: AssignmentReviewer | undefined;
      for (const r of pools.get(abstract.category) ?? []) {
        if (!eligible(abstract, r.id)) continue;
        const to = loadOf(abstract.category, r.id);
        if (to <= from - 2 && (!best || to < loadOf(abstract.category, best.id))) best = r;
      }
      if (!best) continue;
      taken.delete(pairKey(abstract.id, assignment.reviewer_id));
      addLoad(abstract.category, assignment.reviewer_id, -1);
      taken.add(pairKey(abstract.id, best.id));
      addLoad(abstract.category, best.id, 1);
      assignment.reviewer_id = best.id;
      moved = true;
    }
  }

  const short = ordered
    .map((a) => ({
      abstract_id: a.id,
      category: a.category,
      assigned: activeCount.get(a.id) ?? 0,
      missing: input.perAbstract - (activeCount.get(a.id) ?? 0),
    }))
    .filter((s) => s.missing > 0);
  added.sort((a, b) =>
    a.abstract_id === b.abstract_id
      ? a.reviewer_id < b.reviewer_id
        ? -1
        : 1
      : a.abstract_id < b.abstract_id
        ? -1
        : 1,
  );
  return { added, short };
}
