/**
 * Bank refunds owed, in Chromium (issue 29 item 5), as a delegate and an organiser use them: an
 * overpaid transfer (700.00 for a 650.00 order) leaves US$50.00 to send back; the delegate opens
 * the mail's link (and sees the order list's), is told what is wrong with a mistyped IBAN, and
 * gives the account; the organiser goes from the dashboard's "Refunds waiting" to the refunds
 * owed, sees the account, is asked to confirm with the amount, to whom and by what, records it;
 * the delegate's list then has the credit note. Screenshots at 390 and 1366 px in test-results/.
 */
import type { Page } from '@playwright/test';
import { validOrder } from '../support/bodies';
import { api, bearer, expect as baseExpect, expectAccessible, logInAsNewDelegate, officeOrganiser, test } from './fixtures';

// The new routes' handlers load on their first request: on a busy machine that first answer takes longer.
const expect = baseExpect.configure({ timeout: 30_000 });

const AUGUST = '2024-08-01T02:00:00Z';
const mailOrigin = () => process.env.MAIL_ORIGIN ?? `http://localhost:${process.env.TEST_MAIL_PORT ?? 8105}`;

/** The newest mail to `to` with such a subject, waited for (the money-events worker sends it moments after the write). */
async function mailTo(to: string, subject: RegExp) {
  type Stored = { destination: { to: string[] }; subject: string; body: { text?: string } };
  let found: Stored | undefined;
  await expect(async () => {
    const store = (await (await fetch(`${mailOrigin()}/store`)).json()) as { emails: Stored[] };
    found = store.emails.filter((m) => m.destination.to.some((d) => d.includes(to)) && subject.test(m.subject)).at(-1);
    expect(found, `a mail to ${to} with the subject ${subject}`).toBeDefined();
  }).toPass({ timeout: 30_000 });
  return found;
}

