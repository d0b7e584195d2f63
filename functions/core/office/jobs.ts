/**
 * The office's jobs: work too long for a request (an export of the whole congress, mail to many
 * delegates, the reconciliation of the whole ledger against Stripe) is recorded as a job, sent to the office-jobs queue, and run by its worker
 * (core/workers.ts `runOfficeJob`) off the request path. A job moves
 *
 *   queued ─▶ running ─▶ done
 *                  └───▶ failed   (after the queue's last delivery; the message goes to the dead-letter queue)
 *
 * A mail job stops between finding its recipients and sending: it waits, `ready`, for the
 * organiser to confirm the number of recipients found (send-mail.ts `confirmMailJob`), then is
 * `sending` until done; or it is `cancelled` (discarded) and sends nothing:
 *
 *   queued ─▶ running ─▶ ready ─▶ sending ─▶ done
 *                          └───▶ cancelled
 *
 * and a delivery of a job that is done or failed already changes nothing (SQS delivers at least
 * once). The office sees each job's state; an export's file is offered as a presigned link.
 */
import * as z from 'zod/mini';
import { auditEntry, type Actor } from '../audit/audit';
import { conflict, notFound } from '../errors';
import { text } from '../i18n/messages';
import { keptCheck, type KeptCheck, type LedgerCheck } from '../payments/reconcile';
import { queues, visibilityTimeoutOf } from '../workers';
import { csvRecords, type Column, type CsvWriter } from './csv';
import { mailJobLabel, type MailSpec } from './mail-jobs';
import { giveUpMailBatch, planMailJob, sendMailBatch, type MailWorkerDeps } from './send-mail';
import { runPublication, type PublishDeps } from '../review/publishing';
import { planPresenterMails } from '../programme/presenter-mails';
import { runAssignmentJob, type AssignmentOutcome } from '../review/assignment-job';
import {
  abstractColumns,
  delegateColumns,
  EXPORT_KEEP_DAYS,
  exportFileName,
  exportKinds,
  fapiaoColumns,
  checkinColumns,
  type CheckinExportRow,
  exportLabels,
  orderColumns,
  type AbstractExportRow,
  type DelegateExportRow,
  type ExportKind,
  type OrderExportRow,
  type RegistrationExportRow,
  registrationColumns,
} from './exports';
import { assertBookPublished, renderLatestBook, type BookExportDeps, type PublishedCheck } from './abstract-book-export';
import { decisionColumns, decisionRows, reviewSheetColumns, reviewSheetRows, type DecisionSheetSource, type ReviewSheetSource } from '../review/review-exports';

export type JobState = 'queued' | 'running' | 'ready' | 'sending' | 'done' | 'failed' | 'cancelled';

export interface OfficeJob {
  /** Sorts by the time it was requested (`20240801T020000123Z-...`): the newest are listed first. */
  id: string;
  /** `programme_mail`: the presenters told of a programme publication's changes (core/programme/presenter-mails.ts). */
  kind: 'export' | 'mail' | 'reconcile' | 'publish' | 'assign' | 'programme_mail';
  /** An export job: what it exports. */
  export?: ExportKind;
  /** A mail job: whom, what (send-mail.ts), the site its links name, and how far it is. */
  mail?: MailSpec;
  site_origin?: string;
  total?: number;
  batches_total?: number;
  batches_done?: number;
  counts?: { sent: number; withheld: number; opted_out: number; failed: number };
  /** A mail job: who confirmed sending it to `total` recipients, and when (or who discarded it). */
  confirmed_by?: { id: string; email?: string };
  confirmed_at?: string;
  state: JobState;
  requested_by: { id: string; email?: string };
  requested_at: string;
  started_at?: string;
  finished_at?: string;
  /** Deliveries that started it (more than one after a worker failed or timed out). */
  attempts: number;
  rows?: number;
  bytes?: number;
  /** Where the file is, under exports/ of the uploads bucket. */
  object_key?: string;
  file_name?: string;
  /** A publication of the review's decisions (core/review/publishing.ts): what it published, by outcome. */
  /** A run of the review's assignment (core/review/assignment-job.ts): what it did. */
  assignment?: AssignmentOutcome;
  /** An abstract book: the number of the programme's publication it prints; a programme mail: the publication whose changes it tells. */
  programme_publication?: number;
  /** A publication of one review category only (none: every category). */
  category?: string;
  published?: Record<'oral' | 'poster' | 'reject' | 'revise' | 'duplicate', number>;
  /** Why it failed, in the office's words. */
  error?: string;
  /** A reconciliation job, once done: what was checked and what disagrees (core/office/reconciliations.ts). */
  reconciliation?: KeptCheck;
  /**
   * An export withdrawn because an account was deleted after it was requested: its file (which
   * may hold the account's data) was deleted and its link is refused (core/accounts/account-copies.ts).
   */
  withdrawn_at?: string;
}

