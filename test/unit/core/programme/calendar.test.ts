/**
 * The programme's calendar files (decision 0065), read back by a real iCalendar parser (ical.js,
 * Mozilla's, the one Thunderbird uses): times in Asia/Shanghai convert to the right instants, UIDs
 * stay, SEQUENCE counts revisions, text survives escaping and folding.
 */
import { describe, expect, it } from 'vitest';
import {
  calendarFile,
  fold,
  nextSequences,
  programmeCalendar,
  sessionUid,
  talkUid,
  type CalendarSequences,
} from '#core/programme/calendar';
import type { Room, Session } from '#core/programme/model';
import { publicProgramme } from '#core/programme/public-programme';
import { cst } from '#core/time';
import { calendarEvents } from '../../../support/calendar';
import { abstract, rooms, session } from './fixtures';

const STAMP = '2024-10-01T02:00:00.000Z';
const abstracts = [
  abstract('a1', { number: 'O-001', title: 'Survival, incidence; and trends' }),
  abstract('a2', { number: 'O-002' }),
  abstract('p1', { outcome: 'poster', number: 'P-001' }),
];
const opening = session('s1', {
  title: 'Opening plenary',
  type: 'plenary',
  from: '2024-11-05T08:30',
  to: '2024-11-05T09:00',
});
const orals = session('s2', {
  title: 'Data quality',
  from: '2024-11-05T09:00',
  to: '2024-11-05T10:30',
  talks: [
    ['a1', 15],
    ['a2', 20],
  ],
});
const posters = session('s3', {
  title: 'Posters I',
  type: 'poster',
  room: 'poster-hall',
  from: '2024-11-05T12:00',
  to: '2024-11-05T13:30',
  boards: [['p1', 1]],
});
/** The public view of a version holding `sessions` (what the calendar is made from). */
const version = (sessions: Session[], withRooms: Room[] = rooms) =>
  publicProgramme(
    { rooms: withRooms, sessions, version: 1, number: 1, published_at: STAMP, published_by: 'chair' },
    abstracts,
    new Map(),
  );
/** The sequences after publishing each view in turn. */
const sequencesOf = (views: ReturnType<typeof version>[]) =>
  views.reduce<CalendarSequences | undefined>((prev, v) => nextSequences(prev, v), undefined);

