/**
 * The abstract book's contents (issue 33, decision 0066), in the order it prints them: per congress
 * day, per session with abstracts (an oral session's talks in their order, a poster session's
 * posters by board), each abstract with its number, title, authors (the presenter marked), its
 * affiliations numbered and its text cut into its sections; accepted abstracts the programme does
 * not place in a last part (there should be none once published: they are listed, never dropped);
 * and the author index (family name, given names) pointing at abstract numbers.
 *
 * Pure data: the renderer (lib/pdf/abstract-book.ts) lays it out and adds the page numbers.
 */
import type { StoredAbstract } from '../abstracts/ports';
import { tidy } from '../documents/names';
import { isChineseName } from '../orders/chinese-names';
import { cstDate, cstParts } from '../time';
import { acceptedAs, bySessionOrder, compareNumbers, presentersOf, talkTimes, type ProgrammeAbstract, type PublishedProgramme, type SessionType } from './model';

/** What the book reads of an abstract: the programme's fields and the text. */
export type BookAbstract = ProgrammeAbstract & Pick<StoredAbstract, 'keywords' | 'abstract_body'>;

export interface BookAuthor {
  /** As printed above the abstract: given name then family name, a Chinese name family name first without a space. */
  name: string;
  presenter: boolean;
  /** 1-based numbers into the entry's `affiliations`. */
  affiliations: number[];
}

/** A part of the abstract's text: "Background", "Methods"... when the author wrote them as "Methods: ...". */
export interface BookSection {
  label?: string;
  text: string;
}

export interface BookEntry {
  abstract_id: string;
  number: string;
  type: 'oral' | 'poster';
  title: string;
  authors: BookAuthor[];
  /** "Institute, City, Country", each once, in the order the authors name them. */
  affiliations: string[];
  keywords: string;
  sections: BookSection[];
  /** A talk's time (UTC instants), a poster's board. */
  starts_at?: string;
  ends_at?: string;
  board?: number;
}

export interface BookSession {
  id: string;
  title: string;
  title_zh?: string;
  type: SessionType;
  starts_at: string;
  ends_at: string;
  room?: { name: string; name_zh?: string };
  /** The chairs named by the committee (an account's name is the caller's to give, `chairName`). */
  chairs: string[];
  entries: BookEntry[];
}

export interface BookDay {
  /** `YYYY-MM-DD` in Beijing. */
  day: string;
  sessions: BookSession[];
}

export interface IndexEntry {
  family: string;
  given: string;
  /** As the index prints it: "Kowalska, Anna"; a Chinese name "王小明". */
  name: string;
  /** The abstracts the person is an author (or presenter) of, in number order, each once. */
  numbers: string[];
}

export interface AbstractBook {
  days: BookDay[];
  /** Accepted abstracts with no place in the programme, by number. */
  unplaced: BookEntry[];
  index: IndexEntry[];
  /** Abstracts printed (an abstract placed twice counts once). */
  abstracts: number;
}

type Person = { first_name: string; last_name: string; email: string; institute: string; city: string; country: string };

/** The name above the abstract: "Anna Kowalska"; a name in Chinese characters "王小明" (decision 0060). */
export function bookName(p: Pick<Person, 'first_name' | 'last_name'>): string {
  const first = tidy(p.first_name);
  const last = tidy(p.last_name);
  if (isChineseName(`${last}${first}`)) return `${last}${first}`.replace(/ /g, '');
  return tidy(`${first} ${last}`);
}

/** The index's form: "Kowalska, Anna"; a name in Chinese characters as it is written, "王小明". */
export function indexName(p: Pick<Person, 'first_name' | 'last_name'>): string {
  const first = tidy(p.first_name);
  const last = tidy(p.last_name);
  if (isChineseName(`${last}${first}`)) return `${last}${first}`.replace(/ /g, '');
  return first ? `${last}, ${first}` : last;
}

