/**
 * The schedule checks (issue 33): each problem is found where it is, and only there. Every check
 * has a programme that passes it and one that fails it; fixed instants in Beijing time.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '#core/errors';
import { localise } from '#core/i18n/server-messages';
import { checkProgramme, refuseUnpublishable, type ProblemCode, type ProgrammeProblem } from '#core/programme/checks';
import type { ProgrammeAbstract, Session } from '#core/programme/model';
import { abstract, rooms, session } from './fixtures';
import { sampleBook } from '../../../support/abstract-book';

const accepted: ProgrammeAbstract[] = [
  abstract('o1', { outcome: 'oral', number: 'O-001' }),
  abstract('o2', { outcome: 'oral', number: 'O-002' }),
  abstract('p1', { outcome: 'poster', number: 'P-001' }),
  abstract('p2', { outcome: 'poster', number: 'P-002' }),
];
const rejected = abstract('r1', { outcome: 'reject' });

/** A day that passes every check: an oral session, then a poster session. */
const goodDay = (): Session[] => [
  session('s1', { type: 'oral', room: 'hall-a', from: '2024-11-05T09:00', to: '2024-11-05T10:30', talks: [['o1', 15], ['o2', 15]] }),
  session('s2', { type: 'poster', room: 'poster-hall', from: '2024-11-05T10:30', to: '2024-11-05T12:00', boards: [['p1', 1], ['p2', 2]] }),
];

const check = (sessions: Session[], abstracts: ProgrammeAbstract[] = [...accepted, rejected]) => checkProgramme({ rooms, sessions }, abstracts);
const codes = (problems: ProgrammeProblem[]) => problems.map((p) => p.code);
const only = (problems: ProgrammeProblem[], code: ProblemCode) => problems.filter((p) => p.code === code);
const english = (p: ProgrammeProblem) => localise('en', p.text);

describe('a programme without problems', () => {
  it('passes every check', () => {
    expect(check(goodDay())).toEqual([]);
  });
});

describe('a session that ends before it starts', () => {
  it('passes when it ends after it starts', () => {
    expect(codes(check(goodDay()))).not.toContain('ends_before_start');
  });
  it('fails when it ends before it starts, or when it starts', () => {
    const backwards = session('x', { title: 'Backwards', room: 'room-3', from: '2024-11-06T11:00', to: '2024-11-06T10:00' });
    const empty = session('y', { room: 'room-3', from: '2024-11-06T14:00', to: '2024-11-06T14:00' });
    const problems = only(check([...goodDay(), backwards, empty]), 'ends_before_start');
    expect(problems.map((p) => p.session_ids)).toEqual([['x'], ['y']]);
    expect(english(problems[0]!)).toBe('“Backwards” must end after it starts: it is set from 6 November 2024, 11:00 CST (UTC+8) to 6 November 2024, 10:00 CST (UTC+8).');
  });
});

describe('a session outside the congress days', () => {
  it('passes from 00:00 of 4 November to 24:00 of 7 November, the group visit without a room included', () => {
    const reception = session('w', { type: 'social', room: null, from: '2024-11-04T18:00', to: '2024-11-04T20:30' });
    const visit = session('v', { type: 'social', room: null, from: '2024-11-07T13:00', to: '2024-11-07T21:00' });
    const late = session('l', { type: 'social', room: null, from: '2024-11-07T22:00', to: '2024-11-07T24:00' });
    expect(check([...goodDay(), reception, visit, late])).toEqual([]);
  });
  it('fails the day before and past midnight of the last day', () => {
    const before = session('b', { title: 'Pre-congress course', type: 'workshop', room: 'room-3', from: '2024-11-03T14:00', to: '2024-11-03T17:00' });
    const after = session('a', { type: 'social', room: null, from: '2024-11-07T23:00', to: '2024-11-08T00:30' });
    const problems = only(check([...goodDay(), before, after]), 'outside_congress');
    expect(problems.map((p) => p.session_ids)).toEqual([['b'], ['a']]);
    expect(english(problems[0]!)).toBe(
      '“Pre-congress course” is outside the congress days (4 November 2024 to 7 November 2024): it is set from 3 November 2024, 14:00 CST (UTC+8) to 3 November 2024, 17:00 CST (UTC+8).',
    );
  });
});

