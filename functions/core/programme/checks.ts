/**
 * The schedule checks (issue 33, decision 0064): what is wrong with a programme, as a list the
 * editor shows while the committee works and publication refuses on. Each problem is a catalog
 * text with its values (in the reader's language) and names the sessions and abstracts it
 * concerns, so the editor can mark them.
 *
 * A draft may hold problems (a day is built a session at a time); a published version holds none.
 * The session form refuses at once what is never right in one session (schemas.ts, with the
 * predicates below); these checks find it again over the whole draft, with what depends on other
 * sessions and on the abstracts' decisions.
 */
import { conflict } from '../errors';
import { instantValue, text, type Text } from '../i18n/messages';
import { cst } from '../time';
import {
  acceptedAs,
  bySessionOrder,
  compareNumbers,
  congressWindow,
  lengthMinutes,
  overlaps,
  overlapStart,
  placementsOf,
  presentersOf,
  roomOptional,
  type Board,
  type CongressWindow,
  type Placement,
  type ProgrammeAbstract,
  type Programme,
  type Session,
} from './model';

export type ProblemCode =
  | 'ends_before_start'
  | 'outside_congress'
  | 'no_room'
  | 'room_twice'
  | 'talks_overrun'
  | 'board_twice'
  | 'withdrawn'
  | 'not_accepted'
  | 'wrong_session'
  | 'placed_twice'
  | 'presenter_twice'
  | 'unscheduled';

export interface ProgrammeProblem {
  code: ProblemCode;
  text: Text;
  /** The sessions it concerns (two for a clash), in programme order. */
  session_ids: string[];
  /** The abstracts it concerns (two for a presenter's clash). */
  abstract_ids: string[];
}

/** Whether a session ends after it starts (a session of no length does not). */
export const endsAfterStart = (s: Pick<Session, 'starts_at' | 'ends_at'>) => Date.parse(s.ends_at) > Date.parse(s.starts_at);
/** Whether an instant lies within the congress (its last day's 24:00 included as an end). */
export const withinCongress = (instant: string, window: CongressWindow = congressWindow) =>
  Date.parse(instant) >= Date.parse(window.starts_at) && Date.parse(instant) <= Date.parse(window.ends_at);
/** The positions of the boards whose number an earlier board of the list already has. */
export function repeatedBoards(boards: readonly Pick<Board, 'board'>[]): number[] {
  const seen = new Set<number>();
  const repeated: number[] = [];
  boards.forEach((b, i) => {
    if (seen.has(b.board)) repeated.push(i);
    seen.add(b.board);
  });
  return repeated;
}

const title = (s: Session) => s.title;

