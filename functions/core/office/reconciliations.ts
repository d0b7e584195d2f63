/**
 * The office's reconciliation: the check of `npm run reconcile` (every order against its payments
 * and refunds, every card payment and refund against Stripe, Stripe's webhook endpoint), asked for
 * on the office's Reconciliation page and run as an office job (jobs.ts, kind `reconcile`): it
 * reads the whole table and calls Stripe per card payment, which no API request may do. The job
 * record keeps when, by whom, what was checked and each disagreement (at most KEPT_DISAGREEMENTS).
 */
import { auditEntry, type Actor } from '../audit/audit';
import { conflict, notFound } from '../errors';
import { KEPT_DISAGREEMENTS } from '../payments/reconcile';
import { isJobId, jobIdOf, type JobDeps, type OfficeJob } from './jobs';

/** How many past checks the page lists. */
export const RECONCILIATIONS_LISTED = 20;
/**
 * A check asked for less than this long ago and not finished is still under way: another is
 * refused. The queue gives a job at most three deliveries of at most five minutes, each failed
 * one waiting out the visibility timeout (30 minutes): an hour covers a check that is slow but
 * alive, and lets the office start a new one if a message was ever lost.
 */
export const RECONCILE_UNDER_WAY_MS = 60 * 60_000;

export const reconcileMessages = {
  queued: 'The check is under way. It reads every order and asks Stripe about every card payment, so it takes a moment; the result appears below.',
  underWay: 'A check is already under way: its result appears below when it is done.',
  notFound: 'This check was not found.',
} as const;

/** A check as the office page shows it: its state and, when done, what was checked and what disagrees. */
export function reconciliationView(job: OfficeJob) {
  const r = job.reconciliation;
  return {
    id: job.id,
    state: job.state,
    requested_by: job.requested_by.email ?? job.requested_by.id,
    requested_at: job.requested_at,
    started_at: job.started_at ?? null,
    finished_at: job.finished_at ?? null,
    error: job.error ?? null,
    result: r
      ? {
          orders: r.orders,
          payments: r.payments,
          refunds: r.refunds,
          disagreement_count: r.disagreement_count,
          /** How many of them are listed (the first KEPT_DISAGREEMENTS). */
          listed: r.disagreements.length,
          disagreements: r.disagreements.map((d) => ({ order_id: d.order_id, order_no: d.order_no ?? null, payment_id: d.payment_id ?? null, refund_id: d.refund_id ?? null, rule: d.rule, detail: d.detail })),
          webhook: r.webhook,
          webhook_note: r.webhook_note,
          /** Nothing disagrees: the ledger, Stripe and the webhook endpoint. */
          all_agree: r.disagreement_count === 0 && r.webhook.length === 0,
        }
      : null,
  };
}
export type ReconciliationView = ReturnType<typeof reconciliationView>;

const underWay = (job: OfficeJob, now: Date) => (job.state === 'queued' || job.state === 'running') && now.getTime() - Date.parse(job.requested_at) < RECONCILE_UNDER_WAY_MS;

/**
 * Records a reconciliation job (audited: `reconcile.requested`) and sends it to the queue. One
 * at a time: while a check asked for within the hour is still queued or running, another is
 * refused (each reads the whole table and calls Stripe for every card payment).
 */
export async function requestReconciliation(deps: JobDeps, actor: Actor, now: Date) {
  const [latest] = await deps.jobs.recent(1, 'reconcile');
  if (latest && underWay(latest, now)) throw conflict(reconcileMessages.underWay, { job: reconciliationView(latest) });
  const job: OfficeJob = {
    id: jobIdOf(now, deps.newId()),
    kind: 'reconcile',
    state: 'queued',
    requested_by: { id: actor.id, ...(actor.email ? { email: actor.email } : {}) },
    requested_at: now.toISOString(),
    attempts: 0,
  };
  await deps.jobs.create(job, auditEntry({ action: 'reconcile.requested', actor, at: now, object: { type: 'reconciliation', id: job.id }, after: { state: 'queued' } }));
  await deps.queue.send({ job: job.id });
  return { message: reconcileMessages.queued, data: { job: reconciliationView(job) } };
}

/** The latest checks, newest first. */
export async function listReconciliations(deps: Pick<JobDeps, 'jobs'>) {
  const jobs = await deps.jobs.recent(RECONCILIATIONS_LISTED, 'reconcile');
  return { items: jobs.map(reconciliationView), kept: KEPT_DISAGREEMENTS };
}

/** One check with its result. */
export async function getReconciliation(deps: Pick<JobDeps, 'jobs'>, id: string) {
  const job = isJobId(id) ? await deps.jobs.get(id) : undefined;
  if (!job || job.kind !== 'reconcile') throw notFound(reconcileMessages.notFound);
  return { job: reconciliationView(job) };
}