async function shots(page: Page, name: string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/refunds-owed-${name}-${width}.png`, fullPage: true });
  }
}

test('a delegate gives the account for a bank refund; the office confirms and records it as sent', async ({ browser, page, pinClock, consoleErrors }) => {
  test.setTimeout(300_000);
  await pinClock(AUGUST);
  const delegateContext = await browser.newContext({ extraHTTPHeaders: { 'x-app-now': AUGUST, 'x-local-client-ip': '10.79.0.1' } });
  const delegate = await delegateContext.newPage();
  const email = await logInAsNewDelegate(delegate, 'refund-delegate');
  const created = await delegate.request.post(api('/registration/submission'), { data: validOrder(), headers: await bearer(delegate) });
  const order = ((await created.json()) as { data: { id: string; order_no: string } }).data;
  expect((await delegate.request.post(api(`/registration/submission/transfer-payment/${order.id}`), { data: { type: 'done' }, headers: await bearer(delegate) })).status()).toBe(200);

  await officeOrganiser(page, 'refunds-office');
  const detail = await page.request.get(api(`/office/orders/${order.id}`), { headers: await bearer(page) });
  const reference = ((await detail.json()) as { data: { order: { reference: string } } }).data.order.reference;
  const received = await page.request.post(api(`/office/transfers/${reference}/received`), { data: { amount: '700.00' }, headers: await bearer(page) });
  expect(received.status(), await received.text()).toBe(200);

  // The delegate: the mail's link leads to the form.
  const mail = await mailTo(email, new RegExp(`^Overpayment to be refunded: registration order ${order.order_no}$`));
  const link = /Give the account for your refund: (\S+)/.exec(mail!.body.text!)![1]!;
  await delegate.goto(new URL(link).pathname);
  await expect(delegate.getByRole('heading', { level: 1, name: 'Account for your refund' })).toBeVisible();
  await expect(delegate.getByRole('list', { name: 'Refunds waiting for your account' })).toContainText(`US$50.00 for order ${order.order_no}: paid more than the order costs`);
  const form = delegate.getByRole('form', { name: 'Account for your refund' });
  await form.getByRole('textbox', { name: 'Account holder' }).fill('Wei Zhang');
  await form.getByRole('textbox', { name: 'Bank' }).fill('Deutsche Bank');
  await form.getByRole('textbox', { name: 'IBAN or account number' }).fill('DE88 3704 0044 0532 0130 00');
  await form.getByRole('textbox', { name: 'SWIFT/BIC' }).fill('DEUT');
  await form.getByRole('button', { name: 'Save the account' }).click();
  await expect(form.getByText('This IBAN is not valid: its check digits do not match')).toBeVisible();
  await expect(form.getByText('Please enter the SWIFT/BIC code: 8 or 11 letters and digits')).toBeVisible();
  await expectAccessible(delegate, 'refund account form with errors');
  await shots(delegate, 'form-errors');
  // Corrected with the keyboard: select all, type again.
  const iban = form.getByRole('textbox', { name: 'IBAN or account number' });
  await iban.focus();
  await delegate.keyboard.press('ControlOrMeta+a');
  await delegate.keyboard.type('DE89 3704 0044 0532 0130 00');
  await delegate.keyboard.press('Tab');
  await delegate.keyboard.press('ControlOrMeta+a');
  await delegate.keyboard.type('DEUTDEFF');
  await delegate.keyboard.press('Enter');
  await expect(form.getByRole('status')).toContainText('The registration office will send your refund to this account.');
  await expect(delegate.getByText(/The registration office has your account/)).toBeVisible();
  await shots(delegate, 'form-saved');

  // The order list says it too, with the link.
  await delegate.goto('/registration/list');
  const line = delegate.getByTestId('bank-refund').filter({ visible: true }).first();
  await expect(line).toContainText('Refund of US$50.00 by bank transfer');
  await expect(line.getByRole('link', { name: `Give the account for the refund of order ${order.order_no}` })).toBeVisible();
  await shots(delegate, 'order-list');

  // The organiser: from the dashboard's "Refunds waiting" to the refunds owed.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/office');
  await page.getByRole('region', { name: 'Money' }).getByRole('link', { name: 'Refunds waiting' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Refunds owed' })).toBeVisible();
  const row = page.getByRole('table', { name: 'Refunds owed by bank transfer' }).getByRole('row').filter({ hasText: order.order_no });
  await expect(row).toContainText('US$50.00');
  await expect(row).toContainText('Paid more than the order costs');
  await expect(row).toContainText('DE89 3704 0044 0532 0130 00');
  await expect(row).toContainText('DEUTDEFF');
  await expectAccessible(page, 'refunds owed');
  await shots(page, 'office-list');
  await page.setViewportSize({ width: 1366, height: 900 });
  await row.getByRole('button', { name: `Record the refund of US$50.00 for order ${order.order_no} as sent` }).click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(dialog.getByRole('heading', { name: 'Record US$50.00 as sent?' })).toBeVisible();
  await expect(dialog).toContainText('Amount: US$50.00 (paid more than the order costs');
  await expect(dialog).toContainText(`To: Wei Zhang (${email})`);
  await expect(dialog).toContainText('By: bank transfer to Wei Zhang, Deutsche Bank, DE89 3704 0044 0532 0130 00, SWIFT/BIC DEUTDEFF');
  await shots(page, 'office-confirm');
  await page.setViewportSize({ width: 1366, height: 900 });
  await dialog.getByRole('button', { name: 'Record US$50.00 as sent' }).click();
  await expect(page.getByText('The refund of US$50.00 to Wei Zhang, Deutsche Bank, IBAN ending 3000 is recorded as sent')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: order.order_no })).toHaveCount(0);

  // The delegate's list: no refund owed any more, and the credit note beside the receipt.
  await delegate.reload();
  await expect(delegate.getByTestId('bank-refund')).toHaveCount(0);
  await expect(delegate.getByRole('button', { name: /^Download Credit note IACR2024-\d{4} \(PDF\)$/ }).filter({ visible: true }).first()).toBeVisible();
  expect(consoleErrors).toEqual([]);
  await delegateContext.close();
});