const SECTION_LABELS = ['Background', 'Introduction', 'Aims?', 'Objectives?', 'Purpose', 'Methods?', 'Materials and methods', 'Results?', 'Findings', 'Conclusions?', 'Discussion', 'Interpretation'];
const SECTION = new RegExp(`(?:^|(?<=[.!?。]\\s*)|(?<=\\n\\s*))(${SECTION_LABELS.join('|')})\\s*[:：]\\s*`, 'giu');

/** The text cut at "Background:", "Methods:"... where a sentence or line starts with one; a text without them is one section. */
export function sectionsOf(body: string): BookSection[] {
  const text = body.normalize('NFC').replace(/\r\n?/g, '\n').trim();
  const marks = [...text.matchAll(SECTION)];
  if (marks.length === 0) return text ? [{ text: text.replace(/\s+/g, ' ') }] : [];
  const out: BookSection[] = [];
  const before = text.slice(0, marks[0]!.index).trim();
  if (before) out.push({ text: before.replace(/\s+/g, ' ') });
  marks.forEach((m, i) => {
    const end = i + 1 < marks.length ? marks[i + 1]!.index : text.length;
    const label = m[1]!;
    out.push({ label: label[0]!.toUpperCase() + label.slice(1), text: text.slice(m.index + m[0].length, end).trim().replace(/\s+/g, ' ') });
  });
  return out;
}

const emailKey = (p: Pick<Person, 'email'>) => p.email.trim().toLowerCase();
const affiliationOf = (p: Person) => [p.institute, p.city, p.country].map(tidy).filter(Boolean).join(', ');

/** One abstract as the book prints it; `placed`: its time or board. */
export function bookEntry(a: BookAbstract, number: string, type: 'oral' | 'poster', placed: Pick<BookEntry, 'starts_at' | 'ends_at' | 'board'> = {}): BookEntry {
  const presenting = new Set(presentersOf(a).map((p) => p.key));
  // A presenter who is not an author is still printed (and marked): the committee named them.
  const authorKeys = new Set(a.authors.map(emailKey));
  const people: Person[] = [...a.authors, ...(a.presenter_abstract ? [] : a.presenter_infos.filter((p) => !authorKeys.has(emailKey(p))))];
  const affiliations: string[] = [];
  const authors = people.map((p) => {
    const aff = affiliationOf(p);
    let i = affiliations.indexOf(aff);
    if (aff && i === -1) i = affiliations.push(aff) - 1;
    return { name: bookName(p), presenter: presenting.has(emailKey(p)), affiliations: aff ? [i + 1] : [] };
  });
  return { abstract_id: a.id, number, type, title: tidy(a.title_of_abstract), authors, affiliations, keywords: tidy(a.keywords), sections: sectionsOf(a.abstract_body), ...placed };
}

/**
 * Sorting the index: the Chinese collation (CLDR "zh", pinyin). Names in Chinese characters come
 * first, in the order of their reading, as a Chinese index has them; then the others, Latin letters
 * with diacritics beside their base letter (Ö beside O, Ż after Z), then other scripts.
 */
const indexCollator = new Intl.Collator('zh-u-co-pinyin', { sensitivity: 'base', numeric: true });

function authorIndex(entries: readonly BookEntry[], abstracts: ReadonlyMap<string, BookAbstract>): IndexEntry[] {
  const byPerson = new Map<string, IndexEntry>();
  for (const e of entries) {
    const a = abstracts.get(e.abstract_id)!;
    const authorKeys = new Set(a.authors.map(emailKey));
    const people = [...a.authors, ...(a.presenter_abstract ? [] : a.presenter_infos.filter((p) => !authorKeys.has(emailKey(p))))];
    for (const p of people) {
      const name = indexName(p);
      // One person by their name as written (the form has no person id; an e-mail may differ between abstracts).
      const key = name.toLocaleLowerCase('en');
      const entry = byPerson.get(key) ?? { family: tidy(p.last_name), given: tidy(p.first_name), name, numbers: [] };
      if (!entry.numbers.includes(e.number)) entry.numbers.push(e.number);
      byPerson.set(key, entry);
    }
  }
  const out = [...byPerson.values()];
  for (const e of out) e.numbers.sort(compareNumbers);
  return out.sort((x, y) => indexCollator.compare(x.family, y.family) || indexCollator.compare(x.given, y.given) || compareNumbers(x.numbers[0]!, y.numbers[0]!));
}

