/**
 * What changed between two published versions of the programme (issue 33, decision 0064): the
 * sessions added, removed or changed (renamed, moved in time or room), and each abstract whose
 * place moved (its talk's time, its room, its board, its session), was placed or was taken out.
 * The list is what the committee and the office read after a publication; the abstracts in `mail`
 * are those whose presenters are mailed through the office's mail queue.
 */
import { instantValue, text, type Text } from '../i18n/messages';
import { acceptedAs, bySessionOrder, lengthMinutes, placementsOf, type Placement, type Programme, type ProgrammeAbstract, type Session } from './model';

export type SessionChange = 'title' | 'type' | 'time' | 'room' | 'chairs';
export type PlacementChange = 'session' | 'time' | 'room' | 'board';

export interface SessionDiff {
  before: Session;
  after: Session;
  changes: SessionChange[];
}

/** An abstract's place before and after: null where it had none (placed now) or has none (taken out). */
export interface PlacementDiff {
  abstract_id: string;
  before: Placement | null;
  after: Placement | null;
  changes: PlacementChange[];
}

export interface ProgrammeDiff {
  sessions: { added: Session[]; removed: Session[]; changed: SessionDiff[] };
  /** Only the abstracts whose place is not the same, in the new version's order (those taken out last). */
  placements: PlacementDiff[];
  /**
   * The abstracts whose presenters are mailed: every one whose place changed, was given or was
   * taken away since the previous version. None at the first publication (nobody was told a place yet).
   */
  mail: string[];
  /** The changes in words, one line each, for the list the committee reads. */
  lines: Text[];
}

const sameChairs = (a: Session, b: Session) => JSON.stringify(a.chairs) === JSON.stringify(b.chairs);

function sessionChanges(a: Session, b: Session): SessionChange[] {
  const changes: SessionChange[] = [];
  if (a.title !== b.title || (a.title_zh ?? '') !== (b.title_zh ?? '')) changes.push('title');
  if (a.type !== b.type) changes.push('type');
  if (a.starts_at !== b.starts_at || a.ends_at !== b.ends_at) changes.push('time');
  if (a.room_id !== b.room_id) changes.push('room');
  if (!sameChairs(a, b)) changes.push('chairs');
  return changes;
}

function placementChanges(a: Placement, b: Placement): PlacementChange[] {
  const changes: PlacementChange[] = [];
  if (a.session_id !== b.session_id) changes.push('session');
  if (a.starts_at !== b.starts_at || a.ends_at !== b.ends_at) changes.push('time');
  if (a.room_id !== b.room_id) changes.push('room');
  if (a.board !== b.board) changes.push('board');
  return changes;
}

/** The lines' catalog texts (review-programme.json). */
export const changeTexts = {
  sessionAdded: (s: Session) => text('review.programme.change.sessionAdded', { session: s.title, starts: instantValue(s.starts_at) }),
  sessionRemoved: (s: Session) => text('review.programme.change.sessionRemoved', { session: s.title }),
  sessionRenamed: (before: Session, after: Session) => text('review.programme.change.sessionRenamed', { before: before.title, after: after.title }),
  sessionTime: (s: Session) => text('review.programme.change.sessionTime', { session: s.title, starts: instantValue(s.starts_at), minutes: Math.round(lengthMinutes(s)) }),
  sessionRoom: (s: Session, room: string | undefined) => text('review.programme.change.sessionRoom', { session: s.title, hasRoom: room === undefined ? 'no' : 'yes', room: room ?? '' }),
  placed: (abstract: string, s: Session) => text('review.programme.change.placed', { abstract, session: s.title }),
  unplaced: (abstract: string, s: Session) => text('review.programme.change.unplaced', { abstract, session: s.title }),
  talkMoved: (abstract: string, s: Session, p: Placement, room: string | undefined) =>
    text('review.programme.change.talkMoved', { abstract, session: s.title, starts: instantValue(p.starts_at), hasRoom: room === undefined ? 'no' : 'yes', room: room ?? '' }),
  posterMoved: (abstract: string, s: Session, p: Placement) => text('review.programme.change.posterMoved', { abstract, session: s.title, board: String(p.board ?? '') }),
};

