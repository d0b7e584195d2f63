/**
 * Publication of the programme (issue 33, decision 0064): the committee publishes the draft it
 * read; a draft with any problem is refused (409, every problem listed), else it becomes the next
 * numbered version with its difference from the one before, its public view replaces the latest,
 * and the publication is audited, all in one write (an edit or another publication in between:
 * 409, nothing published). The published versions stay readable; the public reads the latest.
 */
import { auditEntry, type Actor } from '../audit/audit';
import { conflict, notFound } from '../errors';
import { text } from '../i18n/messages';
import { serverTranslator } from '../i18n/server-messages';
import { publicProgrammePaths, programmePagePaths } from '../routes';
import { abstractsLeaving, publishedAbstracts } from './abstract-pages';
import type { DelegatesBook } from './delegates-book';
import { nextSequences, programmeCalendar, sessionUid, talkUid, type CalendarLang } from './calendar';
import { checkProgramme, refuseUnpublishable } from './checks';
import type { PublishedProgramme } from './model';
import { storedDiff, type ProgrammeDeps, type ProgrammeStore } from './ports';
import { requestPresenterMails } from './presenter-mails';
import { publicProgramme } from './public-programme';
import { programmeMessages as m } from './schemas';
import { programmeDiff } from './versions';

export const publishedText = (number: number) => text('api.review.programme.published', { number });

export async function publishProgramme(
  deps: ProgrammeDeps,
  actor: Actor,
  input: { version: number },
  now: Date,
  siteOrigin = '',
) {
  const [draft, abstracts, previous] = await Promise.all([
    deps.store.draft(),
    deps.sources.abstracts(),
    deps.store.latest(),
  ]);
  if (input.version !== draft.version) throw conflict(m.changedMeanwhile);
  refuseUnpublishable(checkProgramme(draft, abstracts));

  const number = (previous?.number ?? 0) + 1;
  const published: PublishedProgramme = {
    rooms: draft.rooms,
    sessions: draft.sessions,
    version: draft.version,
    number,
    published_at: now.toISOString(),
    published_by: actor.id,
  };
  const diff = programmeDiff(previous, draft, abstracts);
  const chairIds = [
    ...new Set(
      draft.sessions.flatMap((s) => s.chairs.flatMap((c) => ('account_id' in c ? [c.account_id] : []))),
    ),
  ];
  const names = await Promise.all(
    chairIds.map(async (id) => [id, await deps.sources.accountName(id)] as const),
  );
  const chairNames = new Map(names.filter((n): n is readonly [string, string] => n[1] !== undefined));
  const view = publicProgramme(published, abstracts, chairNames);
  const audit = auditEntry({
    action: 'programme.published',
    actor,
    at: now,
    object: { type: 'programme', id: String(number) },
    after: {
      number,
      version: draft.version,
      sessions: draft.sessions.length,
      changes: diff.lines.length,
      presenters_to_mail: diff.mail.length,
    },
  });
  const calendar = nextSequences(previous?.calendar, view);
  const pages = publishedAbstracts(published, abstracts);
  const leaving = abstractsLeaving(previous, pages);
  if (!(await deps.store.publish({ ...published, diff: storedDiff(diff), calendar }, view, audit, { put: pages, remove: leaving })))
    throw conflict(m.changedMeanwhile);
  // The presenters whose place changed are told through the office's mail queue (decision 0067).
  const mailJob = deps.presenterMails ? await requestPresenterMails(deps.presenterMails, actor, { number, mail: diff.mail }, siteOrigin, now) : undefined;
  // Everyone reads the new version now, not when the edge's copies expire.
  await deps.edge?.invalidate([publicProgrammePaths, ...programmePagePaths], `programme-${number}`);
  return {
    message: publishedText(number),
    data: {
      number,
      published_at: published.published_at,
      version: draft.version,
      changes: diff.lines,
      mail: diff.mail.length,
      mail_job: mailJob?.id ?? null,
    },
  };
}

/** The committee's list of publications, newest first. */
export async function listPublished(store: ProgrammeStore) {
  return { items: await store.versions() };
}

/** One published version with what changed since the one before. */
export async function readPublished(store: ProgrammeStore, number: number) {
  const found = await store.version(number);
  if (!found) throw notFound(m.noSuchVersion);
  return found;
}

/** The latest published programme, for everyone (one item read). */
export async function latestPublicProgramme(store: ProgrammeStore) {
  const view = await store.publicView();
  if (!view) throw notFound(m.notPublished);
  return view;
}

/**
 * Whether a programme is published (the home page's cards lead to /program once one is): the
 * latest version's number and time, and the abstract book published to delegates, if any.
 */
export async function programmeStatus(store: Pick<ProgrammeStore, 'publishedStatus'>, books: { book(): Promise<DelegatesBook | undefined> }) {
  const [latest, book] = await Promise.all([store.publishedStatus(), books.book()]);
  const bookView = book ? { publication: book.publication, bytes: book.bytes, published_at: book.published_at } : null;
  return latest ? { published: true, number: latest.number, published_at: latest.published_at, book: bookView } : { published: false, book: null };
}

/** What a calendar file of the programme holds: the whole programme, one session or one talk. */
export type CalendarChoice = { lang: CalendarLang; session?: string; talk?: string };

/**
 * The published programme as a calendar file (decision 0065): the feed of the whole programme a
 * calendar subscribes to, or one session's or one talk's event to import. Two items read (the
 * public view and the latest version's sequences); 404 before the first publication, or for a
 * session or talk the programme does not hold.
 */
export async function programmeCalendarFile(store: ProgrammeStore, choice: CalendarChoice, origin: string) {
  const [view, latest] = await Promise.all([store.publicView(), store.latest()]);
  if (!view) throw notFound(m.notPublished);
  const only = choice.session ? sessionUid(choice.session) : choice.talk ? talkUid(choice.talk) : undefined;
  const held =
    only === undefined ||
    view.sessions.some(
      (s) => sessionUid(s.id) === only || s.talks.some((t) => talkUid(t.abstract_id) === only),
    );
  if (!held) throw notFound(m.notInProgramme);
  const body = programmeCalendar(view, latest?.calendar, {
    lang: choice.lang,
    name: serverTranslator(choice.lang)('programme.calendarName'),
    stamp: view.published_at,
    origin,
    ...(only ? { only: new Set([only]) } : {}),
  });
  const name = choice.session
    ? `iacr2024-session-${choice.session}`
    : choice.talk
      ? `iacr2024-talk-${choice.talk}`
      : 'iacr2024-programme';
  return { body, filename: `${name.replace(/[^\w-]/g, '')}.ics` };
}
