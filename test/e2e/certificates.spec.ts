/**
 * Certificates of attendance in Chromium (issue 17): an organiser opens a paid order through the
 * office's navigation and marks that its delegate attended; the delegate's order list says when
 * the certificate comes (the last minute of the congress), then downloads it once the congress
 * is over; the office then sees it issued on the order and downloads it too. Axe clean, and
 * usable at 390 px.
 */
import type { Page } from '@playwright/test';
import { validOrder } from '../support/bodies';
import { api, bearer, expect, expectAccessible, mailedLink, officeOrganiser, PASSWORD, test, uniqueEmail } from './fixtures';
import { logIn } from './office-ui-steps';

const AUGUST = '2024-08-01T02:00:00Z';
const DAY2 = '2024-11-05T02:00:00Z';
const LAST_MINUTE = '2024-11-07T15:59:00Z';
const AFTER = '2024-11-08T01:00:00Z';

async function noSidewaysScroll(page: Page, screenshot: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `test-results/${screenshot}`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the office marks attendance; the delegate downloads the certificate after the congress', async ({ browser, page, pinClock }) => {
  test.setTimeout(180_000);
  const family = `Żółćiński${Math.random().toString(36).slice(2, 6)}`;

  // A delegate's order, placed in August (API only), paid by a transfer the office receives.
  const august = await browser.newContext({ extraHTTPHeaders: { 'x-app-now': AUGUST, 'x-local-client-ip': '10.77.0.17' } });
  const email = uniqueEmail('certificate');
  expect((await august.request.post(api('/email_register'), { data: { email, password: PASSWORD, confirm: PASSWORD } })).status()).toBe(200);
  expect((await august.request.post(api('/activate'), { data: { token: (await mailedLink(email, 'activate')).split('/').pop() } })).status()).toBe(200);
  const login = await august.request.post(api('/login'), { data: { email, password: PASSWORD } });
  const delegateAuth = { authorization: `Bearer ${((await login.json()) as { data: { api_token: string } }).data.api_token}` };
  const placed = await august.request.post(api('/registration/submission'), { data: validOrder({ first_name: 'Łukasz', last_name: family }), headers: delegateAuth });
  const { id } = ((await placed.json()) as { data: { id: string } }).data;
  const detail = ((await (await august.request.get(api(`/registration/submission/${id}`), { headers: delegateAuth })).json()) as { data: { order: { reference: string; order_no: string } } }).data.order;
  expect((await august.request.post(api(`/registration/submission/transfer-payment/${id}`), { data: { type: 'done' }, headers: delegateAuth })).status()).toBe(200);
  await august.close();

  // The office, on the congress's second day.
  await pinClock(DAY2);
  const organiser = await officeOrganiser(page, 'cert-office');
  const received = await page.request.post(api(`/office/transfers/${detail.reference}/received`), { data: { amount: '650.00' }, headers: await bearer(page) });
  expect(received.status(), await received.text()).toBe(200);
  await page.goto('/office');
  await page.getByRole('navigation', { name: 'Office' }).getByRole('link', { name: 'Orders', exact: true }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(detail.order_no);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('table', { name: 'Orders' }).getByRole('link', { name: detail.order_no }).click();
  await expect(page.getByRole('heading', { name: `Order ${detail.order_no}`, level: 1 })).toBeVisible();
  const attendance = page.getByRole('region', { name: 'Attendance' });
  await expect(attendance.getByText('Not marked yet.')).toBeVisible();
  await expect(attendance.getByText('No certificate of attendance issued yet.')).toBeVisible();
  const form = attendance.getByRole('form', { name: 'Mark attendance' });
  await form.getByText('Attended', { exact: true }).click();
  await form.getByRole('button', { name: 'Save attendance' }).click();
  await expect(form.getByText('Attendance marked: the delegate attended.')).toBeVisible();
  await expect(attendance.getByText(`Attended: marked by ${organiser} on 5 November 2024, 10:00 CST (UTC+8).`)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Audit trail' })).toContainText('order.attendance_marked');
  await expectAccessible(page, 'office order with attendance');
  await attendance.screenshot({ path: 'test-results/office-attendance.png' });
  await noSidewaysScroll(page, 'office-attendance-390.png');

  // The delegate, in the congress's last minute: not yet, and why.
  const delegateContext = await browser.newContext({ extraHTTPHeaders: { 'x-app-now': LAST_MINUTE, 'x-local-client-ip': '10.77.0.18' } });
  const delegate = await delegateContext.newPage();
  await logIn(delegate, email);
  await delegate.goto('/registration/list');
  const line = delegate.getByRole('group', { name: `Certificate of attendance, order ${detail.order_no}` });
  await expect(line).toContainText('Available after the congress ends: 7 November 2024, 24:00 CST (UTC+8).');

  // After the congress: the download (issued at the first click), a PDF named for the order.
  await delegateContext.setExtraHTTPHeaders({ 'x-app-now': AFTER, 'x-local-client-ip': '10.77.0.18' });
  await delegate.reload();
  const button = line.getByRole('button', { name: 'Download Certificate of Attendance (PDF)' });
  await expect(button).toBeVisible();
  await expectAccessible(delegate, 'order list with a certificate');
  const [download] = await Promise.all([delegate.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe(`IACR2024-certificate-${detail.order_no}.pdf`);
  const bytes = await download.path().then((p) => import('node:fs').then((fs) => fs.readFileSync(p)));
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  // Later visits show the issued document's own download.
  await delegate.reload();
  await expect(line.getByRole('button', { name: 'Download Certificate of Attendance (PDF)' })).toBeVisible();
  await noSidewaysScroll(delegate, 'order-list-certificate-390.png');
  await delegate.setViewportSize({ width: 390, height: 844 });
  await expect(delegate.getByRole('group', { name: `Certificate of attendance, order ${detail.order_no}` })).toBeVisible();
  await delegate.screenshot({ path: 'test-results/order-list-certificate-phone.png', fullPage: true });
  await delegateContext.close();

  // The office sees it issued on the order, and downloads it too.
  await page.reload();
  await expect(attendance.getByText('Certificate of attendance issued on 8 November 2024, 09:00 CST (UTC+8).')).toBeVisible();
  const [officeDownload] = await Promise.all([page.waitForEvent('download'), attendance.getByRole('button', { name: 'Download Certificate of Attendance (PDF)' }).click()]);
  expect(officeDownload.suggestedFilename()).toBe(`IACR2024-certificate-${detail.order_no}.pdf`);
  await expectAccessible(page, 'office order with its certificate');
});