/** `batch`: one batch of a mail job's recipients; without it, the job's first step. */
export type JobMessage = { job: string; batch?: number };
/**
 * A task the platform's schedule puts on the queue (core/workers.ts `schedules`), with no job
 * record: the certificate-ready mails at the congress's end, a page of paid orders per message.
 */
export type TaskMessage = { task: 'certificates-ready'; cursor?: string } | { task: 'presenter-reminders'; at: string };
const taskMessageSchema = z.union([
  z.object({ task: z.literal('certificates-ready'), cursor: z.optional(z.string().check(z.maxLength(2000))) }),
  // The schedule's tick (EventBridge's event time, or the local portal's clock).
  z.object({ task: z.literal('presenter-reminders'), at: z.iso.datetime({ offset: true }) }),
]);


const JOB_ID = /^\d{8}T\d{9}Z-[0-9a-f]{8}$/;
const jobMessageSchema = z.object({ job: z.string().check(z.regex(JOB_ID)), batch: z.optional(z.number().check(z.int(), z.gte(0), z.lte(100_000))) });
export const isJobId = (id: string) => JOB_ID.test(id);

export interface JobStore {
  /** Stores a new job with its audit entry, in one transaction. */
  create(job: OfficeJob, audit: ReturnType<typeof auditEntry>): Promise<void>;
  get(id: string): Promise<OfficeJob | undefined>;
  /**
   * The newest jobs of `kind` first. Always one kind: the newest jobs of every kind filtered
   * afterwards hid the exports behind 50 newer mail jobs (and the mail jobs behind exports).
   */
  recent(limit: number, kind: OfficeJob['kind']): Promise<OfficeJob[]>;
  /** Sets `fields` if the job is in one of `from` (with `audit` in the same transaction); false if it is not (any more). */
  update(id: string, fields: Partial<OfficeJob>, from: readonly JobState[], audit?: ReturnType<typeof auditEntry>): Promise<boolean>;
}

export interface JobQueue {
  send(message: JobMessage | TaskMessage): Promise<void>;
}

/** What the exports read: everything, page by page (the worker's Scan, off the request path). */
export interface ExportSource {
  orders(): Promise<OrderExportRow[]>;
  registrations(): Promise<RegistrationExportRow[]>;
  delegates(): Promise<DelegateExportRow[]>;
  abstracts(): Promise<AbstractExportRow[]>;
  /** Every abstract, review and member of the review team (core/review/review-exports.ts). */
  reviewSheet(): Promise<ReviewSheetSource>;
  /** Every abstract with its summary (scores, pending decision). */
  decisions(): Promise<DecisionSheetSource>;
  /** Every scan the doors recorded, oldest first, with its ticket's holder. */
  checkins(): Promise<CheckinExportRow[]>;
}

