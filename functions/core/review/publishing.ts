/**
 * Publishing the decisions: the committee publishes every pending decision together, off the
 * request path (an office job, core/office/jobs.ts). For each abstract, in one transaction: the
 * summary records what was published (conditioned on the decision it read, and on nothing being
 * published yet), the abstract gets its outcome and, when accepted, its `presentation` with a
 * number (O-001, P-001: per type, the type's counter moved in the same write, conditioned on the
 * value read, so the numbers have no gap and none is given twice, however many publications run
 * at once), and the audit entry `decision.published`.
 *
 * Then one mail per abstract to its submitter and to every author with an e-mail, through the
 * office's mail batches (send-mail.ts): the office sees what was sent, bounced or failed, and can
 * send one again.
 *
 *   queued ─▶ running (publish, then plan the mails) ─▶ sending ─▶ done
 */
import type { StoredAbstract } from '../abstracts/ports';
import { auditEntry, type Actor, type AuditEntry } from '../audit/audit';
import { conference, reviewPhases, uploadPurposes } from '../config/conference';
import { conflict, notFound } from '../errors';
import { layout } from '../mail/templates';
import { formatDeadline } from '../i18n/format';
import { pathIn, type Lang } from '../i18n/lang';
import { mailTranslator } from '../i18n/mail-messages';
import { instantValue, text } from '../i18n/messages';
import { recipientLanguage, type RecipientLanguages } from '../mail/recipient-language';
import type { Mail } from '../accounts/ports';
import type { JobDeps, JobStore, OfficeJob } from '../office/jobs';
import { isJobId, jobIdOf, jobView, underWay } from '../office/jobs';
import type { MailBatchStore } from '../office/send-mail';
import { MAIL_BATCH_SIZE, tally, type RecipientResult } from '../office/mail-jobs';
import { formatCstDeadline, isBefore } from '../time';
import { type AbstractSummary, type Outcome, type SlotType } from './deciding';
import { reviewCategoryValues } from './team';
import type { StoredReview } from './reviewing';

/** What was published of an abstract's decision (on its summary, and as `review_outcome` on the abstract). */
export interface PublishedDecision {
  outcome: Outcome;
  /** An accepted abstract's number: O-001 (oral), P-001 (poster). */
  number?: string;
  duplicate_of?: string;
  published_at: string;
  /** The publication (office job) that published it: its mails are planned from this. */
  job: string;
  /** The decision's version it published. */
  decision_v: number;
}

export const NUMBER_PREFIX: Record<SlotType, string> = { oral: 'O', poster: 'P' };
/** `O-001`: the n-th abstract accepted as `type` (three digits at least). */
export const presentationNumber = (type: SlotType, n: number) => `${NUMBER_PREFIX[type]}-${String(n).padStart(3, '0')}`;

export const publishMessages = {
  queued: 'The decisions are being published: numbers are given and the mails to the authors are queued. The list below shows the progress.',
  someFailed: (n: number) => `${n} decision${n === 1 ? '' : 's'} could not be published (the operations team was alerted); publish again to try ${n === 1 ? 'it' : 'them'} again. The others are published and mailed.`,
  resendPending: 'This mail is still waiting to be sent: wait until the list shows it sent, then send it again if needed.',
  running: 'A publication is already running: wait until it is done, then publish what was decided since.',
  notFound: 'This publication was not found.',
  previewNoDecision: 'This abstract has no pending decision: decide it first to preview its mail.',
  alreadyPublished: (at: string) => `The decision on this abstract was published on ${formatCstDeadline(at)}: it can no longer be changed.`,
  recipientNotFound: 'This recipient was not found in the publication.',
  resent: (to: string) => `The mail was sent again to ${to}.`,
  resendWithheld: (to: string) => `Not sent: mail to ${to} bounced or was marked as spam before; ask the author for another address.`,
} as const;

