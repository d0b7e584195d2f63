/** Browsing the published programme (core/programme/browse.ts): days, search, filters, now and next, with fixed instants. */
import { describe, expect, it } from 'vitest';
import { browseProgramme, foldText, nowAndNext, openingDay, programmeDays } from '#core/programme/browse';
import type { PublicSession } from '#core/programme/public-programme';
import { cst } from '#core/time';

const person = {
  category: 'registration.data-quality',
  presenters: ['Li Wang'],
  authors: ['Li Wang', 'Łukasz Nowak'],
};
const talk = (n: string, title: string, from: string, to: string, extra: Partial<typeof person> = {}) => ({
  abstract_id: n,
  number: n,
  title,
  ...person,
  ...extra,
  starts_at: cst(from),
  ends_at: cst(to),
  minutes: 15,
});
const poster = (n: string, title: string, board: number, extra: Partial<typeof person> = {}) => ({
  abstract_id: n,
  number: n,
  title,
  ...person,
  ...extra,
  board,
});
function session(id: string, o: Partial<PublicSession> & { from: string; to: string }): PublicSession {
  return {
    id,
    title: `Session ${id}`,
    type: 'oral',
    room: { id: 'hall-a', name: 'Hall A' },
    chairs: ['Freddie Bray'],
    talks: [],
    posters: [],
    ...o,
    starts_at: cst(o.from),
    ends_at: cst(o.to),
  };
}

const sessions = [
  session('opening', {
    title: 'Opening plenary',
    type: 'plenary',
    from: '2024-11-05T08:30',
    to: '2024-11-05T09:00',
  }),
  session('quality', {
    title: 'Data quality',
    title_zh: '数据质量',
    from: '2024-11-05T09:00',
    to: '2024-11-05T10:30',
    talks: [
      talk(
        'O-001',
        'Completeness of cancer registration in rural counties',
        '2024-11-05T09:00',
        '2024-11-05T09:15',
      ),
      talk('O-012', 'Survival trends', '2024-11-05T09:15', '2024-11-05T09:30', {
        category: 'epidemiology.survival',
        authors: ['Ana Silva'],
        presenters: ['Ana Silva'],
      }),
    ],
  }),
  session('posters', {
    title: 'Posters I',
    type: 'poster',
    from: '2024-11-05T12:00',
    to: '2024-11-05T13:30',
    posters: [
      poster('P-101', 'Childhood cancer incidence', 1),
      poster('P-102', 'Registry software', 2, { authors: ['Zhang Wei'], presenters: ['Zhang Wei'] }),
    ],
  }),
  session('gala', {
    title: 'Gala dinner',
    type: 'social',
    room: null,
    from: '2024-11-06T18:30',
    to: '2024-11-06T21:00',
  }),
];
const programme = { sessions };

describe('browsing the programme', () => {
  it('lists the days that hold sessions, in order', () => {
    expect(programmeDays(programme)).toEqual(['2024-11-05', '2024-11-06']);
  });

  it('shows a day, a type or a category, a category with only its abstracts', () => {
    expect(browseProgramme(programme, { day: '2024-11-06' }).map((s) => s.id)).toEqual(['gala']);
    expect(browseProgramme(programme, { day: '2024-11-05', type: 'poster' }).map((s) => s.id)).toEqual([
      'posters',
    ]);
    const survival = browseProgramme(programme, { day: '2024-11-05', category: 'epidemiology.survival' });
    expect(survival.map((s) => s.id)).toEqual(['quality']);
    expect(survival[0]!.talks.map((t) => t.number)).toEqual(['O-012']);
  });

  it('searches every day by title, author, presenter or abstract number, keeping only what matches', () => {
    const byTitle = browseProgramme(programme, { day: '2024-11-06', query: 'completeness rural' });
    expect(byTitle.map((s) => s.id)).toEqual(['quality']);
    expect(byTitle[0]!.talks.map((t) => t.number)).toEqual(['O-001']);
    expect(
      browseProgramme(programme, { query: 'zhang' }).flatMap((s) => s.posters.map((p) => p.number)),
    ).toEqual(['P-102']);
    expect(browseProgramme(programme, { query: 'lukasz nowak' }).map((s) => s.id)).toEqual([
      'quality',
      'posters',
    ]);
    expect(
      browseProgramme(programme, { query: 'P-101' }).flatMap((s) => s.posters.map((p) => p.number)),
    ).toEqual(['P-101']);
    expect(browseProgramme(programme, { query: 'o12' }).flatMap((s) => s.talks.map((t) => t.number))).toEqual(
      ['O-012'],
    );
    expect(browseProgramme(programme, { query: 'nothing like this' })).toEqual([]);
  });

  it('keeps a whole session found by its own title, Chinese title or chair', () => {
    expect(browseProgramme(programme, { query: '数据质量' })[0]!.talks).toHaveLength(2);
    expect(browseProgramme(programme, { query: 'data quality' })[0]!.talks).toHaveLength(2);
    expect(browseProgramme(programme, { query: 'bray' }).map((s) => s.id)).toEqual([
      'opening',
      'quality',
      'posters',
      'gala',
    ]);
  });

  it('folds case, accents and spaces', () => {
    expect(foldText('  Łukasz   NOWAK ')).toBe('lukasz nowak');
    expect(foldText('Gómez Müller')).toBe('gomez muller');
  });

  it('names the sessions on now and the next to start, by the portal clock', () => {
    expect(nowAndNext(programme, new Date(cst('2024-11-05T09:20')))).toEqual({
      now: new Set(['quality']),
      next: new Set(['posters']),
    });
    expect(nowAndNext(programme, new Date(cst('2024-11-05T08:00')))).toEqual({
      now: new Set(),
      next: new Set(['opening']),
    });
    expect(nowAndNext(programme, new Date(cst('2024-11-07T10:00')))).toEqual({
      now: new Set(),
      next: new Set(),
    });
  });

  it('opens on today during the congress, else on the first day', () => {
    const days = programmeDays(programme);
    expect(openingDay(days, new Date(cst('2024-11-06T10:00')))).toBe('2024-11-06');
    expect(openingDay(days, new Date(cst('2024-10-01T10:00')))).toBe('2024-11-05');
    expect(openingDay(days, null)).toBe('2024-11-05');
    expect(openingDay([], null)).toBeUndefined();
  });
});
