/**
 * What changed between two published versions (issue 33): sessions added, removed, renamed,
 * moved; talks and posters moved in time, room, board or session; whose presenters are mailed.
 */
import { describe, expect, it } from 'vitest';
import type { Text } from '#core/i18n/messages';
import { localise } from '#core/i18n/server-messages';
import type { Programme, Session } from '#core/programme/model';
import { programmeDiff } from '#core/programme/versions';
import { cst } from '#core/time';
import { abstract, rooms, session } from './fixtures';

const abstracts = [
  abstract('o1', { number: 'O-001' }),
  abstract('o2', { number: 'O-002' }),
  abstract('o3', { number: 'O-003' }),
  abstract('p1', { outcome: 'poster', number: 'P-001' }),
  abstract('p2', { outcome: 'poster', number: 'P-002' }),
];

const version1 = (): Programme => ({
  rooms,
  version: 7,
  sessions: [
    session('s1', { title: 'Registry methods', room: 'hall-a', from: '2024-11-05T09:00', to: '2024-11-05T10:30', talks: [['o1', 15], ['o2', 15]] }),
    session('s2', { title: 'Posters 1', type: 'poster', room: 'poster-hall', from: '2024-11-05T10:30', to: '2024-11-05T12:00', boards: [['p1', 1], ['p2', 2]] }),
    session('s3', { title: 'Gala dinner', type: 'social', room: null, from: '2024-11-06T18:00', to: '2024-11-06T21:00' }),
  ],
});
const edit = (p: Programme, change: (sessions: Session[]) => void): Programme => {
  const next = structuredClone(p);
  change(next.sessions);
  return next;
};
const english = (lines: readonly Text[]) => lines.map((l) => localise('en', l));

