/**
 * Tickets in Chromium (issue 34): a delegate with a paid order sees one ticket per person on the
 * order list, each with a visible QR code of a real size, in English and in Chinese, at 1280 and
 * 390 px, axe clean; downloads the ticket PDF (its text read back: the name in Chinese characters
 * and in Latin); the office sees the tickets on the order page and prints the badges, the print
 * recorded in the order's audit trail; once the order is cancelled its tickets are shown revoked.
 */
import fs from 'node:fs';
import { validOrder } from '../support/bodies';
import { pdfText } from '../support/pdf';
import { api, bearer, expect, expectAccessible, mailedLink, officeOrganiser, PASSWORD, test, uniqueEmail } from './fixtures';
import { logIn } from './office-ui-steps';

const AUGUST = '2024-08-01T02:00:00Z';

test('a delegate sees and downloads the tickets of a paid order; the office prints the badges', async ({ browser, page, pinClock }) => {
  test.setTimeout(180_000);
  await pinClock(AUGUST);

  // A delegate's order with one accompanying person (API only), paid by a transfer the office receives.
  const delegateContext = await browser.newContext({ extraHTTPHeaders: { 'x-app-now': AUGUST, 'x-local-client-ip': '10.77.0.34' } });
  const email = uniqueEmail('tickets');
  expect((await delegateContext.request.post(api('/email_register'), { data: { email, password: PASSWORD, confirm: PASSWORD } })).status()).toBe(200);
  expect((await delegateContext.request.post(api('/activate'), { data: { token: (await mailedLink(email, 'activate')).split('/').pop() } })).status()).toBe(200);
  const login = await delegateContext.request.post(api('/login'), { data: { email, password: PASSWORD } });
  const delegateAuth = { authorization: `Bearer ${((await login.json()) as { data: { api_token: string } }).data.api_token}` };
  const order = validOrder({ first_name: 'Xiaoming', last_name: 'Wang', family_name_in_chinese: '王', given_name_in_chinese: '小明', accompanying_person: 1 });
  const placed = await delegateContext.request.post(api('/registration/submission'), { data: order, headers: delegateAuth });
  expect(placed.status(), await placed.text()).toBe(200);
  const { id } = ((await placed.json()) as { data: { id: string } }).data;
  const detail = ((await (await delegateContext.request.get(api(`/registration/submission/${id}`), { headers: delegateAuth })).json()) as { data: { order: { reference: string; order_no: string; amount_required: string } } }).data.order;
  expect((await delegateContext.request.post(api(`/registration/submission/transfer-payment/${id}`), { data: { type: 'done' }, headers: delegateAuth })).status()).toBe(200);

  await officeOrganiser(page, 'tickets-office');
  const received = await page.request.post(api(`/office/transfers/${detail.reference}/received`), { data: { amount: detail.amount_required }, headers: await bearer(page) });
  expect(received.status(), await received.text()).toBe(200);

  // The delegate's order list: a ticket per person, the QR visible and large enough to scan.
  const delegate = await delegateContext.newPage();
  await logIn(delegate, email);
  await delegate.goto('/registration/list');
  const tickets = delegate.getByRole('region', { name: `Tickets of order ${detail.order_no}` });
  await expect(tickets.getByTestId('ticket')).toHaveCount(2);
  const qr = tickets.getByRole('img', { name: `QR code of the ticket of Xiaoming Wang 王小明, person 1 of order ${detail.order_no}` });
  await expect(qr).toBeVisible();
  const box = (await qr.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(200);
  await expect(tickets.getByText('王小明', { exact: true })).toBeVisible();
  await expect(tickets.getByText('Accompanying person of Xiaoming Wang 王小明')).toBeVisible();
  await expectAccessible(delegate, 'order list with tickets');
  await tickets.screenshot({ path: 'test-results/tickets-order-list.png' });

  const [download] = await Promise.all([delegate.waitForEvent('download'), tickets.getByRole('button', { name: 'Download ticket 1 (PDF)' }).click()]);
  expect(download.suggestedFilename()).toBe(`IACR2024-ticket-${detail.order_no}-1.pdf`);
  const text = pdfText(fs.readFileSync(await download.path()));
  expect(text).toContain('王小明');
  expect(text).toContain('Xiaoming Wang');

  // A phone: no sideways scrolling, the QR still large.
  await delegate.setViewportSize({ width: 390, height: 844 });
  await expect(qr).toBeVisible();
  expect((await qr.boundingBox())!.width).toBeGreaterThanOrEqual(200);
  expect(await delegate.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await qr.scrollIntoViewIfNeeded();
  await delegate.screenshot({ path: 'test-results/tickets-order-list-390.png' });

  // In Chinese (the /zh pages).
  await delegate.setViewportSize({ width: 1280, height: 800 });
  await delegate.goto('/zh/registration/list');
  await expect(delegate.locator('html')).toHaveAttribute('lang', 'zh-Hans');
  const zhTickets = delegate.getByRole('region', { name: `订单${detail.order_no}的入场票` });
  await expect(zhTickets.getByRole('button', { name: '下载第1张入场票（PDF）' })).toBeVisible();
  await expect(zhTickets.getByText('随行人员', { exact: true })).toBeVisible();
  await expectAccessible(delegate, 'order list with tickets, in Chinese');
  await zhTickets.screenshot({ path: 'test-results/tickets-order-list-zh.png' });
  await delegateContext.close();

  // The office: the order's tickets, and the badges printed (recorded in the audit trail).
  await page.goto(`/office/orders/${id}`);
  await expect(page.getByRole('heading', { name: `Order ${detail.order_no}`, level: 1 })).toBeVisible();
  const officeTickets = page.getByRole('region', { name: 'Tickets', exact: true });
  await expect(officeTickets.getByTestId('ticket')).toHaveCount(2);
  await expect(officeTickets.getByTestId('ticket-qr').first()).toBeVisible();
  await officeTickets.getByRole('button', { name: 'Print badges (A6)' }).click();
  await expect(officeTickets.getByText(`2 badges of order ${detail.order_no} ready to print.`)).toBeVisible();
  const pdfLink = officeTickets.getByRole('link', { name: 'Open the badges PDF' });
  const href = (await pdfLink.getAttribute('href'))!;
  const badges = await page.request.get(href);
  expect(badges.status()).toBe(200);
  const badgeText = pdfText(await badges.body());
  expect(badgeText).toContain('参会代表 Delegate');
  expect(badgeText).toContain('随行人员 Accompanying person');
  await expect(page.getByRole('table', { name: 'Audit trail' })).toContainText('badge.printed');
  await expectAccessible(page, 'office order with tickets');
  await officeTickets.screenshot({ path: 'test-results/tickets-office-order.png' });

  // The office cancels the order: its tickets are shown revoked, with no code and no badge to print.
  const cancellation = ((await (await page.request.get(api(`/office/orders/${id}`), { headers: await bearer(page) })).json()) as { data: { cancellation: { refund_amount: string } } }).data.cancellation;
  const cancelled = await page.request.post(api(`/office/orders/${id}/cancel`), { data: { expected_refund: cancellation.refund_amount }, headers: await bearer(page) });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await page.reload();
  await expect(officeTickets.getByTestId('ticket-revoked')).toHaveCount(2);
  await expect(officeTickets.getByTestId('ticket-qr')).toHaveCount(0);
  await expect(officeTickets.getByText('Revoked', { exact: true })).toHaveCount(2);
  await expect(officeTickets.getByRole('button', { name: 'Print badges (A6)' })).toHaveCount(0);
  await expectAccessible(page, 'office order with revoked tickets');
  await officeTickets.screenshot({ path: 'test-results/tickets-office-revoked.png' });
});