/** The problems by their catalog texts (review-programme.json). */
export const problemTexts = {
  endsBeforeStart: (s: Session) => text('review.programme.problem.endsBeforeStart', { session: title(s), starts: instantValue(s.starts_at), ends: instantValue(s.ends_at) }),
  outsideCongress: (s: Session, w: CongressWindow) =>
    text('review.programme.problem.outsideCongress', {
      session: title(s),
      first: instantValue(cst(w.first_day), 'day'),
      last: instantValue(cst(w.last_day), 'day'),
      starts: instantValue(s.starts_at),
      ends: instantValue(s.ends_at),
    }),
  noRoom: (s: Session) => text('review.programme.problem.noRoom', { session: title(s) }),
  roomTwice: (room: string, a: Session, b: Session) => text('review.programme.problem.roomTwice', { room, first: title(a), second: title(b), at: instantValue(overlapStart(a, b)) }),
  talksOverrun: (s: Session, total: number) => text('review.programme.problem.talksOverrun', { session: title(s), total, length: Math.max(0, Math.round(lengthMinutes(s))) }),
  boardTwice: (s: Session, board: number) => text('review.programme.problem.boardTwice', { session: title(s), board: String(board) }),
  withdrawn: (s: Session) => text('review.programme.problem.withdrawn', { session: title(s) }),
  notAccepted: (s: Session, a: ProgrammeAbstract) => text('review.programme.problem.notAccepted', { session: title(s), title: a.title_of_abstract }),
  wrongSession: (s: Session, number: string, accepted: 'oral' | 'poster') =>
    text('review.programme.problem.wrongSession', { abstract: number, accepted, kind: s.type === 'oral' ? 'oral' : 'poster', session: title(s) }),
  placedTwice: (label: string, a: Session, b: Session) => text('review.programme.problem.placedTwice', { abstract: label, same: a.id === b.id ? 'yes' : 'no', first: title(a), second: title(b) }),
  presenterTwice: (presenter: string, first: { label: string; session: Session; at: Placement }, second: { label: string; session: Session; at: Placement }) =>
    text('review.programme.problem.presenterTwice', {
      presenter,
      first: first.label,
      firstSession: title(first.session),
      second: second.label,
      secondSession: title(second.session),
      at: instantValue(overlapStart(first.at, second.at)),
    }),
  unscheduled: (a: ProgrammeAbstract, accepted: { type: 'oral' | 'poster'; number: string }) =>
    text('review.programme.problem.unscheduled', { abstract: accepted.number, type: accepted.type, title: a.title_of_abstract }),
  notPublishable: (count: number) => text('api.review.programme.notPublishable', { count }),
};

/** How a problem names an abstract: its number once accepted, else its title. */
const labelOf = (a: ProgrammeAbstract) => acceptedAs(a)?.number ?? a.title_of_abstract;

/**
 * Every problem of the programme, in a stable order: each session's own (times, room, talks'
 * length, boards), rooms booked twice, each placed abstract's, presenters in two places, and the
 * accepted abstracts with no place (by number). `abstracts` holds at least every accepted abstract
 * and every abstract the programme places (one missing is taken as withdrawn: deleted by its author).
 */