/** The publication's messages with values by their catalog ids (review.json); their English is `publishMessages`' word for word. */
export const publishTexts = {
  alreadyPublished: (at: string) => text('api.review.alreadyPublished', { at: instantValue(at, 'deadline') }),
  resent: (email: string) => text('api.review.resent', { email }),
  resendWithheld: (email: string) => text('api.review.resendWithheld', { email }),
};

/** Whether a summary's decision waits for publication: decided, and not published (or published as "revise" and decided again since). */
export function isPublishable(s: Pick<AbstractSummary, 'decision' | 'decision_v'> & { published?: PublishedDecision }): boolean {
  if (!s.decision) return false;
  if (!s.published) return true;
  return s.published.outcome === 'revise' && s.decision.outcome !== 'revise' && s.decision_v !== s.published.decision_v;
}

/** Whether the committee may still change the decision (not published, or published as "revise": the re-check decides again). */
export const decisionOpen = (s: { published?: PublishedDecision }) => !s.published || s.published.outcome === 'revise';

/**
 * The order numbers are given in: category by category (the form's order), best ranked first,
 * then by id: the programme reads O-001, O-002, ... down a category.
 */
export function publicationOrder<T extends Pick<AbstractSummary, 'category' | 'abstract_id'> & { rank: string }>(items: readonly T[]): T[] {
  const categoryIndex = (c: string) => {
    const i = reviewCategoryValues.indexOf(c);
    return i === -1 ? reviewCategoryValues.length : i;
  };
  return [...items].sort((a, b) => categoryIndex(a.category) - categoryIndex(b.category) || a.rank.localeCompare(b.rank) || a.abstract_id.localeCompare(b.abstract_id));
}

export type PublishOutcome = 'published' | 'already' | 'changed' | 'number-taken' | 'gone';

export interface PublicationStore {
  /** Every summary with a decision, with its rank key (off the request path: a category at a time). */
  decided(): Promise<(AbstractSummary & { published?: PublishedDecision; rank: string })[]>;
  summary(abstractId: string): Promise<(AbstractSummary & { published?: PublishedDecision }) | undefined>;
  /** The last number given per type (0: none yet). */
  lastNumbers(): Promise<Record<SlotType, number>>;
  /**
   * Publishes one decision in one transaction (see the header): 'already' when the summary is
   * published by now, 'changed' when its decision moved since it was read, 'number-taken' when the
   * type's counter moved (read it again), 'gone' when the abstract is no longer there.
   */
  publish(input: { summary: AbstractSummary; published: PublishedDecision; previous?: PublishedDecision; slot?: { type: SlotType; n: number }; audit: AuditEntry }): Promise<PublishOutcome>;
  /** The summaries a publication published (its mails are planned from them). */
  publishedBy(jobId: string): Promise<(AbstractSummary & { published: PublishedDecision })[]>;
}

export interface DecisionMailSource {
  abstract(ownerId: string, id: string): Promise<StoredAbstract | undefined>;
  reviews(abstractId: string): Promise<StoredReview[]>;
  /** The submitting account: its address and first name (undefined once deleted). */
  account(userId: string): Promise<{ email: string; first_name: string } | undefined>;
}

export interface PublishDeps {
  publication: PublicationStore;
  source: DecisionMailSource;
  jobs: JobStore;
  batches: Pick<MailBatchStore, 'putBatch'>;
  queue: JobDeps['queue'];
  log: { info(message: string, extra?: Record<string, unknown>): void; error(message: string, extra?: Record<string, unknown>): void };
}

/** POST /review/committee/publication: records the publication (audited `decision.publication_requested`) and queues it. */
export async function requestPublication(deps: JobDeps, actor: Actor, input: { category?: string }, siteOrigin: string, now: Date) {
  const running = (await deps.jobs.recent(5, 'publish')).find((j) => underWay(j, now));
  if (running) throw conflict(publishMessages.running, { job: running.id });
  const job: OfficeJob = {
    id: jobIdOf(now, deps.newId()),
    kind: 'publish',
    ...(input.category ? { category: input.category } : {}),
    site_origin: siteOrigin,
    state: 'queued',
    requested_by: { id: actor.id, ...(actor.email ? { email: actor.email } : {}) },
    requested_at: now.toISOString(),
    attempts: 0,
  };
  await deps.jobs.create(job, auditEntry({ action: 'decision.publication_requested', actor, at: now, object: { type: 'publication', id: job.id }, after: { category: input.category ?? 'all' } }));
  await deps.queue.send({ job: job.id });
  return { message: publishMessages.queued, data: { job: jobView(job) } };
}