export interface ExportFiles {
  /** Stores the document under `key` (downloaded as `fileName`); answers its size in bytes. */
  put(key: string, chunks: Iterable<string>, fileName: string): Promise<number>;
  /** Stores a PDF (the abstract book) under `key`; answers its size in bytes. */
  putPdf(key: string, bytes: Uint8Array, fileName: string): Promise<number>;
  /** A link that downloads it for a few minutes (a `.pdf` as a PDF, anything else as a CSV). */
  link(key: string, fileName: string): Promise<string>;
}

export interface JobDeps {
  jobs: JobStore;
  queue: JobQueue;
  newId: () => string;
  /** Whether a programme is published (the abstract book's request is refused before). */
  programme?: PublishedCheck;
}

/** The export's answer by its catalog id (office-money.json); its English is `jobMessages.exportQueued`'s word for word. */
export const jobTexts = {
  exportQueued: (kind: ExportKind) => text('api.office.exports.queued', { kind: text(`office.exports.kind.${kind}`) }),
};

export const jobMessages = {
  exportQueued: (kind: ExportKind) => `The export "${exportLabels[kind]}" is being prepared. It appears in the list below when it is ready.`,
  notFound: 'This export was not found.',
  notReady: 'This export is not ready yet: wait until the list shows it as ready.',
  expired: `This export is older than ${EXPORT_KEEP_DAYS} days and has been deleted. Please make a new one.`,
  failed: 'This export failed. Please request it again; if it fails again, the operations team has been alerted.',
  withdrawn: 'This export was deleted: a delegate deleted their account after it was made, and the file may hold their data. Please make a new one.',
  workerFailed: 'The export could not be made after several tries; the operations team has been alerted (dead-letter queue).',
  publishFailed: 'The publication could not be completed after several tries (the operations team has been alerted). What it published stays published; publish again to go on.',
  assignFailed: 'The assignment could not be completed after several tries; what it wrote stays, and running it again completes it. The operations team has been alerted (dead-letter queue).',
  reconcileFailed: 'The check could not be completed after several tries (the table or Stripe did not answer); the operations team has been alerted (dead-letter queue). Please run it again later.',
} as const;

export const exportRequestSchema = z.object({
  kind: z.enum(exportKinds, { message: 'Please choose what to export: orders, fapiao requests, registrations, delegates, abstracts, the review sheet, the review decisions, the abstract book, the badges or the check-ins.' }),
});

/** A job id that sorts by time (to the millisecond): `20240801T020000123Z-1a2b3c4d`. */
export const jobIdOf = (at: Date, random: string) => `${at.toISOString().replace(/[-:.]/g, '')}-${random.replace(/-/g, '').slice(0, 8)}`;

/**
 * Whether a job still holds its kind's one place: queued or running, and younger than the queue
 * gives a job (every delivery's visibility timeout): one stopped by a timeout on its last
 * delivery, or never queued, holds it no longer.
 */
export function underWay(job: Pick<OfficeJob, 'state' | 'requested_at'>, now: Date) {
  if (job.state !== 'queued' && job.state !== 'running') return false;
  return now.getTime() - Date.parse(job.requested_at) < queues['office-jobs'].maxReceiveCount * visibilityTimeoutOf('office-jobs') * 1000;
}

/** Records an export job (audited: `export.requested`) and sends it to the queue. */
export async function requestExport(deps: JobDeps, actor: Actor, kind: ExportKind, now: Date) {
  if (kind === 'abstract_book') {
    if (!deps.programme) throw new Error('The abstract book needs the programme (JobDeps.programme)');
    await assertBookPublished(deps.programme);
  }
  const job: OfficeJob = {
    id: jobIdOf(now, deps.newId()),
    kind: 'export',
    export: kind,
    state: 'queued',
    requested_by: { id: actor.id, ...(actor.email ? { email: actor.email } : {}) },
    requested_at: now.toISOString(),
    attempts: 0,
  };
  await deps.jobs.create(job, auditEntry({ action: 'export.requested', actor, at: now, object: { type: 'export', id: job.id }, after: { kind } }));
  await deps.queue.send({ job: job.id });
  return { message: jobTexts.exportQueued(kind), data: { job: jobView(job) } };
}

