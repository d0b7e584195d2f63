/**
 * Every table of the site on a phone (390 px): it fits, or it sits in a scroll region that shows
 * it scrolls (the region scrolls sideways, and says "Scroll sideways to see all columns"); no cell
 * is ever cut off by the screen. The pages come from the route table (web/src/config/paths.ts),
 * so a new page is walked without anyone adding it here; a delegate with an abstract and an
 * order makes the list pages show their tables, and step 4 of the wizard shows the hotel rooms.
 */
import type { Page } from '@playwright/test';
import { paths, pathTo } from '../../web/src/config/paths';
import { author, validAbstract, validOrder } from '../support/bodies';
import { api, expect, logInAsNewDelegate, test } from './fixtures';

const MAY = '2024-05-10T02:00:00Z';
const AUGUST = '2024-08-01T02:00:00Z';

interface TableReport {
  label: string;
  /** The table is shown (not in a part hidden at this width). */
  shown: boolean;
  fits: boolean;
  /** Its nearest ancestor that clips sideways scrolls (overflow-x auto or scroll). */
  scrolls: boolean;
  /** The "Scroll sideways" cue of its region is visible. */
  cue: boolean;
  /** The region can be reached with the keyboard and has a name. */
  focusable: boolean;
  named: boolean;
  /** Cells the screen cuts off with no scroll region to reach them. */
  cutOff: string[];
}

/** What a person sees of every table of the page as it is now. */
function tablesOf(page: Page): Promise<TableReport[]> {
  return page.evaluate(() => {
    const clipsX = (el: Element) =>
      ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(el).overflowX);
    const visible = (el: Element | null) => {
      if (!el) return false;
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    return [...document.querySelectorAll('table')].map((table) => {
      let clip: HTMLElement | null = table.parentElement;
      while (clip && clip !== document.body && !clipsX(clip)) clip = clip.parentElement;
      const container = clip && clip !== document.body ? clip : null;
      const scrolls =
        container !== null && ['auto', 'scroll'].includes(getComputedStyle(container).overflowX);
      const room = container ? container.clientWidth : document.documentElement.clientWidth;
      const wrapper = table.closest('[data-table-scroll]');
      const cue = wrapper?.querySelector('[data-table-scroll-hint]') ?? null;
      const cutOff: string[] = [];
      for (const cell of table.querySelectorAll('th, td')) {
        const r = cell.getBoundingClientRect();
        if (r.width === 0) continue;
        const outside = r.left < -1 || r.right > window.innerWidth + 1;
        // Outside the screen, it must be in a region that scrolls and is itself on the screen.
        if (outside) {
          const reachable =
            scrolls &&
            container!.getBoundingClientRect().left >= -1 &&
            container!.getBoundingClientRect().right <= window.innerWidth + 1;
          if (!reachable) cutOff.push((cell.textContent ?? '').trim().slice(0, 40));
        }
      }
      return {
        label:
          table.getAttribute('aria-label') ??
          table.querySelector('caption')?.textContent?.trim() ??
          table.querySelector('th')?.textContent?.trim() ??
          '?',
        shown: visible(table),
        fits: table.getBoundingClientRect().width <= room + 1,
        scrolls,
        cue: visible(cue),
        focusable: container?.tabIndex === 0,
        named: Boolean(container?.getAttribute('aria-label') || container?.getAttribute('aria-labelledby')),
        cutOff,
      };
    });
  });
}

/** Checks every shown table of the page; returns how many there were, and how many are hidden at this width. */
async function expectTablesReadable(page: Page, where: string) {
  await page.waitForLoadState('networkidle');
  const tables = await tablesOf(page);
  for (const t of tables.filter((t) => t.shown)) {
    const name = `${where}: table "${t.label}"`;
    expect(t.cutOff, `${name}: cells cut off by the screen`).toEqual([]);
    if (t.fits) {
      expect(t.cue, `${name} fits, yet says it scrolls`).toBe(false);
      continue;
    }
    expect(t.scrolls, `${name} is wider than its place but does not scroll`).toBe(true);
    expect(t.cue, `${name} scrolls without saying so`).toBe(true);
    expect(t.focusable && t.named, `${name}: its scroll region needs a name and keyboard focus`).toBe(true);
  }
  return {
    shown: tables.filter((t) => t.shown).length,
    hidden: tables.filter((t) => !t.shown).length,
    overflowing: tables.filter((t) => t.shown && !t.fits).length,
  };
}

