/**
 * The published programme as delegates read it (issue 33, `/program`): sessions in programme order
 * with their room, times and chairs' names, each talk with its own time, title, presenters, authors
 * and abstract number, each poster with its board. Built once at publication and kept as one item
 * (decision 0064), so the public read never reads the abstracts. No e-mail address or account id is
 * in it: presenters and authors are named, chairs by name.
 */
import {
  acceptedAs,
  bySessionOrder,
  presentersOf,
  talkTimes,
  type ProgrammeAbstract,
  type PublishedProgramme,
  type Room,
  type SessionType,
} from './model';

interface PublicAbstract {
  abstract_id: string;
  /** O-001, P-001 (empty for an abstract without a number: a publication holds none, the checks refuse it). */
  number: string;
  title: string;
  category: string;
  presenters: string[];
  authors: string[];
}
export interface PublicTalk extends PublicAbstract {
  starts_at: string;
  ends_at: string;
  minutes: number;
}
export interface PublicPoster extends PublicAbstract {
  board: number;
}

export interface PublicSession {
  id: string;
  title: string;
  title_zh?: string;
  type: SessionType;
  room: Pick<Room, 'id' | 'name' | 'name_zh'> | null;
  starts_at: string;
  ends_at: string;
  chairs: string[];
  talks: PublicTalk[];
  posters: PublicPoster[];
}

export interface PublicProgramme {
  number: number;
  published_at: string;
  rooms: Room[];
  sessions: PublicSession[];
}

const fullName = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`.trim();

function publicAbstract(id: string, a: ProgrammeAbstract | undefined): PublicAbstract {
  if (!a) return { abstract_id: id, number: '', title: '', category: '', presenters: [], authors: [] };
  return {
    abstract_id: a.id,
    number: acceptedAs(a)?.number ?? '',
    title: a.title_of_abstract,
    category: a.abstract_category,
    presenters: presentersOf(a).map((p) => p.name),
    authors: a.authors.map(fullName),
  };
}

/** The public view of a published version; `chairNames` names the chairs given by their account. */
export function publicProgramme(version: PublishedProgramme, abstracts: readonly ProgrammeAbstract[], chairNames: ReadonlyMap<string, string>): PublicProgramme {
  const abstractOf = new Map(abstracts.map((a) => [a.id, a]));
  const roomOf = new Map(version.rooms.map((r) => [r.id, r]));
  const sessions = [...version.sessions].sort(bySessionOrder).map((s): PublicSession => {
    const room = s.room_id === null ? undefined : roomOf.get(s.room_id);
    const times = talkTimes(s);
    return {
      id: s.id,
      title: s.title,
      ...(s.title_zh ? { title_zh: s.title_zh } : {}),
      type: s.type,
      room: room ? { id: room.id, name: room.name, ...(room.name_zh ? { name_zh: room.name_zh } : {}) } : null,
      starts_at: s.starts_at,
      ends_at: s.ends_at,
      chairs: s.chairs.flatMap((c) => ('name' in c ? [c.name] : chairNames.has(c.account_id) ? [chairNames.get(c.account_id)!] : [])),
      talks: s.talks.map((t, i) => ({ ...publicAbstract(t.abstract_id, abstractOf.get(t.abstract_id)), starts_at: times[i]!.starts_at, ends_at: times[i]!.ends_at, minutes: t.minutes })),
      posters: [...s.boards].sort((x, y) => x.board - y.board).map((b) => ({ ...publicAbstract(b.abstract_id, abstractOf.get(b.abstract_id)), board: b.board })),
    };
  });
  return { number: version.number, published_at: version.published_at, rooms: version.rooms, sessions };
}