/** A job as the office page shows it (where the file is stays on the server). */
export function jobView(job: OfficeJob) {
  return {
    id: job.id,
    kind: job.kind,
    export: job.export ?? null,
    label: job.export ? exportLabels[job.export] : job.mail ? mailJobLabel(job.mail) : job.kind === 'publish' ? 'Publication of the decisions' : job.kind === 'assign' ? 'Assignment of the reviewers' : job.kind === 'programme_mail' ? `Presenters told of the programme's version ${job.programme_publication ?? ''}` : '',
    mail: job.mail ?? null,
    total: job.total ?? null,
    counts: job.counts ?? null,
    published: job.published ?? null,
    programme_publication: job.programme_publication ?? null,
    category: job.category ?? null,
    assignment: job.assignment ?? null,
    confirmed_by: job.confirmed_by ? (job.confirmed_by.email ?? job.confirmed_by.id) : null,
    state: job.state,
    requested_by: job.requested_by.email ?? job.requested_by.id,
    requested_at: job.requested_at,
    finished_at: job.finished_at ?? null,
    rows: job.rows ?? null,
    bytes: job.bytes ?? null,
    file_name: job.file_name ?? null,
    error: job.error ?? null,
    withdrawn_at: job.withdrawn_at ?? null,
  };
}
export type JobView = ReturnType<typeof jobView>;

/** How many jobs of a kind the office lists (the newest). */
export const JOBS_LISTED = 50;

export async function listExports(deps: Pick<JobDeps, 'jobs'>) {
  return { items: (await deps.jobs.recent(JOBS_LISTED, 'export')).map(jobView) };
}

/** The download link of a finished export. */
export async function exportLink(deps: Pick<JobDeps, 'jobs'> & { files: ExportFiles }, id: string, now: Date) {
  const job = JOB_ID.test(id) ? await deps.jobs.get(id) : undefined;
  if (!job || job.kind !== 'export') throw notFound(jobMessages.notFound);
  if (job.state === 'failed') throw conflict(jobMessages.failed);
  if (job.withdrawn_at) throw conflict(jobMessages.withdrawn);
  if (job.state !== 'done' || !job.object_key || !job.file_name) throw conflict(jobMessages.notReady);
  if (now.getTime() - Date.parse(job.finished_at ?? job.requested_at) > EXPORT_KEEP_DAYS * 86_400_000) throw conflict(jobMessages.expired);
  return { url: await deps.files.link(job.object_key, job.file_name), file_name: job.file_name };
}

export interface WorkerDeps {
  jobs: JobStore;
  source: ExportSource;
  files: ExportFiles;
  /** Writes the export's records (csv-stringify: every cell quoted, lib/csv-writer.ts). */
  csv: CsvWriter;
  mail: MailWorkerDeps;
  /** The publication of the review's decisions (its mails go through `mail`). */
  publication: PublishDeps;
  /** A run of the review's assignment (core/review/reviewing.ts `runAssignment`). */
  assignment: Parameters<typeof runAssignmentJob>[0];
  /** The reconciliation of the whole ledger against Stripe (lib/payments/ledger-check.ts, as `npm run reconcile`). */
  reconcile: () => Promise<LedgerCheck>;
  /** The abstract book's sources and renderer (an export job of kind `abstract_book`). */
  book?: BookExportDeps;
  /** Every paid order's badges on A4 sheets of four (an export job of kind `badges`: core/tickets/ticket-files.ts `renderAllBadges`). */
  badges?: { render(title: string): Promise<{ bytes: Uint8Array; badges: number }> };
  /** The presenters' mails of a programme publication (core/programme/presenter-mails.ts `planPresenterMails`). */
  presenterMails?: Parameters<typeof planPresenterMails>[0];
  /** The schedule's tasks (TaskMessage): each idempotent, so a redelivered message does no harm. */
  tasks: { certificatesReady(cursor: string | undefined, now: Date): Promise<unknown>; presenterReminders(at: Date): Promise<unknown> };
  log: { info(message: string, extra?: Record<string, unknown>): void; error(message: string, extra?: Record<string, unknown>): void };
}

