/**
 * The bank statement import in Chromium, as the registration office meets it: the organiser
 * chooses the bank's CSV, checks the column mapping the page offers, imports it; one line is
 * matched and booked, one is booked short (listed with what is missing), one names an order that
 * does not exist and one names none. The office assigns the unknown line to the short order (its
 * delegate sent the rest under a mistyped reference) and discards the other with a note; a
 * second import of the file changes nothing; the delegate sees both orders paid. Axe, 390 px.
 */
import type { Page } from '@playwright/test';
import { transferReference } from '#core/orders/reference';
import { validOrder } from '../support/bodies';
import { organiserCommand, totpCode } from '../support/office';
import { api, bearer, dynamoOrigin, expect, expectAccessible, logInAsNewDelegate, test } from './fixtures';

const AUGUST = '2024-08-01T02:00:00Z';

async function checkingOrder(delegate: Page) {
  const placed = await delegate.request.post(api('/registration/submission'), { data: validOrder(), headers: await bearer(delegate) });
  const { id } = ((await placed.json()) as { data: { id: string } }).data;
  const done = await delegate.request.post(api(`/registration/submission/transfer-payment/${id}`), { data: { type: 'done' }, headers: await bearer(delegate) });
  expect(done.status(), await done.text()).toBe(200);
  const read = await delegate.request.get(api(`/registration/submission/${id}`), { headers: await bearer(delegate) });
  return ((await read.json()) as { data: { order: { order_no: string; reference: string; amount_required: string } } }).data.order;
}

