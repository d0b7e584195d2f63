/**
 * A placed abstract's own page on /program (issue 33: "a talk's abstract text on its own page"):
 * its number, title, authors with their numbered affiliations, keywords and text, as the abstract
 * book prints it (abstract-book.ts `bookEntry`), and the session it is in.
 *
 * The texts are written at publication, one item per placed abstract (decision 0064): the public
 * read of one page is one GetItem, never the abstract's own item (which lives in its author's
 * partition, with what is not public). The texts are written, and those of abstracts that left the
 * programme removed, right after the publication's transaction: a draft's placement is never
 * readable before it is published. Should that second write fail, the committee is answered an
 * error and publishing again (nothing changed) writes every text once more.
 */
import { notFound } from '../errors';
import { abstractBook, type BookAbstract, type BookEntry, type BookSession } from './abstract-book';
import type { PublishedProgramme } from './model';
import { MAX_ID_LENGTH, programmeMessages as m } from './schemas';

/** What the page says of the session: its title, room and times (written with the page since decision 0072). */
export type AbstractSession = Pick<BookSession, 'title' | 'title_zh' | 'room' | 'starts_at' | 'ends_at'>;

export interface PublishedAbstract extends BookEntry {
  /** The session it is given in (its first, in programme order, when placed twice). */
  session_id: string;
  /**
   * That session as the page shows it, so that the page is whole with one read (its HTML is
   * rendered from this item alone). Absent on pages written by an earlier publication: the page
   * then reads the session from the programme.
   */
  session?: AbstractSession;
}

/** Every abstract the programme places, once each, with its session. */
export function publishedAbstracts(programme: Pick<PublishedProgramme, 'rooms' | 'sessions'>, abstracts: readonly BookAbstract[]): PublishedAbstract[] {
  const seen = new Set<string>();
  const out: PublishedAbstract[] = [];
  for (const day of abstractBook(programme, abstracts).days)
    for (const session of day.sessions)
      for (const entry of session.entries) {
        if (seen.has(entry.abstract_id)) continue;
        seen.add(entry.abstract_id);
        const { title, title_zh, room, starts_at, ends_at } = session;
        out.push({ ...entry, session_id: session.id, session: { title, ...(title_zh ? { title_zh } : {}), ...(room ? { room } : {}), starts_at, ends_at } });
      }
  return out;
}

/** The abstracts the previous version placed that this one does not: their pages go. */
export function abstractsLeaving(previous: Pick<PublishedProgramme, 'sessions'> | undefined, placed: readonly PublishedAbstract[]): string[] {
  if (!previous) return [];
  const now = new Set(placed.map((p) => p.abstract_id));
  const before = new Set(previous.sessions.flatMap((s) => [...s.talks.map((t) => t.abstract_id), ...s.boards.map((b) => b.abstract_id)]));
  return [...before].filter((id) => !now.has(id)).sort();
}

export interface AbstractPageStore {
  publishedAbstract(abstractId: string): Promise<PublishedAbstract | undefined>;
}

/** One placed abstract's page (GET /programme/abstracts/{id}); 404 for one the published programme does not hold. */
export async function readPublishedAbstract(store: AbstractPageStore, abstractId: string): Promise<PublishedAbstract> {
  const found = await store.publishedAbstract(abstractId);
  if (!found) throw notFound(m.noSuchAbstract);
  return found;
}

/**
 * The same for its page (decision 0072): `null` where the API answers 404, the page then says the
 * programme does not hold it. Any text of the address is an id; only one the store can hold is looked up.
 */
export async function abstractForPage(store: AbstractPageStore, abstractId: string): Promise<PublishedAbstract | null> {
  if (!abstractId || abstractId.length > MAX_ID_LENGTH) return null;
  return (await store.publishedAbstract(abstractId)) ?? null;
}
