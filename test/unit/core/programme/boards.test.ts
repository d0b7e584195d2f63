/**
 * Poster boards numbered automatically (issue 33): by category, then abstract number; a
 * presenter's posters side by side; boards set by hand kept; no board given twice.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberBoards } from '#core/programme/boards';
import type { Board, ProgrammeAbstract } from '#core/programme/model';
import { abstract } from './fixtures';

const poster = (id: string, number: string, category = 'registration.data-quality', author?: string, presenters?: string[]) =>
  abstract(id, { outcome: 'poster', number, category, ...(author ? { author } : {}), ...(presenters ? { presenters } : {}) });
const boardsOf = (boards: Board[]) => Object.fromEntries(boards.map((b) => [b.abstract_id, b.board]));

describe('automatic board numbers', () => {
  it('follow the categories in the form\'s order, then the abstract numbers', () => {
    const posters = [
      poster('a', 'P-010', 'registration.coding'),
      poster('b', 'P-020', 'registration.data-quality'),
      poster('c', 'P-002', 'descriptive.survival'),
      poster('d', 'P-003', 'registration.coding'),
      poster('e', 'P-100', 'registration.coding'),
    ];
    expect(numberBoards([], posters)).toEqual([
      { abstract_id: 'b', board: 1 },
      { abstract_id: 'd', board: 2 },
      { abstract_id: 'a', board: 3 },
      { abstract_id: 'e', board: 4 },
      { abstract_id: 'c', board: 5 },
    ]);
  });

  it('put a presenter\'s posters next to each other, at the place of the first, across categories and through co-presenters', () => {
    const posters = [
      poster('p1', 'P-001', 'registration.data-quality', 'li@example.org'),
      poster('p2', 'P-002', 'registration.data-quality'),
      poster('p3', 'P-003', 'descriptive.survival', 'LI@example.org'),
      // Presented by Li and by Zhang: Zhang's other poster joins the group too.
      poster('p4', 'P-004', 'descriptive.survival', 'x@example.org', ['zhang@example.org', 'li@example.org']),
      poster('p5', 'P-005', 'descriptive.survival', 'zhang@example.org'),
      poster('p6', 'P-006', 'descriptive.survival'),
    ];
    expect(boardsOf(numberBoards([], posters))).toEqual({ p1: 1, p3: 2, p4: 3, p5: 4, p2: 5, p6: 6 });
  });

  it('keep the boards set by hand and number the others around them, leaving out the boards set automatically before', () => {
    const posters = [poster('p1', 'P-001'), poster('p2', 'P-002'), poster('p3', 'P-003')];
    const existing: Board[] = [
      { abstract_id: 'p2', board: 1, by_hand: true },
      { abstract_id: 'p1', board: 40 },
      { abstract_id: 'gone', board: 2 },
    ];
    expect(numberBoards(existing, posters)).toEqual([
      { abstract_id: 'p2', board: 1, by_hand: true },
      { abstract_id: 'p1', board: 2 },
      { abstract_id: 'p3', board: 3 },
    ]);
  });

  it('keep a board set by hand even for a poster no longer listed (the checks say what is wrong with it)', () => {
    expect(numberBoards([{ abstract_id: 'old', board: 5, by_hand: true }], [poster('p1', 'P-001')])).toEqual([
      { abstract_id: 'p1', board: 1 },
      { abstract_id: 'old', board: 5, by_hand: true },
    ]);
  });

  it('give a presenter\'s posters the first free numbers in a row where a board set by hand is in the way; a later poster fills the gap', () => {
    const posters = [poster('p1', 'P-001', undefined, 'li@example.org'), poster('p2', 'P-002'), poster('p3', 'P-003', undefined, 'li@example.org')];
    const boards = numberBoards([{ abstract_id: 'h', board: 2, by_hand: true }], posters);
    expect(boardsOf(boards)).toEqual({ p1: 3, p3: 4, p2: 1, h: 2 });
  });

  it('leave out abstracts not accepted as posters, and a poster listed twice gets one board', () => {
    const posters: ProgrammeAbstract[] = [poster('p1', 'P-001'), poster('p1', 'P-001'), abstract('o1', { outcome: 'oral', number: 'O-001' }), abstract('r1', { outcome: 'reject' })];
    expect(numberBoards([], posters)).toEqual([{ abstract_id: 'p1', board: 1 }]);
  });

  it('are the same whatever the order the posters are given in', () => {
    const posters = [poster('p1', 'P-001', 'descriptive.survival', 'li@example.org'), poster('p2', 'P-002'), poster('p3', 'P-003', undefined, 'li@example.org'), poster('p4', 'P-004')];
    expect(numberBoards([], [...posters].reverse())).toEqual(numberBoards([], posters));
  });

  it('never give a board twice, give every accepted poster one and keep every board set by hand (generated sessions)', () => {
    const categories = ['registration.data-quality', 'registration.coding', 'descriptive.survival'];
    const arbitraryPoster = fc.record({ n: fc.integer({ min: 1, max: 60 }), category: fc.constantFrom(...categories), presenter: fc.integer({ min: 0, max: 6 }) });
    fc.assert(
      fc.property(fc.array(arbitraryPoster, { maxLength: 40 }), fc.array(fc.record({ n: fc.integer({ min: 1, max: 60 }), board: fc.integer({ min: 1, max: 30 }) }), { maxLength: 8 }), (generated, hand) => {
        const posters = generated.map((g) => poster(`p${g.n}`, `P-${String(g.n).padStart(3, '0')}`, g.category, `presenter${g.presenter}@example.org`));
        const handBoards: Board[] = [];
        for (const h of hand) if (!handBoards.some((b) => b.abstract_id === `p${h.n}` || b.board === h.board)) handBoards.push({ abstract_id: `p${h.n}`, board: h.board, by_hand: true });
        const boards = numberBoards(handBoards, posters);
        const numbers = boards.map((b) => b.board);
        expect(new Set(numbers).size).toBe(numbers.length);
        for (const h of handBoards) expect(boards).toContainEqual(h);
        expect(new Set(boards.map((b) => b.abstract_id))).toEqual(new Set([...posters.map((p) => p.id), ...handBoards.map((b) => b.abstract_id)]));
        expect(numbers.every((n) => Number.isInteger(n) && n >= 1)).toBe(true);
      }),
    );
  });
});
