import { describe, expect, it } from 'vitest';
import { jobIdOf, jobMessages, runOfficeJob, type JobStore, type OfficeJob, type WorkerDeps } from '#core/office/jobs';
import { getReconciliation, listReconciliations, reconcileMessages, RECONCILE_UNDER_WAY_MS, requestReconciliation } from '#core/office/reconciliations';
import { KEPT_DISAGREEMENTS, keptCheck, type Disagreement, type LedgerCheck } from '#core/payments/reconcile';
import { queues } from '#core/workers';

const NOW = new Date('2024-08-01T02:00:00Z');
const organiser = { kind: 'organiser' as const, id: 'org-1', email: 'desk@example.org' };

function memoryJobs(initial: OfficeJob[] = []) {
  const store = {
    jobs: [...initial],
    created: [] as { job: OfficeJob; audit: unknown }[],
    async create(job: OfficeJob, audit: unknown) {
      store.jobs.push(job);
      store.created.push({ job, audit });
    },
    async get(id: string) {
      const found = store.jobs.find((j) => j.id === id);
      return found && { ...found };
    },
    async recent(limit: number, kind?: OfficeJob['kind']) {
      return store.jobs
        .filter((j) => !kind || j.kind === kind)
        .sort((a, b) => b.id.localeCompare(a.id))
        .slice(0, limit);
    },
    async update(id: string, fields: Partial<OfficeJob>, from: readonly string[]) {
      const i = store.jobs.findIndex((j) => j.id === id);
      if (i < 0 || !from.includes(store.jobs[i]!.state)) return false;
      store.jobs[i] = { ...store.jobs[i]!, ...fields };
      return true;
    },
  };
  return store satisfies JobStore;
}

const check = (disagreements: Disagreement[], webhook: string[] = []): LedgerCheck => ({ orders: 3, payments: 2, refunds: 1, disagreements, webhook, webhook_note: null, order_numbers: { 'order-1': 'IACR24-000001' } });
const disagreement = (n: number): Disagreement => ({ order_id: `order-${n}`, payment_id: `pay-${n}`, rule: 'checkout-exists', detail: `checkout ${n} missing` });

describe('requestReconciliation', () => {
  it('records a queued job with its audit entry and sends it to the queue', async () => {
    const jobs = memoryJobs();
    const sent: unknown[] = [];
    const answer = await requestReconciliation({ jobs, queue: { send: async (m) => void sent.push(m) }, newId: () => 'abcdef01-2345' }, organiser, NOW);
    const id = jobIdOf(NOW, 'abcdef01');
    expect(answer.message).toBe(reconcileMessages.queued);
    expect(answer.data.job).toMatchObject({ id, state: 'queued', requested_by: 'desk@example.org', result: null });
    expect(jobs.created[0]!.audit).toMatchObject({ action: 'reconcile.requested', actor: organiser, object: { type: 'reconciliation', id } });
    expect(sent).toEqual([{ job: id }]);
  });

  it('refuses another while one asked for within the hour is queued or running; not once it is done, or older', async () => {
    const deps = (state: OfficeJob['state'], askedAgoMs: number) => {
      const at = new Date(NOW.getTime() - askedAgoMs);
      const job: OfficeJob = { id: jobIdOf(at, '00000000'), kind: 'reconcile', state, requested_by: { id: 'o' }, requested_at: at.toISOString(), attempts: 0 };
      return { jobs: memoryJobs([job]), queue: { send: async () => undefined }, newId: () => '11111111' };
    };
    await expect(requestReconciliation(deps('queued', 60_000), organiser, NOW)).rejects.toThrow(reconcileMessages.underWay);
    await expect(requestReconciliation(deps('running', RECONCILE_UNDER_WAY_MS - 1), organiser, NOW)).rejects.toThrow(reconcileMessages.underWay);
    await expect(requestReconciliation(deps('running', RECONCILE_UNDER_WAY_MS), organiser, NOW)).resolves.toMatchObject({ data: { job: { state: 'queued' } } });
    await expect(requestReconciliation(deps('done', 1000), organiser, NOW)).resolves.toMatchObject({ data: { job: { state: 'queued' } } });
    await expect(requestReconciliation(deps('failed', 1000), organiser, NOW)).resolves.toMatchObject({ data: { job: { state: 'queued' } } });
  });
});

