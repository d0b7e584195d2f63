/**
 * SPA pages load without layout shift: what paints first (the static frame and the page's
 * skeleton) stays where it is while the app starts and the page's data arrives. Measured as the
 * browser measures CLS: the sum of 'layout-shift' entries without recent input, from the first
 * paint on (an init script observes before any of the page's own scripts run).
 */
import type { Page } from '@playwright/test';
import { accountHome, framedPaths, paths } from '../../web/src/config/paths';
import { expect, logInAsNewDelegate, test } from './fixtures';

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

for (const viewport of viewports) {
  for (const path of new Set([accountHome, paths.center, ...framedPaths])) {
    test(`${path}, logged in, loads without layout shift at ${viewport.width} px`, async ({ page }) => {
      await logInAsNewDelegate(page, 'shift');
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
