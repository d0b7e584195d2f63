/**
 * Receipts and credit notes in Chromium: a delegate pays an order by card and downloads its
 * receipt from the order list (the PDF says its number, the payer and PAID); cancelling it with
 * a refund adds the credit note; the office finds the order through its navigation and downloads
 * the same documents from the order page. Phone width and axe on each page.
 */
import type { Download, Page } from '@playwright/test';
import fs from 'node:fs';
import { validOrder } from '../support/bodies';
import { pdfText } from '../support/pdf';
import { at390 } from './registration-steps';
import { api, bearer, expect, expectAccessible, logInAsNewDelegate, officeOrganiser, test } from './fixtures';

/** 1 August 2024 10:00 CST: registration open, cancellation costs US$50. */
const AUGUST = '2024-08-01T02:00:00Z';

async function payOnCheckout(page: Page, card: string) {
  await expect(page.getByRole('heading', { name: /^Pay US\$/ })).toBeVisible();
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay US\$/ }).click();
}

async function pdfOf(download: Download) {
  const file = await download.path();
  return { name: download.suggestedFilename(), text: pdfText(fs.readFileSync(file)).normalize('NFC') };
}

const row = (page: Page, orderNo: string) => page.getByRole('table', { name: 'Your registration orders' }).getByRole('row').filter({ hasText: orderNo });

test('pay an order by card, download its receipt from the list; a cancellation adds its credit note; the office downloads both', async ({ browser, page, pinClock, consoleErrors }) => {
  test.setTimeout(180_000);
  await pinClock(AUGUST);
  const family = `Żółć${Math.random().toString(36).slice(2, 7)}`;
  await logInAsNewDelegate(page, 'receipt');
  const placed = await page.request.post(api('/registration/submission'), { data: validOrder({ first_name: 'Łukasz', last_name: family, organization: '北京大学肿瘤医院' }), headers: await bearer(page) });
  expect(placed.status(), await placed.text()).toBe(200);
  const order = ((await placed.json()) as { data: { id: string; checksum: string; order_no: string } }).data;

  await page.goto('/registration/list');
  await row(page, order.order_no).getByRole('link', { name: /^Unpaid/ }).click();
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await payOnCheckout(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/registration\/list/);
  await expect(row(page, order.order_no).getByText('Paid', { exact: true })).toBeVisible();

  // The receipt is on the order's row (issued when the payment was confirmed).
  const receiptButton = row(page, order.order_no).getByRole('button', { name: /^Download Receipt IACR2024-\d{4} \(PDF\)$/ });
  await expect(receiptButton).toBeVisible();
  const receiptNumber = (await receiptButton.textContent())!.match(/IACR2024-\d{4}/)![0];
  await expectAccessible(page, 'order list with a receipt');
  const [download] = await Promise.all([page.waitForEvent('download'), receiptButton.click()]);
  const receipt = await pdfOf(download);
  expect(receipt.name).toBe(`IACR2024-receipt-${receiptNumber}.pdf`);
  for (const text of ['Receipt', receiptNumber, `Dr. Łukasz ${family}`, '北京大学肿瘤医院', 'US$650.00', 'PAID', 'Registration order: ' + order.order_no]) expect(receipt.text).toContain(text);
  await at390(page, 'receipt-order-list');
  // On a phone the order is a card with the same download.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('list', { name: 'Your registration orders' }).getByRole('button', { name: `Download Receipt ${receiptNumber} (PDF)` })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });

  // Cancelled with the policy's refund (US$600.00 of US$650.00): a credit note of that, referring to the receipt.
  await row(page, order.order_no).getByRole('button', { name: /Cancel order .* with refund/ }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel this order?' });
  await dialog.getByRole('button', { name: 'Cancel and refund US$600.00' }).click();
  await expect(row(page, order.order_no).getByText('Cancelled', { exact: true })).toBeVisible();
  const creditButton = row(page, order.order_no).getByRole('button', { name: /^Download Credit note IACR2024-\d{4} \(PDF\)$/ });
  await expect(creditButton).toBeVisible();
  await expect(row(page, order.order_no).getByRole('button', { name: `Download Receipt ${receiptNumber} (PDF)` })).toBeVisible();
  const [creditDownload] = await Promise.all([page.waitForEvent('download'), creditButton.click()]);
  const credit = await pdfOf(creditDownload);
  for (const text of ['Credit note', `Refers to receipt: ${receiptNumber}`, 'US$600.00', '−US$50.00', 'REFUNDED']) expect(credit.text).toContain(text);
  await expectAccessible(page, 'order list with a receipt and a credit note');
  await row(page, order.order_no).screenshot({ path: 'test-results/receipt-order-row.png' });
  expect(consoleErrors).toEqual([]);

  // The office: Orders in its navigation, the order found by its number, its documents listed and downloadable.
  const officeContext = await browser.newContext({ extraHTTPHeaders: { 'x-app-now': AUGUST, 'x-local-client-ip': '10.79.0.1' } });
  const office = await officeContext.newPage();
  await officeOrganiser(office, 'receipt-office');
  await office.goto('/office');
  await office.getByRole('navigation', { name: 'Office' }).getByRole('link', { name: 'Orders', exact: true }).click();
  await office.getByRole('textbox', { name: 'Search' }).fill(family.toLowerCase());
  await office.getByRole('button', { name: 'Search', exact: true }).click();
  await office.getByRole('table', { name: 'Orders' }).getByRole('link', { name: order.order_no }).click();
  await expect(office.getByRole('heading', { name: `Order ${order.order_no}`, level: 1 })).toBeVisible();
  const documents = office.getByRole('table', { name: 'Receipts and credit notes' });
  await expect(documents.getByRole('row').filter({ hasText: receiptNumber }).first()).toContainText('Receipt');
  await expect(documents.getByRole('row').filter({ hasText: 'Credit note' })).toContainText(`Receipt ${receiptNumber}`);
  await expect(documents.getByText(/\d{4}, \d\d:\d\d CST \(UTC\+8\)/).first()).toBeVisible();
  await expectAccessible(office, 'office order with its receipt and credit note');
  await office.locator('section[aria-label="Receipts and credit notes"]').screenshot({ path: 'test-results/receipt-office-documents.png' });
  const [officeDownload] = await Promise.all([office.waitForEvent('download'), documents.getByRole('button', { name: `Download Receipt ${receiptNumber} (PDF)` }).click()]);
  expect((await pdfOf(officeDownload)).text).toContain(receiptNumber);
  await at390(office, 'receipt-office-order');
  await office.screenshot({ path: 'test-results/receipt-office-order.png', fullPage: true });
  await officeContext.close();
});
