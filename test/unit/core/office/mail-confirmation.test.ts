/**
 * Mail to many delegates goes only after the organiser confirms how many get it (issue 29,
 * item 7): the worker's first step finds the recipients and waits; nothing is queued or sent
 * until the organiser confirms the count it found; a count that is not the job's is refused; a
 * discarded mail sends nothing; a first step delivered again never takes a confirmed mail back.
 */
import { describe, expect, it } from 'vitest';
import type { Mail } from '#core/accounts/ports';
import type { AuditEntry } from '#core/audit/audit';
import type { AppError } from '#core/errors';
import { runOfficeJob, type JobMessage, type JobStore, type OfficeJob, type WorkerDeps } from '#core/office/jobs';
import type { RecipientResult } from '#core/office/mail-jobs';
import { confirmMailJob, discardMailJob, mailConfirmationMessages, requestMail, type MailBatchStore, type MailWorkerDeps } from '#core/office/send-mail';
import type { StoredOrder } from '#core/orders/ports';
import { localise } from '#core/i18n/server-messages';

const NOW = new Date('2024-08-01T02:00:00Z');
const organiser = { kind: 'organiser' as const, id: 'org', email: 'org@example.org' };

const paidOrder = (n: number) =>
  ({ id: `o${n}`, owner_id: `u${n}`, owner_email: `d${n}@example.org`, first_name: `D${n}`, order_no: `R24-00000${n}`, sequence: n, amount_required: 65000, payment_status: 1, visa_required: 0, hotel_book_required: 0 }) as StoredOrder;

function world(orders: StoredOrder[]) {
  const jobs = new Map<string, OfficeJob>();
  const audit: AuditEntry[] = [];
  const queued: JobMessage[] = [];
  const sent: Mail[] = [];
  const batches = new Map<string, RecipientResult[]>();
  const counted = new Set<string>();
  const store: JobStore = {
    create: async (job, entry) => void (jobs.set(job.id, { ...job }), audit.push(entry)),
    get: async (id) => (jobs.has(id) ? { ...jobs.get(id)! } : undefined),
    recent: async () => [...jobs.values()],
    update: async (id, fields, from, entry) => {
      const job = jobs.get(id);
      if (!job || !from.includes(job.state)) return false;
      jobs.set(id, { ...job, ...fields });
      if (entry) audit.push(entry);
      return true;
    },
  };
  const mailBatches: MailBatchStore = {
    putBatch: async (job, i, r) => void (batches.has(`${job}#${i}`) || batches.set(`${job}#${i}`, r)),
    getBatch: async (job, i) => (batches.has(`${job}#${i}`) ? { recipients: batches.get(`${job}#${i}`)!.map((r) => ({ ...r })) } : undefined),
    setRecipient: async (job, i, position, result) => void Object.assign(batches.get(`${job}#${i}`)![position]!, result),
    countBatch: async (job, i) => (counted.has(`${job}#${i}`) ? false : (counted.add(`${job}#${i}`), true)),
    addToJob: async (id, counts) => {
      const job = jobs.get(id)!;
      const sum = job.counts ?? { sent: 0, withheld: 0, opted_out: 0, failed: 0 };
      const next = { ...job, batches_done: (job.batches_done ?? 0) + 1, counts: { sent: sum.sent + counts.sent, withheld: sum.withheld + counts.withheld, opted_out: sum.opted_out + counts.opted_out, failed: sum.failed + counts.failed } };
      jobs.set(id, next);
      return { ...next };
    },
    finish: async (id, at, entry) => {
      const job = jobs.get(id)!;
      if (job.state !== 'sending' && job.state !== 'running') return false;
      jobs.set(id, { ...job, state: 'done', finished_at: at });
      audit.push(entry);
      return true;
    },
    recipients: async (id) => [...batches.entries()].filter(([k]) => k.startsWith(id)).flatMap(([, r]) => r),
  };
  const queue = { send: async (m: JobMessage) => void queued.push(m) };
  const mail: MailWorkerDeps = {
    jobs: store,
    batches: mailBatches,
    source: { orders: async () => orders, presenters: async () => [] },
    preferences: { optedOut: async () => false },
    tokens: { issue: async (id) => `token-${id}` },
    mailer: { send: async (m) => (sent.push(m), 'sent' as const) },
    queue,
    sleep: async () => undefined,
    log: { info: () => undefined, error: () => undefined },
  };
  const worker = { jobs: store, mail, log: mail.log } as unknown as WorkerDeps;
  /** Delivers every queued message (as the queue would), until none is left. */
  const drain = async () => {
    while (queued.length > 0) await runOfficeJob(worker, { text: JSON.stringify(queued.shift()), receiveCount: 1 }, () => NOW);
  };
  const deps = { jobs: store, queue, newId: () => 'abcdef0123456789' };
  return { jobs, audit, queued, sent, deps, drain, worker };
}

