/**
 * The office's override of a computed conflict, through the review's domain functions over an
 * in-memory store: it lets the run assign the reviewer and the reviewer read the abstract;
 * withdrawn, the abstract is hidden again ("not found" as never assigned) and the run gives it to
 * another; an author's own abstract is never overridden. Co-authorship read from a reviewer's own
 * abstracts answers what the congress's whole index would.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StoredAbstract } from '#core/abstracts/ports';
import type { AuditEntry } from '#core/audit/audit';
import { coauthorsOf } from '#core/review/conflict-checks';
import { conflictOverrideMessages, setConflictOverride, listConflicts, type ConflictOfficeDeps, type StoredConflictOverride } from '#core/review/conflict-overrides';
import { coauthorIndex, type ReviewerParty } from '#core/review/conflicts';
import type { AbstractSummary } from '#core/review/deciding';
import { reviewedAbstract, reviewMessages, reviewQueue, runAssignment, type ReviewDeps, type StoredReview } from '#core/review/reviewing';
import type { ReviewTeamMember } from '#core/review/team';
import { AppError } from '#core/errors';
import { localise } from '#core/i18n/server-messages';
import { author, validAbstract } from '../../../support/bodies';

const NOW = new Date('2024-05-20T02:00:00Z');
const organiser = { kind: 'organiser' as const, id: 'org', email: 'office@example.org' };
const committee = { kind: 'committee' as const, id: 'chair', email: 'chair@example.org' };

const pair = (a: string, r: string) => `${a}|${r}`;

function memory() {
  const reviews = new Map<string, StoredReview>();
  const overrides = new Map<string, StoredConflictOverride>();
  const summaries = new Map<string, AbstractSummary>();
  const members = new Map<string, ReviewTeamMember>();
  const abstracts: StoredAbstract[] = [];
  const audit: AuditEntry[] = [];
  let ids = 0;
  const deps: ReviewDeps & ConflictOfficeDeps = {
    reviews: {
      queue: async (r) => [...reviews.values()].filter((x) => x.reviewer_id === r),
      get: async (a, r) => reviews.get(pair(a, r)),
      ofAbstract: async (a) => [...reviews.values()].filter((x) => x.abstract_id === a),
      ofCategory: async (c) => [...reviews.values()].filter((x) => x.category === c),
      async save(next, readVersion, entry) {
        if (reviews.get(pair(next.abstract_id, next.reviewer_id))?.version !== readVersion) return false;
        reviews.set(pair(next.abstract_id, next.reviewer_id), next);
        audit.push(entry);
        return true;
      },
      async move() {
        throw new Error('not used here');
      },
      async addAssignments(items) {
        let written = 0;
        for (const { review, audit: entry } of items) {
          if (reviews.has(pair(review.abstract_id, review.reviewer_id))) continue;
          reviews.set(pair(review.abstract_id, review.reviewer_id), review);
          audit.push(entry);
          written++;
        }
        return written;
      },
      claimRun: async () => true,
      releaseRun: async () => undefined,
    },
    team: { members: async () => [...members.values()], member: async (id) => members.get(id) },
    abstracts: {
      byCategory: async (c) => ({ items: abstracts.filter((a) => a.abstract_category === c), cursor: null }),
      get: async (owner, id) => abstracts.find((a) => a.owner_id === owner && a.id === id),
    },
    ownerEmail: async (owner) => `${owner}@owners.example.org`,
    overrides: {
      get: async (a, r) => overrides.get(pair(a, r)),
      ofReviewer: async (r) => [...overrides.values()].filter((o) => o.reviewer_id === r),
      ofAbstract: async (a) => [...overrides.values()].filter((o) => o.abstract_id === a),
      ofCategory: async (c) => [...overrides.values()].filter((o) => o.category === c),
      async save(next, readVersion, entry) {
        if ((overrides.get(pair(next.abstract_id, next.reviewer_id))?.version ?? 0) !== readVersion) return false;
        overrides.set(pair(next.abstract_id, next.reviewer_id), next);
        audit.push(entry);
        return true;
      },
    },
    files: { list: async () => [] },
    objects: { presignGet: async () => 'https://files.example.org/x' },
    decisions: {
      summary: async (a) => summaries.get(a),
      async saveScores(s) {
        if (!summaries.has(s.abstract_id)) summaries.set(s.abstract_id, s);
        return true;
      },
    },
    newId: () => `id-${++ids}`,
  };
  const reviewer = (id: string, organization: string, categories = ['control']) =>
    members.set(id, { user_id: id, email: `${id}@registry.example.org`, name: id, organization, reviewer: { categories }, committee: false, updated_at: NOW.toISOString(), updated_by: 'office' });
  const abstract = (id: string, owner: string, overridesOf: Record<string, unknown> = {}) =>
    abstracts.push({ ...(validAbstract({ abstract_category: 'control.screening', ...overridesOf }) as Record<string, unknown>), id, owner_id: owner, created_at: NOW.toISOString(), updated_at: NOW.toISOString() } as StoredAbstract);
  return { deps, reviews, audit, reviewer, abstract };
}

const assignedTo = (m: ReturnType<typeof memory>, abstractId: string) =>
  [...m.reviews.values()].filter((r) => r.abstract_id === abstractId && r.state !== 'declined' && r.state !== 'removed').map((r) => r.reviewer_id).sort();

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error('not refused');
}

describe("the office's override of a computed conflict", () => {
  it('lets the run assign the reviewer and the reviewer read the abstract; withdrawn, hides it again and the run gives it to another', async () => {
    const m = memory();
    m.reviewer('fair1', 'Cancer Registry of Norway');
    m.reviewer('fair2', 'Cancer Registry of Norway');
    // The abstract's authors are at the National Cancer Center (test/support/bodies.ts).
    m.reviewer('ncc', 'Natl. Cancer Ctr., Beijing');
    m.abstract('a1', 'author1');

    const first = await runAssignment(m.deps, committee, NOW);
    expect(first.data.short).toEqual([{ abstract_id: 'a1', category: 'control', assigned: 2, missing: 1 }]);
    expect(assignedTo(m, 'a1')).toEqual(['fair1', 'fair2']);
    const listed = await listConflicts(m.deps, 'control', 25);
    expect(listed.items).toMatchObject([{ abstract_id: 'a1', reviewer_id: 'ncc', reasons: [{ code: 'institution' }], holds: true, overridable: true, override: null, version: 0 }]);

    const overridden = await setConflictOverride(m.deps, organiser, { abstract_id: 'a1', reviewer_id: 'ncc', overridden: true, reason: 'Another department, no joint work', version: 0 }, NOW);
    expect(localise('en', overridden.message)).toBe(conflictOverrideMessages.overridden('ncc@registry.example.org'));
    expect(m.audit.at(-1)).toMatchObject({ action: 'review_conflict.overridden', object: { type: 'abstract', id: 'a1' }, after: { reviewer_id: 'ncc', lifted: ['institution'] }, reason: 'Another department, no joint work' });
    expect((await listConflicts(m.deps, 'control', 25)).items).toMatchObject([{ reviewer_id: 'ncc', holds: false, override: { reason: 'Another department, no joint work' }, version: 1 }]);

    await runAssignment(m.deps, committee, NOW);
    expect(assignedTo(m, 'a1')).toEqual(['fair1', 'fair2', 'ncc']);
    expect((await reviewQueue(m.deps, 'ncc', NOW)).items.map((i) => i.abstract_id)).toEqual(['a1']);
    expect((await reviewedAbstract(m.deps, 'ncc', 'a1', NOW)).abstract.id).toBe('a1');

    // Withdrawn: hidden at once, answered as an abstract never assigned.
    await setConflictOverride(m.deps, organiser, { abstract_id: 'a1', reviewer_id: 'ncc', overridden: false, reason: 'They co-wrote the grant after all', version: 1 }, NOW);
    expect(m.audit.at(-1)).toMatchObject({ action: 'review_conflict.restored', after: { reviewer_id: 'ncc', lifted: [] }, reason: 'They co-wrote the grant after all' });
    expect((await reviewQueue(m.deps, 'ncc', NOW)).items).toEqual([]);
    expect(await refusal(reviewedAbstract(m.deps, 'ncc', 'a1', NOW))).toEqual(await refusal(reviewedAbstract(m.deps, 'ncc', 'never-assigned', NOW)));
    expect(await refusal(reviewedAbstract(m.deps, 'ncc', 'a1', NOW))).toEqual({ kind: 'not_found', message: reviewMessages.notFound });

    // Its assignment no longer counts: the next run gives the abstract to the reviewer who joined.
    m.reviewer('fair3', 'Cancer Registry of Norway');
    const again = await runAssignment(m.deps, committee, NOW);
    expect(again.data.short).toEqual([]);
    expect(assignedTo(m, 'a1')).toEqual(['fair1', 'fair2', 'fair3', 'ncc']);
    expect((await reviewQueue(m.deps, 'ncc', NOW)).items).toEqual([]);
  });

  it('lifts only the reasons the office saw: a conflict the reviewer declares later holds again', async () => {
    const m = memory();
    m.reviewer('ncc', 'National Cancer Center');
    m.abstract('a1', 'author1');
    await setConflictOverride(m.deps, organiser, { abstract_id: 'a1', reviewer_id: 'ncc', overridden: true, reason: 'Other campus', version: 0 }, NOW);
    await runAssignment(m.deps, committee, NOW);
    expect((await reviewQueue(m.deps, 'ncc', NOW)).items).toHaveLength(1);
    m.reviewer('ncc', 'National Cancer Center');
    const member = (await m.deps.team.member('ncc'))!;
    member.declared = { people: [author(1).email], institutions: [] };
    expect((await reviewQueue(m.deps, 'ncc', NOW)).items).toEqual([]);
  });

  it('never lifts authorship, by account or by an author e-mail, and refuses what cannot be overridden or restored', async () => {
    const m = memory();
    m.reviewer('owner1', 'Cancer Registry of Norway');
    m.reviewer('listed', 'Cancer Registry of Norway');
    m.reviewer('fair', 'Cancer Registry of Norway');
    m.reviewer('other-category', 'National Cancer Center', ['topics']);
    m.abstract('a1', 'owner1', { authors: [author(1), { ...author(2), email: 'listed@registry.example.org' }] });
    const override = (reviewer_id: string, overridden = true) => setConflictOverride(m.deps, organiser, { abstract_id: 'a1', reviewer_id, overridden, reason: 'Checked', version: 0 }, NOW);
    expect(await refusal(override('owner1'))).toEqual({ kind: 'validation', message: conflictOverrideMessages.author });
    expect(await refusal(override('listed'))).toEqual({ kind: 'validation', message: conflictOverrideMessages.author });
    expect(await refusal(override('fair'))).toEqual({ kind: 'validation', message: conflictOverrideMessages.noConflict });
    expect(await refusal(override('other-category'))).toEqual({ kind: 'validation', message: conflictOverrideMessages.notReviewer });
    expect(await refusal(override('fair', false))).toEqual({ kind: 'validation', message: conflictOverrideMessages.notOverridden });
    expect(await refusal(setConflictOverride(m.deps, organiser, { abstract_id: 'nope', reviewer_id: 'fair', overridden: true, reason: 'x', version: 0 }, NOW))).toEqual({ kind: 'not_found', message: conflictOverrideMessages.notFound });
    expect(m.audit).toEqual([]);
    // The authors are listed, but not as overridable (a listed author also shares the abstract with its co-authors).
    const listed = (await listConflicts(m.deps, 'control', 25)).items.map((i) => [i.reviewer_id, i.reasons.map((r) => r.code), i.overridable]);
    expect(listed).toEqual([
      ['listed', ['author', 'co-author'], false],
      ['owner1', ['author'], false],
    ]);
  });

  it('pages the list by abstract and reviewer, each row once', async () => {
    const m = memory();
    for (const id of ['n1', 'n2', 'n3']) m.reviewer(id, 'National Cancer Center');
    for (const id of ['a1', 'a2']) m.abstract(id, `owner-${id}`);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listConflicts(m.deps, 'control', 4, cursor);
      expect(page.items.length).toBeLessThanOrEqual(4);
      seen.push(...page.items.map((i) => `${i.abstract_id}/${i.reviewer_id}`));
      cursor = page.cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(['a1/n1', 'a1/n2', 'a1/n3', 'a2/n1', 'a2/n2', 'a2/n3']);
    expect(await refusal(listConflicts(m.deps, 'control', 4, 'zz'))).toEqual({ kind: 'validation', message: conflictOverrideMessages.cursor });
  });
});

describe('co-authorship read from the reviewers’ own abstracts', () => {
  it("answers for each reviewer what the congress's whole index answers", async () => {
    const people = ['p0', 'p1', 'p2', 'p3', 'p4', 'p5'].map((p) => `${p}@example.net`);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ owner: fc.nat(5), authors: fc.subarray(people, { minLength: 1, maxLength: 3 }) }), { maxLength: 8 }),
        fc.subarray([0, 1, 2, 3, 4, 5], { minLength: 1 }),
        async (drafts, chosen) => {
          const abstracts = drafts.map(
            (d, i) => ({ id: `a${i}`, owner_id: `u${d.owner}`, authors: d.authors.map((email) => ({ ...author(1), email: email.toUpperCase() })), presenter_infos: [] }) as unknown as StoredAbstract,
          );
          const ownerEmail = async (owner: string) => `p${owner.slice(1)}@example.net`;
          const reviewers: ReviewerParty[] = chosen.map((n) => ({ userId: `u${n}`, email: `p${n}@example.net`, organization: 'Registry' }));
          const mine = await coauthorsOf(reviewers, abstracts, ownerEmail);
          const whole = coauthorIndex(abstracts.map((a) => ({ id: a.id, owner_id: a.owner_id, owner_email: `p${a.owner_id.slice(1)}@example.net`, authors: a.authors })));
          for (const r of reviewers) expect([...(mine.get(r.email) ?? [])].sort()).toEqual([...(whole.get(r.email) ?? [])].sort());
        },
      ),
    );
  });
});