describe('a session without its room', () => {
  it('passes with a room of the programme, and a break or social event without one', () => {
    expect(check([...goodDay(), session('c', { type: 'break', room: null, from: '2024-11-05T12:00', to: '2024-11-05T13:00' })])).toEqual([]);
  });
  it('fails with no room, or a room the programme does not have', () => {
    const problems = check([session('n', { room: null, from: '2024-11-06T09:00' , to: '2024-11-06T10:00' }), session('u', { room: 'gone', from: '2024-11-06T09:00', to: '2024-11-06T10:00' })], []);
    expect(codes(problems)).toEqual(['no_room', 'no_room']);
  });
});

describe('a room booked twice', () => {
  it('passes for sessions one after another in a room, and at once in two rooms', () => {
    const next = session('s3', { room: 'hall-a', from: '2024-11-05T10:30', to: '2024-11-05T12:00' });
    const beside = session('s4', { room: 'room-3', from: '2024-11-05T09:00', to: '2024-11-05T10:30' });
    expect(check([...goodDay(), next, beside])).toEqual([]);
  });
  it('fails for two sessions in one room at once, naming both and when the clash begins', () => {
    const clash = session('s3', { title: 'Survival', room: 'hall-a', from: '2024-11-05T10:00', to: '2024-11-05T11:00' });
    const problems = only(check([...goodDay(), clash]), 'room_twice');
    expect(problems).toHaveLength(1);
    expect(problems[0]!.session_ids).toEqual(['s1', 's3']);
    expect(english(problems[0]!)).toBe('Hall A is booked twice: “Session s1” and “Survival” overlap from 5 November 2024, 10:00 CST (UTC+8).');
  });
});

describe('talks that do not fit their session', () => {
  it('passes when the talks fill the session exactly', () => {
    const full = session('f', { room: 'room-3', from: '2024-11-06T09:00', to: '2024-11-06T09:30', talks: [['o1', 15], ['o2', 15]] });
    expect(check([full, session('s2', { type: 'poster', room: 'poster-hall', boards: [['p1', 1], ['p2', 2]] })])).toEqual([]);
  });
  it('fails when they take longer, with both lengths', () => {
    const over = session('f', { title: 'Coding', room: 'room-3', from: '2024-11-06T09:00', to: '2024-11-06T09:30', talks: [['o1', 20], ['o2', 11]] });
    const problems = only(check([over]), 'talks_overrun');
    expect(problems.map((p) => p.abstract_ids)).toEqual([['o1', 'o2']]);
    expect(english(problems[0]!)).toBe('The talks of “Coding” take 31 minutes, longer than the session (30 minutes).');
  });
  it('leaves a session that ends before it starts to that problem alone', () => {
    const backwards = session('f', { room: 'room-3', from: '2024-11-06T10:00', to: '2024-11-06T09:00', talks: [['o1', 15]] });
    expect(codes(check([backwards], accepted.slice(0, 1)))).toEqual(['ends_before_start']);
  });
});

describe('a board given twice in a poster session', () => {
  it('passes with a board each, and the same board in two poster sessions', () => {
    const other = session('s5', { type: 'poster', room: 'poster-hall', from: '2024-11-06T10:30', to: '2024-11-06T12:00', boards: [['p3', 1]] });
    expect(codes(check([...goodDay(), other], [...accepted, abstract('p3', { outcome: 'poster', number: 'P-003' })]))).toEqual([]);
  });
  it('fails once per board number given twice, naming its posters', () => {
    const twice = session('s2', { type: 'poster', room: 'poster-hall', boards: [['p1', 7], ['p2', 7]] });
    const problems = only(check([twice]), 'board_twice');
    expect(problems.map((p) => p.abstract_ids)).toEqual([['p1', 'p2']]);
    expect(english(problems[0]!)).toBe('Board 7 is given twice in “Session s2”.');
  });
});

