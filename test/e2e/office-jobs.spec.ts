/**
 * The office's jobs in Chromium: an organiser (role from the command line, second factor set up
 * through the API as office.spec.ts proves it in the browser) reaches Exports through the office
 * navigation, asks for the orders export, sees it become ready, downloads the CSV and finds its
 * header and a delegate's Chinese name intact. Phone width and axe too.
 */
import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { validOrder } from '../support/bodies';
import { organiserCommand, totpCode } from '../support/office';
import { expect, expectAccessible, logInAsNewDelegate, test } from './fixtures';

/** 1 August 2024 10:00 CST: registration open. */
const AUGUST = '2024-08-01T02:00:00Z';
const api = (path: string) => `/api/v1/admin${path}`;
const dynamoOrigin = () => process.env.DYNAMODB_ORIGIN ?? `http://localhost:${process.env.TEST_DYNAMODB_PORT ?? 8100}`;
const bearer = async (page: Page) => ({ authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('userToken'))}` });

/** An organiser whose office session passed the second factor (set up through the API). */
async function organiser(page: Page, tag: string) {
  const email = await logInAsNewDelegate(page, tag);
  expect((await organiserCommand(dynamoOrigin(), 'grant', email)).code).toBe(0);
  const enrol = await page.request.post(api('/office/second_factor/enrol'), { data: {}, headers: await bearer(page) });
  const { secret } = ((await enrol.json()) as { data: { secret: string } }).data;
  const confirmed = await page.request.post(api('/office/second_factor/confirm'), { data: { code: await totpCode(secret, AUGUST) }, headers: await bearer(page) });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return email;
}

test('an organiser exports the orders as CSV and finds a Chinese name intact', async ({ browser, page, pinClock, consoleErrors }) => {
  test.setTimeout(120_000);
  await pinClock(AUGUST);

  // A delegate with a Chinese name places an order.
  const delegateContext = await browser.newContext({ extraHTTPHeaders: { 'x-app-now': AUGUST, 'x-local-client-ip': '10.78.0.1' } });
  const delegate = await delegateContext.newPage();
  const delegateEmail = await logInAsNewDelegate(delegate, 'exported');
  const placed = await delegate.request.post(api('/registration/submission'), {
    data: validOrder({ first_name: '晓明', last_name: '欧阳', organization: '中国医学科学院肿瘤医院' }),
    headers: await bearer(delegate),
  });
  expect(placed.status(), await placed.text()).toBe(200);

  await organiser(page, 'exporter');
  await page.goto('/office');
  const officeNav = page.getByRole('navigation', { name: 'Office' });
  await officeNav.getByRole('link', { name: 'Exports' }).click();
  await expect(page.getByRole('heading', { name: 'Exports', level: 1 })).toBeVisible();
  await expect(officeNav.getByRole('link', { name: 'Exports' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('No export has been made yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Export registration orders' }).click();
  await expect(page.getByRole('status')).toContainText('The export "Registration orders" is being prepared.');
  const row = page.getByRole('table', { name: 'Exports' }).getByRole('row').filter({ hasText: 'Registration orders' });
  await expect(row).toContainText('Ready', { timeout: 20_000 });
  await expect(row).toContainText(/orders-2024-08-01-1000\.csv/);
  await expectAccessible(page, 'office exports');

  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /^Download / }).click()]);
  expect(download.suggestedFilename()).toBe('orders-2024-08-01-1000.csv');
  const bytes = await fs.readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8').slice(1);
  const [header, ...lines] = text.split('\r\n');
  expect(header!.startsWith('order_no,reference,status,account_email,currency,amount_required,amount_received')).toBe(true);
  const line = lines.find((l) => l.includes(delegateEmail));
  expect(line).toContain(',晓明,欧阳,中国医学科学院肿瘤医院,');

  // At phone width the page does not scroll sideways (the table scrolls in its own region).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Exports made' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/office-exports-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/office-exports.png', fullPage: true });
  expect(consoleErrors).toEqual([]);
  await delegateContext.close();
});