/** How many times one decision's publication is tried again when the type's counter moved under it (another publication at once). */
const NUMBER_RETRIES = 50;

/** Publishes one summary's decision; answers what it published (undefined when it was not its to publish). */
async function publishOne(deps: PublishDeps, job: OfficeJob, first: AbstractSummary & { published?: PublishedDecision }, at: Date): Promise<PublishedDecision | undefined> {
  let s: (AbstractSummary & { published?: PublishedDecision }) | undefined = first;
  for (let attempt = 0; attempt < NUMBER_RETRIES && s; attempt++) {
    if (!isPublishable(s)) return undefined;
    const outcome = s.decision!.outcome;
    const slot = outcome === 'oral' || outcome === 'poster' ? outcome : undefined;
    const n = slot ? (await deps.publication.lastNumbers())[slot] + 1 : 0;
    const published: PublishedDecision = {
      outcome,
      ...(slot ? { number: presentationNumber(slot, n) } : {}),
      ...(s.decision!.duplicate_of ? { duplicate_of: s.decision!.duplicate_of } : {}),
      published_at: at.toISOString(),
      job: job.id,
      decision_v: s.decision_v,
    };
    const actor: Actor = { kind: 'organiser', id: job.requested_by.id, ...(job.requested_by.email ? { email: job.requested_by.email } : {}) };
    const audit = auditEntry({
      action: 'decision.published',
      actor,
      at,
      object: { type: 'abstract', id: s.abstract_id },
      before: s.published ? { outcome: s.published.outcome } : undefined,
      after: { outcome, ...(published.number ? { number: published.number } : {}), publication: job.id },
    });
    const result = await deps.publication.publish({ summary: s, published, ...(s.published ? { previous: s.published } : {}), ...(slot ? { slot: { type: slot, n } } : {}), audit });
    if (result === 'published') return published;
    if (result === 'gone') {
      deps.log.error('decision not published: the abstract is gone', { job: job.id, abstract: s.abstract_id });
      return undefined;
    }
    // Published by another publication, its decision changed, or the number taken: read it again.
    s = await deps.publication.summary(s.abstract_id);
  }
  if (s && isPublishable(s)) throw new Error(`decision of ${s.abstract_id} not published after ${NUMBER_RETRIES} tries (numbers contended)`);
  return undefined;
}

/**
 * The job's first step: every pending decision published (one that keeps failing is recorded and
 * the others go on), then the mails of what this publication published planned in batches and
 * queued, and only then the job moves to `sending` (a delivery stopped half-way plans and queues
 * again: a batch sends nobody twice).
 */
