/**
 * SPA pages load without layout shift: what paints first (the static frame and the page's
 * skeleton) stays where it is while the app starts and the page's data arrives. Measured as the
 * browser measures CLS: the sum of 'layout-shift' entries without recent input, from the first
 * paint on (an init script observes before any of the page's own scripts run).
 */
import type { Page } from '@playwright/test';
import { accountHome, framedPaths, pathTo, paths } from '../../web/src/config/paths';
import { validAbstract, validOrder } from '../support/bodies';
import { api, bearer, expect, logInAsNewDelegate, test } from './fixtures';

interface Shift {
  value: number;
  sources: string[];
}

async function observeLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { layoutShifts: Shift[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((s) => (s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : String(s.node?.nodeName)));
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const layoutShifts = (page: Page) => page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts);
const total = (shifts: Shift[]) => shifts.reduce((sum, s) => sum + s.value, 0);

const viewports = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
];

/** A real path of `route`: the edit routes open the delegate's own abstract (saved in May) and order (August). */
async function pathOf(page: Page, route: string): Promise<string> {
  const saved = async (path: string, body: unknown, at: string) => {
    const answer = await page.request.post(api(path), { data: body, headers: { ...(await bearer(page)), 'x-app-now': at } });
    expect(answer.status(), await answer.text()).toBe(200);
    return ((await answer.json()) as { data: { id: string } }).data.id;
  };
  if (route === paths.abstractEdit) return pathTo(route, { id: await saved('/contribute', validAbstract(), '2024-05-10T02:00:00Z') });
  if (route === paths.registrationEdit) return pathTo(route, { id: await saved('/registration/submission', validOrder(), '2024-08-01T02:00:00Z') });
  return route;
}

for (const viewport of viewports) {
  for (const route of new Set([accountHome, paths.center, ...framedPaths])) {
    test(`${route}, logged in, loads without layout shift at ${viewport.width} px`, async ({ page }) => {
      await logInAsNewDelegate(page, 'shift');
      const path = await pathOf(page, route);
      await page.setViewportSize(viewport);
      // As on a first visit in another browser (and in the bench): the session, not the profile yet.
      await page.evaluate(() => localStorage.removeItem('userInfo'));
      // A slow network: every API answer comes after the shell and the app have painted.
      await page.route('**/api/v1/admin/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 800));
        await route.continue();
      });
      await observeLayoutShifts(page);
      await page.goto(path);
      await expect(page.locator('#page-title')).toBeVisible();
      await page.waitForLoadState('networkidle');
      // Parts that follow the page (the registration badge waits for the server clock).
      await page.waitForTimeout(1500);
      const shifts = await layoutShifts(page);
      expect(total(shifts), JSON.stringify(shifts)).toBeLessThan(0.1);
    });
  }

  test(`/login hydrates without layout shift at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await observeLayoutShifts(page);
    await page.goto(paths.login);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const shifts = await layoutShifts(page);
    expect(total(shifts), JSON.stringify(shifts)).toBeLessThan(0.1);
  });
}

/**
 * The build writes every page's styles into <head>. Moving one of those style elements makes the
 * browser recompute the whole page's styles (a long task on a phone): emotion does it when its
 * caches are created, unless the elements are marked as ours (web/src/app/providers.tsx). The
 * start of the app must take them over where they are, and the page must keep its look.
 */
for (const path of [paths.login, paths.abstractNew]) {
  test(`${path}: the app starts without moving the styles written at build time`, async ({ page, pinClock }) => {
    if (path !== paths.login) {
      await pinClock('2024-05-10T02:00:00Z');
      await logInAsNewDelegate(page, 'styles');
    }
    await page.addInitScript(() => {
      const moved: string[] = [];
      (window as unknown as { movedStyles: string[] }).movedStyles = moved;
      // (Chakra's provider takes over its one-rule `@layer` order statement by moving it: left alone.)
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.removedNodes) if (node instanceof HTMLStyleElement && (node.sheet?.cssRules.length ?? 0) > 1) moved.push(node.getAttribute('data-emotion') ?? '?');
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const submit = page.locator('form button[type=submit]').first();
    await expect(submit).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { movedStyles: string[] }).movedStyles)).toEqual([]);
    // Still styled as built: the brand colour on the main button, and no style written twice.
    expect(await submit.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(11, 70, 124)');
    const styleTexts = await page.evaluate(() => [...document.querySelectorAll('style')].flatMap((s) => [...(s.sheet?.cssRules ?? [])].map((r) => r.cssText)));
    const twice = styleTexts.filter((text, i) => text.startsWith('.') && styleTexts.indexOf(text) !== i);
    expect(twice.slice(0, 3)).toEqual([]);
  });
}
