/**
 * Reviewer assignment, model-based: over random pools, categories, conflicts and declines (and
 * runs repeated after new abstracts and declines), every run keeps its invariants.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignReviewers, type AssignmentInput, type ExistingAssignment } from '#core/review/assignment';

const CATEGORIES = ['registration', 'descriptive', 'aetiology'];

const world = fc.record({
  reviewers: fc.array(fc.subarray(CATEGORIES, { minLength: 1 }), { minLength: 0, maxLength: 12 }),
  abstracts: fc.array(fc.constantFrom(...CATEGORIES), { minLength: 0, maxLength: 40 }),
  perAbstract: fc.integer({ min: 1, max: 4 }),
  conflictRate: fc.constantFrom(0, 0.1, 0.4),
  seed: fc.integer(),
  /** Rounds after the first: new abstracts arrive, some reviewers decline. */
  rounds: fc.array(
    fc.record({
      newAbstracts: fc.array(fc.constantFrom(...CATEGORIES), { maxLength: 10 }),
      declines: fc.nat({ max: 5 }),
    }),
    { maxLength: 3 },
  ),
});

/** A pseudo-random but fixed conflict relation. */
function conflictsFrom(seed: number, rate: number) {
  return (r: string, a: string) => {
    let h = seed ^ 0x9e3779b9;
    for (const ch of `${r}|${a}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
    return ((h >>> 0) % 1000) / 1000 < rate;
  };
}

/** The invariants of one run, checked against its input. */
function checkRun(input: AssignmentInput, run: ReturnType<typeof assignReviewers>) {
  const categoryOf = new Map(input.abstracts.map((a) => [a.id, a.category]));
  const reviewerCats = new Map(input.reviewers.map((r) => [r.id, new Set(r.categories)]));
  const pairs = new Set(input.existing.map((e) => `${e.abstract_id}|${e.reviewer_id}`));
  for (const a of run.added) {
    // Never in conflict, never the reviewer's other category, never a pair that exists or was declined, never twice.
    expect(input.conflicted(a.reviewer_id, a.abstract_id)).toBe(false);
    expect(reviewerCats.get(a.reviewer_id)?.has(categoryOf.get(a.abstract_id)!)).toBe(true);
    expect(pairs.has(`${a.abstract_id}|${a.reviewer_id}`)).toBe(false);
    pairs.add(`${a.abstract_id}|${a.reviewer_id}`);
  }
  const active = [...input.existing.filter((e) => e.state === 'active'), ...run.added];
  const count = (id: string) => active.filter((e) => e.abstract_id === id).length;
  for (const abstract of input.abstracts) {
    const eligible = input.reviewers.filter(
      (r) =>
        r.categories.includes(abstract.category) &&
        !input.conflicted(r.id, abstract.id) &&
        !input.existing.some(
          (e) => e.abstract_id === abstract.id && e.reviewer_id === r.id && e.state === 'declined',
        ),
    ).length;
    // N where the pool allows: as many as the eligible pool gives (and what was there stays).
    const before = input.existing.filter((e) => e.state === 'active' && e.abstract_id === abstract.id).length;
    expect(count(abstract.id)).toBe(Math.max(before, Math.min(input.perAbstract, eligible)));
    const short = run.short.find((s) => s.abstract_id === abstract.id);
    expect(short?.missing ?? 0).toBe(Math.max(0, input.perAbstract - count(abstract.id)));
  }
  // Balance: no new assignment could go to an eligible reviewer with two fewer in the category.
  const load = (category: string, reviewerId: string) =>
    active.filter((e) => e.reviewer_id === reviewerId && categoryOf.get(e.abstract_id) === category).length;
  const taken = new Set([
    ...input.existing.map((e) => `${e.abstract_id}|${e.reviewer_id}`),
    ...run.added.map((a) => `${a.abstract_id}|${a.reviewer_id}`),
  ]);
  for (const a of run.added) {
    const category = categoryOf.get(a.abstract_id)!;
    for (const r of input.reviewers) {
      if (
        !r.categories.includes(category) ||
        input.conflicted(r.id, a.abstract_id) ||
        taken.has(`${a.abstract_id}|${r.id}`)
      )
        continue;
      expect(load(category, r.id)).toBeGreaterThanOrEqual(load(category, a.reviewer_id) - 1);
    }
  }
  return active;
}

describe('reviewer assignment', () => {
  it('keeps its invariants over random pools, conflicts, declines and re-runs', () => {
    fc.assert(
      fc.property(world, (w) => {
        const reviewers = w.reviewers.map((categories, i) => ({
          id: `r${String(i).padStart(2, '0')}`,
          categories,
        }));
        const conflicted = conflictsFrom(w.seed, w.conflictRate);
        let abstracts = w.abstracts.map((category, i) => ({
          id: `a${String(i).padStart(3, '0')}`,
          category,
        }));
        let existing: ExistingAssignment[] = [];
        for (const round of [{ newAbstracts: [], declines: 0 }, ...w.rounds]) {
          abstracts = [
            ...abstracts,
            ...round.newAbstracts.map((category, i) => ({ id: `a${abstracts.length + i}-n`, category })),
          ];
          // Some active assignments are declined before the run.
          let declines = round.declines;
          existing = existing.map((e) =>
            e.state === 'active' && declines-- > 0 ? { ...e, state: 'declined' as const } : e,
          );
          const input = { abstracts, reviewers, existing, perAbstract: w.perAbstract, conflicted };
          const run = assignReviewers(input);
          checkRun(input, run);
          // A re-run keeps what was assigned (existing pairs come back unchanged) and adds nothing new when nothing changed.
          existing = [...existing, ...run.added.map((a) => ({ ...a, state: 'active' as const }))];
          const again = assignReviewers({ ...input, existing });
          expect(again.added).toEqual([]);
        }
      }),
      { numRuns: 300, seed: 20241104 },
    );
  });

  it('spreads loads by at most one where every reviewer may review every abstract', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 0, max: 80 }),
        fc.integer({ min: 1, max: 3 }),
        (pool, count, perAbstract) => {
          const reviewers = Array.from({ length: pool }, (_, i) => ({
            id: `r${i}`,
            categories: ['registration'],
          }));
          const abstracts = Array.from({ length: count }, (_, i) => ({
            id: `a${String(i).padStart(3, '0')}`,
            category: 'registration',
          }));
          const run = assignReviewers({
            abstracts,
            reviewers,
            existing: [],
            perAbstract,
            conflicted: () => false,
          });
          const loads = reviewers.map((r) => run.added.filter((a) => a.reviewer_id === r.id).length);
          expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
          expect(run.added).toHaveLength(count * Math.min(perAbstract, pool));
        },
      ),
      { numRuns: 200, seed: 20241104 },
    );
  });

  it('re-assigns a declined abstract to another reviewer, never the one who declined', () => {
    const reviewers = ['r1', 'r2', 'r3', 'r4'].map((id) => ({ id, categories: ['control'] }));
    const abstracts = [{ id: 'a1', category: 'control' }];
    const first = assignReviewers({
      abstracts,
      reviewers,
      existing: [],
      perAbstract: 3,
      conflicted: () => false,
    });
    expect(first.added.map((a) => a.reviewer_id)).toEqual(['r1', 'r2', 'r3']);
    const existing: ExistingAssignment[] = first.added.map((a) => ({
      ...a,
      state: a.reviewer_id === 'r2' ? 'declined' : 'active',
    }));
    expect(
      assignReviewers({ abstracts, reviewers, existing, perAbstract: 3, conflicted: () => false }).added,
    ).toEqual([{ abstract_id: 'a1', reviewer_id: 'r4' }]);
    // With nobody left, the abstract is reported short.
    const none = assignReviewers({
      abstracts,
      reviewers: reviewers.slice(0, 3),
      existing,
      perAbstract: 3,
      conflicted: () => false,
    });
    expect(none).toEqual({
      added: [],
      short: [{ abstract_id: 'a1', category: 'control', assigned: 2, missing: 1 }],
    });
  });
});
