/**
 * An order kept after its delegate deleted the account, as an organiser sees it (issue 29,
 * item 22): the page names it "Deleted account, order R24-...", says why nothing personal is
 * left, offers no mail and no attendance, and its cancellation says that nobody is mailed. At
 * 1366 px and on a phone.
 */
import { validOrder } from '../support/bodies';
import { PASSWORD, api, bearer, expect, expectAccessible, logInAsNewDelegate, officeOrganiser, test } from './fixtures';

const AUGUST = '2024-08-01T02:00:00Z';

test('an organiser opens an order whose delegate deleted the account: a true heading and only actions that make sense', async ({ browser, page, pinClock, consoleErrors }) => {
  test.setTimeout(120_000);
  await pinClock(AUGUST);
  await page.setViewportSize({ width: 1366, height: 900 });
  await officeOrganiser(page, 'deleted-office');
  const officeHeaders = await bearer(page);

  // A delegate pays by bank transfer (the office confirms it), then deletes the account.
  const name = `Vanish${Math.random().toString(36).slice(2, 7)}`;
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-app-now': AUGUST, 'x-local-client-ip': '10.79.0.1' } });
  const delegate = await context.newPage();
  await logInAsNewDelegate(delegate, 'deleted-delegate');
  const placed = await delegate.request.post(api('/registration/submission'), { data: validOrder({ first_name: name, last_name: 'Gone' }), headers: await bearer(delegate) });
  const { id } = ((await placed.json()) as { data: { id: string } }).data;
  const read = await delegate.request.get(api(`/registration/submission/${id}`), { headers: await bearer(delegate) });
  const { order_no, reference, amount_required } = ((await read.json()) as { data: { order: { order_no: string; reference: string; amount_required: string } } }).data.order;
  expect((await delegate.request.post(api(`/registration/submission/transfer-payment/${id}`), { data: { type: 'done' }, headers: await bearer(delegate) })).status()).toBe(200);
  const confirmed = await page.request.post(api(`/office/transfers/${encodeURIComponent(reference)}/received`), { data: { amount: amount_required }, headers: officeHeaders });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const deleted = await delegate.request.post(api('/account/delete'), { data: { password: PASSWORD }, headers: await bearer(delegate) });
  expect(deleted.status(), await deleted.text()).toBe(200);
  await context.close();

  await page.goto(`/office/orders/${id}`);
  await expect(page.getByRole('heading', { name: `Order ${order_no}`, level: 1 })).toBeVisible();
  // The heading names what the order is now, not an empty name and address.
  const heading = page.getByText(`Deleted account, order ${order_no}: Paid`);
  await expect(heading).toBeVisible();
  await expect(page.getByText(/^\s*\(\): /)).toHaveCount(0);
  await expect(page.getByText(/^The delegate deleted their account on .+\(UTC\+8\)\. The order is kept for accounting without their personal data/)).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);

  // What makes sense: the money and the cancellation (nobody mailed); no mail, no attendance.
  await expect(page.getByRole('region', { name: 'Attendance' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Mails' }).getByText('No mail can be sent: the delegate deleted their account.')).toBeVisible();
  const cancel = page.getByRole('region', { name: 'Cancel' });
  await expect(cancel.getByText(/No mail is sent: the delegate deleted their account\./)).toBeVisible();
  await expect(cancel.getByText(/The delegate is mailed/)).toHaveCount(0);
  await cancel.getByRole('radio', { name: /Another amount/ }).check({ force: true });
  await expect(cancel.getByText('The order keeps it.')).toBeVisible();
  await expectAccessible(page, 'office order of a deleted account');
  await page.screenshot({ path: 'test-results/office-deleted-account-1366.png', fullPage: true });
  await heading.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/office-deleted-account-1366-top.png' });
  await cancel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/office-deleted-account-1366-cancel.png' });

  // On a phone: the heading and the note wrap, nothing is wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(heading).toBeVisible();
  const box = await heading.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/office-deleted-account-390.png', fullPage: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: 'test-results/office-deleted-account-390-top.png' });
  await cancel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/office-deleted-account-390-cancel.png' });
  expect(consoleErrors).toEqual([]);
});