export interface BookOptions {
  /** The name of a chair who is an account of the portal (undefined: left out). */
  chairName?: (accountId: string) => string | undefined;
}

/** The book of a published programme: the sessions that hold abstracts, by day, and every accepted abstract. */
export function abstractBook(programme: Pick<PublishedProgramme, 'rooms' | 'sessions'>, abstracts: readonly BookAbstract[], options: BookOptions = {}): AbstractBook {
  const byId = new Map(abstracts.map((a) => [a.id, a]));
  const rooms = new Map(programme.rooms.map((r) => [r.id, r]));
  const placed = new Set<string>();
  const printed: BookEntry[] = [];
  const days = new Map<string, BookSession[]>();

  for (const s of [...programme.sessions].sort(bySessionOrder)) {
    const entries: BookEntry[] = [];
    const add = (id: string, where: Pick<BookEntry, 'starts_at' | 'ends_at' | 'board'>) => {
      const a = byId.get(id);
      const accepted = a && acceptedAs(a);
      // A withdrawn or rejected abstract still scheduled is refused at publication (checks.ts): never printed.
      if (!a || !accepted) return;
      const entry = bookEntry(a, accepted.number, accepted.type, where);
      entries.push(entry);
      printed.push(entry);
      placed.add(id);
    };
    for (const t of talkTimes(s)) add(t.abstract_id, { starts_at: t.starts_at, ends_at: t.ends_at });
    for (const b of [...s.boards].sort((x, y) => x.board - y.board)) add(b.abstract_id, { board: b.board });
    if (entries.length === 0) continue;
    const room = s.room_id ? rooms.get(s.room_id) : undefined;
    const chairs = s.chairs.flatMap((c) => {
      const name = 'name' in c ? tidy(c.name) : options.chairName?.(c.account_id);
      return name ? [name] : [];
    });
    const day = cstDate(s.starts_at);
    const session: BookSession = {
      id: s.id,
      title: tidy(s.title),
      ...(s.title_zh?.trim() ? { title_zh: tidy(s.title_zh) } : {}),
      type: s.type,
      starts_at: s.starts_at,
      ends_at: s.ends_at,
      ...(room ? { room: { name: room.name, ...(room.name_zh ? { name_zh: room.name_zh } : {}) } } : {}),
      chairs,
      entries,
    };
    days.set(day, [...(days.get(day) ?? []), session]);
  }

  const unplaced = abstracts
    .filter((a) => !placed.has(a.id))
    .flatMap((a) => {
      const accepted = acceptedAs(a);
      return accepted ? [bookEntry(a, accepted.number, accepted.type)] : [];
    })
    .sort((x, y) => compareNumbers(x.number, y.number));

  const all = [...printed, ...unplaced];
  return {
    days: [...days.entries()].sort(([x], [y]) => (x < y ? -1 : 1)).map(([day, sessions]) => ({ day, sessions })),
    unplaced,
    index: authorIndex(all, byId),
    abstracts: new Set(all.map((e) => e.abstract_id)).size,
  };
}

/** "09:00-10:30" in Beijing. */
export function cstTimeRange(starts_at: string, ends_at: string): string {
  const hm = (i: string) => {
    const p = cstParts(i);
    return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
  };
  return `${hm(starts_at)}-${hm(ends_at)}`;
}

const dayFormat = {
  en: new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  zh: new Intl.DateTimeFormat('zh-Hans-CN', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
};
/** A congress day (`YYYY-MM-DD`) in both languages: "Tuesday, 5 November 2024", "2024年11月5日星期二". */
export function bookDay(day: string): { en: string; zh: string } {
  const d = new Date(`${day}T00:00:00Z`);
  return { en: dayFormat.en.format(d), zh: dayFormat.zh.format(d) };
}