/** Runs the export of `job`: reads every row, writes the CSV, answers rows and bytes. */
async function runExport(deps: WorkerDeps, job: OfficeJob & { export: ExportKind }) {
  if (job.export === 'abstract_book') return runBookExport(deps, job);
  if (job.export === 'badges') return runBadgeExport(deps, job);
  const build = async <Row>(columns: Column<Row>[], rows: Promise<Row[]>) => {
    const all = await rows;
    return { rows: all.length, chunks: deps.csv(csvRecords(columns, all)) };
  };
  const made =
    job.export === 'orders'
      ? await build(orderColumns, deps.source.orders())
      : job.export === 'fapiao'
      ? await build(fapiaoColumns, deps.source.orders().then((rows) => rows.filter((r) => r.order.fapiao)))
      : job.export === 'registrations'
        ? await build(registrationColumns, deps.source.registrations())
        : job.export === 'delegates'
        ? await build(delegateColumns, deps.source.delegates())
        : job.export === 'review_sheet'
        ? await build(reviewSheetColumns, deps.source.reviewSheet().then(reviewSheetRows))
        : job.export === 'decisions'
        ? await build(decisionColumns, deps.source.decisions().then(decisionRows))
        : job.export === 'checkins'
        ? await build(checkinColumns, deps.source.checkins())
        : await build(abstractColumns, deps.source.abstracts());
  const fileName = exportFileName(job.export, job.requested_at);
  const key = `exports/${job.id}/${fileName}`;
  const bytes = await deps.files.put(key, made.chunks, fileName);
  return { rows: made.rows, bytes, object_key: key, file_name: fileName };
}

/** The abstract book of the latest published programme, as a PDF under exports/ (rows: the abstracts it prints). */
async function runBookExport(deps: WorkerDeps, job: OfficeJob & { export: ExportKind }) {
  if (!deps.book) throw new Error('The worker has no abstract book (WorkerDeps.book)');
  const made = await renderLatestBook(deps.book);
  const fileName = exportFileName(job.export, job.requested_at);
  const key = `exports/${job.id}/${fileName}`;
  const bytes = await deps.files.putPdf(key, made.bytes, fileName);
  return { rows: made.abstracts, bytes, object_key: key, file_name: fileName, programme_publication: made.publication };
}

/** Every paid order's badges as a PDF under exports/ (rows: the badges it prints). */
async function runBadgeExport(deps: WorkerDeps, job: OfficeJob & { export: ExportKind }) {
  if (!deps.badges) throw new Error('The worker has no badges (WorkerDeps.badges)');
  const fileName = exportFileName(job.export, job.requested_at);
  const made = await deps.badges.render(fileName);
  const key = `exports/${job.id}/${fileName}`;
  const bytes = await deps.files.putPdf(key, made.bytes, fileName);
  return { rows: made.badges, bytes, object_key: key, file_name: fileName };
}

/**
 * One delivery of the queue: runs the job it names. A message that names no job is dropped (a
 * retry could not help); a job already done or failed is left as it is. When the run throws, the
 * error goes back to the queue (the message comes again) and, on the queue's last delivery, the
 * job is marked failed first.
 */
