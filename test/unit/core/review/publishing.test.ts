/**
 * Publication under concurrency, with a store that keeps the transaction's conditions (the
 * summary's decision version and nothing published; the type's counter at the value read): two
 * publications interleaved at every await publish each decision once, with numbers 1..n per type.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AbstractSummary, Outcome } from '#core/review/deciding';
import type { OfficeJob } from '#core/office/jobs';
import { authorReviewStatus, decisionRecipients, isPublishable, presentationNumber, runPublication, type PublicationStore, type PublishDeps, type PublishedDecision } from '#core/review/publishing';

const NOW = new Date('2024-06-25T02:00:00Z');
type Summary = AbstractSummary & { published?: PublishedDecision; rank: string };

function world(outcomes: Outcome[]) {
  const summaries = new Map<string, Summary>();
  outcomes.forEach((outcome, i) => {
    const id = `a${String(i).padStart(3, '0')}`;
    summaries.set(id, {
      abstract_id: id,
      owner_id: `u${i}`,
      category: ['registration', 'aetiology'][i % 2]!,
      title: `T${i}`,
      score: { mean: 4, median: 4, reviews: 1, spread: 0, proposals: { oral: 0, poster: 1, reject: 0 } } as unknown as Summary['score'],
      scores_v: 1,
      decision: { outcome, decided_by: 'c', decided_at: NOW.toISOString() },
      decision_v: 1,
      rank: `r${i}`,
    });
  });
  const numbers = { oral: 0, poster: 0 };
  const yieldNow = () => new Promise<void>((r) => setImmediate(r));
  const store: PublicationStore = {
    async decided() {
      await yieldNow();
      return [...summaries.values()].map((s) => structuredClone(s));
    },
    async summary(id) {
      await yieldNow();
      const s = summaries.get(id);
      return s && structuredClone(s);
    },
    async lastNumbers() {
      await yieldNow();
      return { ...numbers };
    },
    async publish({ summary, published, slot }) {
      await yieldNow();
      // The transaction: every condition checked, then every write, with nothing in between.
      const now = summaries.get(summary.abstract_id)!;
      if (now.decision_v !== summary.decision_v || now.published) return 'changed';
      if (slot && numbers[slot.type] !== slot.n - 1) return 'number-taken';
      now.published = published;
      if (slot) numbers[slot.type] = slot.n;
      return 'published';
    },
    async publishedBy(job) {
      await yieldNow();
      return [...summaries.values()].filter((s): s is Summary & { published: PublishedDecision } => s.published?.job === job).map((s) => structuredClone(s));
    },
  };
  return { summaries, numbers, store };
}

const job = (id: string, category?: string): OfficeJob => ({ id, kind: 'publish', ...(category ? { category } : {}), state: 'running', requested_by: { id: 'chair' }, requested_at: NOW.toISOString(), attempts: 1 });
/** Publications at once: of every category, or of one (the other's abstracts are numbered meanwhile from the same counters). */
const scopes = [undefined, 'registration', 'aetiology'] as const;

function deps(store: PublicationStore): PublishDeps {
  const jobs = new Map<string, OfficeJob>();
  return {
    publication: store,
    source: { abstract: async () => undefined, reviews: async () => [], account: async () => undefined },
    jobs: { create: async () => undefined, get: async (id) => jobs.get(id), recent: async () => [], update: async () => true },
    batches: { putBatch: async () => undefined },
    queue: { send: async () => undefined },
    log: { info: () => undefined, error: () => undefined },
  };
}

