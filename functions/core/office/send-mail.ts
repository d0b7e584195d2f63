/**
 * The office sends mail to delegates (rules in mail-jobs.ts): preview for one recipient, then a
 * job. The worker's first step finds the recipients (a Scan, off the request path) and stores
 * them in batches, sending one queue message per batch; each batch is then sent at the office's
 * rate, every recipient's outcome recorded as it happens (a second delivery of a batch sends
 * nobody twice); the last batch counted finishes the job with its `mail.sent` audit entry.
 */
import * as z from 'zod/mini';
import type { Mailer } from '../accounts/ports';
import { auditEntry, type Actor } from '../audit/audit';
import { conflict, notFound } from '../errors';
import { text } from '../i18n/messages';
import type { StoredOrder } from '../orders/ports';
import { API_BASE } from '../routes';
import type { Lang } from '../i18n/lang';
import { recipientLanguage, type RecipientLanguages } from '../mail/recipient-language';
import type { JobDeps, JobQueue, JobStore, OfficeJob } from './jobs';
import { isJobId, jobIdOf, jobView, JOBS_LISTED } from './jobs';
import {
  MAIL_BATCH_SIZE,
  mailMessages,
  mailPauseMs,
  normaliseOrderNo,
  orderMatches,
  recipientOfOrder,
  referenceOfOrderNo,
  renderMail,
  selectRecipients,
  sentSubject,
  inBothLanguages,
  tally,
  unsubscribePage,
  versionFor,
  unsubscribeHeaders,
  type MailSpec,
  type Recipient,
  type RecipientResult,
} from './mail-jobs';

export interface MailBatchStore {
  /** Stores a batch unless it is stored already (a repeated first step keeps what was sent). */
  putBatch(jobId: string, index: number, recipients: RecipientResult[]): Promise<void>;
  getBatch(jobId: string, index: number): Promise<{ recipients: RecipientResult[] } | undefined>;
  setRecipient(jobId: string, index: number, position: number, result: Pick<RecipientResult, 'state' | 'error'>): Promise<void>;
  /** Marks the batch as counted in its job; false if it was already (a second delivery). */
  countBatch(jobId: string, index: number): Promise<boolean>;
  /** Adds a batch's counts to its job and counts the batch done; the job as it is now. */
  addToJob(jobId: string, counts: NonNullable<OfficeJob['counts']>): Promise<OfficeJob>;
  /** Moves the job from running to done with its audit entry, in one transaction; false if it was not running. */
  finish(jobId: string, finishedAt: string, audit: ReturnType<typeof auditEntry>): Promise<boolean>;
  /** Every recipient of the job with its outcome, in batch order. */
  recipients(jobId: string): Promise<RecipientResult[]>;
}

/** What a mail's recipients are chosen from (the worker's Scan). */
export interface MailSource {
  orders(): Promise<StoredOrder[]>;
  presenters(): Promise<Recipient[]>;
}

export interface MailPreferences {
  optedOut(userId: string): Promise<boolean>;
  setOptedOut(userId: string, optedOut: boolean, at: Date): Promise<void>;
}

export interface UnsubscribeTokens {
  /** A new unguessable token that opts `userId` out (stored by its hash). */
  issue(userId: string, at: Date): Promise<string>;
  /** The account a token opts out, if it is one we issued and it has not expired. */
  userOf(token: string, at: Date): Promise<string | undefined>;
}

export interface MailWorkerDeps {
  jobs: JobStore;
  batches: MailBatchStore;
  source: MailSource;
  preferences: Pick<MailPreferences, 'optedOut'>;
  tokens: Pick<UnsubscribeTokens, 'issue'>;
  mailer: Mailer;
  queue: JobQueue;
  sleep: (ms: number) => Promise<void>;
  /** A publication's mail to one recipient (core/review/publishing.ts `decisionMailOf`). */
  decisionMail?: (r: RecipientResult, siteOrigin: string) => Promise<{ subject: string; html: string; text: string }>;
  /** A programme publication's mail to one presenter (core/programme/presenter-mails.ts `presenterMailOf`). */
  presenterMail?: (r: RecipientResult, job: OfficeJob) => Promise<{ subject: string; html: string; text: string }>;
  log: { info(message: string, extra?: Record<string, unknown>): void; error(message: string, extra?: Record<string, unknown>): void };
  /** Each recipient's language, read when a mail is written in both (none: English). */
  languages?: RecipientLanguages;
}

