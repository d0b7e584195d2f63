/**
 * Tables wider than their place (a phone, a narrow column) scroll sideways inside their own region
 * and say so: the region gets `data-overflow`, which shows the "Scroll sideways to see all columns"
 * line and a shadow on each edge that hides columns (the global CSS below), and it takes keyboard
 * focus only then (a region that scrolls must be reachable without a mouse; one that fits is no
 * tab stop). Plain DOM, so the static pages (islands) and the SPA's ScrollTable share it.
 */

/** The attributes ScrollTable renders (web/src/components/ui/scroll-table.tsx). */
export const tableScrollAttrs = {
  root: 'data-table-scroll',
  region: 'data-table-scroll-region',
  hint: 'data-table-scroll-hint',
  edge: 'data-table-scroll-edge',
} as const;

/** Keeps the state attributes of one table's root right while it lives; returns the clean-up. */
export function watchTableScroll(root: HTMLElement): () => void {
  const region = root.querySelector<HTMLElement>(`[${tableScrollAttrs.region}]`);
  if (!region) return () => {};
  const update = () => {
    const overflow = region.scrollWidth > region.clientWidth + 1;
    const start = Math.abs(region.scrollLeft);
    root.dataset.overflow = String(overflow);
    root.dataset.atStart = String(start <= 1);
    root.dataset.atEnd = String(start + region.clientWidth >= region.scrollWidth - 1);
    if (overflow) region.tabIndex = 0;
    else region.removeAttribute('tabindex');
  };
  const resize = new ResizeObserver(update);
  resize.observe(region);
  // Rows added or text wrapping differently change the table's width, not the region's.
  for (const child of region.children) resize.observe(child);
  region.addEventListener('scroll', update, { passive: true });
  update();
  return () => {
    resize.disconnect();
    region.removeEventListener('scroll', update);
  };
}

/** Every table region of the page (the static pages' islands script). */
export function enhanceTableScrolls(scope: ParentNode = document) {
  scope.querySelectorAll<HTMLElement>(`[${tableScrollAttrs.root}]`).forEach((root) => watchTableScroll(root));
}

const shadow = 'rgba(0, 0, 0, 0.16)';

/**
 * The theme's global CSS for the attributes above: the cue shows only while the table overflows.
 * Global CSS is Chakra's base layer, below any style prop: what must win is marked important.
 */
export const tableScrollCss = {
  '[data-table-scroll] [data-table-scroll-hint]': { display: 'none !important' },
  '[data-table-scroll][data-overflow=true] [data-table-scroll-hint]': { display: 'flex !important' },
  '[data-table-scroll] [data-table-scroll-edge]': {
    position: 'absolute',
    top: '0',
    bottom: '0',
    width: '1rem',
    pointerEvents: 'none',
    opacity: 0,
    transition: 'opacity 0.15s',
  },
  '[data-table-scroll] [data-table-scroll-edge=start]': {
    left: '0',
    background: `linear-gradient(to right, ${shadow}, transparent)`,
  },
  '[data-table-scroll] [data-table-scroll-edge=end]': {
    right: '0',
    background: `linear-gradient(to left, ${shadow}, transparent)`,
  },
  '[data-table-scroll][data-overflow=true]:not([data-at-start=true]) [data-table-scroll-edge=start]': {
    opacity: 1,
  },
  '[data-table-scroll][data-overflow=true]:not([data-at-end=true]) [data-table-scroll-edge=end]': {
    opacity: 1,
  },
} as const;
