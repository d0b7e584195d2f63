/**
 * Steps the office pages' browser tests share (issue 29: what organisers and delegates see): a
 * delegate with orders placed through the API at a pinned instant, the bank transfer announced.
 */
import type { Browser, Page } from '@playwright/test';
import { validOrder } from '../support/bodies';
import { api, expect, mailedLink, PASSWORD, uniqueEmail } from './fixtures';

export const AUGUST = '2024-08-01T02:00:00Z';

/** Where the screenshots go (SCREENSHOT_DIR keeps them past the next run, which empties test-results). */
export const screenshots = process.env.SCREENSHOT_DIR ?? 'test-results';

export interface PlacedOrder {
  id: string;
  order_no: string;
  reference: string;
}

/** A new, activated delegate (API only) on `at`, and a way to place orders as them. */
export async function apiDelegate(browser: Browser, tag: string, at = AUGUST) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-app-now': at, 'x-local-client-ip': `10.79.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` } });
  const email = uniqueEmail(tag);
  expect((await context.request.post(api('/email_register'), { data: { email, password: PASSWORD, confirm: PASSWORD } })).status()).toBe(200);
  expect((await context.request.post(api('/activate'), { data: { token: (await mailedLink(email, 'activate')).split('/').pop() } })).status()).toBe(200);
  const login = await context.request.post(api('/login'), { data: { email, password: PASSWORD } });
  const headers = { authorization: `Bearer ${((await login.json()) as { data: { api_token: string } }).data.api_token}` };
  /** An order (the valid one, changed by `overrides`); `transfer`: the delegate says the bank transfer is made (Checking). */
  const place = async (overrides: Record<string, string | number> = {}, transfer = true): Promise<PlacedOrder> => {
    const placed = await context.request.post(api('/registration/submission'), { data: validOrder(overrides), headers });
    expect(placed.status(), await placed.text()).toBe(200);
    const { id } = ((await placed.json()) as { data: { id: string } }).data;
    const detail = ((await (await context.request.get(api(`/registration/submission/${id}`), { headers })).json()) as { data: { order: { reference: string; order_no: string } } }).data.order;
    if (transfer) expect((await context.request.post(api(`/registration/submission/transfer-payment/${id}`), { data: { type: 'done' }, headers })).status()).toBe(200);
    return { id, order_no: detail.order_no, reference: detail.reference };
  };
  return { email, headers, context, place };
}

/** Logs `page` in through the login page. */
export async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
}

/** The page at 390 px, then back at 1366 px: nothing wider than the screen, a screenshot of each. */
export async function atBothWidths(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${name} at 390 px`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${screenshots}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: `${screenshots}/${name}-1366.png`, fullPage: true });
}

/** Opens `path` and waits for its heading (generously: the office's chunks load slowly on a busy test machine). */
export async function openPage(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible({ timeout: 45_000 });
}

/**
 * The row of a paged office table that holds `text`, turning pages (Next page) until it is shown:
 * under `npm test` the API, money and hostile-input tests fill the same portal, and rows with the
 * same date (a pinned clock) come in no fixed order, so a row may be a few pages on. A page is
 * shown once its first row's number (a link, unique) has changed.
 */
export async function rowOnSomePage(page: Page, table: string, text: string) {
  const rows = page.getByRole('table', { name: table }).getByRole('row');
  const listed = rows.filter({ hasText: text });
  const firstNumber = rows.nth(1).getByRole('link').first();
  await expect(firstNumber).toBeVisible({ timeout: 30_000 });
  for (let pages = 0; pages < 40 && (await listed.count()) === 0; pages++) {
    const before = (await firstNumber.textContent()) ?? '';
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(firstNumber).not.toHaveText(before);
  }
  await expect(listed).toBeVisible();
  return listed;
}