describe('an abstract scheduled that is withdrawn or not accepted', () => {
  it('passes for accepted abstracts', () => {
    expect(codes(check(goodDay()))).toEqual([]);
  });
  it('fails for an abstract no longer in the portal (deleted by its author)', () => {
    const day = goodDay();
    day[0]!.talks.push({ abstract_id: 'gone', minutes: 15 });
    const problems = only(check(day), 'withdrawn');
    expect(problems.map((p) => [p.session_ids, p.abstract_ids])).toEqual([[['s1'], ['gone']]]);
    expect(english(problems[0]!)).toBe('“Session s1” holds an abstract that is no longer in the portal (withdrawn by its author): take it out.');
  });
  it('fails for a rejected, a revise, a duplicate and an undecided abstract', () => {
    const undecided: ProgrammeAbstract = { ...abstract('u1'), review_outcome: undefined };
    const others = [abstract('r2', { outcome: 'revise' }), abstract('d1', { outcome: 'duplicate' }), undecided];
    const day = goodDay();
    day[0]!.talks.push({ abstract_id: 'r1', minutes: 10 }, { abstract_id: 'r2', minutes: 10 }, { abstract_id: 'd1', minutes: 10 }, { abstract_id: 'u1', minutes: 10 });
    const problems = only(check(day, [...accepted, rejected, ...others]), 'not_accepted');
    expect(problems.map((p) => p.abstract_ids[0])).toEqual(['r1', 'r2', 'd1', 'u1']);
    expect(english(problems[0]!)).toBe('“Title of r1” is in “Session s1” but was not accepted as an oral presentation or a poster: take it out.');
  });
  it('reads the older acceptance (`presentation`) where no decision was published', () => {
    const older: ProgrammeAbstract = { ...abstract('o9'), review_outcome: undefined, presentation: { type: 'oral', accepted_at: '2024-06-25T02:00:00.000Z', number: 'O-009' } };
    const day = goodDay();
    day[0]!.talks.push({ abstract_id: 'o9', minutes: 15 });
    expect(check(day, [...accepted, older])).toEqual([]);
  });
});

describe('an oral in a poster session, or a poster in an oral session', () => {
  it('passes for each in its own kind of session', () => {
    expect(codes(check(goodDay()))).not.toContain('wrong_session');
  });
  it('fails both ways', () => {
    const day = [
      session('s1', { talks: [['o1', 15], ['p1', 15]] }),
      session('s2', { type: 'poster', room: 'poster-hall', from: '2024-11-05T10:30', to: '2024-11-05T12:00', boards: [['o2', 1], ['p2', 2]] }),
    ];
    const problems = only(check(day), 'wrong_session');
    expect(problems.map((p) => p.abstract_ids[0])).toEqual(['p1', 'o2']);
    expect(problems.map(english)).toEqual([
      'P-001 was accepted as a poster but is in the oral session “Session s1”.',
      'O-002 was accepted as an oral presentation but is in the poster session “Session s2”.',
    ]);
  });
});

describe('an abstract placed twice', () => {
  it('passes for an abstract in one place', () => {
    expect(codes(check(goodDay()))).not.toContain('placed_twice');
  });
  it('fails once for an abstract in two sessions, and for one twice in a session', () => {
    const day = goodDay();
    day[1]!.boards.push({ abstract_id: 'p2', board: 3 });
    day.push(session('s3', { title: 'Again', room: 'room-3', from: '2024-11-06T09:00', to: '2024-11-06T10:00', talks: [['o1', 15]] }));
    day.push(session('s4', { title: 'Once more', room: 'room-3', from: '2024-11-06T10:00', to: '2024-11-06T11:00', talks: [['o1', 15]] }));
    const problems = only(check(day), 'placed_twice');
    expect(problems.map(english)).toEqual(['O-001 is placed twice: in “Session s1” and in “Again”.', 'P-002 is placed twice: in “Session s2”.']);
    expect(problems.map((p) => p.session_ids)).toEqual([['s1', 's3', 's4'], ['s2']]);
  });
});