/**
 * The difference from `previous` (undefined before the first publication) to `next`. `abstracts`
 * name the abstracts in the lines by their numbers (an abstract not given is named by its id).
 */
export function programmeDiff(previous: Pick<Programme, 'rooms' | 'sessions'> | undefined, next: Pick<Programme, 'rooms' | 'sessions'>, abstracts: readonly ProgrammeAbstract[] = []): ProgrammeDiff {
  const before = [...(previous?.sessions ?? [])].sort(bySessionOrder);
  const after = [...next.sessions].sort(bySessionOrder);
  const beforeOf = new Map(before.map((s) => [s.id, s]));
  const afterOf = new Map(after.map((s) => [s.id, s]));
  const roomName = (id: string | null) => (id === null ? undefined : (next.rooms.find((r) => r.id === id)?.name ?? previous?.rooms.find((r) => r.id === id)?.name ?? id));
  const label = new Map(abstracts.map((a) => [a.id, acceptedAs(a)?.number ?? a.title_of_abstract]));
  const name = (id: string) => label.get(id) ?? id;

  const added = after.filter((s) => !beforeOf.has(s.id));
  const removed = before.filter((s) => !afterOf.has(s.id));
  const changed = after
    .filter((s) => beforeOf.has(s.id))
    .map((s) => ({ before: beforeOf.get(s.id)!, after: s, changes: sessionChanges(beforeOf.get(s.id)!, s) }))
    .filter((d) => d.changes.length > 0);

  const placedBefore = new Map<string, Placement>();
  for (const p of placementsOf(before)) if (!placedBefore.has(p.abstract_id)) placedBefore.set(p.abstract_id, p);
  const placedAfter = new Map<string, Placement>();
  for (const p of placementsOf(after)) if (!placedAfter.has(p.abstract_id)) placedAfter.set(p.abstract_id, p);
  const placements: PlacementDiff[] = [];
  for (const [id, p] of placedAfter) {
    const old = placedBefore.get(id);
    if (!old) placements.push({ abstract_id: id, before: null, after: p, changes: ['session', 'time', 'room', ...(p.board === undefined ? [] : (['board'] as const))] });
    else {
      const changes = placementChanges(old, p);
      if (changes.length) placements.push({ abstract_id: id, before: old, after: p, changes });
    }
  }
  for (const [id, p] of placedBefore) if (!placedAfter.has(id)) placements.push({ abstract_id: id, before: p, after: null, changes: ['session', 'time', 'room', ...(p.board === undefined ? [] : (['board'] as const))] });

  // The first publication changes nothing anyone was told: it has no lines.
  const lines: Text[] = previous
    ? [
        ...added.map((s) => changeTexts.sessionAdded(s)),
        ...removed.map((s) => changeTexts.sessionRemoved(s)),
        ...changed.flatMap((d) => [
          ...(d.changes.includes('title') ? [changeTexts.sessionRenamed(d.before, d.after)] : []),
          ...(d.changes.includes('time') ? [changeTexts.sessionTime(d.after)] : []),
          ...(d.changes.includes('room') ? [changeTexts.sessionRoom(d.after, roomName(d.after.room_id))] : []),
        ]),
        ...placements.map((d) => {
          if (!d.after) return changeTexts.unplaced(name(d.abstract_id), beforeOf.get(d.before!.session_id)!);
          const s = afterOf.get(d.after.session_id)!;
          if (!d.before) return changeTexts.placed(name(d.abstract_id), s);
          return d.after.kind === 'talk' ? changeTexts.talkMoved(name(d.abstract_id), s, d.after, roomName(d.after.room_id)) : changeTexts.posterMoved(name(d.abstract_id), s, d.after);
        }),
      ]
    : [];
  return {
    sessions: { added, removed, changed },
    placements,
    mail: previous ? placements.map((d) => d.abstract_id) : [],
    lines,
  };
}
