/**
 * The programme editor's own logic (web/src/features/programme/editor): the session form's values
 * made into the API's body (Beijing times with their offset) and back, the shared schema's messages
 * put under the form's fields, the talks' order moved by the up and down buttons, the problems by
 * session and the abstracts' names.
 */
import { describe, expect, it } from 'vitest';
import type { Session } from '#core/programme/model';
import { programmeMessages as m } from '#core/programme/schemas';
import {
  abstractNames,
  addable,
  problemsBySession,
} from '../../../../web/src/features/programme/editor/draft-lookups';
import {
  moved,
  nextBoard,
  roomResolver,
  sessionFieldOf,
  sessionFormBody,
  sessionResolver,
  sessionValues,
  type SessionValues,
} from '../../../../web/src/features/programme/editor/session-values';

const session: Session = {
  id: 's1',
  title: 'Registry methods',
  type: 'oral',
  room_id: 'hall-a',
  starts_at: '2024-11-05T01:00:00.000Z',
  ends_at: '2024-11-05T02:30:00.000Z',
  chairs: [{ name: 'Freddie Bray' }, { account_id: 'acc-1' }],
  talks: [
    { abstract_id: 'o1', minutes: 20 },
    { abstract_id: 'o2', minutes: 25 },
  ],
  boards: [],
};

const resolve = async (values: SessionValues) =>
  (await sessionResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false }))
    .errors as Record<string, unknown>;
const messageAt = (errors: Record<string, unknown>, path: string) =>
  (
    path
      .split('.')
      .reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], errors) as
      { message?: string } | undefined
  )?.message;

describe('the session form', () => {
  it('shows a session in Beijing time and sends it back as the same instants with +08:00', () => {
    const values = sessionValues(session);
    expect(values).toMatchObject({
      start_day: '2024-11-05',
      start_time: '09:00',
      end_day: '2024-11-05',
      end_time: '10:30',
      room_id: 'hall-a',
    });
    expect(values.chairs).toEqual([
      { kind: 'name', value: 'Freddie Bray' },
      { kind: 'account', value: 'acc-1' },
    ]);
    const body = sessionFormBody(values, 7);
    expect(body).toMatchObject({
      starts_at: '2024-11-05T09:00+08:00',
      ends_at: '2024-11-05T10:30+08:00',
      version: 7,
    });
    expect(new Date(body.starts_at).toISOString()).toBe(session.starts_at);
    expect(body.chairs).toEqual(session.chairs);
    expect(body.talks).toEqual(session.talks);
  });

  it('crosses midnight with an end day of its own (a session of the evening of 4 November)', () => {
    const body = sessionFormBody(
      {
        ...sessionValues(undefined, '2024-11-04'),
        start_time: '22:00',
        end_day: '2024-11-05',
        end_time: '01:00',
      },
      0,
    );
    expect([body.starts_at, body.ends_at]).toEqual(['2024-11-04T22:00+08:00', '2024-11-05T01:00+08:00']);
  });

  it('a new session starts on the day chosen, with nothing in it', () => {
    expect(sessionValues(undefined, '2024-11-06')).toMatchObject({
      start_day: '2024-11-06',
      end_day: '2024-11-06',
      type: '',
      talks: [],
      boards: [],
      chairs: [],
    });
  });

  it("is checked by the API's own schema, each message under the field the committee typed in", async () => {
    const ok = sessionValues(session);
    expect(await resolve(ok)).toEqual({});
    const errors = await resolve({
      ...ok,
      title: ' ',
      start_time: '',
      end_time: '08:00',
      chairs: [{ kind: 'name', value: ' ' }],
      talks: [
        { abstract_id: 'o1', minutes: '0' },
        { abstract_id: 'o1', minutes: '' },
      ],
    });
    expect(messageAt(errors, 'title')).toBe(m.title);
    expect(messageAt(errors, 'start_time')).toBe(m.time);
    expect(messageAt(errors, 'chairs.0.value')).toBe(m.chair);
    expect(messageAt(errors, 'talks.0.minutes')).toBe(m.minutes);
    expect(messageAt(errors, 'talks.1.minutes')).toBe(m.minutes);
    const again = await resolve({
      ...ok,
      talks: [
        { abstract_id: 'o1', minutes: '10' },
        { abstract_id: 'o1', minutes: '10' },
      ],
    });
    expect(messageAt(again, 'talks.1.abstract_id')).toBe(m.abstractTwice);
    const ends = await resolve({ ...ok, end_time: '08:00' });
    expect(messageAt(ends, 'end_time')).toBe(m.endsBeforeStart);
    const outside = await resolve({ ...ok, start_day: '2024-11-03', end_day: '2024-11-03' });
    expect(messageAt(outside, 'start_time')).toBe(m.outsideCongress);
    const noRoom = await resolve({ ...ok, room_id: '' });
    expect(messageAt(noRoom, 'room_id')).toBe(m.room);
    // A social event may have no room; boards only in a poster session.
    expect(await resolve({ ...ok, type: 'social', room_id: '', talks: [] })).toEqual({});
    const boards = await resolve({
      ...ok,
      talks: [],
      boards: [{ abstract_id: 'p1', board: '1', by_hand: false }],
    });
    expect(messageAt(boards, 'boards')).toBe(m.boardsOnlyPoster);
    const twice = await resolve({
      ...ok,
      type: 'poster',
      talks: [],
      boards: [
        { abstract_id: 'p1', board: '3', by_hand: true },
        { abstract_id: 'p2', board: '3', by_hand: false },
      ],
    });
    expect(messageAt(twice, 'boards.1.board')).toBe(m.boardTwice);
  });

  it("puts the server's field paths on the form's fields", () => {
    expect(
      ['starts_at', 'ends_at', 'chairs.2.name', 'chairs.0.account_id', 'talks.1.minutes', 'version'].map(
        sessionFieldOf,
      ),
    ).toEqual(['start_time', 'end_time', 'chairs.2.value', 'chairs.0.value', 'talks.1.minutes', 'root']);
  });

  it('checks a room with the same schema (seats typed as text)', async () => {
    const errors = (
      await roomResolver({ name: '', name_zh: '', capacity: '12.5' }, undefined, {
        fields: {},
        shouldUseNativeValidation: false,
      })
    ).errors as Record<string, unknown>;
    expect([messageAt(errors, 'name'), messageAt(errors, 'capacity')]).toEqual([m.roomName, m.capacity]);
    expect(
      (
        await roomResolver({ name: 'Hall A', name_zh: '', capacity: '600' }, undefined, {
          fields: {},
          shouldUseNativeValidation: false,
        })
      ).errors,
    ).toEqual({});
  });
});