describe('the programme as a calendar', () => {
  it('writes each session and each talk at its own time in Beijing time, which the parser turns into the same instants', () => {
    const events = calendarEvents(
      programmeCalendar(version([opening, orals, posters]), undefined, {
        lang: 'en',
        name: 'IACR 2024 programme',
        stamp: STAMP,
        origin: 'https://www.iacr2024-beijing.org',
      }),
    );
    expect(events.map((e) => e.uid)).toEqual([
      sessionUid('s1'),
      sessionUid('s2'),
      talkUid('a1'),
      talkUid('a2'),
      sessionUid('s3'),
    ]);
    const [first, second, talk1, talk2, poster] = events;
    expect(first).toMatchObject({
      summary: 'Opening plenary',
      location: 'Hall A',
      tzid: 'Asia/Shanghai',
      starts_at: cst('2024-11-05T08:30'),
      ends_at: cst('2024-11-05T09:00'),
      sequence: 0,
    });
    expect(first!.starts_at).toBe('2024-11-05T00:30:00.000Z');
    expect(second).toMatchObject({
      summary: 'Data quality',
      url: 'https://www.iacr2024-beijing.org/program#session-s2',
    });
    // The talks follow each other from the session's start.
    expect(talk1).toMatchObject({
      summary: 'O-001 Survival, incidence; and trends',
      starts_at: cst('2024-11-05T09:00'),
      ends_at: cst('2024-11-05T09:15'),
      location: 'Hall A',
    });
    expect(talk1!.description).toBe('Data quality\nLi Wang');
    expect(talk2).toMatchObject({
      summary: 'O-002 Title of a2',
      starts_at: cst('2024-11-05T09:15'),
      ends_at: cst('2024-11-05T09:35'),
    });
    expect(poster).toMatchObject({ summary: 'Posters I', location: 'Poster hall' });
  });

  it('writes the Chinese titles and room names, and links to the Chinese pages, for a Chinese reader', () => {
    const zhRooms = rooms.map((r) => (r.id === 'hall-a' ? { ...r, name_zh: '主会场 A' } : r));
    const zhSession = { ...orals, title_zh: '数据质量' };
    const [event] = calendarEvents(
      programmeCalendar(version([zhSession], zhRooms), undefined, {
        lang: 'zh-Hans',
        name: 'IACR 2024 日程',
        stamp: STAMP,
        origin: 'https://www.iacr2024-beijing.org',
        only: new Set([sessionUid('s2')]),
      }),
    );
    expect(event).toMatchObject({
      summary: '数据质量',
      location: '主会场 A',
      url: 'https://www.iacr2024-beijing.org/zh/program#session-s2',
    });
  });

  it("gives only the events asked for: one session, one talk, a delegate's selection", () => {
    const all = version([opening, orals, posters]);
    const one = (uids: string[]) =>
      calendarEvents(
        programmeCalendar(all, undefined, { lang: 'en', name: 'x', stamp: STAMP, only: new Set(uids) }),
      ).map((e) => e.uid);
    expect(one([talkUid('a2')])).toEqual([talkUid('a2')]);
    expect(one([sessionUid('s3'), talkUid('a1')])).toEqual([talkUid('a1'), sessionUid('s3')]);
    expect(one([])).toEqual([]);
  });

  it('counts revisions in SEQUENCE across published versions and keeps every UID', () => {
    const moved = { ...orals, starts_at: cst('2024-11-05T14:00'), ends_at: cst('2024-11-05T15:30') };
    const renamed = { ...moved, title: 'Data quality and completeness' };
    const versions = [
      version([opening, orals]),
      version([opening, moved]),
      version([opening, moved]),
      version([opening, renamed]),
    ];
    const sequences = sequencesOf(versions)!;
    expect(sequences[sessionUid('s1')]!.sequence).toBe(0); // never changed
    expect(sequences[sessionUid('s2')]!.sequence).toBe(2); // moved, then renamed
    expect(sequences[talkUid('a1')]!.sequence).toBe(1); // moved with its session; the session's new title is only in its description
    const events = calendarEvents(
      programmeCalendar(versions.at(-1)!, sequences, { lang: 'en', name: 'x', stamp: STAMP }),
    );
    expect(events.find((e) => e.uid === sessionUid('s2'))).toMatchObject({
      sequence: 2,
      summary: 'Data quality and completeness',
      starts_at: cst('2024-11-05T14:00'),
    });
  });

  it('does not count a Chinese title given later as a revision', () => {
    const versions = [version([orals]), version([{ ...orals, title_zh: '数据质量' }])];
    expect(sequencesOf(versions)![sessionUid('s2')]!.sequence).toBe(0);
  });

  it('keeps commas, semicolons, backslashes and line breaks through escaping, and folds long lines at 75 octets without splitting a character', () => {
    const title = '肿瘤登记数据质量：完整性、有效性与及时性，来自全国肿瘤登记中心的经验; a\\b, and\nmore';
    const file = calendarFile(
      [
        {
          uid: 'x@iacr2024-beijing.org',
          starts_at: cst('2024-11-06T09:00'),
          ends_at: cst('2024-11-06T10:00'),
          summary: title,
          sequence: 0,
        },
      ],
      { name: 'x', stamp: STAMP },
    );
    expect(file.endsWith('\r\n')).toBe(true);
    expect(file.replace(/\r\n/g, '').includes('\n')).toBe(false);
    for (const line of file.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(calendarEvents(file)[0]!.summary).toBe(title);
  });

  it('folds by octets: a line of exactly 75 octets stays one line, one more octet folds', () => {
    expect(fold('a'.repeat(75))).toBe('a'.repeat(75));
    expect(fold('a'.repeat(76))).toBe(`${'a'.repeat(75)}\r\n a`);
    // A continuation line counts its leading space: 75 octets, then 1 + 74 each.
    const long = fold('a'.repeat(200)).split('\r\n');
    expect(long.map((l) => l.length)).toEqual([75, 75, 52]);
    expect(long.map((l, i) => (i ? l.slice(1) : l)).join('')).toBe('a'.repeat(200));
    // 25 Chinese characters are 75 octets; with a prefix of 1 the 25th moves to the next line.
    expect(fold(`x${'中'.repeat(25)}`)).toBe(`x${'中'.repeat(24)}\r\n 中`);
  });

  it('keeps the count of an event taken out, and goes on from it when it is placed again', () => {
    const moved = { ...orals, starts_at: cst('2024-11-05T14:00'), ends_at: cst('2024-11-05T15:30') };
    const sequences = sequencesOf([
      version([opening, orals]),
      version([opening]),
      version([opening, moved]),
    ])!;
    expect(sequences[sessionUid('s2')]!.sequence).toBe(1);
  });

  it('is a valid empty calendar for a programme without sessions', () => {
    const file = programmeCalendar({ sessions: [] }, undefined, {
      lang: 'en',
      name: 'IACR 2024 programme',
      stamp: STAMP,
    });
    expect(calendarEvents(file)).toEqual([]);
    expect(file).toContain('BEGIN:VTIMEZONE');
  });
});
