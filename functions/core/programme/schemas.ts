/**
 * The programme's forms, once (issue 33): a room and a session as the committee's editor sends
 * them and the API parses them, so both refuse the same input with the same words. A session is
 * refused at once for what is never right within it (it ends before it starts, lies outside the
 * congress days, has no room where it needs one, gives a board or an abstract twice); what depends
 * on the rest of the programme is for the checks (checks.ts), shown while editing.
 *
 * Times are ISO 8601 instants with their offset (`2024-11-04T09:00+08:00`, or UTC with `Z`): the
 * editor writes the Beijing time it shows with `+08:00`; they are kept as UTC ISO strings.
 */
import * as z from 'zod/mini';
import { endsAfterStart, repeatedBoards, withinCongress } from './checks';
import { roomOptional, sessionTypes } from './model';

/** The schemas' and the programme routes' words (review-programme.json, under api. ids: the API and the forms find their Chinese by them). */
export const programmeMessages = {
  roomName: "Please give the room's name.",
  capacity: 'Please give the number of seats: a whole number from 1 to 10,000.',
  title: "Please give the session's title.",
  tooLong: 'This text is too long (at most 300 characters).',
  type: 'Please choose the kind of session.',
  room: 'Please choose the room of the session.',
  time: 'Please give a date and a time.',
  endsBeforeStart: 'The session must end after it starts.',
  outsideCongress: 'Please give a time within the congress days.',
  chair: "Please choose the chair's account or give the chair's name.",
  tooMany: 'This list is too long.',
  abstract: 'Please choose an abstract.',
  minutes: "Please give the talk's length in minutes: a whole number from 1 to 240.",
  board: 'Please give a board number: a whole number from 1 to 9,999.',
  talksOnlyOral: 'Only an oral session holds talks.',
  boardsOnlyPoster: 'Only a poster session holds poster boards.',
  abstractTwice: 'This abstract is already in this session.',
  boardTwice: 'This board number is already given in this session.',
  changedMeanwhile: 'The programme was changed by another committee member since you opened it. Reload it to see the changes, then make yours again.',
  // The committee's routes (edit-programme.ts, publish-programme.ts) and the public read.
  noSuchRoom: 'There is no such room in the programme (another committee member may have deleted it).',
  noSuchSession: 'There is no such session in the programme (another committee member may have deleted it).',
  notPosterSession: 'Only a poster session has boards to number.',
  roomSaved: 'The room is saved.',
  roomDeleted: 'The room is deleted.',
  sessionSaved: 'The session is saved.',
  sessionDeleted: 'The session is deleted.',
  boardsNumbered: 'The poster boards are numbered.',
  noSuchVersion: 'There is no such published version of the programme.',
  notPublished: 'The programme has not been published yet.',
  notInProgramme: 'There is no such session or talk in the published programme.',
  noSuchAbstract: 'This abstract is not in the published programme.',
  calendarLanguage: 'Please choose the language of the calendar: English or Simplified Chinese.',
} as const;
const m = programmeMessages;

const TEXT_MAX = 300;
const required = (message: string) => z.string({ message }).check(z.trim(), z.minLength(1, message), z.maxLength(TEXT_MAX, m.tooLong));
/** An optional text: empty is none. */
const optionalText = z.pipe(z.optional(z.string().check(z.trim(), z.maxLength(TEXT_MAX, m.tooLong))), z.transform((v) => v || undefined));
const id = (message: string) => z.string({ message }).check(z.trim(), z.minLength(1, message), z.maxLength(64, message));
const whole = (min: number, max: number, message: string) => z.number({ message }).check(z.int(message), z.minimum(min, message), z.maximum(max, message));
/** The draft's version the form was opened on: a save over a newer one is refused (409). */
const version = z.number({ message: m.changedMeanwhile }).check(z.int(m.changedMeanwhile), z.minimum(0, m.changedMeanwhile));

const instantPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;
/** An ISO instant with its offset, and a real date (no 30 February, no 24:61). */
function isInstant(value: string): boolean {
  const parts = instantPattern.exec(value);
  if (!parts) return false;
  const [y, mo, d, h, mi, s] = parts.slice(1, 7).map((n) => Number(n ?? 0)) as [number, number, number, number, number, number];
  const day = new Date(Date.UTC(y, mo - 1, d));
  return day.getUTCMonth() === mo - 1 && day.getUTCDate() === d && h < 24 && mi < 60 && s < 60 && !Number.isNaN(Date.parse(value));
}
const instant = z.pipe(z.string({ message: m.time }).check(z.trim(), z.refine(isInstant, m.time)), z.transform((v) => new Date(v).toISOString()));