describe('the talks and boards of a session', () => {
  it('moves a talk one place up or down, and not past either end', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
  it('gives a poster added by hand the board after the highest', () => {
    expect(nextBoard([])).toBe(1);
    expect(nextBoard([{ board: '4' }, { board: '12' }, { board: '' }])).toBe(13);
  });
});

describe('the draft as the editor reads it', () => {
  const text = { id: 'review.programme.problem.roomTwice' as const };
  it('shows a clash at both sessions, and a problem of no session at none', () => {
    const bySession = problemsBySession([
      { code: 'room_twice', text, session_ids: ['s1', 's2'], abstract_ids: [] },
      { code: 'unscheduled', text, session_ids: [], abstract_ids: ['o9'] },
      { code: 'placed_twice', text, session_ids: ['s1'], abstract_ids: ['o1'] },
    ]);
    expect([...bySession.keys()].sort()).toEqual(['s1', 's2']);
    expect(bySession.get('s1')!.map((p) => p.code)).toEqual(['room_twice', 'placed_twice']);
  });
  it('names an abstract by its number and title, a withdrawn one by its id; offers only what has no place', () => {
    const view = {
      placed: [{ id: 'o1', type: 'oral' as const, number: 'O-001', title: 'Screening', presenters: [] }],
      unplaced: [
        {
          id: 'o2',
          type: 'oral' as const,
          number: 'O-002',
          title: 'Survival',
          category: 'x',
          presenters: [],
        },
        {
          id: 'p1',
          type: 'poster' as const,
          number: 'P-001',
          title: 'Registry',
          category: 'x',
          presenters: [],
        },
      ],
    };
    const names = abstractNames(view);
    expect([names.label('o1'), names.label('o2'), names.label('gone')]).toEqual([
      'O-001 · Screening',
      'O-002 · Survival',
      'gone',
    ]);
    expect(addable(view, 'oral', []).map((a) => a.id)).toEqual(['o2']);
    expect(addable(view, 'oral', ['o2'])).toEqual([]);
    expect(addable(view, 'poster', []).map((a) => a.id)).toEqual(['p1']);
  });
});