describe('keptCheck', () => {
  it(`keeps the first ${KEPT_DISAGREEMENTS} disagreements and how many there were`, () => {
    const many = Array.from({ length: KEPT_DISAGREEMENTS + 5 }, (_, i) => disagreement(i));
    const kept = keptCheck(check(many));
    expect(kept.disagreement_count).toBe(KEPT_DISAGREEMENTS + 5);
    expect(kept.disagreements).toHaveLength(KEPT_DISAGREEMENTS);
    expect(kept.disagreements[0]).toEqual({ ...many[0], order_no: null });
    expect(kept.disagreements[1]).toEqual({ ...many[1], order_no: 'IACR24-000001' });
  });
});

describe('the reconciliation job', () => {
  const id = jobIdOf(NOW, 'abcdef01');
  const queued: OfficeJob = { id, kind: 'reconcile', state: 'queued', requested_by: { id: 'org-1', email: 'desk@example.org' }, requested_at: NOW.toISOString(), attempts: 0 };
  const log = { info: () => undefined, error: () => undefined };
  const worker = (jobs: JobStore, reconcile: WorkerDeps['reconcile']) => ({ jobs, reconcile, log }) as unknown as WorkerDeps;
  const message = (receiveCount = 1) => ({ text: JSON.stringify({ job: id }), receiveCount });

  it('runs the check and keeps its result: all agree', async () => {
    const jobs = memoryJobs([queued]);
    await runOfficeJob(worker(jobs, async () => check([])), message(), () => NOW);
    const { job } = await getReconciliation({ jobs }, id);
    expect(job).toMatchObject({ state: 'done', finished_at: NOW.toISOString(), result: { orders: 3, payments: 2, refunds: 1, disagreement_count: 0, listed: 0, all_agree: true } });
  });

  it('lists each disagreement with its order, payment and refund; a webhook finding alone is a disagreement', async () => {
    const jobs = memoryJobs([queued]);
    await runOfficeJob(worker(jobs, async () => check([disagreement(1)])), message(), () => NOW);
    const { items } = await listReconciliations({ jobs });
    expect(items[0]!.result).toMatchObject({
      all_agree: false,
      disagreements: [{ order_id: 'order-1', order_no: 'IACR24-000001', payment_id: 'pay-1', refund_id: null, rule: 'checkout-exists', detail: 'checkout 1 missing' }],
    });
    const webhookOnly = memoryJobs([queued]);
    await runOfficeJob(worker(webhookOnly, async () => check([], ['we_1 is disabled'])), message(), () => NOW);
    expect((await getReconciliation({ jobs: webhookOnly }, id)).job.result).toMatchObject({ all_agree: false, disagreement_count: 0, webhook: ['we_1 is disabled'] });
  });

  it('gives a failure back to the queue and, on the last delivery, marks the check failed in its own words', async () => {
    const jobs = memoryJobs([queued]);
    const broken = async (): Promise<LedgerCheck> => {
      throw new Error('Stripe did not answer');
    };
    await expect(runOfficeJob(worker(jobs, broken), message(1), () => NOW)).rejects.toThrow('Stripe did not answer');
    expect((await jobs.get(id))!.state).toBe('running');
    await expect(runOfficeJob(worker(jobs, broken), message(queues['office-jobs'].maxReceiveCount), () => NOW)).rejects.toThrow();
    expect((await getReconciliation({ jobs }, id)).job).toMatchObject({ state: 'failed', error: jobMessages.reconcileFailed, result: null });
  });

  it('answers not found for an export job or an id that is no job id', async () => {
    const exportJob: OfficeJob = { ...queued, kind: 'export', export: 'orders' };
    await expect(getReconciliation({ jobs: memoryJobs([exportJob]) }, id)).rejects.toThrow(reconcileMessages.notFound);
    await expect(getReconciliation({ jobs: memoryJobs([queued]) }, '../x')).rejects.toThrow(reconcileMessages.notFound);
  });
});
