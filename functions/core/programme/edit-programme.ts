/**
 * The committee edits the draft programme (issue 33, decision 0064): reads it with its problems
 * and the accepted abstracts not placed yet; adds, changes and deletes rooms and sessions; numbers
 * a poster session's boards. Every change is made over the draft's version the form was opened on
 * (409 when another member saved since), is audited, and answers the draft again with its checks,
 * which the editor shows. A draft may hold problems; publication refuses them (publish-programme.ts).
 */
import { auditEntry, type Actor } from '../audit/audit';
import { conflict, notFound } from '../errors';
import { numberBoards } from './boards';
import { checkProgramme, type ProgrammeProblem } from './checks';
import type { Text } from '../i18n/messages';
import { acceptedAs, presentersOf, type Programme, type ProgrammeAbstract, type Room, type Session } from './model';
import type { ProgrammeDeps, PublishedVersion } from './ports';
import { programmeMessages as m, type SessionData } from './schemas';
import { programmeDiff } from './versions';

/** An accepted abstract with no place in the draft, as the editor lists it (orals first, by number). */
export interface UnplacedAbstract {
  id: string;
  type: 'oral' | 'poster';
  number: string;
  title: string;
  category: string;
  presenters: string[];
}

/** An abstract the draft places, as the editor names it: its number and type once accepted (null when it is not, or no longer). */
export interface PlacedAbstract {
  id: string;
  type: 'oral' | 'poster' | null;
  number: string | null;
  title: string;
  presenters: string[];
}

export interface DraftView {
  programme: Programme;
  problems: ProgrammeProblem[];
  unplaced: UnplacedAbstract[];
  /** Every abstract the draft places that is still in the portal (a withdrawn one is missing: its problem says so). */
  placed: PlacedAbstract[];
  /** The latest publication, if any. */
  published: { number: number; published_at: string } | null;
  /**
   * What publishing the draft now would change since the latest publication, in words (the lines a
   * publication keeps, versions.ts): the editor's confirmation shows them. Empty before the first one.
   */
  changes: Text[];
}

function unplacedOf(problems: readonly ProgrammeProblem[], abstracts: readonly ProgrammeAbstract[]): UnplacedAbstract[] {
  const abstractOf = new Map(abstracts.map((a) => [a.id, a]));
  return problems
    .filter((p) => p.code === 'unscheduled')
    .flatMap((p) => p.abstract_ids)
    .flatMap((id) => {
      const a = abstractOf.get(id);
      const accepted = a && acceptedAs(a);
      return a && accepted
        ? [{ id, type: accepted.type, number: accepted.number, title: a.title_of_abstract, category: a.abstract_category, presenters: presentersOf(a).map((p) => p.name) }]
        : [];
    });
}

function placedOf(programme: Programme, abstracts: readonly ProgrammeAbstract[]): PlacedAbstract[] {
  const ids = new Set(programme.sessions.flatMap((s) => [...s.talks, ...s.boards].map((x) => x.abstract_id)));
  return abstracts
    .filter((a) => ids.has(a.id))
    .map((a) => {
      const accepted = acceptedAs(a);
      return { id: a.id, type: accepted?.type ?? null, number: accepted?.number ?? null, title: a.title_of_abstract, presenters: presentersOf(a).map((p) => p.name) };
    });
}

function viewOf(programme: Programme, abstracts: readonly ProgrammeAbstract[], latest: PublishedVersion | undefined): DraftView {
  const problems = checkProgramme(programme, abstracts);
  return {
    programme,
    problems,
    unplaced: unplacedOf(problems, abstracts),
    placed: placedOf(programme, abstracts),
    published: latest ? { number: latest.number, published_at: latest.published_at } : null,
    changes: latest ? programmeDiff(latest, programme, abstracts).lines : [],
  };
}

/** GET: the draft, its problems and the accepted abstracts not placed. */
export async function draftView(deps: ProgrammeDeps): Promise<DraftView> {
  const [draft, abstracts, latest] = await Promise.all([deps.store.draft(), deps.sources.abstracts(), deps.store.latest()]);
  return viewOf(draft, abstracts, latest);
}