/** Trimmed; a Chinese version only when it is written (a job in English only stays as it always was). */
const tidy = (spec: MailSpec): MailSpec => {
  const { subject_zh, text_zh, ...rest } = spec;
  const zh = (subject_zh ?? '').trim() ? { subject_zh: (subject_zh ?? '').trim(), text_zh: (text_zh ?? '').trim() } : {};
  return {
    ...rest,
    subject: (spec.subject ?? '').trim(),
    text: (spec.text ?? '').trim(),
    ...zh,
    ...(spec.filter === 'order' ? { order_no: normaliseOrderNo(spec.order_no ?? '') } : { order_no: undefined }),
  };
};

/** Each recipient with their language, when it decides which version they get (a mail in one language reaches all in it: nothing to read). */
async function withLanguages<T extends Recipient>(deps: { languages?: RecipientLanguages; log?: MailWorkerDeps['log'] }, spec: MailSpec, recipients: T[]): Promise<T[]> {
  if (!inBothLanguages(spec)) return recipients;
  const out: T[] = [];
  for (const r of recipients) out.push({ ...r, language: await recipientLanguage(deps, r.user_id) });
  return out;
}

/** Records the mail job (audited `mail.requested`) and queues it. */
export async function requestMail(deps: JobDeps, actor: Actor, input: MailSpec, siteOrigin: string, now: Date) {
  const spec = tidy(input);
  const job: OfficeJob = {
    id: jobIdOf(now, deps.newId()),
    kind: 'mail',
    mail: spec,
    site_origin: siteOrigin,
    state: 'queued',
    requested_by: { id: actor.id, ...(actor.email ? { email: actor.email } : {}) },
    requested_at: now.toISOString(),
    attempts: 0,
  };
  await deps.jobs.create(
    job,
    auditEntry({ action: 'mail.requested', actor, at: now, object: { type: 'mail', id: job.id }, after: { filter: spec.filter, order_no: spec.order_no, purpose: spec.purpose, subject: spec.subject, ...(spec.subject_zh ? { subject_zh: spec.subject_zh } : {}) } }),
  );
  await deps.queue.send({ job: job.id });
  return { message: mailMessages.queued, data: { job: jobView(job) } };
}

export interface PreviewDeps {
  orderByReference(reference: string): Promise<StoredOrder | undefined>;
  accountByEmail(email: string): Promise<{ id: string; email: string; first_name: string } | undefined>;
  ordersOf(userId: string): Promise<StoredOrder[]>;
  hasAbstract(userId: string): Promise<boolean>;
  /** The recipient's language (which version they get). */
  languages?: RecipientLanguages;
}

/**
 * The mail one recipient would get, without sending it and without reading the table through:
 * the organiser names the recipient by an order number (one indexed look-up) or an account's
 * address (the account and its orders).
 */
export async function previewMail(deps: PreviewDeps, input: MailSpec, previewFor: string, siteOrigin: string) {
  const spec = tidy(input);
  const who = previewFor.trim();
  let recipient: Recipient | undefined;
  let chosen = false;
  const reference = referenceOfOrderNo(who);
  if (reference) {
    const order = await deps.orderByReference(reference);
    if (!order) throw notFound(mailMessages.previewNobody);
    recipient = recipientOfOrder(order);
    chosen = spec.filter === 'presenters' ? await deps.hasAbstract(order.owner_id) : orderMatches(spec.filter, order, spec.order_no);
  } else {
    const account = who.includes('@') ? await deps.accountByEmail(who.toLowerCase()) : undefined;
    if (!account) throw notFound(mailMessages.previewNobody);
    if (spec.filter === 'presenters') {
      recipient = { email: account.email, user_id: account.id, first_name: account.first_name, order_no: '', amount: '' };
      chosen = await deps.hasAbstract(account.id);
    } else {
      const orders = (await deps.ordersOf(account.id)).sort((a, b) => a.sequence - b.sequence);
      const order = orders.find((o) => orderMatches(spec.filter, o, spec.order_no));
      recipient = order ? recipientOfOrder(order) : undefined;
      chosen = order !== undefined;
    }
  }
  if (!recipient || !chosen) throw conflict(mailMessages.previewNotRecipient);
  [recipient] = await withLanguages(deps, spec, [recipient]);
  // The language of the version this recipient gets (theirs, or the only one written).
  const language = versionFor(spec, recipient!.language).lang;
  const links = spec.purpose === 'announcement' ? unsubscribeLinks(siteOrigin, 'PREVIEW-TOKEN', language) : undefined;
  const mail = renderMail(spec, recipient!, links?.page);
  return { to: recipient!.email, language, subject: mail.subject, text: mail.text, html: mail.html, headers: links ? unsubscribeHeaders(links.oneClick) : [] };
}

