/**
 * The session form's values as the committee types them (a congress day and a Beijing clock time,
 * numbers as typed) and the body the API takes (core/programme/schemas.ts `sessionBody`): the form
 * is checked by that same schema, its messages put back under the fields they concern.
 */
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { Chair, Session, SessionType } from '#core/programme/model';
import { congressDays } from '#core/programme/model';
import { sessionBody, roomBody, type RoomForm, type SessionForm } from '#core/programme/schemas';
import { cstDate, cstParts } from '#core/time';

export interface ChairValue {
  kind: 'name' | 'account';
  value: string;
}
export interface TalkValue {
  abstract_id: string;
  minutes: string;
}
export interface BoardValue {
  abstract_id: string;
  board: string;
  by_hand: boolean;
}
export interface SessionValues {
  title: string;
  title_zh: string;
  type: SessionType | '';
  room_id: string;
  /** `YYYY-MM-DD` of a congress day and `HH:MM` on a clock in Beijing. */
  start_day: string;
  start_time: string;
  end_day: string;
  end_time: string;
  chairs: ChairValue[];
  talks: TalkValue[];
  boards: BoardValue[];
}

const pad = (n: number) => String(n).padStart(2, '0');
/** `HH:MM` in Beijing. */
export const cstClock = (instant: string) => {
  const p = cstParts(instant);
  return `${pad(p.hour)}:${pad(p.minute)}`;
};

/** A day's session starts at 09:00 and lasts an hour until the committee says otherwise. */
export function sessionValues(
  session: Session | undefined,
  day: string = congressDays[0]!.day,
): SessionValues {
  if (!session)
    return {
      title: '',
      title_zh: '',
      type: '',
      room_id: '',
      start_day: day,
      start_time: '09:00',
      end_day: day,
      end_time: '10:00',
      chairs: [],
      talks: [],
      boards: [],
    };
  return {
    title: session.title,
    title_zh: session.title_zh ?? '',
    type: session.type,
    room_id: session.room_id ?? '',
    start_day: cstDate(session.starts_at),
    start_time: cstClock(session.starts_at),
    end_day: cstDate(session.ends_at),
    end_time: cstClock(session.ends_at),
    chairs: session.chairs.map((c) =>
      'account_id' in c ? { kind: 'account', value: c.account_id } : { kind: 'name', value: c.name },
    ),
    talks: session.talks.map((t) => ({ abstract_id: t.abstract_id, minutes: String(t.minutes) })),
    boards: session.boards.map((b) => ({
      abstract_id: b.abstract_id,
      board: String(b.board),
      by_hand: Boolean(b.by_hand),
    })),
  };
}

/** A number as typed: '' and words are not numbers (the schema says what it wants). */
const numberOf = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed));
/** The instant the editor writes: the Beijing time it shows, with its offset. A time not typed stays empty (the schema asks for it). */
const instantOf = (day: string, time: string) =>
  day && /^\d{2}:\d{2}$/.test(time) ? `${day}T${time}+08:00` : '';

export function sessionFormBody(values: SessionValues, version: number): SessionForm {
  return {
    title: values.title,
    title_zh: values.title_zh,
    type: values.type as SessionType,
    room_id: values.room_id,
    starts_at: instantOf(values.start_day, values.start_time),
    ends_at: instantOf(values.end_day, values.end_time),
    chairs: values.chairs.map((c): Chair =>
      c.kind === 'account' ? { account_id: c.value } : { name: c.value },
    ),
    talks: values.talks.map((t) => ({ abstract_id: t.abstract_id, minutes: numberOf(t.minutes) })),
    boards: values.boards.map((b) => ({
      abstract_id: b.abstract_id,
      board: numberOf(b.board),
      ...(b.by_hand ? { by_hand: true } : {}),
    })),
    version,
  };
}

/** Where the form shows a message of the body's path (`starts_at` is the start's time, a chair's account or name its value). */
export function sessionFieldOf(path: string): string {
  if (path === 'starts_at') return 'start_time';
  if (path === 'ends_at') return 'end_time';
  const chair = /^chairs\.(\d+)\.(name|account_id)$/.exec(path);
  if (chair) return `chairs.${chair[1]}.value`;
  return path === 'version' ? 'root' : path;
}

export interface RoomValues {
  name: string;
  name_zh: string;
  capacity: string;
}
export const roomFormBody = (values: RoomValues, version: number): RoomForm => ({
  name: values.name,
  name_zh: values.name_zh,
  capacity: numberOf(values.capacity),
  version,
});

/** Sets `message` at a dotted path of react-hook-form's errors (the first message for a field wins). */
function setError(errors: Record<string, unknown>, path: string, message: string) {
  const keys = path.split('.');
  let node = errors;
  keys.slice(0, -1).forEach((k) => {
    node[k] ??= {};
    node = node[k] as Record<string, unknown>;
  });
  const last = keys[keys.length - 1]!;
  node[last] ??= { type: 'schema', message };
}

interface SafeParsing<Out> {
  safeParse: (
    input: unknown,
  ) =>
    | { success: true; data: Out }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * A react-hook-form resolver over one of the programme's shared schemas: the values made into the
 * body (`toBody`), checked by the schema, each message put on the field `fieldOf` names.
 */
export function schemaResolver<V extends FieldValues, Out>(
  schema: SafeParsing<Out>,
  toBody: (values: V) => unknown,
  fieldOf: (path: string) => string = (p) => p,
): Resolver<V> {
  return (values) => {
    const parsed = schema.safeParse(toBody(values));
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of parsed.error.issues)
      setError(errors, fieldOf(issue.path.map(String).join('.') || 'root'), issue.message);
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}

/** The version is not the form's: the page's draft gives it at saving (`0` here only checks the rest). */
export const sessionResolver = schemaResolver<SessionValues, unknown>(
  sessionBody,
  (v) => sessionFormBody(v, 0),
  sessionFieldOf,
);
export const roomResolver = schemaResolver<RoomValues, unknown>(roomBody, (v) => roomFormBody(v, 0));

/** The list with the item at `index` moved one place up (-1) or down (+1); the same list at either end. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  const out = [...list];
  [out[index], out[to]] = [out[to]!, out[index]!];
  return out;
}

/** The next board number after the highest of the list (a poster added by hand goes at the end). */
export const nextBoard = (boards: readonly { board: string }[]) =>
  boards.reduce((max, b) => Math.max(max, Number(b.board) || 0), 0) + 1;