describe('runPublication', () => {
  it('two publications at once publish each decision once, numbered 1..n per type', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom<Outcome>('oral', 'poster', 'reject', 'revise', 'duplicate'), { minLength: 1, maxLength: 25 }), fc.array(fc.constantFrom(...scopes), { minLength: 2, maxLength: 3 }), async (outcomes, parallel) => {
        const w = world(outcomes);
        const d = deps(w.store);
        await Promise.all(parallel.map((category, i) => runPublication(d, job(`j${i}`, category), () => NOW)));
        const published = [...w.summaries.values()].filter((s) => parallel.some((c) => !c || c === s.category)).map((s) => s.published);
        expect(published.every(Boolean)).toBe(true);
        for (const type of ['oral', 'poster'] as const) {
          const given = published.filter((p) => p!.outcome === type).map((p) => p!.number).sort();
          const expected = Array.from({ length: published.filter((p) => p!.outcome === type).length }, (_, i) => presentationNumber(type, i + 1)).sort();
          expect(given).toEqual(expected);
          expect(w.numbers[type]).toBe(expected.length);
        }
        for (const p of published) if (p!.outcome !== 'oral' && p!.outcome !== 'poster') expect(p!.number).toBeUndefined();
      }),
      { numRuns: 60 },
    );
  });

  it('one decision that keeps failing is recorded; the others are published and their mails queued before the job is sending', async () => {
    const w = world(['poster', 'oral', 'reject']);
    const failing = { ...w.store, publish: async (input: Parameters<PublicationStore['publish']>[0]) => (input.summary.abstract_id === 'a001' ? Promise.reject(new Error('table unavailable')) : w.store.publish(input)) };
    const d = deps(failing);
    const updates: Partial<OfficeJob>[] = [];
    const sent: unknown[] = [];
    d.jobs.update = async (_id, fields) => (updates.push(fields), true);
    d.queue.send = async (m) => void sent.push({ m, after: updates.length });
    d.source = { abstract: async (_owner, id) => ({ id, owner_id: 'u', authors: [{ email: `${id}@example.org`, first_name: 'A' }], presenter_infos: [] }) as never, reviews: async () => [], account: async () => undefined };
    await runPublication(d, job('j'), () => NOW);
    expect([...w.summaries.values()].map((s) => [s.abstract_id, s.published?.number ?? s.published?.outcome ?? null])).toEqual([
      ['a000', 'P-001'],
      ['a001', null],
      ['a002', 'reject'],
    ]);
    expect(updates[0]).toMatchObject({ total: 2, batches_total: 1, error: expect.stringMatching(/^1 decision could not be published/) });
    // The batch is queued while the job is still running; then it is sending.
    expect(sent).toEqual([{ m: { job: 'j', batch: 0 }, after: 1 }]);
    expect(updates[1]).toEqual({ state: 'sending' });
  });

  it('a decision published as "revise" and decided again is publishable once more; a published one is not', () => {
    const published: PublishedDecision = { outcome: 'revise', published_at: NOW.toISOString(), job: 'j', decision_v: 2 };
    expect(isPublishable({ decision: { outcome: 'revise', decided_by: 'c', decided_at: '' }, decision_v: 2, published })).toBe(false);
    expect(isPublishable({ decision: { outcome: 'poster', decided_by: 'c', decided_at: '' }, decision_v: 3, published })).toBe(true);
    expect(isPublishable({ decision: { outcome: 'poster', decided_by: 'c', decided_at: '' }, decision_v: 3, published: { ...published, outcome: 'poster' } })).toBe(false);
    expect(isPublishable({ decision: null, decision_v: 3 })).toBe(false);
  });
});

describe('who is told, and what the author sees', () => {
  it('the submitter and every author, once per address', () => {
    const person = (email: string, first_name: string) => ({ email, first_name, last_name: 'L', institute: 'I', city: 'C', country: 'X' });
    const to = decisionRecipients({ id: 'a1', owner_id: 'u1', authors: [person('Ada@Example.org ', 'Ada'), person('bo@example.org', 'Bo'), person('BO@example.org', 'Bo2')] }, { email: 'ada@example.org', first_name: 'Ada' });
    expect(to.map((r) => [r.email, r.user_id, r.abstract_id])).toEqual([
      ['ada@example.org', 'u1', 'a1'],
      ['bo@example.org', '', 'a1'],
    ]);
  });

  it('nothing before publication but "submitted" or "under review"', () => {
    expect(authorReviewStatus({}, new Date('2024-05-16T15:59:59Z')).code).toBe('submitted');
    expect(authorReviewStatus({}, new Date('2024-05-16T16:00:00Z')).code).toBe('under_review');
    expect(authorReviewStatus({ review_outcome: { outcome: 'poster', number: 'P-001' } }, NOW)).toEqual({ code: 'accepted', label: 'Accepted as poster P-001', type: 'poster', number: 'P-001' });
    expect(authorReviewStatus({ review_outcome: { outcome: 'duplicate' } }, NOW).label).toBe('Not accepted');
    expect(authorReviewStatus({ review_outcome: { outcome: 'revise' } }, NOW).label).toBe('Revision requested: change it by 19 July 2024, 24:00 CST (UTC+8)');
  });
});