const spec = { filter: 'paid' as const, purpose: 'announcement' as const, subject: 'Badges, {first_name}', text: 'Your badge is ready.' };
const refusal = (p: Promise<unknown>) => p.then(() => null, (e: AppError) => [e.kind, e.message]);

describe('mail to many, confirmed first', () => {
  it('finds the recipients and waits for the organiser: nothing is sent until the count is confirmed', async () => {
    const w = world([paidOrder(1), paidOrder(2), paidOrder(3)]);
    const { data } = await requestMail(w.deps, organiser, spec, 'https://congress.test', NOW);
    await w.drain();
    const ready = w.jobs.get(data.job.id)!;
    expect(ready).toMatchObject({ state: 'ready', total: 3, batches_total: 1 });
    expect(w.sent).toEqual([]);

    expect(await refusal(confirmMailJob(w.deps, organiser, data.job.id, 2, NOW))).toEqual(['conflict', mailConfirmationMessages.countChanged(3)]);
    expect(w.sent).toEqual([]);

    const confirmed = await confirmMailJob(w.deps, organiser, data.job.id, 3, NOW);
    expect(localise('en', confirmed.message)).toBe(mailConfirmationMessages.sending(3));
    await w.drain();
    expect(w.sent.map((m) => m.to)).toEqual(['d1@example.org', 'd2@example.org', 'd3@example.org']);
    expect(w.jobs.get(data.job.id)).toMatchObject({ state: 'done', counts: { sent: 3 }, confirmed_by: { id: 'org', email: 'org@example.org' } });
    expect(w.audit.map((e) => e.action)).toEqual(['mail.requested', 'mail.confirmed', 'mail.sent']);
    expect(w.audit[1]).toMatchObject({ actor: organiser, after: { recipients: 3 } });
  });

  it('sends nothing once discarded, and cannot be confirmed or discarded twice', async () => {
    const w = world([paidOrder(1), paidOrder(2)]);
    const { data } = await requestMail(w.deps, organiser, spec, 'https://congress.test', NOW);
    await w.drain();
    expect((await discardMailJob(w.deps, organiser, data.job.id, NOW)).message).toBe(mailConfirmationMessages.discarded);
    expect(await refusal(confirmMailJob(w.deps, organiser, data.job.id, 2, NOW))).toEqual(['conflict', mailConfirmationMessages.notReady]);
    expect(await refusal(discardMailJob(w.deps, organiser, data.job.id, NOW))).toEqual(['conflict', mailConfirmationMessages.notReady]);
    await w.drain();
    expect(w.sent).toEqual([]);
    expect(w.jobs.get(data.job.id)!.state).toBe('cancelled');
    expect(w.audit.map((e) => e.action)).toEqual(['mail.requested', 'mail.discarded']);
  });

  it('cannot be confirmed before its recipients are found', async () => {
    const w = world([paidOrder(1)]);
    const { data } = await requestMail(w.deps, organiser, spec, 'https://congress.test', NOW);
    expect(await refusal(confirmMailJob(w.deps, organiser, data.job.id, 1, NOW))).toEqual(['conflict', mailConfirmationMessages.notReady]);
  });

  it('never takes a confirmed mail back when its first step is delivered again', async () => {
    const w = world([paidOrder(1), paidOrder(2)]);
    const { data } = await requestMail(w.deps, organiser, spec, 'https://congress.test', NOW);
    await w.drain();
    await confirmMailJob(w.deps, organiser, data.job.id, 2, NOW);
    // SQS delivers the first step again (at least once).
    w.queued.unshift({ job: data.job.id });
    await w.drain();
    expect(w.jobs.get(data.job.id)!.state).toBe('done');
    expect(w.sent).toHaveLength(2);
  });

  it('finishes a mail that finds nobody without asking', async () => {
    const w = world([]);
    const { data } = await requestMail(w.deps, organiser, spec, 'https://congress.test', NOW);
    await w.drain();
    expect(w.jobs.get(data.job.id)).toMatchObject({ state: 'done', total: 0 });
  });
});
