/**
 * The presenters' mails after a publication (issue 33, decisions 0064 and 0067): the presenters of
 * each abstract whose place changed (`diff.mail`) are told the old and the new place, each in their
 * language, through the office's mail batches (core/office/send-mail.ts): one office job per
 * publication, created by the publication itself, audited (`programme.presenters_mail_requested`),
 * each recipient's result recorded (sent, withheld, failed) as for the office's other mails. A
 * redelivered message sends nobody twice: the job moves queued -> running once, and a batch's
 * recipient is sent only while pending.
 *
 *   publication ─▶ job queued ─▶ running (recipients found, batches queued) ─▶ sending ─▶ done
 */
import { auditEntry, type Actor } from '../audit/audit';
import { formatDay } from '../i18n/format';
import { pathIn, type Lang } from '../i18n/lang';
import { mailTranslator } from '../i18n/mail-messages';
import { recipientLanguage, type RecipientLanguages } from '../mail/recipient-language';
import { layout } from '../mail/templates';
import type { JobQueue, JobStore, OfficeJob } from '../office/jobs';
import { jobIdOf } from '../office/jobs';
import { MAIL_BATCH_SIZE, type RecipientResult } from '../office/mail-jobs';
import type { MailBatchStore } from '../office/send-mail';
import { cstParts } from '../time';
import { acceptedAs, placementsOf, presentersOf, type Placement, type ProgrammeAbstract, type PublishedProgramme } from './model';
import type { PublishedVersion } from './ports';

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (instant: string) => {
  const p = cstParts(instant);
  return `${pad(p.hour)}:${pad(p.minute)}`;
};

/** "Methods, Hall A, 5 November 2024 09:25–09:55 CST" (or its board), in `lang`; "not in the programme" for none. */
export function placeWords(version: Pick<PublishedProgramme, 'rooms' | 'sessions'>, p: Placement | null, lang: Lang): string {
  const t = mailTranslator(lang);
  if (!p) return t('mail.programme.none');
  const session = version.sessions.find((s) => s.id === p.session_id);
  const room = p.room_id === null ? undefined : version.rooms.find((r) => r.id === p.room_id);
  const values = {
    session: (lang === 'zh-Hans' && session?.title_zh) || session?.title || '',
    room: room ? (lang === 'zh-Hans' && room.name_zh) || room.name : t('mail.programme.noRoom'),
    day: formatDay(lang, p.starts_at),
    start: clock(p.starts_at),
    end: clock(p.ends_at),
  };
  return p.kind === 'board' ? t('mail.programme.posterPlace', { ...values, board: String(p.board ?? '') }) : t('mail.programme.talkPlace', values);
}

/** An abstract's place in a version (its first, as the difference reads it), or null. */
export const placementIn = (version: Pick<PublishedProgramme, 'sessions'> | undefined, abstractId: string) =>
  (version ? placementsOf(version.sessions).find((p) => p.abstract_id === abstractId) : undefined) ?? null;

/** The page a presenter's mail links to: "My presentations", in their language. */
export const myPresentationsUrl = (siteOrigin: string, lang: Lang) => `${siteOrigin}${pathIn(lang, '/admin/presentations')}`;

/** The mail telling one presenter that their abstract's place changed from `before` to `after`. */
export function renderPlaceChangeMail(input: {
  before: Pick<PublishedProgramme, 'rooms' | 'sessions'> | undefined;
  after: Pick<PublishedProgramme, 'rooms' | 'sessions' | 'number'>;
  abstract: Pick<ProgrammeAbstract, 'id' | 'title_of_abstract' | 'review_outcome' | 'presentation'>;
  firstName: string;
  siteOrigin: string;
  lang: Lang;
}) {
  const { lang } = input;
  const t = mailTranslator(lang);
  const number = acceptedAs(input.abstract)?.number ?? '';
  const subject = t('mail.programme.subject', { number });
  return layout(
    {
      subject,
      heading: t('mail.programme.heading'),
      paragraphs: [
        t('mail.programme.intro', { name: input.firstName, version: input.after.number, number, title: input.abstract.title_of_abstract }),
        t('mail.programme.before', { place: placeWords(input.before ?? { rooms: [], sessions: [] }, placementIn(input.before, input.abstract.id), lang) }),
        t('mail.programme.now', { place: placeWords(input.after, placementIn(input.after, input.abstract.id), lang) }),
        t('mail.programme.see'),
      ],
      action: { label: t('mail.programme.action'), url: myPresentationsUrl(input.siteOrigin, lang) },
    },
    lang,
  );
}

/**
 * Who is told about an abstract: each of its presenters (decision 0064: known by their e-mail),
 * once per address; `user_id` is the account with that address where there is one (its language).
 */
export function presenterRecipients(abstract: Pick<ProgrammeAbstract, 'id' | 'authors' | 'presenter_abstract' | 'presenter_infos'>, accountOf: (email: string) => string | undefined): RecipientResult[] {
  const people = abstract.presenter_abstract ? abstract.authors.slice(0, 1) : abstract.presenter_infos;
  const keys = new Set(presentersOf(abstract).map((p) => p.key));
  const seen = new Set<string>();
  return people.flatMap((p) => {
    const key = p.email.trim().toLowerCase();
    if (!keys.has(key) || seen.has(key)) return [];
    seen.add(key);
    return [{ email: p.email.trim(), user_id: accountOf(key) ?? '', first_name: p.first_name, order_no: '', amount: '', abstract_id: abstract.id, state: 'pending' as const }];
  });
}