describe('the difference between two versions', () => {
  it('is nothing between a version and itself', () => {
    const diff = programmeDiff(version1(), version1(), abstracts);
    expect(diff).toEqual({ sessions: { added: [], removed: [], changed: [] }, placements: [], mail: [], lines: [] });
  });

  it('lists sessions added, removed and renamed, talks moved in time by a longer talk before them, a poster on another board, and a talk placed', () => {
    const next = edit(version1(), (sessions) => {
      sessions[0]!.title = 'Registration methods';
      sessions[0]!.talks[0]!.minutes = 20;
      sessions[0]!.talks.push({ abstract_id: 'o3', minutes: 15 });
      sessions[1]!.boards[1]!.board = 5;
      sessions.splice(2, 1, session('s4', { title: 'Workshop: CanReg5', type: 'workshop', room: 'room-3', from: '2024-11-04T14:00', to: '2024-11-04T17:00' }));
    });
    const diff = programmeDiff(version1(), next, abstracts);
    expect(diff.sessions.added.map((s) => s.id)).toEqual(['s4']);
    expect(diff.sessions.removed.map((s) => s.id)).toEqual(['s3']);
    expect(diff.sessions.changed.map((d) => [d.after.id, d.changes])).toEqual([['s1', ['title']]]);
    expect(diff.placements.map((d) => [d.abstract_id, d.changes])).toEqual([
      ['o1', ['time']],
      ['o2', ['time']],
      ['o3', ['session', 'time', 'room']],
      ['p2', ['board']],
    ]);
    expect(diff.placements[1]!.before).toMatchObject({ starts_at: cst('2024-11-05T09:15'), room_id: 'hall-a' });
    expect(diff.placements[1]!.after).toMatchObject({ starts_at: cst('2024-11-05T09:20'), room_id: 'hall-a' });
    expect(diff.mail).toEqual(['o1', 'o2', 'o3', 'p2']);
    expect(english(diff.lines)).toEqual([
      'Session added: “Workshop: CanReg5”, from 4 November 2024, 14:00 CST (UTC+8).',
      'Session removed: “Gala dinner”.',
      'Session renamed: “Registry methods” is now “Registration methods”.',
      'O-001 moved: now on 5 November 2024, 09:00 CST (UTC+8) in Hall A, in “Registration methods”.',
      'O-002 moved: now on 5 November 2024, 09:20 CST (UTC+8) in Hall A, in “Registration methods”.',
      'O-003 placed in “Registration methods”.',
      'P-002 moved: now on board 5 in “Posters 1”.',
    ]);
  });

  it('moves every talk of a session moved to another room and time, and mails their presenters', () => {
    const next = edit(version1(), (sessions) => {
      sessions[0]!.room_id = 'room-3';
      sessions[0]!.starts_at = cst('2024-11-05T13:30');
      sessions[0]!.ends_at = cst('2024-11-05T15:00');
    });
    const diff = programmeDiff(version1(), next, abstracts);
    expect(diff.sessions.changed.map((d) => d.changes)).toEqual([['time', 'room']]);
    expect(diff.placements.map((d) => [d.abstract_id, d.changes])).toEqual([
      ['o1', ['time', 'room']],
      ['o2', ['time', 'room']],
    ]);
    expect(diff.mail).toEqual(['o1', 'o2']);
    expect(english(diff.lines).slice(0, 2)).toEqual(['“Registry methods” now starts on 5 November 2024, 13:30 CST (UTC+8) and lasts 90 minutes.', '“Registry methods” is now in Room 3.']);
  });

  it('moves a talk to another session, takes a poster out, and says a session lost its room', () => {
    const next = edit(version1(), (sessions) => {
      sessions[0]!.talks = [{ abstract_id: 'o1', minutes: 15 }];
      sessions[1]!.boards = [{ abstract_id: 'p1', board: 1 }];
      sessions[2]!.room_id = 'hall-a';
      sessions[2]!.talks = [{ abstract_id: 'o2', minutes: 15 }];
    });
    const later = edit(next, (sessions) => {
      sessions[2]!.room_id = null;
    });
    const diff = programmeDiff(version1(), next, abstracts);
    expect(diff.placements.map((d) => [d.abstract_id, d.changes, d.after?.session_id ?? null])).toEqual([
      ['o2', ['session', 'time'], 's3'],
      ['p2', ['session', 'time', 'room', 'board'], null],
    ]);
    expect(diff.mail).toEqual(['o2', 'p2']);
    expect(english(diff.lines).slice(-1)).toEqual(['P-002 taken out of the programme (it was in “Posters 1”).']);
    expect(english(programmeDiff(next, later, abstracts).lines)).toEqual(['“Gala dinner” is now without a room.', 'O-002 moved: now on 6 November 2024, 18:00 CST (UTC+8), in “Gala dinner”.']);
  });

  it('at the first publication, has every session added and every abstract placed, but mails nobody and lists nothing', () => {
    const diff = programmeDiff(undefined, version1(), abstracts);
    expect(diff.sessions.added.map((s) => s.id)).toEqual(['s1', 's2', 's3']);
    expect(diff.placements.map((d) => d.abstract_id)).toEqual(['o1', 'o2', 'p1', 'p2']);
    expect(diff.mail).toEqual([]);
    expect(diff.lines).toEqual([]);
  });

  it('does not count a change of chairs or of a room\'s name as a move of the talks', () => {
    const next = edit(version1(), (sessions) => {
      sessions[0]!.chairs = [{ account_id: 'u-42' }];
    });
    next.rooms = rooms.map((r) => (r.id === 'hall-a' ? { ...r, name: 'Grand Hall' } : r));
    const diff = programmeDiff(version1(), next, abstracts);
    expect(diff.sessions.changed.map((d) => d.changes)).toEqual([['chairs']]);
    expect(diff.placements).toEqual([]);
    expect(diff.mail).toEqual([]);
  });

  it('names an abstract it was not given by its id', () => {
    const next = edit(version1(), (sessions) => {
      sessions[0]!.talks.push({ abstract_id: 'a-77', minutes: 10 });
    });
    expect(english(programmeDiff(version1(), next).lines)).toEqual(['a-77 placed in “Registry methods”.']);
  });
});
