/**
 * Nothing is offered that is then refused or pointless (issue 29, item 18), as a person sees it:
 * on 8 November (after the congress) a paid order's row has no Edit and no Cancel; a Checking and
 * a Cancelled order have no certificate line; the office's attendance form is not offered in
 * August (the reason is), and is on the congress's second day.
 */
import { api, bearer, expect, officeOrganiser, test } from './fixtures';
import { AUGUST, apiDelegate, atBothWidths, logIn, openPage } from './office-ui-steps';

const DAY2 = '2024-11-05T02:00:00Z';
const AFTER = '2024-11-08T02:00:00Z';

test('after the congress a paid order offers no edit or cancellation; only paid orders have a certificate line', async ({ browser, page, pinClock }) => {
  test.setTimeout(180_000);
  const delegate = await apiDelegate(browser, 'offered');
  const paid = await delegate.place();
  const checking = await delegate.place();
  const cancelled = await delegate.place();
  await delegate.context.close();

  await pinClock(AUGUST);
  await officeOrganiser(page, 'offered-office');
  const headers = await bearer(page);
  for (const order of [paid, cancelled]) expect((await page.request.post(api(`/office/transfers/${order.reference}/received`), { data: { amount: '650.00' }, headers })).status()).toBe(200);
  const cancel = await page.request.post(api(`/office/orders/${cancelled.id}/cancel`), { data: { refund: 'other', refund_amount: '0', reason: 'Asked by phone' }, headers });
  expect(cancel.status(), await cancel.text()).toBe(200);

  // The office in August: the order's page says when attendance can be marked, and offers no form.
  await openPage(page, `/office/orders/${paid.id}`, `Order ${paid.order_no}`);
  const attendance = page.getByRole('region', { name: 'Attendance' });
  await expect(attendance.getByText("Attendance can be marked from the congress's first day, 4 November 2024, 00:00 CST (UTC+8).")).toBeVisible();
  await expect(attendance.getByRole('form', { name: 'Mark attendance' })).toHaveCount(0);
  await expect(attendance.getByRole('radio')).toHaveCount(0);

  // The delegate on 8 November.
  await page.evaluate(() => localStorage.clear());
  await pinClock(AFTER);
  await logIn(page, delegate.email);
  await page.setViewportSize({ width: 1366, height: 900 });
  await openPage(page, '/registration/list', 'My registrations');
  const row = (no: string) => page.getByRole('row').filter({ hasText: no });
  await expect(row(paid.order_no)).toContainText('Paid', { timeout: 45_000 });
  await expect(row(paid.order_no).getByRole('link', { name: /Edit/ })).toHaveCount(0);
  await expect(row(paid.order_no).getByRole('button', { name: /Cancel/ })).toHaveCount(0);
  await expect(row(paid.order_no).getByRole('group', { name: `Certificate of attendance, order ${paid.order_no}` })).toBeVisible();
  await expect(row(checking.order_no)).toContainText('Checking');
  await expect(row(cancelled.order_no)).toContainText('Cancelled');
  for (const no of [checking.order_no, cancelled.order_no]) {
    await expect(row(no).getByText('Certificate of attendance')).toHaveCount(0);
    await expect(row(no).getByText(/after the congress/)).toHaveCount(0);
  }
  await atBothWidths(page, 'offered-actions-list');
});

test("the office's attendance form is there on the congress's second day", async ({ browser, page, pinClock }) => {
  test.setTimeout(180_000);
  const delegate = await apiDelegate(browser, 'offered-day2');
  const order = await delegate.place();
  await delegate.context.close();
  await pinClock(DAY2);
  await officeOrganiser(page, 'offered-day2-office');
  expect((await page.request.post(api(`/office/transfers/${order.reference}/received`), { data: { amount: '650.00' }, headers: await bearer(page) })).status()).toBe(200);
  await openPage(page, `/office/orders/${order.id}`, `Order ${order.order_no}`);
  const form = page.getByRole('region', { name: 'Attendance' }).getByRole('form', { name: 'Mark attendance' });
  await expect(form.getByRole('radio', { name: 'Attended' })).toBeVisible();
  await expect(form.getByRole('radio', { name: 'Did not attend' })).toBeVisible();
});