/** The page that asks to confirm (in the mail's language), and the address a mail program POSTs to (one click, RFC 8058). */
export const unsubscribeLinks = (siteOrigin: string, token: string, lang: Lang = 'en') => ({
  page: unsubscribePage(siteOrigin, token, lang),
  oneClick: `${siteOrigin}${API_BASE}/unsubscribe/${encodeURIComponent(token)}`,
});

const batchesOf = <T>(items: T[], size: number) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * The first step: find the recipients and store them in batches; then the job waits (`ready`)
 * for the organiser to confirm that number (`confirmMailJob`). A mail that finds nobody is done.
 */
export async function planMailJob(deps: MailWorkerDeps, job: OfficeJob, now: () => Date) {
  const spec = job.mail!;
  const recipients = await withLanguages(
    deps,
    spec,
    selectRecipients(spec, {
      orders: spec.filter === 'presenters' ? [] : await deps.source.orders(),
      presenters: spec.filter === 'presenters' ? await deps.source.presenters() : [],
    }),
  );
  const batches = batchesOf(recipients, MAIL_BATCH_SIZE);
  for (const [index, batch] of batches.entries()) await deps.batches.putBatch(job.id, index, batch.map((r) => ({ ...r, state: 'pending' })));
  const counts = { sent: 0, withheld: 0, opted_out: 0, failed: 0 };
  if (batches.length === 0) {
    await deps.jobs.update(job.id, { total: 0, batches_total: 0, batches_done: 0, counts }, ['running']);
    await finishMailJob(deps, { ...job, total: 0, counts }, now());
    return;
  }
  await deps.jobs.update(job.id, { state: 'ready', total: recipients.length, batches_total: batches.length, batches_done: 0, counts }, ['running']);
  deps.log.info('office mail ready to confirm', { job: job.id, recipients: recipients.length, batches: batches.length });
}

/** What the organiser confirms: the number of recipients the page showed. */
export const mailConfirmBody = z.object({
  recipients: z.number({ message: 'Please confirm the number of recipients shown.' }).check(z.int({ message: 'Please confirm the number of recipients shown.' }), z.gte(0), z.lte(1_000_000)),
});

export const mailConfirmationMessages = {
  notReady: 'This mail is not waiting for a confirmation: it is still finding its recipients, or it was sent or discarded already. Please reload the list.',
  countChanged: (total: number) => `This mail goes to ${total} recipient${total === 1 ? '' : 's'}, not the number you confirmed. Please look at it again.`,
  sending: (total: number) => `The mail is being sent to ${total} recipient${total === 1 ? '' : 's'} in the background. The list below shows what was sent to whom.`,
  discarded: 'The mail was not sent: nobody gets it.',
} as const;

/** The confirmation's answers by their catalog ids (office-mail.json); their English is `mailConfirmationMessages`' word for word. */
export const mailConfirmationTexts = {
  countChanged: (total: number) => text('api.office.mail.countChanged', { total: String(total), count: total }),
  sending: (total: number) => text('api.office.mail.sending', { total: String(total), count: total }),
};