export function checkProgramme(programme: Pick<Programme, 'rooms' | 'sessions'>, abstracts: readonly ProgrammeAbstract[], window: CongressWindow = congressWindow): ProgrammeProblem[] {
  const problems: ProgrammeProblem[] = [];
  const add = (code: ProblemCode, t: Text, sessions: readonly Session[], abstractIds: readonly string[] = []) =>
    problems.push({ code, text: t, session_ids: sessions.map((s) => s.id), abstract_ids: [...abstractIds] });
  const sessions = [...programme.sessions].sort(bySessionOrder);
  const sessionOf = new Map(sessions.map((s) => [s.id, s]));
  const roomOf = new Map(programme.rooms.map((r) => [r.id, r]));
  const abstractOf = new Map(abstracts.map((a) => [a.id, a]));

  for (const s of sessions) {
    if (!endsAfterStart(s)) add('ends_before_start', problemTexts.endsBeforeStart(s), [s]);
    if (!withinCongress(s.starts_at, window) || !withinCongress(s.ends_at, window)) add('outside_congress', problemTexts.outsideCongress(s, window), [s]);
    if (s.room_id === null ? !roomOptional.includes(s.type) : !roomOf.has(s.room_id)) add('no_room', problemTexts.noRoom(s), [s]);
    const total = s.talks.reduce((sum, t) => sum + t.minutes, 0);
    if (s.talks.length && endsAfterStart(s) && total > lengthMinutes(s)) add('talks_overrun', problemTexts.talksOverrun(s, total), [s], s.talks.map((t) => t.abstract_id));
    const reported = new Set<number>();
    for (const i of repeatedBoards(s.boards)) {
      const board = s.boards[i]!.board;
      if (reported.has(board)) continue;
      reported.add(board);
      add('board_twice', problemTexts.boardTwice(s, board), [s], s.boards.filter((b) => b.board === board).map((b) => b.abstract_id));
    }
  }

  sessions.forEach((a, i) => {
    for (const b of sessions.slice(i + 1)) {
      if (a.room_id === null || a.room_id !== b.room_id || !overlaps(a, b)) continue;
      add('room_twice', problemTexts.roomTwice(roomOf.get(a.room_id)?.name ?? a.room_id, a, b), [a, b]);
    }
  });

  const placements = placementsOf(sessions);
  const placesOf = new Map<string, Session[]>();
  for (const p of placements) {
    const s = sessionOf.get(p.session_id)!;
    const a = abstractOf.get(p.abstract_id);
    if (!a) {
      add('withdrawn', problemTexts.withdrawn(s), [s], [p.abstract_id]);
      continue;
    }
    const accepted = acceptedAs(a);
    if (!accepted) add('not_accepted', problemTexts.notAccepted(s, a), [s], [a.id]);
    else if ((accepted.type === 'oral') !== (p.kind === 'talk')) add('wrong_session', problemTexts.wrongSession(s, accepted.number, accepted.type), [s], [a.id]);
    placesOf.set(a.id, [...(placesOf.get(a.id) ?? []), s]);
  }
  // Once per abstract placed more than once: the sessions it is in (one when it is twice in one).
  for (const [abstractId, places] of placesOf) {
    if (places.length < 2) continue;
    const distinct = places.filter((s, i) => places.indexOf(s) === i);
    add('placed_twice', problemTexts.placedTwice(labelOf(abstractOf.get(abstractId)!), distinct[0]!, distinct[1] ?? distinct[0]!), distinct, [abstractId]);
  }

  // A presenter in two sessions at once (two posters of one poster session stand side by side: no clash).
  const byPresenter = new Map<string, { name: string; places: Placement[] }>();
  for (const p of placements) {
    const a = abstractOf.get(p.abstract_id);
    if (!a) continue;
    for (const person of presentersOf(a)) {
      const entry = byPresenter.get(person.key) ?? { name: person.name, places: [] };
      entry.places.push(p);
      byPresenter.set(person.key, entry);
    }
  }
  const clashes = new Set<string>();
  for (const { name, places } of byPresenter.values()) {
    places.forEach((x, i) => {
      for (const y of places.slice(i + 1)) {
        if (x.abstract_id === y.abstract_id || x.session_id === y.session_id || !overlaps(x, y)) continue;
        const key = [x.abstract_id, x.session_id, y.abstract_id, y.session_id].join('\u0000');
        if (clashes.has(key)) continue;
        clashes.add(key);
        const [sx, sy] = [sessionOf.get(x.session_id)!, sessionOf.get(y.session_id)!];
        const [ax, ay] = [abstractOf.get(x.abstract_id)!, abstractOf.get(y.abstract_id)!];
        add('presenter_twice', problemTexts.presenterTwice(name, { label: labelOf(ax), session: sx, at: x }, { label: labelOf(ay), session: sy, at: y }), [sx, sy], [ax.id, ay.id]);
      }
    });
  }

  const unplaced = [...abstractOf.values()]
    .map((a) => ({ a, accepted: acceptedAs(a) }))
    .filter((x): x is { a: ProgrammeAbstract; accepted: NonNullable<ReturnType<typeof acceptedAs>> } => Boolean(x.accepted) && !placesOf.has(x.a.id))
    .sort((x, y) => (x.accepted.type === y.accepted.type ? 0 : x.accepted.type === 'oral' ? -1 : 1) || compareNumbers(x.accepted.number, y.accepted.number));
  for (const { a, accepted } of unplaced) add('unscheduled', problemTexts.unscheduled(a, accepted), [], [a.id]);
  return problems;
}

/**
 * Publication refuses a programme with any problem (409): the message says how many, each problem
 * is one of the answer's `errors` (`problems.0`, ...) in the reader's language.
 */
export function refuseUnpublishable(problems: readonly ProgrammeProblem[]): void {
  if (problems.length === 0) return;
  throw conflict(problemTexts.notPublishable(problems.length), { errors: Object.fromEntries(problems.map((p, i) => [`problems.${i}`, p.text])) });
}
