/** Rooms, sessions and abstracts for the programme's unit tests: fixed instants in Beijing time. */
import type { ProgrammeAbstract, Room, Session, SessionType } from '#core/programme/model';
import { cst } from '#core/time';

export const rooms: Room[] = [
  { id: 'hall-a', name: 'Hall A', capacity: 600 },
  { id: 'room-3', name: 'Room 3', capacity: 120 },
  { id: 'poster-hall', name: 'Poster hall', capacity: 400 },
];

const person = (first_name: string, last_name: string, email: string) => ({ first_name, last_name, email, institute: 'National Cancer Center', city: 'Beijing', country: 'China' });

export interface AbstractOptions {
  outcome?: 'oral' | 'poster' | 'reject' | 'revise' | 'duplicate';
  number?: string;
  category?: string;
  /** The presenter's e-mail: the first author presents unless `presenters` names others. */
  author?: string;
  presenters?: string[];
  title?: string;
}

/** An abstract with its published decision (accepted as given, with its number). */
export function abstract(id: string, o: AbstractOptions = {}): ProgrammeAbstract {
  const outcome = o.outcome ?? 'oral';
  return {
    id,
    title_of_abstract: o.title ?? `Title of ${id}`,
    abstract_category: o.category ?? 'registration.data-quality',
    authors: [person('Li', 'Wang', o.author ?? `${id}@example.org`), person('Ana', 'Silva', `coauthor-${id}@example.org`)],
    presenter_abstract: !o.presenters,
    presenter_infos: (o.presenters ?? []).map((email, i) => person(`P${i}`, 'Presenter', email)),
    review_outcome: { outcome, ...(o.number ? { number: o.number } : {}), published_at: cst('2024-06-25T10:00') },
  };
}

export interface SessionOptions {
  type?: SessionType;
  room?: string | null;
  /** Beijing wall-clock times, `YYYY-MM-DDTHH:mm`. */
  from?: string;
  to?: string;
  talks?: [string, number][];
  boards?: [string, number][];
  title?: string;
}

export function session(id: string, o: SessionOptions = {}): Session {
  return {
    id,
    title: o.title ?? `Session ${id}`,
    type: o.type ?? 'oral',
    room_id: o.room === undefined ? 'hall-a' : o.room,
    starts_at: cst(o.from ?? '2024-11-05T09:00'),
    ends_at: cst(o.to ?? '2024-11-05T10:30'),
    chairs: [{ name: 'Freddie Bray' }],
    talks: (o.talks ?? []).map(([abstract_id, minutes]) => ({ abstract_id, minutes })),
    boards: (o.boards ?? []).map(([abstract_id, board]) => ({ abstract_id, board })),
  };
}