async function readyMailJob(jobs: JobStore, id: string) {
  const job = isJobId(id) ? await jobs.get(id) : undefined;
  if (!job || job.kind !== 'mail') throw notFound(mailMessages.notFound);
  if (job.state !== 'ready') throw conflict(mailConfirmationMessages.notReady);
  return job;
}

/**
 * POST /office/mail/{id}/send { recipients }: the organiser confirms the number of recipients the
 * job found (the page showed it); then, and only then, its batches are queued. Audited
 * (`mail.confirmed`) in the same write that moves the job to `sending`.
 */
export async function confirmMailJob(deps: Pick<JobDeps, 'jobs' | 'queue'>, actor: Actor, id: string, recipients: number, now: Date) {
  const job = await readyMailJob(deps.jobs, id);
  const total = job.total ?? 0;
  if (recipients !== total) throw conflict(mailConfirmationTexts.countChanged(total), { total });
  const by = { id: actor.id, ...(actor.email ? { email: actor.email } : {}) };
  const audit = auditEntry({ action: 'mail.confirmed', actor, at: now, object: { type: 'mail', id }, before: { state: 'ready' }, after: { state: 'sending', recipients: total } });
  if (!(await deps.jobs.update(id, { state: 'sending', confirmed_by: by, confirmed_at: now.toISOString() }, ['ready'], audit))) throw conflict(mailConfirmationMessages.notReady);
  for (let index = 0; index < (job.batches_total ?? 0); index++) await deps.queue.send({ job: id, batch: index });
  return { message: mailConfirmationTexts.sending(total), data: { job: jobView({ ...job, state: 'sending', confirmed_by: by, confirmed_at: now.toISOString() }) } };
}

/** POST /office/mail/{id}/discard: the organiser does not send a mail that waits for confirmation (audited `mail.discarded`). */
export async function discardMailJob(deps: Pick<JobDeps, 'jobs'>, actor: Actor, id: string, now: Date) {
  const job = await readyMailJob(deps.jobs, id);
  const by = { id: actor.id, ...(actor.email ? { email: actor.email } : {}) };
  const audit = auditEntry({ action: 'mail.discarded', actor, at: now, object: { type: 'mail', id }, before: { state: 'ready' }, after: { state: 'cancelled', recipients: job.total ?? 0 } });
  if (!(await deps.jobs.update(id, { state: 'cancelled', confirmed_by: by, confirmed_at: now.toISOString(), finished_at: now.toISOString() }, ['ready'], audit))) throw conflict(mailConfirmationMessages.notReady);
  return { message: mailConfirmationMessages.discarded, data: { job: jobView({ ...job, state: 'cancelled' }) } };
}

async function finishMailJob(deps: MailWorkerDeps, job: OfficeJob, at: Date) {
  const counts = job.counts ?? { sent: 0, withheld: 0, opted_out: 0, failed: 0 };
  const actor: Actor = { kind: 'organiser', id: job.requested_by.id, ...(job.requested_by.email ? { email: job.requested_by.email } : {}) };
  if (job.kind === 'publish') {
    await deps.batches.finish(job.id, at.toISOString(), auditEntry({ action: 'decision.mails_sent', actor, at, object: { type: 'publication', id: job.id }, after: { total: job.total ?? 0, ...counts } }));
    return;
  }
  await deps.batches.finish(
    job.id,
    at.toISOString(),
    auditEntry({ action: 'mail.sent', actor, at, object: { type: 'mail', id: job.id }, after: { subject: job.mail?.subject, ...(job.mail?.subject_zh ? { subject_zh: job.mail.subject_zh } : {}), filter: job.mail?.filter, purpose: job.mail?.purpose, total: job.total ?? 0, ...counts } }),
  );
}

