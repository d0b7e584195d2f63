/**
 * The office's order page in words (issue 29, item 16), as an organiser reads it at 1366 and
 * 390 px: the delegate's choices under the wizard's own labels ("Standard rate: US$650.00", the
 * visit by name, Yes/No), what is still to pay in words, and the audit trail's amounts in dollars
 * with their currency.
 */
import { api, bearer, expect, officeOrganiser, test } from './fixtures';
import { AUGUST, apiDelegate, atBothWidths, openPage } from './office-ui-steps';

test("an order's page shows the delegate's choices and the money in words, not codes", async ({ browser, page, pinClock }) => {
  test.setTimeout(180_000);
  const delegate = await apiDelegate(browser, 'words');
  const order = await delegate.place({ accompanying_person: 1, post_conference_activities_person: 2, post_conference_activities_attach: 2, hotel_book_required: 1, check_in_date: '2024-11-03', check_out_date: '2024-11-06', superior_twin_room: 1 });
  await delegate.context.close();
  await pinClock(AUGUST);
  await officeOrganiser(page, 'words-office');
  const received = await page.request.post(api(`/office/transfers/${order.reference}/received`), { data: { amount: '100.00' }, headers: await bearer(page) });
  expect(received.status(), await received.text()).toBe(200);

  await page.setViewportSize({ width: 1366, height: 900 });
  await openPage(page, `/office/orders/${order.id}`, `Order ${order.order_no}`);
  const entered = page.getByRole('region', { name: 'What the delegate entered' });
  const value = (label: string) => entered.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  await expect(value('Registration rate')).toHaveText('Standard rate: US$650.00');
  await expect(value('Post-conference visit on 7 November')).toHaveText('Great Wall');
  await expect(value('Do you need a hotel room?')).toHaveText('Yes');
  await expect(value('Superior twin room: number of rooms')).toHaveText('1');
  await expect(entered).not.toContainText(/Rate\s*650|attach|Hotel book required|Post conference/);

  const money = page.getByRole('region', { name: 'Money' });
  // 650 + 250 + 2 x 70 = 1,040.00; 100.00 arrived.
  await expect(money.getByText('US$940.00 still to pay')).toBeVisible();
  await expect(money).not.toContainText('US$-');

  const trail = page.getByRole('table', { name: 'Audit trail' });
  const confirmed = trail.getByRole('row').filter({ hasText: 'transfer.confirmed' });
  await expect(confirmed).toContainText('US$100.00');
  await expect(confirmed).not.toContainText('10000');
  await atBothWidths(page, 'office-order-words');
});