export async function runOfficeJob(deps: WorkerDeps, message: { text: string; receiveCount: number }, now: () => Date) {
  let parsed: JobMessage;
  try {
    const body: unknown = JSON.parse(message.text);
    const task = taskMessageSchema.safeParse(body);
    // A task of the schedule: an error goes back to the queue (the message comes again).
    if (task.success) {
      if (task.data.task === 'certificates-ready') return void (await deps.tasks.certificatesReady(task.data.cursor, now()));
      // As at the tick, never later than the worker's own clock (a message cannot bring reminders forward).
      const at = new Date(Math.min(Date.parse(task.data.at), now().getTime()));
      return void (await deps.tasks.presenterReminders(at));
    }
    parsed = jobMessageSchema.parse(body);
  } catch (error) {
    if (!(error instanceof SyntaxError) && !(error instanceof z.core.$ZodError)) throw error;
    deps.log.error('office job message dropped: it names no job', { text: message.text.slice(0, 200) });
    return;
  }
  const job = await deps.jobs.get(parsed.job);
  if (!job) {
    deps.log.error('office job message dropped: no such job', { job: parsed.job });
    return;
  }
  if (job.state === 'done' || job.state === 'failed' || job.state === 'cancelled') return;
  const started = now().toISOString();
  // The first step runs from queued (or again from running, after a failed run); a mail waiting for
  // its organiser, or already sending, is never planned again.
  if (parsed.batch === undefined && !(await deps.jobs.update(job.id, { state: 'running', started_at: started, attempts: job.attempts + 1 }, ['queued', 'running']))) return;
  // A mail's batches are sent only once the organiser confirmed it (or by a job from before the confirmation).
  if (parsed.batch !== undefined && job.state !== 'sending' && job.state !== 'running') return;
  try {
    if (job.kind === 'mail' || job.kind === 'publish' || job.kind === 'programme_mail') {
      if (parsed.batch !== undefined) await sendMailBatch(deps.mail, job, parsed.batch, now);
      else if (job.kind === 'mail') await planMailJob(deps.mail, job, now);
      else if (job.kind === 'publish') await runPublication(deps.publication, job, now);
      else {
        if (!deps.presenterMails) throw new Error('The worker has no presenter mails (WorkerDeps.presenterMails)');
        await planPresenterMails(deps.presenterMails, job, now);
      }
      return;
    }
    if (job.kind === 'assign') {
      await runAssignmentJob(deps.assignment, job, now);
      deps.log.info('review assignment done', { job: job.id });
      return;
    }
    if (job.kind === 'reconcile') {
      const reconciliation = keptCheck(await deps.reconcile());
      await deps.jobs.update(job.id, { state: 'done', finished_at: now().toISOString(), reconciliation }, ['running']);
      deps.log.info('office reconciliation done', { job: job.id, orders: reconciliation.orders, disagreements: reconciliation.disagreement_count });
      return;
    }
    if (!job.export) throw new Error(`export job ${job.id} names no export`);
    const result = await runExport(deps, { ...job, export: job.export });
    await deps.jobs.update(job.id, { state: 'done', finished_at: now().toISOString(), ...result }, ['running']);
    deps.log.info('office export done', { job: job.id, export: job.export, rows: result.rows, bytes: result.bytes });
  } catch (error) {
    if (message.receiveCount >= queues['office-jobs'].maxReceiveCount) {
      // One mail batch given up: its waiting recipients are recorded as failed and the rest of the
      // mail goes on; any other step given up fails the job.
      if ((job.kind === 'mail' || job.kind === 'publish' || job.kind === 'programme_mail') && parsed.batch !== undefined) await giveUpMailBatch(deps.mail, job, parsed.batch, now);
      else {
        const failed = job.kind === 'reconcile' ? jobMessages.reconcileFailed : job.kind === 'assign' ? jobMessages.assignFailed : job.kind === 'publish' ? jobMessages.publishFailed : jobMessages.workerFailed;
        await deps.jobs.update(job.id, { state: 'failed', finished_at: now().toISOString(), error: failed }, ['running']);
      }
    }
    throw error;
  }
}