interface Edit {
  rooms?: Room[];
  sessions?: Session[];
  action: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/**
 * One change of the draft over the version the form was read at: refused with 409 when the draft
 * has moved since (checked here, and again by the conditional write for a save in between).
 */
async function change(deps: ProgrammeDeps, actor: Actor, readVersion: number, now: Date, message: string, edit: (draft: Programme) => Edit) {
  const draft = await deps.store.draft();
  if (readVersion !== draft.version) throw conflict(m.changedMeanwhile);
  const e = edit(draft);
  const next: Programme = { rooms: e.rooms ?? draft.rooms, sessions: e.sessions ?? draft.sessions, version: draft.version + 1 };
  const audit = auditEntry({
    action: e.action,
    actor,
    at: now,
    object: { type: 'programme', id: 'draft' },
    ...(e.before ? { before: e.before } : {}),
    after: { ...e.after, version: next.version },
  });
  if (!(await deps.store.saveDraft(next, draft.version, audit))) throw conflict(m.changedMeanwhile);
  const [abstracts, latest] = await Promise.all([deps.sources.abstracts(), deps.store.latest()]);
  return { message, data: viewOf(next, abstracts, latest) };
}

const roomOf = (draft: Programme, id: string) => {
  const room = draft.rooms.find((r) => r.id === id);
  if (!room) throw notFound(m.noSuchRoom);
  return room;
};
const sessionOf = (draft: Programme, id: string) => {
  const session = draft.sessions.find((s) => s.id === id);
  if (!session) throw notFound(m.noSuchSession);
  return session;
};

type RoomInput = Omit<Room, 'id'> & { version: number };
const roomFields = (input: RoomInput): Omit<Room, 'id'> => ({ name: input.name, ...(input.name_zh ? { name_zh: input.name_zh } : {}), capacity: input.capacity });

export function createRoom(deps: ProgrammeDeps, actor: Actor, input: RoomInput, now: Date) {
  return change(deps, actor, input.version, now, m.roomSaved, (draft) => {
    const room: Room = { id: deps.newId(), ...roomFields(input) };
    return { rooms: [...draft.rooms, room], action: 'programme.room_created', after: { room } };
  });
}

export function updateRoom(deps: ProgrammeDeps, actor: Actor, id: string, input: RoomInput, now: Date) {
  return change(deps, actor, input.version, now, m.roomSaved, (draft) => {
    const before = roomOf(draft, id);
    const room: Room = { id, ...roomFields(input) };
    return { rooms: draft.rooms.map((r) => (r.id === id ? room : r)), action: 'programme.room_changed', before: { room: before }, after: { room } };
  });
}

/** A room's sessions keep its id: the checks list them as without a room until they get another. */
export function deleteRoom(deps: ProgrammeDeps, actor: Actor, id: string, input: { version: number }, now: Date) {
  return change(deps, actor, input.version, now, m.roomDeleted, (draft) => {
    const before = roomOf(draft, id);
    return { rooms: draft.rooms.filter((r) => r.id !== id), action: 'programme.room_deleted', before: { room: before }, after: { room: null } };
  });
}

const sessionFields = (input: SessionData): Omit<Session, 'id'> => ({
  title: input.title,
  ...(input.title_zh ? { title_zh: input.title_zh } : {}),
  type: input.type,
  room_id: input.room_id,
  starts_at: input.starts_at,
  ends_at: input.ends_at,
  chairs: input.chairs,
  talks: input.talks,
  boards: input.boards.map((b) => ({ abstract_id: b.abstract_id, board: b.board, ...(b.by_hand ? { by_hand: true } : {}) })),
});

export function createSession(deps: ProgrammeDeps, actor: Actor, input: SessionData, now: Date) {
  return change(deps, actor, input.version, now, m.sessionSaved, (draft) => {
    const session: Session = { id: deps.newId(), ...sessionFields(input) };
    return { sessions: [...draft.sessions, session], action: 'programme.session_created', after: { session } };
  });
}

export function updateSession(deps: ProgrammeDeps, actor: Actor, id: string, input: SessionData, now: Date) {
  return change(deps, actor, input.version, now, m.sessionSaved, (draft) => {
    const before = sessionOf(draft, id);
    const session: Session = { id, ...sessionFields(input) };
    return { sessions: draft.sessions.map((s) => (s.id === id ? session : s)), action: 'programme.session_changed', before: { session: before }, after: { session } };
  });
}

export function deleteSession(deps: ProgrammeDeps, actor: Actor, id: string, input: { version: number }, now: Date) {
  return change(deps, actor, input.version, now, m.sessionDeleted, (draft) => {
    const before = sessionOf(draft, id);
    return { sessions: draft.sessions.filter((s) => s.id !== id), action: 'programme.session_deleted', before: { session: before }, after: { session: null } };
  });
}

/**
 * Numbers a poster session's boards (boards.ts): the boards set by hand stay, every other accepted
 * poster of the session (and with `add_unplaced` every accepted poster without a place in the
 * programme) is numbered; what is not an accepted poster any more is left out (it was listed as a problem).
 */
export async function numberSessionBoards(deps: ProgrammeDeps, actor: Actor, id: string, input: { version: number; add_unplaced: boolean }, now: Date) {
  const abstracts = await deps.sources.abstracts();
  return change(deps, actor, input.version, now, m.boardsNumbered, (draft) => {
    const session = sessionOf(draft, id);
    if (session.type !== 'poster') throw conflict(m.notPosterSession);
    const inSession = new Set(session.boards.map((b) => b.abstract_id));
    const placed = new Set(draft.sessions.flatMap((s) => [...s.talks, ...s.boards].map((x) => x.abstract_id)));
    const posters = abstracts.filter((a) => inSession.has(a.id) || (input.add_unplaced && !placed.has(a.id) && acceptedAs(a)?.type === 'poster'));
    const boards = numberBoards(session.boards, posters);
    const next: Session = { ...session, boards };
    return {
      sessions: draft.sessions.map((s) => (s.id === id ? next : s)),
      action: 'programme.boards_numbered',
      before: { session_id: id, boards: session.boards },
      after: { session_id: id, boards },
    };
  });
}