export async function runPublication(deps: PublishDeps, job: OfficeJob, now: () => Date) {
  const pending = publicationOrder((await deps.publication.decided()).filter((s) => isPublishable(s) && (!job.category || s.category === job.category)));
  const failed: string[] = [];
  const publishedNow = new Set<string>();
  for (const s of pending) {
    try {
      if (await publishOne(deps, job, s, now())) publishedNow.add(s.abstract_id);
    } catch (error) {
      failed.push(s.abstract_id);
      deps.log.error('decision not published', { job: job.id, abstract: s.abstract_id, error: (error as Error).message });
    }
  }
  // What this publication published: this run's, and an earlier delivery's (the index, settled by
  // then), each read again by its key (an index may not show the newest writes yet).
  const ids = new Set([...publishedNow, ...(await deps.publication.publishedBy(job.id)).map((s) => s.abstract_id)]);
  const mine = (await Promise.all([...ids].map((id) => deps.publication.summary(id))))
    .filter((s): s is AbstractSummary & { published: PublishedDecision } => s?.published?.job === job.id)
    .sort((a, b) => (a.published.number ?? '~').localeCompare(b.published.number ?? '~') || a.abstract_id.localeCompare(b.abstract_id));
  const recipients: RecipientResult[] = [];
  for (const s of mine) {
    const abstract = await deps.source.abstract(s.owner_id, s.abstract_id);
    if (!abstract) continue;
    for (const r of decisionRecipients(abstract, await deps.source.account(abstract.owner_id))) recipients.push({ ...r, state: 'pending' });
  }
  const batches = Array.from({ length: Math.ceil(recipients.length / MAIL_BATCH_SIZE) }, (_, i) => recipients.slice(i * MAIL_BATCH_SIZE, (i + 1) * MAIL_BATCH_SIZE));
  for (const [index, batch] of batches.entries()) await deps.batches.putBatch(job.id, index, batch);
  const published = publishedCounts(mine.map((s) => s.published));
  const counts = { sent: 0, withheld: 0, opted_out: 0, failed: 0 };
  const error = failed.length ? publishMessages.someFailed(failed.length) : undefined;
  const fields = { total: recipients.length, batches_total: batches.length, batches_done: 0, counts, published, ...(error ? { error } : {}) };
  if (batches.length === 0) {
    await deps.jobs.update(job.id, { ...fields, state: 'done', finished_at: now().toISOString() }, ['running']);
    return;
  }
  if (!(await deps.jobs.update(job.id, fields, ['running']))) return;
  for (let index = 0; index < batches.length; index++) await deps.queue.send({ job: job.id, batch: index });
  await deps.jobs.update(job.id, { state: 'sending' }, ['running']);
  deps.log.info('decisions published', { job: job.id, abstracts: mine.length, recipients: recipients.length, failed: failed.length, ...published });
}

export const publishedCounts = (items: readonly Pick<PublishedDecision, 'outcome'>[]) => {
  const counts: Record<Outcome, number> = { oral: 0, poster: 0, reject: 0, revise: 0, duplicate: 0 };
  for (const p of items) counts[p.outcome] += 1;
  return counts;
};

/**
 * Who is told: the submitting account, every author and every presenter with an e-mail, once per
 * address (the submitter first, then the authors and presenters in their order). `user_id` is the account's where it is one.
 */
