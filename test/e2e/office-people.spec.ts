/**
 * The office's people in Chromium: an organiser finds a delegate by the start of their family
 * name, opens them, sees their order and abstract, downloads the abstract PDF through its link,
 * and reads the audit log filtered by `account.` and the delegate; axe on each page, and the
 * pages usable at 390 px.
 */
import type { Page } from '@playwright/test';
import { validAbstract, validOrder } from '../support/bodies';
import { pdfBytes } from '../support/files';
import { organiserCommand, totpCode } from '../support/office';
import { api, dynamoOrigin, expect, expectAccessible, mailedLink, PASSWORD, test, uniqueEmail } from './fixtures';

/**
 * 22 August 2024 10:00 CST: registration open; the office works on this day, which no other test
 * pins (the audit log of a day shared with the API and hostile-input tests holds hundreds of entries).
 */
const AUGUST = '2024-08-22T02:00:00Z';
/** 10 May 2024: abstracts open. */
const MAY = '2024-05-10T02:00:00Z';
const plus = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();

/** A delegate made through the API (sign-up at `at`, activation a second later, login two): their address and api_token. */
async function apiDelegate(page: Page, tag: string, at: string) {
  const email = uniqueEmail(tag);
  const headers = { 'x-app-now': at };
  expect((await page.request.post(api('/email_register'), { data: { email, password: PASSWORD, confirm: PASSWORD }, headers })).status()).toBe(200);
  const token = (await mailedLink(email, 'activate')).split('/').pop()!;
  expect((await page.request.post(api('/activate'), { data: { token }, headers: { 'x-app-now': plus(at, 1) } })).status()).toBe(200);
  const login = await page.request.post(api('/login'), { data: { email, password: PASSWORD }, headers: { 'x-app-now': plus(at, 2) } });
  return { email, token: ((await login.json()) as { data: { api_token: string } }).data.api_token };
}

const noSidewaysScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test('an organiser finds a delegate by name, opens their order and abstract, downloads the PDF, and reads the audit log', async ({ browser, page, pinClock, consoleErrors }) => {
  test.setTimeout(150_000);
  const family = `Qorvath${Math.random().toString(36).slice(2, 7)}`;

  // The delegate: a profile, an order, an abstract with its PDF.
  const delegateContext = await browser.newContext({ extraHTTPHeaders: { 'x-local-client-ip': '10.78.0.1' } });
  const d = await apiDelegate(await delegateContext.newPage(), 'people-e2e', AUGUST);
  const as = (at: string) => ({ authorization: `Bearer ${d.token}`, 'x-app-now': at });
  const rq = delegateContext.request;
  expect((await rq.post(api('/update'), { data: { first_name: 'Meiling', last_name: family, occupation: 'Registrar', organization: 'Registry', country: 'China', mobile: '+86 10 0000 0000' }, headers: as(plus(AUGUST, 3)) })).status()).toBe(200);
  const placed = await rq.post(api('/registration/submission'), { data: validOrder(), headers: as(AUGUST) });
  const order = ((await placed.json()) as { data: { id: string; order_no: string } }).data;
  const presign = ((await (await rq.post(api('/uploads/presign'), { data: { purpose: 'abstract', file_name: 'liver-trends.pdf', size: pdfBytes(3000).length }, headers: as(MAY) })).json()) as { data: { url: string; headers: Record<string, string>; key: string } }).data;
  expect((await fetch(presign.url, { method: 'PUT', headers: presign.headers, body: new Uint8Array(pdfBytes(3000)) })).ok).toBe(true);
  const file = ((await (await rq.post(api('/upload'), { data: { key: presign.key }, headers: as(MAY) })).json()) as { data: { id: string } }).data;
  const created = await rq.post(api('/contribute'), { data: validAbstract({ title_of_abstract: `CANCER IN ${family.toUpperCase()}`, upload_files: [file.id] }), headers: as(MAY) });
  expect(created.status(), await created.text()).toBe(200);

  // The organiser: the role from the command, the authenticator set up (API), this browser's session past a code.
  const organiser = await apiDelegate(page, 'people-office', AUGUST);
  expect((await organiserCommand(dynamoOrigin(), 'grant', organiser.email)).code).toBe(0);
  const enrolHeaders = { authorization: `Bearer ${organiser.token}`, 'x-app-now': AUGUST };
  const secret = ((await (await page.request.post(api('/office/second_factor/enrol'), { headers: enrolHeaders })).json()) as { data: { secret: string } }).data.secret;
  expect((await page.request.post(api('/office/second_factor/confirm'), { data: { code: await totpCode(secret) }, headers: enrolHeaders })).status()).toBe(200);
  const at = plus(AUGUST, 120);
  await pinClock(at);
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(organiser.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
  await page.goto('/office');
  await page.getByRole('textbox', { name: '6-digit code from the app' }).fill(await totpCode(secret, 1));
  await page.getByRole('button', { name: 'Open the office' }).click();
  await expect(page.getByRole('heading', { name: 'Registration office', level: 1 })).toBeVisible();

  // Delegates: reached through the office navigation; found by the start of the family name.
  const officeNav = page.getByRole('navigation', { name: 'Office' });
  await officeNav.getByRole('link', { name: 'Delegates', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Delegates', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Delegates' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'E-mail address or the start of a name' }).fill(family.slice(0, 9).toLowerCase());
  await page.getByRole('button', { name: 'Search' }).click();
  const rows = page.getByRole('table', { name: 'Delegates' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(d.email);
  await expect(rows.nth(1)).toContainText('China');
  await expect(rows.nth(1)).toContainText('CST');
  await expect(page.getByRole('table', { name: 'Delegates' }).getByRole('columnheader')).toHaveText(['Name', 'E-mail', 'Country', 'Activated', 'Signed up (CST)', 'Last login (CST)']);
  await expectAccessible(page, 'office delegates');
  await page.screenshot({ path: 'test-results/office-delegates-1280.png', fullPage: true });
  await rows.nth(1).getByRole('link', { name: `Meiling ${family}` }).click();

  // The delegate: their order (linked to the office's order page), abstract and its PDF.
  await expect(page.getByRole('heading', { name: `Meiling ${family}`, level: 2 })).toBeVisible();
  await expect(page.getByText(d.email).first()).toBeVisible();
  const orders = page.getByRole('table', { name: 'Orders' });
  await expect(orders.getByRole('row').filter({ hasText: order.order_no })).toContainText('Unpaid');
  await expect(orders.getByRole('link', { name: order.order_no })).toHaveAttribute('href', `/office/orders/${order.id}`);
  await expect(page.getByRole('region', { name: 'Abstracts' }).getByRole('link', { name: `CANCER IN ${family.toUpperCase()}` })).toBeVisible();
  await expect(page.getByRole('table', { name: 'History of the account, its orders, abstracts and files' })).toContainText('account.profile_updated');
  await expectAccessible(page, 'office delegate');
  await page.screenshot({ path: 'test-results/office-delegate-1280.png', fullPage: true });
  const pdfLink = page.getByRole('link', { name: 'Download liver-trends.pdf' }).first();
  const [download] = await Promise.all([page.waitForEvent('download'), pdfLink.click()]);
  expect(download.suggestedFilename()).toBe('liver-trends.pdf');
  const saved = await download.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(saved).subarray(0, 5).toString()).toBe('%PDF-');

  // The abstract opens from the delegate, with the same PDF.
  await page.getByRole('link', { name: `CANCER IN ${family.toUpperCase()}` }).click();
  await expect(page.getByRole('heading', { name: `CANCER IN ${family.toUpperCase()}`, level: 2 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download liver-trends.pdf' })).toBeVisible();
  await expectAccessible(page, 'office abstract');

  // The abstracts of its category, through the office navigation (the office's TanStack table).
  await officeNav.getByRole('link', { name: 'Abstracts', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Abstracts', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Category' }).selectOption('descriptive.incidence-mortality');
  await expect(page).toHaveURL(/category=descriptive\.incidence-mortality/);
  const abstracts = page.getByRole('table', { name: 'Abstracts' });
  await expect(abstracts.getByRole('columnheader')).toHaveText(['Title', 'Author', 'PDFs', 'Submitted (CST)']);
  await expectAccessible(page, 'office abstracts');

  // The audit log, filtered by account. and the delegate.
  await officeNav.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Day (CST)' })).toHaveValue('2024-08-22');
  await page.getByRole('textbox', { name: 'Action starts with' }).fill('account.');
  await page.getByRole('textbox', { name: 'Who' }).fill(d.email);
  await page.getByRole('button', { name: 'Show the log' }).click();
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log.getByRole('row')).toHaveCount(5);
  await expect(log.getByRole('row').nth(1)).toContainText('account.profile_updated');
  await expect(log.getByRole('row').nth(1)).toContainText('Meiling');
  await expect(log.getByRole('row').nth(4)).toContainText('account.created');
  await expect(log.getByRole('row').nth(4)).toContainText(`delegate ${d.email}`);
  await expect(log.getByRole('row').nth(4)).toContainText('22 August 2024, 10:00 CST (UTC+8)');
  await expectAccessible(page, 'office audit log');

  // At phone width: no sideways scroll of the page (tables scroll inside their region).
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/office-audit-390.png', fullPage: true });
  await log.getByRole('row').nth(1).getByRole('link', { name: 'account' }).click();
  await expect(page.getByRole('heading', { name: `Meiling ${family}`, level: 2 })).toBeVisible();
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/office-delegate-390.png', fullPage: true });
  await officeNav.getByRole('link', { name: 'Delegates', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Delegates' })).toBeVisible();
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/office-delegates-390.png', fullPage: true });

  expect(consoleErrors).toEqual([]);
  await delegateContext.close();
});

test('an organiser finds a delegate named only in an order, and reads that order\'s history by its number', async ({ browser, page, pinClock, consoleErrors }) => {
  test.setTimeout(150_000);
  const family = `Ordonly${Math.random().toString(36).slice(2, 7)}`;

  // The delegate registers without filling in the profile: the name is only in the order.
  const delegateContext = await browser.newContext({ extraHTTPHeaders: { 'x-local-client-ip': '10.78.0.2' } });
  const d = await apiDelegate(await delegateContext.newPage(), 'people-order-name-e2e', AUGUST);
  const placed = await delegateContext.request.post(api('/registration/submission'), { data: validOrder({ first_name: 'Yulan', last_name: family }), headers: { authorization: `Bearer ${d.token}`, 'x-app-now': plus(AUGUST, 5) } });
  expect(placed.status(), await placed.text()).toBe(200);
  const order = ((await placed.json()) as { data: { id: string; order_no: string } }).data;
  // The delegate says the transfer is on its way: the order's history has an entry (order.checking).
  const done = await delegateContext.request.post(api(`/registration/submission/transfer-payment/${order.id}`), { data: { type: 'done' }, headers: { authorization: `Bearer ${d.token}`, 'x-app-now': plus(AUGUST, 10) } });
  expect(done.status(), await done.text()).toBe(200);

  const organiser = await apiDelegate(page, 'people-order-name-office', AUGUST);
  expect((await organiserCommand(dynamoOrigin(), 'grant', organiser.email)).code).toBe(0);
  const enrolHeaders = { authorization: `Bearer ${organiser.token}`, 'x-app-now': AUGUST };
  const secret = ((await (await page.request.post(api('/office/second_factor/enrol'), { headers: enrolHeaders })).json()) as { data: { secret: string } }).data.secret;
  expect((await page.request.post(api('/office/second_factor/confirm'), { data: { code: await totpCode(secret) }, headers: enrolHeaders })).status()).toBe(200);
  await pinClock(plus(AUGUST, 120));
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(organiser.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
  await page.goto('/office');
  await page.getByRole('textbox', { name: '6-digit code from the app' }).fill(await totpCode(secret, 1));
  await page.getByRole('button', { name: 'Open the office' }).click();
  await expect(page.getByRole('heading', { name: 'Registration office', level: 1 })).toBeVisible();

  // Delegates: the name the Orders search knows finds the account, shown with where it comes from.
  const officeNav = page.getByRole('navigation', { name: 'Office' });
  await officeNav.getByRole('link', { name: 'Delegates', exact: true }).click();
  await page.getByRole('searchbox', { name: 'E-mail address or the start of a name' }).fill(`yulan ${family.slice(0, 8)}`);
  await page.getByRole('button', { name: 'Search' }).click();
  const rows = page.getByRole('table', { name: 'Delegates' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1).getByRole('link', { name: `Yulan ${family}` })).toBeVisible();
  await expect(rows.nth(1)).toContainText('as given in an order');
  await expect(rows.nth(1)).toContainText(d.email);
  await expect(rows.nth(1)).not.toContainText('(no name yet)');
  await page.screenshot({ path: 'test-results/office-delegates-order-name-1366.png', fullPage: true });
  await rows.nth(1).getByRole('link', { name: `Yulan ${family}` }).click();
  await expect(page.getByRole('heading', { name: `Yulan ${family}`, level: 2 })).toBeVisible();
  await expect(page.getByTestId('name-from-order')).toHaveText('The profile has no name yet: this is the name given in the newest order.');
  await expectAccessible(page, 'office delegate named in an order');

  // The audit log: the order's history by the number the delegate and the lists use.
  await officeNav.getByRole('link', { name: 'Audit log' }).click();
  await page.getByRole('combobox', { name: 'Object' }).selectOption('order');
  await page.getByRole('textbox', { name: 'Its number or id' }).fill(order.order_no.toLowerCase());
  await page.getByRole('button', { name: 'Show its history' }).click();
  await expect(page.getByTestId('history-of')).toHaveText(`Everything about order ${order.order_no} (id ${order.id}), newest first.`);
  await expect(page.getByRole('table', { name: /^History of order / })).toContainText('order.checking');
  await expectAccessible(page, 'office history by order number');
  await page.screenshot({ path: 'test-results/office-history-order-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/office-history-order-390.png', fullPage: true });
  await officeNav.getByRole('link', { name: 'Delegates', exact: true }).click();
  await page.getByRole('searchbox', { name: 'E-mail address or the start of a name' }).fill(family);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('table', { name: 'Delegates' }).getByRole('row').nth(1)).toContainText('as given in an order');
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/office-delegates-order-name-390.png', fullPage: true });

  expect(consoleErrors).toEqual([]);
  await delegateContext.close();
});
