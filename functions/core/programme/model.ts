/**
 * The scientific programme as data (issue 33, decision 0064): rooms, and sessions that hold the
 * accepted abstracts (talks in order in an oral session, numbered boards in a poster session).
 * The committee edits one private draft; a publication copies it as a numbered version that stays
 * readable. Instants are UTC ISO strings, shown in China Standard Time (core/time.ts).
 *
 * Plain data and pure functions only: the checks (checks.ts), the board numbering (boards.ts) and
 * the difference between two versions (versions.ts) read these types; storage and routes come later.
 */
import type { StoredAbstract } from '../abstracts/ports';
import { conference } from '../config/conference';
import { abstractCategories } from '../data/abstract-options';
import { cst } from '../time';

export interface Room {
  id: string;
  name: string;
  /** The room's name in Chinese, where the venue gives one (the English name otherwise). */
  name_zh?: string;
  /** Seats. */
  capacity: number;
}

export const sessionTypes = ['plenary', 'oral', 'poster', 'workshop', 'break', 'social'] as const;
export type SessionType = (typeof sessionTypes)[number];
/** Sessions that may have no room: a break is taken where one is, a group visit leaves from the hotel. */
export const roomOptional: readonly SessionType[] = ['break', 'social'];

/** A chair: an account of the portal, or a person named by the committee (a guest without one). */
export type Chair = { account_id: string } | { name: string };

/** An accepted oral presentation in an oral session: its length; the talks follow one another in their order from the session's start. */
export interface Talk {
  abstract_id: string;
  minutes: number;
}

/** An accepted poster in a poster session, on its board. */
export interface Board {
  abstract_id: string;
  board: number;
  /** Set by the committee by hand: the automatic numbering keeps it (boards.ts). */
  by_hand?: boolean;
}

export interface Session {
  id: string;
  title: string;
  /** The title in Chinese, where the committee gives one. */
  title_zh?: string;
  type: SessionType;
  /** null for a break or a social event without a room (`roomOptional`). */
  room_id: string | null;
  starts_at: string;
  ends_at: string;
  chairs: Chair[];
  /** Oral sessions only, in the order they are given. */
  talks: Talk[];
  /** Poster sessions only. */
  boards: Board[];
}

/** The committee's draft: its version moves with every save (a save over an older one is refused). */
export interface Programme {
  rooms: Room[];
  sessions: Session[];
  version: number;
}

/** A published version: the draft as it was published, kept (the previous ones stay readable). */
export interface PublishedProgramme extends Programme {
  /** 1, 2, ...: the publications in order (`version` is the draft's version it copied). */
  number: number;
  published_at: string;
  published_by: string;
}

/** One congress day in Beijing: its `YYYY-MM-DD` and the instants it starts and ends (24:00). */
export interface CongressDay {
  day: string;
  starts_at: string;
  ends_at: string;
}

const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
function daysFrom(start: string, end: string): CongressDay[] {
  const days: CongressDay[] = [];
  for (let day = start; day <= end; day = dayAfter(day)) days.push({ day, starts_at: cst(day), ends_at: cst(`${day}T24:00`) });
  return days;
}

/** The congress days, 4-7 November 2024 in China Standard Time (from the congress's config). */
export const congressDays: readonly CongressDay[] = daysFrom(conference.dates.start, conference.dates.end);

/** Where sessions may lie: from 00:00 of the first day to 24:00 of the last (a session may cross midnight within it). */
export interface CongressWindow {
  starts_at: string;
  ends_at: string;
  /** The first and last day, `YYYY-MM-DD`, for messages. */
  first_day: string;
  last_day: string;
}
export const congressWindow: CongressWindow = {
  starts_at: congressDays[0]!.starts_at,
  ends_at: congressDays[congressDays.length - 1]!.ends_at,
  first_day: congressDays[0]!.day,
  last_day: congressDays[congressDays.length - 1]!.day,
};

/** What the programme reads of an abstract: its form's people and category, and the published decision. */
export type ProgrammeAbstract = Pick<StoredAbstract, 'id' | 'title_of_abstract' | 'abstract_category' | 'authors' | 'presenter_abstract' | 'presenter_infos'> &
  Partial<Pick<StoredAbstract, 'review_outcome' | 'presentation'>>;

export type PresentationType = 'oral' | 'poster';

/**
 * How an abstract was accepted, with its number, or undefined when it was not (not decided, not
 * published, rejected, a duplicate, or asked to revise): the published decision
 * (core/review/publishing.ts), else the older `presentation` where no decision was published.
 */