describe('a presenter in two places at once', () => {
  const shared = 'li.wang@example.org';
  const abstracts = [
    abstract('o1', { number: 'O-001', author: shared }),
    abstract('o2', { number: 'O-002' }),
    abstract('o3', { number: 'O-003', author: 'other@example.org', presenters: ['Li.Wang@Example.org '] }),
    abstract('p1', { outcome: 'poster', number: 'P-001', author: shared }),
    abstract('p2', { outcome: 'poster', number: 'P-002', author: shared }),
  ];
  it('passes when their talks in parallel sessions do not overlap, and for two posters side by side in one session', () => {
    const day = [
      session('s1', { room: 'hall-a', from: '2024-11-05T09:00', to: '2024-11-05T10:30', talks: [['o1', 15]] }),
      // o3's presenter (the same person, written another way) talks at 09:15, after o1.
      session('s3', { room: 'room-3', from: '2024-11-05T09:00', to: '2024-11-05T10:30', talks: [['o2', 15], ['o3', 15]] }),
      session('s2', { type: 'poster', room: 'poster-hall', from: '2024-11-05T10:30', to: '2024-11-05T12:00', boards: [['p1', 1], ['p2', 2]] }),
    ];
    expect(check(day, abstracts)).toEqual([]);
  });
  it('fails for talks at the same time in two rooms, and a talk during their poster session', () => {
    const day = [
      session('s1', { title: 'Incidence', room: 'hall-a', from: '2024-11-05T09:00', to: '2024-11-05T10:30', talks: [['o1', 20]] }),
      session('s3', { title: 'Survival', room: 'room-3', from: '2024-11-05T09:00', to: '2024-11-05T10:30', talks: [['o2', 15], ['o3', 15]] }),
      session('s2', { title: 'Posters 1', type: 'poster', room: 'poster-hall', from: '2024-11-05T09:00', to: '2024-11-05T09:10', boards: [['p1', 1], ['p2', 2]] }),
    ];
    const problems = only(check(day, abstracts), 'presenter_twice');
    expect(problems.map((p) => [p.abstract_ids, p.session_ids])).toEqual([
      [['o1', 'p1'], ['s1', 's2']],
      [['o1', 'p2'], ['s1', 's2']],
      [['o1', 'o3'], ['s1', 's3']],
    ]);
    expect(english(problems[2]!)).toBe('Li Wang is in two places at once from 5 November 2024, 09:15 CST (UTC+8): O-001 in “Incidence” and O-003 in “Survival”.');
  });
});

describe('an accepted abstract with no place', () => {
  it('passes when every accepted abstract is placed (rejected ones are not listed)', () => {
    expect(codes(check(goodDay(), [...accepted, rejected]))).toEqual([]);
  });
  it('lists each one, orals first, by number', () => {
    const more = [...accepted, abstract('p10', { outcome: 'poster', number: 'P-010' }), abstract('p9', { outcome: 'poster', number: 'P-009', title: 'Childhood cancer in Gansu' }), abstract('o12', { number: 'O-012' })];
    const problems = only(check(goodDay(), more), 'unscheduled');
    expect(problems.map((p) => p.abstract_ids[0])).toEqual(['o12', 'p9', 'p10']);
    expect(problems.every((p) => p.session_ids.length === 0)).toBe(true);
    expect(english(problems[1]!)).toBe('P-009, accepted as a poster, has no place in the programme: “Childhood cancer in Gansu”.');
  });
  it('lists an abstract given twice once', () => {
    const o12 = abstract('o12', { number: 'O-012' });
    expect(only(check(goodDay(), [...accepted, o12, o12]), 'unscheduled')).toHaveLength(1);
  });
});

describe('publication', () => {
  it('goes ahead without problems', () => {
    expect(() => refuseUnpublishable([])).not.toThrow();
  });
  it('is refused with every problem as a field error, in the reader\'s language', () => {
    const problems = check([session('s1', { talks: [['gone', 15]] })]);
    expect(problems.length).toBeGreaterThan(1);
    let error: unknown;
    try {
      refuseUnpublishable(problems);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    const appError = error as AppError;
    expect(appError.kind).toBe('conflict');
    expect(appError.message).toBe(`The programme cannot be published until its ${problems.length} problems are solved: see the list in the editor.`);
    expect(Object.values((appError.data as { errors: Record<string, unknown> }).errors)).toEqual(problems.map((p) => p.text));
    expect(localise('en', refuseOne())).toBe('The programme cannot be published until its problem is solved: see the list in the editor.');
  });
});

describe("the bench's full programme (npm run bench -- lighthouse publishes it)", () => {
  it('150 talks and 400 posters, generated publishable, pass every check: the publication is not refused', () => {
    const { programme, abstracts } = sampleBook({ orals: 150, posters: 400, publishable: true });
    expect(programme.sessions.flatMap((s) => s.talks)).toHaveLength(150);
    expect(programme.sessions.flatMap((s) => s.boards)).toHaveLength(400);
    expect(checkProgramme(programme, abstracts).map(english)).toEqual([]);
  });
});

function refuseOne() {
  try {
    refuseUnpublishable(check([session('s1', { room: null })], []));
  } catch (e) {
    return (e as AppError).text!;
  }
  throw new Error('not refused');
}
