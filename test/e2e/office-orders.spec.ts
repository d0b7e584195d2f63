/**
 * The office's orders in Chromium: the dashboard's numbers lead to the order table; an organiser
 * finds a delegate's orders by the beginning of a name, narrows them to the Local rate to check,
 * opens one, reads what the delegate entered and confirms part of a transfer on it.
 */
import type { Page } from '@playwright/test';
import { validOrder } from '../support/bodies';
import { organiserCommand, totpCode } from '../support/office';
import { api, bearer, dynamoOrigin, expect, expectAccessible, logInAsNewDelegate, test } from './fixtures';

const AUGUST = '2024-08-01T02:00:00Z';

/** An organiser whose authenticator is set up and whose session passed it (the set-up itself is office.spec.ts). */
async function openOfficeAs(page: Page) {
  const email = await logInAsNewDelegate(page, 'orders-office');
  expect((await organiserCommand(dynamoOrigin(), 'grant', email)).code).toBe(0);
  const headers = await bearer(page);
  const enrol = await page.request.post(api('/office/second_factor/enrol'), { data: {}, headers });
  const { secret } = ((await enrol.json()) as { data: { secret: string } }).data;
  const confirmed = await page.request.post(api('/office/second_factor/confirm'), { data: { code: await totpCode(secret) }, headers });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

test('an organiser finds a delegate\'s orders, opens one and confirms part of its transfer', async ({ browser, page, pinClock }) => {
  test.setTimeout(120_000);
  await pinClock(AUGUST);
  const name = `Zoë${Math.random().toString(36).slice(2, 7)}`;
  const delegateContext = await browser.newContext({ extraHTTPHeaders: { 'x-app-now': AUGUST, 'x-local-client-ip': '10.78.0.1' } });
  const delegate = await delegateContext.newPage();
  await logInAsNewDelegate(delegate, 'orders-delegate');
  const place = async (overrides: Record<string, string | number>) => {
    const r = await delegate.request.post(api('/registration/submission'), { data: validOrder({ first_name: name, last_name: 'Lindqvist', ...overrides }), headers: await bearer(delegate) });
    return ((await r.json()) as { data: { id: string; order_no: string } }).data;
  };
  const local = await place({ rate: 250, primary_address_country: 'Sweden', organization: 'Karolinska Institutet' });
  const standard = await place({});
  const done = await delegate.request.post(api(`/registration/submission/transfer-payment/${local.id}`), { data: { type: 'done' }, headers: await bearer(delegate) });
  expect(done.status(), await done.text()).toBe(200);

  await openOfficeAs(page);
  await page.goto('/office');
  await expect(page.getByRole('heading', { name: 'Registration office', level: 1 })).toBeVisible();
  const money = page.getByRole('region', { name: 'Money' });
  await expect(money.getByText('Transfers to look for')).toBeVisible();
  await expect(page.getByRole('img', { name: /^Orders placed per day: \d+ over/ })).toBeVisible();
  await expectAccessible(page, 'office dashboard');

  // The table, through the office navigation; a name found by its beginning, any case, no accents.
  await page.getByRole('navigation', { name: 'Office' }).getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill(name.toLowerCase().replace('ë', 'e').slice(0, 6));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const table = page.getByRole('table', { name: 'Orders' });
  await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(2);
  await expect(table.getByRole('row').filter({ hasText: local.order_no })).toContainText('Checking');
  await expect(table.getByRole('row').filter({ hasText: standard.order_no })).toContainText('Unpaid');
  await page.getByRole('combobox', { name: 'Show' }).selectOption('local-check');
  await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: local.order_no })).toContainText('Local rate to check');
  await expectAccessible(page, 'office orders');
  // The search and filter are in the address: a refresh keeps them.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: local.order_no })).toBeVisible();

  await table.getByRole('link', { name: local.order_no }).click();
  await expect(page.getByRole('heading', { name: `Order ${local.order_no}`, level: 1 })).toBeVisible();
  await expect(page.getByText('Karolinska Institutet')).toBeVisible();
  await expect(page.getByText('Local rate, country not China: to check')).toBeVisible();
  const confirm = page.getByRole('form', { name: 'Confirm a transfer' });
  await confirm.getByRole('textbox', { name: 'Amount received (US$)' }).fill('100.00');
  await confirm.getByRole('button', { name: 'Confirm the transfer' }).click();
  // Nothing is booked before the organiser has read what it does (issue 29, item 7).
  const dialog = page.getByRole('alertdialog', { name: `Book US$100.00 for order ${local.order_no}?` });
  await expect(dialog).toContainText('which awaits US$250.00');
  await expect(dialog).toContainText('US$150.00 is still missing: the order stays Checking');
  await dialog.getByRole('button', { name: 'Book US$100.00' }).click();
  await expect(confirm.getByRole('status')).toBeVisible();
  await expect(page.getByText(/received US\$100\.00/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Audit trail' })).toContainText('transfer.confirmed');
  await expectAccessible(page, 'office order');

  // The rest arrives; the paid order can then be cancelled by the office as its delegate would.
  await confirm.getByRole('textbox', { name: 'Amount received (US$)' }).fill('150.00');
  await confirm.getByRole('button', { name: 'Confirm the transfer' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Book US$150.00' }).click();
  await expect(page.getByText(/received US\$250\.00/)).toBeVisible();
  const cancel = page.getByRole('form', { name: 'Cancel the order' });
  await expect(page.getByRole('region', { name: 'Cancel' })).toContainText('By the refund policy today, US$200.00 goes back by bank transfer');
  await expect(cancel.getByRole('radio', { name: "The policy's refund: US$200.00" })).toBeChecked();
  // Another amount: its field and the reason appear, and both are asked for before anything is sent.
  await cancel.getByText('Another amount').click();
  await cancel.getByRole('button', { name: 'Cancel the order' }).click();
  await expect(cancel.getByText('Please give the refund in US dollars, e.g. 325.00 (0 for none).')).toBeVisible();
  await expect(cancel.getByText('Please say why the refund differs from the policy: the delegate is told, and the order keeps it.')).toBeVisible();
  await expect(page.getByText(/\): Paid$/)).toBeVisible();
  await cancel.getByRole('textbox', { name: 'Refund (US$)' }).fill('120.00');
  await cancel.getByRole('textbox', { name: 'Reason' }).fill('Half of the hotel deposit kept, as agreed by mail');
  await cancel.screenshot({ path: 'test-results/office-order-cancel.png' });
  await cancel.getByRole('button', { name: 'Cancel the order' }).click();
  const cancelDialog = page.getByRole('alertdialog', { name: `Cancel order ${local.order_no}?` });
  await expect(cancelDialog).toContainText('US$120.00 is refunded by bank transfer');
  await expect(cancelDialog).toContainText('The reason, which the delegate reads: Half of the hotel deposit kept, as agreed by mail');
  await cancelDialog.getByRole('button', { name: 'Cancel and refund US$120.00' }).click();
  await expect(page.getByText(/\): Refunding$/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Refunds' })).toContainText('asked by office: Half of the hotel deposit kept, as agreed by mail');
  // US$120.00 in all, taken from the two transfers that paid the order (each refund at most its payment).
  const refunded = await page.getByRole('table', { name: 'Refunds' }).locator('tbody tr td:nth-child(3)').allTextContents();
  expect(refunded.reduce((sum, cell) => sum + Number(cell.replace(/[^\d.]/g, '')), 0)).toBe(120);
  await expect(cancel).toHaveCount(0);

  // The delegate lost the cancellation mail: the office sends it again.
  const resend = page.getByRole('form', { name: 'Send a mail again' });
  // Only the mails still true of a cancelled order: the payment received, the refund on its way.
  await expect(resend.getByRole('radio')).toHaveCount(2);
  await expect(resend.getByText('Payment received')).toBeVisible();
  await resend.getByText('Order cancelled, refund on its way').click();
  await resend.getByRole('button', { name: 'Send again' }).click();
  await expect(resend.getByRole('status')).toContainText('"Order cancelled, refund on its way" has been sent again to');
  await resend.screenshot({ path: 'test-results/office-order-resend.png' });
  await expect(page.getByRole('table', { name: 'Audit trail' })).toContainText('mail.resent');

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/office-order-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goBack();
  await page.screenshot({ path: 'test-results/office-orders-1366.png', fullPage: true });
  await page.goto('/office');
  await page.screenshot({ path: 'test-results/office-dashboard-1366.png', fullPage: true });
  await delegateContext.close();
});

test('the order table shows its columns, pages through a search (rows per page, next, previous) kept in the address, and opens an order', async ({ browser, page, pinClock, consoleErrors }) => {
  test.setTimeout(180_000);
  await pinClock(AUGUST);
  // Twelve orders of one (unique) family name, from three delegates (five orders each at most).
  const family = `Pagerud${Math.random().toString(36).slice(2, 7)}`;
  const placed: { id: string; order_no: string }[] = [];
  for (const [i, count] of [5, 5, 2].entries()) {
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-app-now': AUGUST, 'x-local-client-ip': `10.78.1.${i + 1}` } });
    const delegate = await context.newPage();
    await logInAsNewDelegate(delegate, 'orders-pages');
    for (let n = 0; n < count; n++) {
      const r = await delegate.request.post(api('/registration/submission'), { data: validOrder({ first_name: 'Ingrid', last_name: family }), headers: await bearer(delegate) });
      expect(r.status(), await r.text()).toBe(200);
      placed.push(((await r.json()) as { data: { id: string; order_no: string } }).data);
    }
    await context.close();
  }

  await openOfficeAs(page);
  await page.goto('/office');
  await page.getByRole('navigation', { name: 'Office' }).getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Orders' });
  await expect(table.getByRole('columnheader')).toHaveText(['Order', 'Delegate', 'Country', 'Status', 'Amount', 'Placed']);
  await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('25');

  await page.getByRole('textbox', { name: 'Search' }).fill(family.toLowerCase());
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const rows = table.getByRole('row').filter({ hasText: family });
  await expect(rows).toHaveCount(12);
  const pager = page.getByRole('navigation', { name: 'Pages of orders' });
  await expect(pager).toHaveCount(0);

  // Ten a page, then the other two (each order once); the address keeps page, search and size.
  const shownOrders = async () => (await table.getByRole('row').filter({ hasText: family }).getByRole('link').allTextContents()).sort();
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('10');
  await expect(rows).toHaveCount(10);
  await expect(page).toHaveURL(/[?&]rows=10(&|$)/);
  const firstPage = await shownOrders();
  await expect(pager.getByRole('link', { name: 'Previous page' })).toHaveCount(0);
  await pager.getByRole('link', { name: 'Next page' }).click();
  await expect(rows).toHaveCount(2);
  const secondPage = await shownOrders();
  expect([...firstPage, ...secondPage].sort()).toEqual(placed.map((o) => o.order_no).sort());
  await expect(pager.getByRole('link', { name: 'Next page' })).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]page=[^&]+/);
  await expectAccessible(page, 'office orders, second page');
  await page.reload();
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('10');
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue(family.toLowerCase());
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/office-orders-pages-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  // Previous page still works after the refresh: the earlier pages are in the address too.
  await pager.getByRole('link', { name: 'Previous page' }).click();
  await expect(rows).toHaveCount(10);
  expect(await shownOrders()).toEqual(firstPage);
  await page.screenshot({ path: 'test-results/office-orders-pages-1366.png', fullPage: true });
  // Back in the browser returns to the second page.
  await page.goBack();
  await expect(rows).toHaveCount(2);

  // A row's order number opens the order.
  const opened = placed.find((o) => o.order_no === secondPage[0])!;
  await table.getByRole('link', { name: opened.order_no }).click();
  await expect(page).toHaveURL(new RegExp(`/office/orders/${opened.id}$`));
  await expect(page.getByRole('heading', { name: `Order ${opened.order_no}`, level: 1 })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