export function acceptedAs(a: Pick<ProgrammeAbstract, 'review_outcome' | 'presentation'>): { type: PresentationType; number: string } | undefined {
  const o = a.review_outcome;
  if (o) return (o.outcome === 'oral' || o.outcome === 'poster') && o.number ? { type: o.outcome, number: o.number } : undefined;
  const p = a.presentation;
  return p?.number ? { type: p.type, number: p.number } : undefined;
}

/** A presenter: who stands at the board or gives the talk, known by their e-mail (the form's people have no account). */
export interface Presenter {
  key: string;
  name: string;
}

const personOf = (p: { first_name: string; last_name: string; email: string }): Presenter => ({
  key: p.email.trim().toLowerCase(),
  name: `${p.first_name} ${p.last_name}`.trim(),
});

/** The abstract's presenters: the first author when they present (the form's "presenter_abstract"), else the presenters named. */
export function presentersOf(a: Pick<ProgrammeAbstract, 'authors' | 'presenter_abstract' | 'presenter_infos'>): Presenter[] {
  const people = a.presenter_abstract ? a.authors.slice(0, 1) : a.presenter_infos;
  const out = new Map<string, Presenter>();
  for (const p of people.map(personOf)) if (p.key && !out.has(p.key)) out.set(p.key, p);
  return [...out.values()];
}

/** The abstract categories in the form's order (the order numbers were given in, and boards follow). */
const categoryOrder: readonly string[] = abstractCategories.flatMap((g) => g.children.map((c) => c.value));
export const categoryIndex = (category: string) => {
  const i = categoryOrder.indexOf(category);
  return i === -1 ? categoryOrder.length : i;
};

/** O-012 before O-100: numbers compared by their digits, then as text. */
export function compareNumbers(a: string, b: string): number {
  const n = (s: string) => Number(/(\d+)$/.exec(s)?.[1] ?? Number.NaN);
  const [x, y] = [n(a), n(b)];
  if (!Number.isNaN(x) && !Number.isNaN(y) && x !== y) return x - y;
  return a < b ? -1 : a > b ? 1 : 0;
}

const ms = (instant: string) => Date.parse(instant);
/** Minutes from `starts_at` to `ends_at` (negative when it ends first). */
export const lengthMinutes = (s: Pick<Session, 'starts_at' | 'ends_at'>) => (ms(s.ends_at) - ms(s.starts_at)) / 60_000;
/** Whether two spans of time share a moment (one ending when the other starts does not). */
export const overlaps = (a: { starts_at: string; ends_at: string }, b: { starts_at: string; ends_at: string }) =>
  ms(a.starts_at) < ms(b.ends_at) && ms(b.starts_at) < ms(a.ends_at);
/** The later start of two overlapping spans: when the clash begins. */
export const overlapStart = (a: { starts_at: string }, b: { starts_at: string }) => (ms(a.starts_at) >= ms(b.starts_at) ? a.starts_at : b.starts_at);

/** The time of each talk of an oral session: one after another from the session's start, in their order. */
export function talkTimes(session: Pick<Session, 'starts_at' | 'talks'>): { abstract_id: string; starts_at: string; ends_at: string }[] {
  let at = ms(session.starts_at);
  return session.talks.map((t) => {
    const starts = at;
    at += t.minutes * 60_000;
    return { abstract_id: t.abstract_id, starts_at: new Date(starts).toISOString(), ends_at: new Date(at).toISOString() };
  });
}

/** Sessions in the order of the programme: by start, then room, then id. */
export const bySessionOrder = (a: Session, b: Session) =>
  ms(a.starts_at) - ms(b.starts_at) || (a.room_id ?? '').localeCompare(b.room_id ?? '') || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Where an abstract is in the programme: a talk's own time, or a board for the whole poster session. */
export interface Placement {
  abstract_id: string;
  session_id: string;
  kind: 'talk' | 'board';
  starts_at: string;
  ends_at: string;
  room_id: string | null;
  /** A poster's board. */
  board?: number;
}

/** Every talk and board of the sessions, sessions in programme order, talks in their order. */
export function placementsOf(sessions: readonly Session[]): Placement[] {
  const out: Placement[] = [];
  for (const s of [...sessions].sort(bySessionOrder)) {
    for (const t of talkTimes(s)) out.push({ abstract_id: t.abstract_id, session_id: s.id, kind: 'talk', starts_at: t.starts_at, ends_at: t.ends_at, room_id: s.room_id });
    for (const b of s.boards) out.push({ abstract_id: b.abstract_id, session_id: s.id, kind: 'board', starts_at: s.starts_at, ends_at: s.ends_at, room_id: s.room_id, board: b.board });
  }
  return out;
}
