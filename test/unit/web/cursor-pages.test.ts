import { describe, expect, it } from 'vitest';
import { cursorPages, keptCursors, pageSizeOf } from '../../../web/src/features/office/cursor-pages';

const sizes = { param: 'rows', choices: [10, 25, 50, 100], standard: 25 };
const at = (query: string, next: string | null, withSizes = false) => cursorPages('/office/orders', new URLSearchParams(query), 'page', next, withSizes ? sizes : undefined);
const paramsOf = (href: string | undefined) => new URL(href!, 'http://x').searchParams;

describe('the pages of a cursor list in the address', () => {
  it('counts the page from the cursors before it; the first page has no cursor', () => {
    expect(at('q=zhang', 'c1').pageIndex).toBe(0);
    expect(at('q=zhang&page=c1', 'c2').pageIndex).toBe(1);
    expect(at('q=zhang&page=c2&before=c1', null).pageIndex).toBe(2);
  });

  it('next carries the current cursor into the trail and keeps the filters; none on the last page', () => {
    expect(at('filter=visa&q=zhang', 'c1').hrefFor(1)).toBe('/office/orders?filter=visa&q=zhang&page=c1');
    expect(at('filter=visa&page=c1', 'c2').hrefFor(2)).toBe('/office/orders?filter=visa&page=c2&before=c1');
    expect(paramsOf(at('page=c2&before=c1', 'c3').hrefFor(3)).getAll('before')).toEqual(['c1', 'c2']);
    expect(at('page=c2&before=c1', null).hrefFor(3)).toBeUndefined();
  });

  it('previous takes the last cursor of the trail; from the second page it is the first page', () => {
    expect(at('q=a&page=c3&before=c1&before=c2', null).hrefFor(2)).toBe('/office/orders?q=a&page=c2&before=c1');
    expect(at('q=a&page=c1', 'c2').hrefFor(0)).toBe('/office/orders?q=a');
    expect(at('page=c1', 'c2').hrefFor(0)).toBe('/office/orders');
  });

  it('offers only the first, previous and next pages (a cursor list cannot jump)', () => {
    const third = at('page=c3&before=c1&before=c2', 'c4');
    expect(third.hrefFor(0)).toBe('/office/orders');
    expect(third.hrefFor(1)).toBeUndefined();
    expect(third.hrefFor(5)).toBeUndefined();
  });

  it(`keeps at most ${keptCursors} earlier cursors in the address`, () => {
    const trail = Array.from({ length: keptCursors }, (_, i) => `before=c${i}`).join('&');
    const next = paramsOf(at(`page=c${keptCursors}&${trail}`, 'cn').hrefFor(keptCursors + 2));
    expect(next.getAll('before')).toHaveLength(keptCursors);
    expect(next.getAll('before').at(-1)).toBe(`c${keptCursors}`);
    expect(next.getAll('before')[0]).toBe('c1');
  });

  it('reads rows per page from the choices only; another size starts again from the first page', () => {
    expect(pageSizeOf(new URLSearchParams('rows=50'), sizes)).toBe(50);
    expect(pageSizeOf(new URLSearchParams('rows=7'), sizes)).toBe(25);
    expect(pageSizeOf(new URLSearchParams(''), sizes)).toBe(25);
    const second = at('q=a&rows=10&page=c1', 'c2', true);
    expect(second.pageSize).toBe(10);
    expect(second.sizedHref(50)).toBe('/office/orders?q=a&rows=50');
    expect(second.sizedHref(25)).toBe('/office/orders?q=a');
  });
});