export interface PresenterMailDeps {
  versions: { version(number: number): Promise<PublishedVersion | undefined> };
  abstracts(): Promise<ProgrammeAbstract[]>;
  /** The account id of an address (trimmed, lower case), if one has it. */
  accountIdOf(email: string): Promise<string | undefined>;
  languages?: RecipientLanguages;
}

export interface PresenterMailJobDeps {
  jobs: Pick<JobStore, 'create'>;
  queue: JobQueue;
  newId: () => string;
}

/**
 * Called by the publication once it is stored: records the mail job (audited) and queues it, when
 * the publication moved anybody's presentation (none at the first: nobody was told a place yet).
 */
export async function requestPresenterMails(deps: PresenterMailJobDeps, actor: Actor, publication: { number: number; mail: readonly string[] }, siteOrigin: string, now: Date) {
  if (publication.mail.length === 0) return undefined;
  const job: OfficeJob = {
    id: jobIdOf(now, deps.newId()),
    kind: 'programme_mail',
    programme_publication: publication.number,
    site_origin: siteOrigin,
    state: 'queued',
    requested_by: { id: actor.id, ...(actor.email ? { email: actor.email } : {}) },
    requested_at: now.toISOString(),
    attempts: 0,
  };
  await deps.jobs.create(
    job,
    auditEntry({ action: 'programme.presenters_mail_requested', actor, at: now, object: { type: 'programme_mail', id: job.id }, after: { publication: publication.number, abstracts: publication.mail.length } }),
  );
  await deps.queue.send({ job: job.id });
  return job;
}

/** The job's first step: the presenters of every abstract the publication moved, in batches, queued. */
export async function planPresenterMails(
  deps: PresenterMailDeps & { jobs: Pick<JobStore, 'update'>; batches: Pick<MailBatchStore, 'putBatch'>; queue: JobQueue; log: { info(message: string, extra?: Record<string, unknown>): void } },
  job: OfficeJob,
  now: () => Date,
) {
  const version = job.programme_publication ? await deps.versions.version(job.programme_publication) : undefined;
  if (!version) throw new Error(`programme mail ${job.id}: no publication ${job.programme_publication}`);
  const wanted = new Set(version.diff.mail);
  // Found at sending time (decision 0064): an abstract deleted since has nobody to tell.
  const abstracts = (await deps.abstracts()).filter((a) => wanted.has(a.id));
  const order = new Map(version.diff.mail.map((id, i) => [id, i]));
  abstracts.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const emails = [...new Set(abstracts.flatMap((a) => presentersOf(a).map((p) => p.key)))];
  const accounts = new Map(await Promise.all(emails.map(async (e) => [e, await deps.accountIdOf(e)] as const)));
  const recipients = abstracts.flatMap((a) => presenterRecipients(a, (e) => accounts.get(e)));
  const batches = Array.from({ length: Math.ceil(recipients.length / MAIL_BATCH_SIZE) }, (_, i) => recipients.slice(i * MAIL_BATCH_SIZE, (i + 1) * MAIL_BATCH_SIZE));
  for (const [index, batch] of batches.entries()) await deps.batches.putBatch(job.id, index, batch);
  const fields = { total: recipients.length, batches_total: batches.length, batches_done: 0, counts: { sent: 0, withheld: 0, opted_out: 0, failed: 0 } };
  if (batches.length === 0) {
    await deps.jobs.update(job.id, { ...fields, state: 'done', finished_at: now().toISOString() }, ['running']);
    return;
  }
  if (!(await deps.jobs.update(job.id, fields, ['running']))) return;
  for (let index = 0; index < batches.length; index++) await deps.queue.send({ job: job.id, batch: index });
  await deps.jobs.update(job.id, { state: 'sending' }, ['running']);
  deps.log.info('programme presenters mail planned', { job: job.id, publication: version.number, recipients: recipients.length });
}

/** The mail of one recipient of a publication's job, as the batch worker sends it (both versions read again). */
export async function presenterMailOf(deps: PresenterMailDeps, r: Pick<RecipientResult, 'first_name' | 'user_id' | 'abstract_id'>, job: Pick<OfficeJob, 'programme_publication' | 'site_origin'>) {
  const number = job.programme_publication ?? 0;
  const [after, before, abstracts] = await Promise.all([deps.versions.version(number), number > 1 ? deps.versions.version(number - 1) : undefined, deps.abstracts()]);
  const abstract = abstracts.find((a) => a.id === r.abstract_id);
  if (!after || !abstract) throw new Error(`programme mail: no publication ${number} or abstract ${r.abstract_id}`);
  const lang = await recipientLanguage(deps, r.user_id);
  return renderPlaceChangeMail({ before, after, abstract, firstName: r.first_name, siteOrigin: job.site_origin ?? '', lang });
}