/** One batch: each recipient still pending is sent to (or skipped), at the office's rate, and recorded. */
export async function sendMailBatch(deps: MailWorkerDeps, job: OfficeJob, index: number, now: () => Date) {
  // A publication's mails: each about its abstract's decision, always sent (not an announcement).
  const spec: Pick<MailSpec, 'subject' | 'text' | 'subject_zh' | 'text_zh' | 'purpose'> = job.mail ?? { subject: '', text: '', purpose: 'order' };
  const batch = await deps.batches.getBatch(job.id, index);
  if (!batch) throw new Error(`mail job ${job.id} has no batch ${index}`);
  const results = [...batch.recipients];
  let sentBefore = false;
  for (const [position, r] of results.entries()) {
    if (r.state !== 'pending') continue;
    let outcome: Pick<RecipientResult, 'state' | 'error'>;
    if (r.account_deleted || !r.email) {
      // Deleted before its turn came: nobody to write to.
      outcome = { state: 'withheld', error: mailMessages.accountDeleted };
    } else if (spec.purpose === 'announcement' && (await deps.preferences.optedOut(r.user_id))) {
      outcome = { state: 'opted_out' };
    } else {
      if (sentBefore) await deps.sleep(mailPauseMs());
      sentBefore = true;
      try {
        const links = spec.purpose === 'announcement' ? unsubscribeLinks(job.site_origin!, await deps.tokens.issue(r.user_id, now()), versionFor(spec, r.language).lang) : undefined;
        const mail = job.kind === 'publish' ? await deps.decisionMail!(r, job.site_origin ?? '') : job.kind === 'programme_mail' ? await deps.presenterMail!(r, job) : renderMail(spec, r, links?.page);
        const sent = await deps.mailer.send({ to: r.email, ...mail, importance: 'notification', ...(links ? { headers: unsubscribeHeaders(links.oneClick) } : {}) });
        outcome = { state: sent };
      } catch (error) {
        deps.log.error('office mail to one recipient failed', { job: job.id, batch: index, position, error: (error as Error).message });
        outcome = { state: 'failed', error: 'The mail service refused or did not answer.' };
      }
    }
    await deps.batches.setRecipient(job.id, index, position, outcome);
    results[position] = { ...r, ...outcome };
  }
  if (!(await deps.batches.countBatch(job.id, index))) return;
  const after = await deps.batches.addToJob(job.id, tally(results));
  if (after.batches_total !== undefined && after.batches_done === after.batches_total) await finishMailJob(deps, after, now());
}

/** A batch the worker failed on at its last delivery: who was still waiting is recorded as failed, and the batch counted. */
export async function giveUpMailBatch(deps: MailWorkerDeps, job: OfficeJob, index: number, now: () => Date) {
  const batch = await deps.batches.getBatch(job.id, index);
  if (!batch) return;
  const results = [...batch.recipients];
  for (const [position, r] of results.entries()) {
    if (r.state !== 'pending') continue;
    results[position] = { ...r, state: 'failed', error: mailMessages.gaveUp };
    await deps.batches.setRecipient(job.id, index, position, results[position]);
  }
  if (!(await deps.batches.countBatch(job.id, index))) return;
  const after = await deps.batches.addToJob(job.id, tally(results));
  if (after.batches_total !== undefined && after.batches_done === after.batches_total) await finishMailJob(deps, after, now());
}

/** A mail job with what was sent to whom. */
export async function mailJobDetail(deps: { jobs: JobStore; batches: Pick<MailBatchStore, 'recipients'> }, id: string) {
  const job = isJobId(id) ? await deps.jobs.get(id) : undefined;
  if (!job || job.kind !== 'mail') throw notFound(mailMessages.notFound);
  // Each recipient with the subject it got (the job's subject may be a template).
  const recipients = (await deps.batches.recipients(id)).map((r) => ({ ...r, subject: job.mail ? sentSubject(job.mail, r) : '' }));
  return { job: jobView(job), recipients };
}

export async function listMailJobs(deps: { jobs: JobStore }) {
  return { items: (await deps.jobs.recent(JOBS_LISTED, 'mail')).map(jobView) };
}

/** The unsubscribe link (page or one-click): the delegate's announcements stop. */
export async function unsubscribe(deps: { tokens: Pick<UnsubscribeTokens, 'userOf'>; preferences: Pick<MailPreferences, 'setOptedOut'> }, token: string, now: Date) {
  const userId = token.length <= 100 ? await deps.tokens.userOf(token, now) : undefined;
  if (!userId) throw notFound(mailMessages.unsubscribeInvalid);
  await deps.preferences.setOptedOut(userId, true, now);
  return { message: mailMessages.unsubscribed, data: null };
}
