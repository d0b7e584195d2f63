/**
 * Poster boards numbered automatically (issue 33, decision 0064): a poster session's accepted
 * posters by category (the abstract form's order), then by abstract number, with each presenter's
 * posters on boards next to each other; boards the committee set by hand stay as they are, and no
 * number is given twice in the session.
 */
import { acceptedAs, categoryIndex, compareNumbers, presentersOf, type Board, type ProgrammeAbstract } from './model';

/**
 * The session's boards after numbering: every board set by hand kept as it is (its number taken),
 * then each of `posters` accepted as a poster and not set by hand on the next free numbers from 1.
 * A presenter's posters (and, through a shared presenter, those of their co-presenters) take
 * consecutive free numbers at the place of the first of them; where a board set by hand is in the
 * way, the group takes the first run of free numbers long enough, and later posters fill the gap.
 * Abstracts not accepted as posters are left out (the checks list them where they are placed).
 * The same input gives the same numbers. Sorted by board.
 */
export function numberBoards(boards: readonly Board[], posters: readonly ProgrammeAbstract[]): Board[] {
  const byHand = boards.filter((b) => b.by_hand);
  const handIds = new Set(byHand.map((b) => b.abstract_id));
  const taken = new Set(byHand.map((b) => b.board));

  const toNumber = new Map<string, { a: ProgrammeAbstract; number: string }>();
  for (const a of posters) {
    const accepted = acceptedAs(a);
    if (accepted?.type === 'poster' && !handIds.has(a.id) && !toNumber.has(a.id)) toNumber.set(a.id, { a, number: accepted.number });
  }
  const numbered = [...toNumber.values()]
    .sort((x, y) => categoryIndex(x.a.abstract_category) - categoryIndex(y.a.abstract_category) || compareNumbers(x.number, y.number) || (x.a.id < y.a.id ? -1 : 1))
    .map((x) => x.a);

  const groups = presenterGroups(numbered);
  const given: Board[] = [];
  for (const group of groups) {
    const start = firstFreeRun(taken, group.length);
    group.forEach((a, i) => {
      taken.add(start + i);
      given.push({ abstract_id: a.id, board: start + i });
    });
  }
  return [...byHand, ...given].sort((x, y) => x.board - y.board || (x.abstract_id < y.abstract_id ? -1 : 1));
}

/**
 * The posters in groups that share a presenter (transitively), each group at the place of its
 * first poster, its posters in their order.
 */
function presenterGroups(ordered: readonly ProgrammeAbstract[]): ProgrammeAbstract[][] {
  const parent = ordered.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  const firstWith = new Map<string, number>();
  ordered.forEach((a, i) => {
    for (const p of presentersOf(a)) {
      const j = firstWith.get(p.key);
      if (j === undefined) firstWith.set(p.key, i);
      else {
        // The group's root is its earliest poster: the group is placed where that one would be.
        const [x, y] = [root(i), root(j)];
        if (x !== y) parent[Math.max(x, y)] = Math.min(x, y);
      }
    }
  });
  const groups = new Map<number, ProgrammeAbstract[]>();
  ordered.forEach((a, i) => {
    const r = root(i);
    groups.set(r, [...(groups.get(r) ?? []), a]);
  });
  return [...groups.entries()].sort(([x], [y]) => x - y).map(([, g]) => g);
}

/** The lowest number from which `length` numbers in a row are free. */
function firstFreeRun(taken: ReadonlySet<number>, length: number): number {
  for (let start = 1; ; start++) {
    let free = true;
    for (let k = 0; k < length && free; k++) if (taken.has(start + k)) free = false;
    if (free) return start;
  }
}
