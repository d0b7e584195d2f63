/**
 * Reminders to presenters without a file (issue 33, decision 0067): 7 days and 2 days before their
 * session starts (the session's start instant, whatever the talk's own time in it), the presenters
 * of each placed abstract whose slides or poster are not uploaded are mailed, each reminder once.
 *
 * The platform's schedule puts a task on the office-jobs queue every 15 minutes during the
 * congress's season (core/workers.ts `schedules.presenterReminders`); its run computes what is due
 * at the task's instant (`dueReminders`, pure) from the latest published programme, skips every
 * abstract with a file, and claims each reminder (a conditional write, USER#owner /
 * MAILONCE#presenter-reminder#...) before its mail: a redelivered task or a second run at once
 * sends nobody a reminder twice; a mail that failed gives its claim back for the next run.
 */
import type { Logger, Mailer } from '../accounts/ports';
import type { StoredAbstract } from '../abstracts/ports';
import { reviewPhases } from '../config/conference';
import { formatDeadline } from '../i18n/format';
import { pathIn, type Lang } from '../i18n/lang';
import { mailTranslator } from '../i18n/mail-messages';
import { recipientLanguage, type RecipientLanguages } from '../mail/recipient-language';
import { layout } from '../mail/templates';
import type { StoredFile } from '../uploads/ports';
import { acceptedAs, placementsOf, presentersOf, type PresentationType, type PublishedProgramme, type Session } from './model';
import { hasUpload, uploadPaths } from './my-presentations';
import { placeWords, presenterRecipients } from './presenter-mails';

/** Days before the session's start a presenter without a file is reminded. */
export const REMINDER_DAYS = [7, 2] as const;
export type ReminderDays = (typeof REMINDER_DAYS)[number];
const DAY_MS = 86_400_000;

export interface DueReminder {
  abstract_id: string;
  session_id: string;
  session_starts_at: string;
  days: ReminderDays;
}

/**
 * The reminders due at `now`: for each placed abstract, the 7-day one from exactly 7 days before
 * its session starts until the 2-day one takes over (exactly 2 days before), and the 2-day one
 * from then until the session starts. A run that missed the 7-day window sends only the 2-day one;
 * none once the session has started.
 */
export function dueReminders(sessions: readonly Session[], now: Date): DueReminder[] {
  const startOf = new Map(sessions.map((s) => [s.id, s.starts_at]));
  const seen = new Set<string>();
  const due: DueReminder[] = [];
  for (const p of placementsOf(sessions)) {
    if (seen.has(p.abstract_id)) continue;
    seen.add(p.abstract_id);
    const starts = startOf.get(p.session_id)!;
    const left = Date.parse(starts) - now.getTime();
    const days = REMINDER_DAYS.find((d, i) => left <= d * DAY_MS && left > (REMINDER_DAYS[i + 1] ?? 0) * DAY_MS);
    if (days !== undefined) due.push({ abstract_id: p.abstract_id, session_id: p.session_id, session_starts_at: starts, days });
  }
  return due;
}

/** The once-mark's name of one reminder to one presenter. */
export const reminderName = (r: Pick<DueReminder, 'abstract_id' | 'days'>, email: string) => `presenter-reminder#${r.abstract_id}#${r.days}d#${email.trim().toLowerCase()}`;

export function renderReminderMail(input: {
  version: Pick<PublishedProgramme, 'rooms' | 'sessions'>;
  abstract: Pick<StoredAbstract, 'id' | 'title_of_abstract'>;
  type: PresentationType;
  number: string;
  days: ReminderDays;
  firstName: string;
  siteOrigin: string;
  lang: Lang;
}) {
  const { lang, type } = input;
  const t = mailTranslator(lang);
  const place = placementsOf(input.version.sessions).find((p) => p.abstract_id === input.abstract.id) ?? null;
  const subject = t('mail.programme.reminderSubject', { number: input.number, type });
  return layout(
    {
      subject,
      heading: t('mail.programme.reminderHeading', { type }),
      paragraphs: [
        t('mail.programme.reminderIntro', { name: input.firstName, number: input.number, title: input.abstract.title_of_abstract, days: input.days, place: placeWords(input.version, place, lang), type }),
        t('mail.programme.reminderUpload', { type, deadline: formatDeadline(lang, reviewPhases.presentationUploadsUntil) }),
      ],
      action: { label: t('mail.programme.reminderAction', { type }), url: `${input.siteOrigin}${pathIn(lang, uploadPaths[type])}` },
    },
    lang,
  );
}

export interface ReminderDeps {
  latest(): Promise<PublishedProgramme | undefined>;
  abstracts(): Promise<StoredAbstract[]>;
  files(ownerId: string, type: PresentationType): Promise<Pick<StoredFile, 'presentation_of'>[]>;
  accountIdOf(email: string): Promise<string | undefined>;
  once: {
    claim(ownerId: string, name: string, at: Date): Promise<boolean>;
    release(ownerId: string, name: string): Promise<void>;
  };
  mailer: Mailer;
  languages?: RecipientLanguages;
  log: Logger;
  siteOrigin: string;
  /** Between two mails (the office's sending rate). */
  pause(): Promise<void>;
}

export interface ReminderRun {
  due: number;
  uploaded: number;
  sent: number;
  already: number;
  failed: number;
}

/**
 * One run of the schedule's task at `at` (the tick's instant; never later than the worker's clock).
 * Reads the latest publication; when anything is due, the abstracts and each due abstract's owner's
 * files; then claims and sends each reminder.
 */
export async function remindPresenters(deps: ReminderDeps, at: Date): Promise<ReminderRun> {
  const run: ReminderRun = { due: 0, uploaded: 0, sent: 0, already: 0, failed: 0 };
  const version = await deps.latest();
  if (!version) return run;
  const due = dueReminders(version.sessions, at);
  run.due = due.length;
  if (due.length === 0) return run;
  const abstractOf = new Map((await deps.abstracts()).map((a) => [a.id, a]));
  let sentBefore = false;
  for (const reminder of due) {
    const abstract = abstractOf.get(reminder.abstract_id);
    const accepted = abstract && acceptedAs(abstract);
    // Deleted or no longer accepted since the publication: nobody to remind (the checks list it for the committee).
    if (!abstract || !accepted) continue;
    if (hasUpload(await deps.files(abstract.owner_id, accepted.type), abstract.id)) {
      run.uploaded += 1;
      continue;
    }
    const emails = presentersOf(abstract).map((p) => p.key);
    const accounts = new Map(await Promise.all(emails.map(async (e) => [e, await deps.accountIdOf(e)] as const)));
    for (const r of presenterRecipients(abstract, (e) => accounts.get(e))) {
      const name = reminderName(reminder, r.email);
      if (!(await deps.once.claim(abstract.owner_id, name, at))) {
        run.already += 1;
        continue;
      }
      if (sentBefore) await deps.pause();
      sentBefore = true;
      try {
        const lang = await recipientLanguage(deps, r.user_id);
        const mail = renderReminderMail({ version, abstract, type: accepted.type, number: accepted.number, days: reminder.days, firstName: r.first_name, siteOrigin: deps.siteOrigin, lang });
        await deps.mailer.send({ to: r.email, importance: 'notification', ...mail });
        run.sent += 1;
      } catch (error) {
        deps.log.error('presenter reminder not sent', { abstract: abstract.id, days: reminder.days, error: (error as Error).message });
        await deps.once.release(abstract.owner_id, name).catch(() => undefined);
        run.failed += 1;
      }
    }
  }
  deps.log.info('presenter reminders', { at: at.toISOString(), ...run });
  return run;
}