/** A delegate with one abstract and one unpaid order that books a hotel room (so every list has a row). */
async function delegateWithData(page: Page, pinClock: (at: string) => Promise<void>) {
  await pinClock(AUGUST);
  await logInAsNewDelegate(page, 'tables');
  const headers = { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('userToken'))}` };
  const order = await page.request.post(api('/registration/submission'), {
    headers,
    data: validOrder({
      accompanying_person: 1,
      post_conference_activities_person: 1,
      post_conference_activities_attach: 2,
      hotel_book_required: 1,
      check_in_date: '2024-11-03',
      check_out_date: '2024-11-07',
      superior_twin_room: 1,
    }),
  });
  expect(order.status(), await order.text()).toBe(200);
  // The abstract is written while submission is open, by the same session.
  await pinClock(MAY);
  const abstract = await page.request.post(api('/contribute'), {
    headers,
    data: validAbstract({ authors: [author(1)], abstract_body: 'Background: population-based registries cover a growing share of China.' }),
  });
  expect(abstract.status(), await abstract.text()).toBe(200);
  await pinClock(AUGUST);
  return {
    abstractId: ((await abstract.json()) as { data: { id: string } }).data.id,
    orderId: ((await order.json()) as { data: { id: string } }).data.id,
  };
}

/** Every page route, with its parameters filled: real ids for the delegate's abstract and order. */
function everyPage(ids: { abstractId: string; orderId: string }): string[] {
  const params: Record<string, string> = { id: '', params: 'x', token: 'x', type: 'success' };
  return Object.entries(paths).map(([name, path]) => {
    if (name === 'abstractEdit') return pathTo(path, { id: ids.abstractId });
    if (name === 'registrationEdit') return pathTo(path, { id: ids.orderId });
    return pathTo(path, params);
  });
}

test('at 390 px every table of every page fits or visibly scrolls, and no cell is cut off', async ({
  page,
  pinClock,
}) => {
  test.setTimeout(180_000);
  const ids = await delegateWithData(page, pinClock);
  await page.setViewportSize({ width: 390, height: 844 });
  const seen: Record<string, { shown: number; hidden: number; overflowing: number }> = {};
  for (const route of everyPage(ids)) {
    await page.goto(route);
    seen[route] = await expectTablesReadable(page, route);
  }
  // Step 4 of the wizard (its hotel room table) is a step, not a route: reached from the order.
  await page.goto(pathTo(paths.registrationEdit, { id: ids.orderId }));
  for (let step = 1; step < 4; step++) await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 4: Passport, visa and hotel' })).toBeVisible();
  seen['wizard step 4'] = await expectTablesReadable(page, 'wizard step 4');
  expect(seen['wizard step 4'].shown, 'the hotel room table').toBe(1);

  // The walk met the tables it is about: the taxi guide's fares, the fee tables, the lists.
  expect(seen[paths.about]!.shown).toBeGreaterThanOrEqual(1);
  expect(seen[paths.registerInstruction]!.shown).toBeGreaterThanOrEqual(2);
  expect(seen[paths.hotels]!.shown).toBeGreaterThanOrEqual(1);
  // And one too wide for a phone (the four wide columns of the 2019 fees), so the cue itself was seen.
  expect(Object.values(seen).some((s) => s.overflowing > 0)).toBe(true);

  // Tables a phone does not show (the lists show cards there) are checked where they first appear.
  await page.setViewportSize({ width: 768, height: 1024 });
  const listRoutes = Object.entries(seen).filter(([route, s]) => s.hidden > 0 && route.startsWith('/'));
  expect(listRoutes.map(([route]) => route)).toEqual(
    expect.arrayContaining([paths.abstracts, paths.registrationList]),
  );
  for (const [route] of listRoutes) {
    await page.goto(route);
    const at768 = await expectTablesReadable(page, `${route} at 768 px`);
    expect(at768.shown, `${route} at 768 px`).toBeGreaterThanOrEqual(1);
  }
});
