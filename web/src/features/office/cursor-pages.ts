/**
 * The pages of a cursor list, as addresses. The server's lists (orders, delegates, abstracts) give
 * "the page after this cursor" and nothing else: no count, no page numbers. So the address holds
 * the current cursor (`param`) and the cursors of the pages before it (`before`, repeated, oldest
 * first; the first page has none), which makes a refresh, a shared link, the back button and
 * "Previous page" work. The page index the table shows is derived from them.
 */

/** The address parameter of the cursors of the earlier pages (repeated, oldest first). */
export const beforeParam = 'before';
/**
 * At most this many earlier cursors ride in the address (each about 150 characters; CloudFront
 * refuses addresses over 8 KB). Beyond, "Previous page" walks back as far as they go, then only
 * "First page" is left.
 */
export const keptCursors = 20;

/** A choice of rows per page, kept in the address parameter `param` (absent: `standard`). */
export interface PageSizes {
  param: string;
  choices: readonly number[];
  standard: number;
}

/** The rows per page the address asks for (one of the choices, else the standard). */
export function pageSizeOf(params: URLSearchParams, sizes: PageSizes): number {
  const asked = Number(params.get(sizes.param));
  return sizes.choices.includes(asked) ? asked : sizes.standard;
}

const withQuery = (pathname: string, p: URLSearchParams) => {
  const query = p.toString();
  return query ? `${pathname}?${query}` : pathname;
};

/**
 * Where this page is (its index from the first) and the addresses of the pages reachable from it:
 * the first, the previous, the next (when the server gave `next`), and the first page at another
 * size. Every other parameter of the address (filters, search) is kept.
 */
export function cursorPages(pathname: string, params: URLSearchParams, param: string, next: string | null, sizes?: PageSizes) {
  const cursor = params.get(param) || undefined;
  const before = params.getAll(beforeParam).filter(Boolean);
  const pageIndex = cursor ? before.length + 1 : 0;
  const at = (target: { cursor?: string; before: string[] }) => {
    const p = new URLSearchParams(params);
    p.delete(param);
    p.delete(beforeParam);
    if (target.cursor) {
      p.set(param, target.cursor);
      for (const c of target.before.slice(-keptCursors)) p.append(beforeParam, c);
    }
    return withQuery(pathname, p);
  };
  /** The address of the page at `index`, if it can be reached from here. */
  const hrefFor = (index: number): string | undefined => {
    if (index === 0) return at({ before: [] });
    if (index === pageIndex + 1 && next) return at({ cursor: next, before: cursor ? [...before, cursor] : [] });
    if (index === pageIndex - 1) return at({ cursor: before.at(-1), before: before.slice(0, -1) });
    return undefined;
  };
  /** The first page at another size: the cursors of one size do not cut the list where another would. */
  const sizedHref = (size: number): string | undefined => {
    if (!sizes) return undefined;
    const p = new URLSearchParams(params);
    p.delete(param);
    p.delete(beforeParam);
    if (size === sizes.standard) p.delete(sizes.param);
    else p.set(sizes.param, String(size));
    return withQuery(pathname, p);
  };
  return { pageIndex, pageSize: sizes ? pageSizeOf(params, sizes) : undefined, hrefFor, sizedHref };
}
