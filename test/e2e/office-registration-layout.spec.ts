/**
 * The office's registrations by category at the widths organisers use (issue 29, item 15): at
 * 1366 px the Registrations table fits the page without sideways scrolling and a registration's
 * facts read as label and value side by side on one line, the page using its width; at 390 px
 * nothing is wider than the screen and each value sits under its label.
 */
import type { Locator, Page } from '@playwright/test';
import { api, expect, officeOrganiser, test } from './fixtures';
import { apiDelegate, atBothWidths, openPage, rowOnSomePage } from './office-ui-steps';

const EARLY = '2019-07-01T02:00:00Z';
const OFFICE_AT = '2026-01-14T02:00:00Z';

/** A regular registration by category (no documents), through the API on the older flow's clock. */
async function registered(browser: Parameters<typeof apiDelegate>[0], family: string) {
  const delegate = await apiDelegate(browser, 'layout-registration', EARLY);
  const r = await delegate.context.request.post(api('/register'), {
    headers: delegate.headers,
    data: { first_name: 'Ada', last_name: family, occupation: 'Registrar', organization: 'Peking University Cancer Hospital and Institute', country: 'China', mobile: '+86 10 1234 5678', regiatration_type: 1, gala_dinner: 'Yes', working_lunch: 'No', accompanying_type: 'no' },
  });
  expect(r.status(), await r.text()).toBe(200);
  const code = ((await r.json()) as { data: { register_code: string } }).data.register_code;
  await delegate.context.close();
  return { email: delegate.email, code };
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'on screen').not.toBeNull();
  return box!;
}

/** A fact's label and its value, found by the label's text. */
const fact = (page: Page, label: string) => {
  const item = page.getByRole('region', { name: 'Registration', exact: true }).locator('dt', { hasText: label }).locator('xpath=..');
  return { label: item.locator('dt'), value: item.locator('dd') };
};

test('the registrations table and a registration page use the width at 1366 px and fit 390 px', async ({ browser, page, pinClock }) => {
  test.setTimeout(180_000);
  const family = `Lay${Math.random().toString(36).slice(2, 7)}`;
  const { email, code } = await registered(browser, family);
  await pinClock(OFFICE_AT);
  await officeOrganiser(page, 'layout-office');

  await page.setViewportSize({ width: 1366, height: 900 });
  await openPage(page, '/office/registrations', 'Registrations');
  const table = page.getByRole('table', { name: 'Registrations' });
  await rowOnSomePage(page, 'Registrations', email);
  // The table's scroll region shows it whole: nothing hidden to the right.
  const region = page.getByRole('region', { name: 'Registrations' });
  const overflow = await region.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow, 'the Registrations table scrolls sideways at 1366 px').toBeLessThanOrEqual(0);
  // And it uses the page: the space beside it is not half the screen.
  const tableBox = await boxOf(table);
  expect(tableBox.width).toBeGreaterThan(1366 * 0.75);
  await atBothWidths(page, 'office-registrations');

  await openPage(page, '/office/registrations', 'Registrations');
  await (await rowOnSomePage(page, 'Registrations', email)).getByRole('link', { name: code }).click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`${code}: Ada ${family}`) })).toBeVisible({ timeout: 30_000 });
  // Measured once the page has settled (its sections load in turn and the layout moves meanwhile).
  await expect(async () => {
    for (const label of ['Account', 'Registration type', 'Registration fee', 'Registered']) {
      const { label: l, value: v } = fact(page, label);
      const [lb, vb] = [await boxOf(l), await boxOf(v)];
      // Side by side on one line: the value starts on the label's line, right of it, not under it.
      expect(Math.abs(vb.y - lb.y), `${label}: value on the label's line`).toBeLessThanOrEqual(4);
      expect(vb.x, `${label}: value right of its label`).toBeGreaterThanOrEqual(lb.x + lb.width);
    }
  }).toPass({ timeout: 10_000 });
  // The values of the facts start at one edge (a column), not staggered.
  const starts = await Promise.all(['Account', 'Registration type', 'Registration fee', 'Registered'].map(async (l) => (await boxOf(fact(page, l).value)).x));
  expect(Math.max(...starts) - Math.min(...starts)).toBeLessThanOrEqual(2);
  // The page uses its width: the facts are not a narrow centred column.
  const facts = await boxOf(page.getByRole('region', { name: 'Registration', exact: true }));
  expect(facts.width).toBeGreaterThan(900);

  await page.setViewportSize({ width: 390, height: 844 });
  const { label: l390, value: v390 } = fact(page, 'Registration type');
  expect((await boxOf(v390)).y).toBeGreaterThan((await boxOf(l390)).y);
  await atBothWidths(page, 'office-registration');
});
