/**
 * Browsing the published programme (issue 33, `/program`): its days, what a search and the filters
 * keep, and which sessions are on now and next by the portal's clock. Pure functions over the
 * public view (public-programme.ts): the page calls them, a unit test proves them with a fixed clock.
 */
import { cstDate } from '../time';
import type { PublicProgramme, PublicSession } from './public-programme';
import type { SessionType } from './model';

/** The congress days that hold sessions, as Beijing dates `YYYY-MM-DD`, in order. */
export function programmeDays(programme: Pick<PublicProgramme, 'sessions'>): string[] {
  return [...new Set(programme.sessions.map((s) => cstDate(s.starts_at)))].sort();
}

export interface ProgrammeFilter {
  /** A Beijing date; ignored while searching (a search looks at every day). */
  day?: string;
  type?: SessionType;
  /** An abstract category: sessions holding an abstract of it, with only those abstracts. */
  category?: string;
  /** Words of a title, an author's or presenter's name, or an abstract number (O-012, P-101). */
  query?: string;
}

/** Lower case, accents and spaces folded: "Łukasz  Nowak" finds "lukasz nowak". */
export const foldText = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

interface Searchable {
  number: string;
  title: string;
  category: string;
  presenters: string[];
  authors: string[];
}

/** Whether every word of the query is in the abstract's number, title or people (a number matches without its dash: "o12" finds O-012). */
function abstractMatches(a: Searchable, words: readonly string[]): boolean {
  const haystack = foldText(
    [a.number, a.number.replace(/-0*/, ''), a.title, ...a.presenters, ...a.authors].join(' '),
  );
  return words.every((w) => haystack.includes(w));
}

/**
 * The sessions the filter keeps, in programme order. A session matching the query by its own title
 * or chairs keeps all its abstracts; otherwise it is kept with only the talks and posters that
 * match. The category keeps sessions with an abstract of it (with only those).
 */
export function browseProgramme(
  programme: Pick<PublicProgramme, 'sessions'>,
  filter: ProgrammeFilter,
): PublicSession[] {
  const words = filter.query ? foldText(filter.query).split(' ').filter(Boolean) : [];
  const out: PublicSession[] = [];
  for (const s of programme.sessions) {
    if (!words.length && filter.day && cstDate(s.starts_at) !== filter.day) continue;
    if (filter.type && s.type !== filter.type) continue;
    const inCategory = <T extends Searchable>(items: T[]) =>
      filter.category ? items.filter((a) => a.category === filter.category) : items;
    let talks = inCategory(s.talks);
    let posters = inCategory(s.posters);
    if (filter.category && !talks.length && !posters.length) continue;
    if (words.length) {
      const sessionItself = foldText([s.title, s.title_zh ?? '', ...s.chairs].join(' '));
      if (!words.every((w) => sessionItself.includes(w))) {
        talks = talks.filter((a) => abstractMatches(a, words));
        posters = posters.filter((a) => abstractMatches(a, words));
        if (!talks.length && !posters.length) continue;
      }
    }
    out.push(talks === s.talks && posters === s.posters ? s : { ...s, talks, posters });
  }
  return out;
}

/**
 * The sessions on at `now` and the next to start (all those starting at the same next instant),
 * by id: what the page highlights during the congress.
 */
export function nowAndNext(
  programme: Pick<PublicProgramme, 'sessions'>,
  now: Date,
): { now: Set<string>; next: Set<string> } {
  const t = now.getTime();
  const on = programme.sessions.filter((s) => Date.parse(s.starts_at) <= t && t < Date.parse(s.ends_at));
  const upcoming = programme.sessions.filter((s) => Date.parse(s.starts_at) > t);
  const first = Math.min(...upcoming.map((s) => Date.parse(s.starts_at)));
  return {
    now: new Set(on.map((s) => s.id)),
    next: new Set(upcoming.filter((s) => Date.parse(s.starts_at) === first).map((s) => s.id)),
  };
}

/** The day the page opens on: today's during the congress, else the first. */
export function openingDay(days: readonly string[], now: Date | null): string | undefined {
  const today = now ? cstDate(now) : undefined;
  return today && days.includes(today) ? today : days[0];
}