export const roomBody = z.object({
  name: required(m.roomName),
  name_zh: optionalText,
  capacity: whole(1, 10_000, m.capacity),
  version,
});
export type RoomForm = z.input<typeof roomBody>;

const chair = z.union([z.object({ account_id: id(m.chair) }), z.object({ name: required(m.chair) })], { message: m.chair });
const talk = z.object({ abstract_id: id(m.abstract), minutes: whole(1, 240, m.minutes) });
const board = z.object({ abstract_id: id(m.abstract), board: whole(1, 9_999, m.board), by_hand: z.optional(z.boolean()) });

export const sessionBody = z
  .object({
    title: required(m.title),
    title_zh: optionalText,
    type: z.enum(sessionTypes, { message: m.type }),
    /** '' or null: no room (a break or a social event only). */
    room_id: z.pipe(z.optional(z.nullable(z.string({ message: m.room }).check(z.trim(), z.maxLength(64, m.room)))), z.transform((v) => v || null)),
    starts_at: instant,
    ends_at: instant,
    chairs: z._default(z.array(chair).check(z.maxLength(10, m.tooMany)), []),
    talks: z._default(z.array(talk).check(z.maxLength(100, m.tooMany)), []),
    boards: z._default(z.array(board).check(z.maxLength(2_000, m.tooMany)), []),
    version,
  })
  .check(
    z.superRefine((v, ctx) => {
      const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
      // A time refused above is not compared (this runs after continuable issues too).
      const [starts, ends] = [isInstant(v.starts_at), isInstant(v.ends_at)];
      if (starts && !withinCongress(v.starts_at)) issue(['starts_at'], m.outsideCongress);
      if (ends && !withinCongress(v.ends_at)) issue(['ends_at'], m.outsideCongress);
      else if (starts && ends && !endsAfterStart(v)) issue(['ends_at'], m.endsBeforeStart);
      if (!v.room_id && !roomOptional.includes(v.type)) issue(['room_id'], m.room);
      if (v.talks.length && v.type !== 'oral') issue(['talks'], m.talksOnlyOral);
      if (v.boards.length && v.type !== 'poster') issue(['boards'], m.boardsOnlyPoster);
      const placed = new Set<string>();
      const once = (abstractId: string, path: (string | number)[]) => {
        if (placed.has(abstractId)) issue(path, m.abstractTwice);
        placed.add(abstractId);
      };
      v.talks.forEach((t, i) => once(t.abstract_id, ['talks', i, 'abstract_id']));
      v.boards.forEach((b, i) => once(b.abstract_id, ['boards', i, 'abstract_id']));
      for (const i of repeatedBoards(v.boards)) issue(['boards', i, 'board'], m.boardTwice);
    }),
  );
export type SessionForm = z.input<typeof sessionBody>;
export type SessionData = z.output<typeof sessionBody>;

/** The longest id of a room, a session or an abstract in a path. */
export const MAX_ID_LENGTH = 64;

/** A room's or a session's id in a path. */
export const programmeItemParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH)) });

/** An abstract's page: any text of its address (one that names nothing is answered with the not-found page). */
export const programmePageParams = z.object({ id: z.string() });

/** A change that carries only the draft's version read (a deletion, a publication). */
export const versionBody = z.object({ version });

/**
 * Numbering a poster session's boards (boards.ts): its posters, and with `add_unplaced` every
 * accepted poster that has no place in the programme yet.
 */
export const boardsBody = z.object({ version, add_unplaced: z._default(z.boolean(), false) });

/** A published version's number in a path. */
export const publishedVersionParams = z.object({
  number: z.pipe(z.string({ message: m.noSuchVersion }).check(z.regex(/^[1-9]\d{0,5}$/, m.noSuchVersion)), z.transform(Number)),
});

/** The calendar file's query (GET /programme/calendar): its language, and one session or one talk, or neither for the whole programme. */
export const calendarQuerySchema = z.object({
  lang: z.optional(z.enum(['en', 'zh-Hans'], { message: m.calendarLanguage })),
  session: z.optional(id(m.notInProgramme)),
  talk: z.optional(id(m.notInProgramme)),
});
