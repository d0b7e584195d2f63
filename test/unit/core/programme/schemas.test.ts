/**
 * The room and session forms (issue 33): what they take, as the editor and the API send it, and
 * what they refuse at once, each under its field with words the catalogs hold.
 */
import { describe, expect, it } from 'vitest';
import { programmeMessages as m, roomBody, sessionBody, type SessionForm } from '#core/programme/schemas';

/** The first message of each field, as the API answers them (functions/lib/http/errors.ts). */
function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const errors: Record<string, string> = {};
  for (const i of result.error?.issues ?? []) errors[i.path.map(String).join('.')] ??= i.message;
  return errors;
}

const oral = (over: Partial<SessionForm> = {}): SessionForm => ({
  title: ' Registry methods ',
  type: 'oral',
  room_id: 'hall-a',
  starts_at: '2024-11-05T09:00+08:00',
  ends_at: '2024-11-05T10:30:00.000+08:00',
  chairs: [{ name: 'Freddie Bray' }, { account_id: 'u-42' }],
  talks: [
    { abstract_id: 'o1', minutes: 15 },
    { abstract_id: 'o2', minutes: 20 },
  ],
  version: 3,
  ...over,
});

describe('a room', () => {
  it('is taken with its name and seats', () => {
    expect(roomBody.parse({ name: ' Hall A ', name_zh: '', capacity: 600, version: 0 })).toEqual({ name: 'Hall A', name_zh: undefined, capacity: 600, version: 0 });
  });
  it('is refused without a name, with no seats or a part of one, and without the version it was opened on', () => {
    expect(errorsOf(roomBody.safeParse({ name: ' ', capacity: 0 }))).toEqual({ name: m.roomName, capacity: m.capacity, version: m.changedMeanwhile });
    expect(errorsOf(roomBody.safeParse({ name: 'x'.repeat(301), capacity: 12.5, version: 1 }))).toEqual({ name: m.tooLong, capacity: m.capacity });
  });
});

describe('a session', () => {
  it('is taken with Beijing times written with their offset, kept in UTC', () => {
    const session = sessionBody.parse(oral());
    expect(session).toMatchObject({ title: 'Registry methods', room_id: 'hall-a', starts_at: '2024-11-05T01:00:00.000Z', ends_at: '2024-11-05T02:30:00.000Z', boards: [] });
    expect(session.chairs).toEqual([{ name: 'Freddie Bray' }, { account_id: 'u-42' }]);
  });
  it('of a social event or a break may have no room', () => {
    const visit = sessionBody.parse(oral({ type: 'social', room_id: '', talks: [], starts_at: '2024-11-07T05:00Z', ends_at: '2024-11-07T13:00Z' }));
    expect(visit.room_id).toBeNull();
    expect(sessionBody.safeParse(oral({ type: 'break', room_id: null, talks: [] })).success).toBe(true);
  });
  it('is refused when it ends before it starts, or lies outside the congress days', () => {
    expect(errorsOf(sessionBody.safeParse(oral({ ends_at: '2024-11-05T08:59+08:00' })))).toEqual({ ends_at: m.endsBeforeStart });
    expect(errorsOf(sessionBody.safeParse(oral({ ends_at: '2024-11-05T09:00+08:00' })))).toEqual({ ends_at: m.endsBeforeStart });
    expect(errorsOf(sessionBody.safeParse(oral({ starts_at: '2024-11-03T23:00+08:00' })))).toEqual({ starts_at: m.outsideCongress });
    expect(errorsOf(sessionBody.safeParse(oral({ starts_at: '2024-11-07T23:00+08:00', ends_at: '2024-11-08T00:30+08:00' })))).toEqual({ ends_at: m.outsideCongress });
    expect(sessionBody.safeParse(oral({ starts_at: '2024-11-07T22:00+08:00', ends_at: '2024-11-07T16:00Z' })).success).toBe(true);
  });
  it('is refused with a time that is not one: no offset, no such day, no such hour', () => {
    for (const time of ['2024-11-05T09:00', '2024-11-05 09:00+08:00', '2024-02-30T09:00+08:00', '2024-11-05T24:30+08:00', 'tomorrow', 1730768400000]) {
      expect(errorsOf(sessionBody.safeParse(oral({ starts_at: time as string }))), String(time)).toEqual({ starts_at: m.time });
    }
  });
  it('is refused without a room where it needs one, or of an unknown kind', () => {
    expect(errorsOf(sessionBody.safeParse(oral({ room_id: '' })))).toEqual({ room_id: m.room });
    expect(errorsOf(sessionBody.safeParse(oral({ type: 'keynote' as 'oral' })))).toEqual({ type: m.type });
  });
  it('holds talks only when oral and boards only when a poster session', () => {
    expect(errorsOf(sessionBody.safeParse(oral({ type: 'poster' })))).toEqual({ talks: m.talksOnlyOral });
    expect(errorsOf(sessionBody.safeParse(oral({ boards: [{ abstract_id: 'p1', board: 1 }] })))).toEqual({ boards: m.boardsOnlyPoster });
  });
  it('is refused with an abstract twice, a board number twice, a talk of no length and a chair who is nobody', () => {
    const poster = oral({ type: 'poster', talks: [], boards: [{ abstract_id: 'p1', board: 1 }, { abstract_id: 'p2', board: 1, by_hand: true }, { abstract_id: 'p1', board: 3 }] });
    expect(errorsOf(sessionBody.safeParse(poster))).toEqual({ 'boards.1.board': m.boardTwice, 'boards.2.abstract_id': m.abstractTwice });
    const talks = oral({ talks: [{ abstract_id: 'o1', minutes: 0 }, { abstract_id: 'o2', minutes: 241 }], chairs: [{ name: ' ' }] });
    expect(errorsOf(sessionBody.safeParse(talks))).toEqual({ 'talks.0.minutes': m.minutes, 'talks.1.minutes': m.minutes, 'chairs.0.name': m.chair });
  });
});