export function decisionRecipients(abstract: Pick<StoredAbstract, 'id' | 'owner_id' | 'authors'> & Partial<Pick<StoredAbstract, 'presenter_infos'>>, submitter: { email: string; first_name: string } | undefined) {
  const people = [
    ...(submitter ? [{ email: submitter.email, first_name: submitter.first_name, user_id: abstract.owner_id }] : []),
    ...abstract.authors.map((a) => ({ email: a.email, first_name: a.first_name, user_id: '' })),
    // A presenter who is not an author is the one told to register and upload.
    ...(abstract.presenter_infos ?? []).map((a) => ({ email: a.email, first_name: a.first_name, user_id: '' })),
  ];
  const seen = new Set<string>();
  return people
    .filter((p) => {
      const key = p.email.trim().toLowerCase();
      if (!key || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((p) => ({ email: p.email.trim(), user_id: p.user_id, first_name: p.first_name, order_no: '', amount: '', abstract_id: abstract.id }));
}

const outcomeSentence = (p: Pick<PublishedDecision, 'outcome' | 'number' | 'duplicate_of'>, lang: Lang) => {
  const t = mailTranslator(lang);
  switch (p.outcome) {
    case 'oral':
      return t('mail.decision.oral', { number: p.number ?? '' });
    case 'poster':
      return t('mail.decision.poster', { number: p.number ?? '' });
    case 'reject':
      return t('mail.decision.reject');
    case 'revise':
      return t('mail.decision.revise');
    case 'duplicate':
      return t('mail.decision.duplicate', { other: p.duplicate_of ?? '' });
  }
};

/** The file types an upload takes, from the upload rules (posters and slides are PowerPoint files). */
const fileTypes = (purpose: 'poster' | 'oral', lang: Lang) => uploadPurposes[purpose].extensions.map((e) => `.${e}`).join(mailTranslator(lang)('mail.decision.or'));

const nextSteps = (p: Pick<PublishedDecision, 'outcome'>, siteOrigin: string, lang: Lang): string[] => {
  const t = mailTranslator(lang);
  const page = (path: string) => `${siteOrigin}${pathIn(lang, path)}`;
  const uploads = formatDeadline(lang, reviewPhases.presentationUploadsUntil);
  const register = t('mail.decision.register', { url: page('/registration/list') });
  switch (p.outcome) {
    case 'oral':
      return [t('mail.decision.uploadSlides', { types: fileTypes('oral', lang), deadline: uploads, url: page('/oral/upload') }), register];
    case 'poster':
      return [t('mail.decision.uploadPoster', { types: fileTypes('poster', lang), deadline: uploads, url: page('/poster/upload') }), register];
    case 'revise':
      return [t('mail.decision.changeOnce', { deadline: formatDeadline(lang, reviewPhases.revisionUntil), url: page('/admin/pre') })];
    default:
      return [t('mail.decision.welcome', { shortName: conference.shortName, url: page('/registration/list') })];
  }
};

/** The subject of a decision's mail, in the reader's language (decision 0059). */
export const decisionSubject = (abstract: Pick<StoredAbstract, 'title_of_abstract'>, p: Pick<PublishedDecision, 'outcome' | 'number'>, lang: Lang = 'en') => {
  const t = mailTranslator(lang);
  const title = abstract.title_of_abstract.length > 80 ? `${abstract.title_of_abstract.slice(0, 77)}...` : abstract.title_of_abstract;
  const subject = p.number
    ? t(p.outcome === 'oral' ? 'mail.decision.subjectOral' : 'mail.decision.subjectPoster', { number: p.number, title })
    : t(p.outcome === 'revise' ? 'mail.decision.subjectRevise' : 'mail.decision.subject', { title });
  return subject.replace(/[\r\n]+/g, ' ');
};

/** The mail one person gets about an abstract's published decision (the reviewers' comments to the authors, unsigned), in their language. */
export function renderDecisionMail(input: { abstract: StoredAbstract; published: Pick<PublishedDecision, 'outcome' | 'number' | 'duplicate_of'>; reviews: readonly StoredReview[]; firstName: string; siteOrigin: string; lang?: Lang }) {
  const { abstract, published } = input;
  const lang = input.lang ?? 'en';
  const t = mailTranslator(lang);
  const subject = decisionSubject(abstract, published, lang);
  const comments = input.reviews
    .filter((r) => r.state === 'submitted' && r.comment_to_authors?.trim())
    .sort((a, b) => (a.submitted_at ?? '').localeCompare(b.submitted_at ?? ''))
    .map((r, i) => t('mail.decision.reviewer', { n: String(i + 1), comment: r.comment_to_authors!.trim() }));
  return layout(
    {
      subject,
      heading: published.number ? t(published.outcome === 'oral' ? 'mail.decision.headingOral' : 'mail.decision.headingPoster', { number: published.number }) : t('mail.decision.heading'),
      paragraphs: [
        t('mail.decision.dear', { name: input.firstName || t('mail.decision.author') }),
        t('mail.decision.about', { title: abstract.title_of_abstract, congress: t('mail.congressName') }),
        outcomeSentence(published, lang),
      ],
      sections: [
        ...(comments.length ? [{ heading: t('mail.decision.comments'), items: comments }] : []),
        { heading: t('mail.decision.next'), items: nextSteps(published, input.siteOrigin, lang) },
      ],
      action: { label: t('mail.decision.open'), url: `${input.siteOrigin}${pathIn(lang, '/admin/pre')}` },
      after: [t('mail.decision.why')],
    },
    lang,
  );
}

export interface DecisionMailDeps {
  publication: Pick<PublicationStore, 'summary'>;
  source: DecisionMailSource;
  /** Each author's language (none: English). */
  languages?: RecipientLanguages;
}

/** The mail of one recipient of a publication, as the batch worker sends it. */
export async function decisionMailOf(deps: DecisionMailDeps, r: Pick<RecipientResult, 'first_name'> & { abstract_id?: string; user_id?: string }, siteOrigin: string) {
  const s = r.abstract_id ? await deps.publication.summary(r.abstract_id) : undefined;
  const abstract = s?.published ? await deps.source.abstract(s.owner_id, s.abstract_id) : undefined;
  if (!s?.published || !abstract) throw new Error(`no published decision for ${r.abstract_id}`);
  const lang = await recipientLanguage(deps, r.user_id);
  return renderDecisionMail({ abstract, published: s.published, reviews: await deps.source.reviews(s.abstract_id), firstName: r.first_name, siteOrigin, lang });
}

/** GET /review/committee/publication/preview/{id}: the mail the abstract's authors would get with its pending decision. */
export async function previewDecisionMail(deps: DecisionMailDeps, abstractId: string, siteOrigin: string) {
  const s = await deps.publication.summary(abstractId);
  if (!s) throw notFound(publishMessages.notFound);
  const abstract = await deps.source.abstract(s.owner_id, s.abstract_id);
  if (!abstract) throw notFound(publishMessages.notFound);
  const pendingOrPublished = isPublishable(s) ? s.decision! : s.published;
  if (!pendingOrPublished) throw conflict(publishMessages.previewNoDecision);
  const outcome = pendingOrPublished.outcome;
  const published = s.published && !isPublishable(s) ? s.published : { outcome, ...(outcome === 'oral' || outcome === 'poster' ? { number: `${NUMBER_PREFIX[outcome]}-###` } : {}), ...(s.decision?.duplicate_of ? { duplicate_of: s.decision.duplicate_of } : {}) };
  const to = decisionRecipients(abstract, await deps.source.account(abstract.owner_id));
  const mail = renderDecisionMail({ abstract, published, reviews: await deps.source.reviews(abstractId), firstName: to[0]?.first_name ?? '', siteOrigin });
  return { to: to.map((r) => r.email), subject: mail.subject, text: mail.text, html: mail.html, numbered_at_publication: !s.published || isPublishable(s) };
}

/** The outbox: the publications, newest first, with their counts. */
export async function listPublications(deps: { jobs: JobStore }) {
  return { items: (await deps.jobs.recent(20, 'publish')).map(jobView) };
}

/** How many recipients a page of a publication's outbox shows. */
export const OUTBOX_PAGE = 100;

export type OutboxState = RecipientResult['state'] | 'bounced';

/**
 * GET /office/decision_mails/{id}?page=: a page of a publication's recipients with what became of
 * each mail: sent, bounced (the address bounced after it was sent: SES's event), withheld (it had
 * bounced before), failed; with the abstract each is about.
 */
export async function publicationOutbox(
  deps: { jobs: JobStore; batches: Pick<MailBatchStore, 'recipients'>; bouncedSince(address: string, since: string): Promise<boolean> },
  id: string,
  page: number,
) {
  const job = isJobId(id) ? await deps.jobs.get(id) : undefined;
  if (!job || job.kind !== 'publish') throw notFound(publishMessages.notFound);
  const all = (await deps.batches.recipients(id)).map((r, i) => ({ ...r, batch: Math.floor(i / MAIL_BATCH_SIZE), position: i % MAIL_BATCH_SIZE }));
  const shown = all.slice(page * OUTBOX_PAGE, (page + 1) * OUTBOX_PAGE);
  const since = job.started_at ?? job.requested_at;
  const items = await Promise.all(
    shown.map(async (r) => ({
      abstract_id: (r as RecipientResult & { abstract_id?: string }).abstract_id ?? '',
      email: r.email,
      first_name: r.first_name,
      state: (r.state === 'sent' && (await deps.bouncedSince(r.email, since)) ? 'bounced' : r.state) as OutboxState,
      error: r.error ?? null,
      resent_at: (r as RecipientResult & { resent_at?: string }).resent_at ?? null,
      batch: r.batch,
      position: r.position,
    })),
  );
  return { job: jobView(job), items, page, pages: Math.max(1, Math.ceil(all.length / OUTBOX_PAGE)), total: all.length, counts: tally(all) };
}

export interface ResendDeps extends DecisionMailDeps {
  jobs: JobStore;
  batches: Pick<MailBatchStore, 'getBatch' | 'setRecipient'>;
  mailer: { send(mail: Mail): Promise<'sent' | 'withheld'> };
  audit(entry: AuditEntry): Promise<void>;
}

/** POST /office/decision_mails/{id}/resend { batch, position }: one recipient's mail sent again now (audited `decision.mail_resent`). */
export async function resendDecisionMail(deps: ResendDeps, actor: Actor, id: string, at: { batch: number; position: number }, now: Date) {
  const job = isJobId(id) ? await deps.jobs.get(id) : undefined;
  if (!job || job.kind !== 'publish') throw notFound(publishMessages.notFound);
  const batch = await deps.batches.getBatch(id, at.batch);
  const r = batch?.recipients[at.position] as (RecipientResult & { abstract_id?: string }) | undefined;
  if (!r || !r.email) throw notFound(publishMessages.recipientNotFound);
  if (r.state === 'pending') throw conflict(publishMessages.resendPending);
  const mail = await decisionMailOf(deps, r, job.site_origin ?? '');
  const sent = await deps.mailer.send({ to: r.email, ...mail, importance: 'notification' });
  await deps.batches.setRecipient(id, at.batch, at.position, { state: sent, ...(sent === 'sent' ? {} : { error: publishMessages.resendWithheld(r.email) }) });
  await deps.audit(auditEntry({ action: 'decision.mail_resent', actor, at: now, object: { type: 'publication', id }, after: { abstract_id: r.abstract_id, to: r.email, state: sent } }));
  if (sent === 'withheld') throw conflict(publishTexts.resendWithheld(r.email));
  return { message: publishTexts.resent(r.email), data: null };
}

/** What an author sees of their abstract's review (/admin/pre): nothing of the reviews before publication. */
export type AuthorReviewStatus =
  | { code: 'submitted'; label: string }
  | { code: 'under_review'; label: string }
  | { code: 'revise'; label: string; until: string }
  | { code: 'accepted'; label: string; type: SlotType; number: string }
  | { code: 'not_accepted'; label: string };

export function authorReviewStatus(abstract: Pick<StoredAbstract, 'presentation'> & { review_outcome?: Pick<PublishedDecision, 'outcome' | 'number'> & { resubmitted_at?: string } }, now: Date): AuthorReviewStatus {
  const o = abstract.review_outcome;
  if (o && (o.outcome === 'oral' || o.outcome === 'poster') && o.number) return { code: 'accepted', label: `Accepted as ${o.outcome} ${o.number}`, type: o.outcome, number: o.number };
  if (o && (o.outcome === 'reject' || o.outcome === 'duplicate')) return { code: 'not_accepted', label: 'Not accepted' };
  if (o?.outcome === 'revise' && o.resubmitted_at) return { code: 'under_review', label: 'Revised: the reviewers read it again' };
  if (o?.outcome === 'revise' && !o.resubmitted_at) return { code: 'revise', label: `Revision requested: change it by ${formatCstDeadline(reviewPhases.revisionUntil)}`, until: reviewPhases.revisionUntil };
  if (!isBefore(now, reviewPhases.reviewOpens)) return { code: 'under_review', label: 'Under review' };
  return { code: 'submitted', label: 'Submitted' };
}