test('the office imports a statement with a matched, a short and an unknown line and resolves them', async ({ browser, page, pinClock, consoleErrors }) => {
  test.setTimeout(120_000);
  await pinClock(AUGUST);

  // A delegate with two orders waiting for their transfers.
  const delegateContext = await browser.newContext({ extraHTTPHeaders: { 'x-app-now': AUGUST, 'x-local-client-ip': '10.78.0.1' } });
  const delegate = await delegateContext.newPage();
  await logInAsNewDelegate(delegate, 'statement-payer');
  const exact = await checkingOrder(delegate);
  const short = await checkingOrder(delegate);

  // An organiser (role from the command, authenticator set up; the set-up page is proved in office.spec.ts).
  const email = await logInAsNewDelegate(page, 'statement-office');
  expect((await organiserCommand(dynamoOrigin(), 'grant', email)).code).toBe(0);
  const enrol = await page.request.post(api('/office/second_factor/enrol'), { headers: await bearer(page), data: {} });
  const { secret } = ((await enrol.json()) as { data: { secret: string } }).data;
  const confirmed = await page.request.post(api('/office/second_factor/confirm'), { headers: await bearer(page), data: { code: await totpCode(secret) } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);

  await page.goto('/office');
  const officeNav = page.getByRole('navigation', { name: 'Office' });
  await officeNav.getByRole('link', { name: 'Statement import' }).click();
  await expect(page.getByRole('heading', { name: 'Statement import', level: 1 })).toBeVisible();
  await expect(officeNav.getByRole('link', { name: 'Statement import' })).toHaveAttribute('aria-current', 'page');
  // (Under npm test the portal is shared with the API tests, whose imports may have left lines to resolve.)
  await expectAccessible(page, 'statement import');

  // The bank's CSV: its own column names, ; separated, decimal commas.
  const t = Date.now().toString(36);
  const unknown = transferReference(999_998);
  const missing = (Number(short.amount_required) - 50).toFixed(2);
  const csv = [
    'Value date;Credit amount;Ccy;Remitter;Payment details;Balance',
    `05.08.2024;${exact.amount_required.replace('.', ',')};USD;"WANG LI ${t}";"REG ${exact.reference.replace(/-/g, ' ')}";1000`,
    `05.08.2024;${missing.replace('.', ',')};USD;"WANG LI ${t}";"${short.reference.replace(/-/g, '')} registration";2000`,
    `06.08.2024;50,00;USD;"WANG LI ${t}";"rest for ${unknown}";2050`,
    `06.08.2024;30,00;USD;"A. Donor ${t}";"=HYPERLINK(""http://example.org"")";2080`,
    `06.08.2024;-12,00;USD;"BANK ${t}";"Charges";2068`,
  ].join('\r\n');
  const fileName = `statement-${t}.csv`;
  const form = page.getByRole('form', { name: 'Import a bank statement' });
  await form.getByLabel('Statement file').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(`\ufeff${csv}`) });
  const columns = form.getByRole('group', { name: 'Columns of the file' });
  await expect(columns.getByRole('combobox', { name: 'Date' })).toHaveValue('Value date');
  await expect(columns.getByRole('combobox', { name: 'Amount' })).toHaveValue('Credit amount');
  await expect(columns.getByRole('combobox', { name: 'Currency' })).toHaveValue('Ccy');
  await expect(columns.getByRole('combobox', { name: 'Payer' })).toHaveValue('Remitter');
  await columns.getByRole('combobox', { name: 'Reference text' }).selectOption('Payment details');
  await expectAccessible(page, 'statement import, mapping');
  await form.getByRole('button', { name: 'Import the statement' }).click();
  await expect(form.getByRole('status')).toContainText(`${fileName}: 4 lines of money in read; 2 booked, 2 to resolve below, 0 already imported before; 1 line of money out skipped.`);

  const lines = page.getByRole('table', { name: `Lines of ${fileName}` });
  await expect(lines.getByRole('row').filter({ hasText: `REG ${exact.reference.replace(/-/g, ' ')}` })).toContainText(`Booked to ${exact.reference}. Order status after it: Paid.`);
  await expect(lines.getByRole('row').filter({ hasText: 'registration' })).toContainText(`Booked to ${short.reference}: US$50.00 short of what it awaited. Order status after it: Checking.`);
  const differs = page.getByRole('table', { name: 'Booked with another amount' });
  await expect(differs.getByRole('row').filter({ hasText: short.reference.replace(/-/g, '') })).toContainText('US$50.00 short');

  // The unknown reference and the stray line are listed with their reasons; the formula is only text.
  const toResolve = page.getByRole('table', { name: 'Lines to resolve' });
  const unknownRow = toResolve.getByRole('row').filter({ hasText: unknown });
  await expect(unknownRow).toContainText(`No order has the reference ${unknown}.`);
  const strayRow = toResolve.getByRole('row').filter({ hasText: `A. Donor ${t}` });
  await expect(strayRow).toContainText('=HYPERLINK("http://example.org")');
  await expect(strayRow).toContainText('No payment reference in the text.');
  await page.screenshot({ path: 'test-results/statement-import-lines.png', fullPage: true });

  // Assign the unknown line to the short order, found by its number.
  await unknownRow.getByRole('button', { name: /^Assign the line of US\$50\.00/ }).click();
  const find = page.getByRole('form', { name: 'Find the order' });
  await find.getByRole('textbox', { name: 'Order number, payment reference or e-mail' }).fill(short.order_no);
  await find.getByRole('button', { name: 'Find the order' }).click();
  const found = page.getByRole('list', { name: 'Orders found' });
  await expect(found).toContainText(`${short.order_no} · ${short.reference}`);
  await expect(found).toContainText('awaits US$50.00');
  await found.getByRole('button', { name: `Assign to ${short.order_no}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `Assigned to ${short.reference}.` })).toContainText('the order is paid');
  await expect(toResolve.getByRole('row').filter({ hasText: unknown })).toHaveCount(0);

  // Discard the stray one with a note (a note is required).
  await strayRow.getByRole('button', { name: /^Discard the line of US\$30\.00/ }).click();
  const discard = page.getByRole('form', { name: 'Discard the line' });
  await discard.getByRole('button', { name: 'Discard the line' }).click();
  await expect(discard.getByText('Please say why the line is set aside')).toBeVisible();
  await discard.getByRole('textbox', { name: 'Why it is set aside' }).fill('Not for the congress: sent back to the payer');
  await discard.getByRole('button', { name: 'Discard the line' }).click();
  await expect(page.getByText('The line is discarded with your note.')).toBeVisible();
  await expect(strayRow).toHaveCount(0);
  await expectAccessible(page, 'statement import, resolved');

  // The same file again changes nothing; the import is listed with its lines.
  await form.getByLabel('Statement file').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(`\ufeff${csv}`) });
  await form.getByRole('button', { name: 'Import the statement' }).click();
  await expect(form.getByRole('status')).toContainText(`${fileName} was imported already (2024-08-01): nothing has changed.`);
  const imports = page.getByRole('table', { name: 'Imports' });
  await imports.getByRole('button', { name: `Lines of ${fileName}` }).first().click();
  await expect(page.getByRole('table', { name: `Lines of ${fileName}` }).first().getByRole('row').filter({ hasText: `A. Donor ${t}` })).toContainText(`Discarded by ${email}: Not for the congress`);

  // A file the page refuses before sending: too large.
  await form.getByLabel('Statement file').setInputFiles({ name: 'huge.csv', mimeType: 'text/csv', buffer: Buffer.alloc(5 * 1024 * 1024, 'a') });
  await expect(form.getByRole('alert')).toContainText('The file is 5.0 MB; at most 4.0 MB can be imported at once.');

  // The delegate's list: both orders paid.
  await delegate.goto('/registration/list');
  const list = delegate.getByRole('table', { name: 'Your registration orders' });
  await expect(list.getByRole('row').filter({ hasText: exact.order_no })).toContainText('Paid');
  await expect(list.getByRole('row').filter({ hasText: short.order_no })).toContainText('Paid');

  // Phone width: no sideways scroll of the page (wide tables scroll in their own region).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Statement import', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Booked with another amount' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/statement-import-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/statement-import.png', fullPage: true });
  expect(consoleErrors).toEqual([]);
  await delegateContext.close();
});
