/**
 * The registration office in Chromium, as an organiser meets it: the role from the command line,
 * the authenticator set up on the first visit (the test reads the key on the page and computes
 * codes from it, as the app would), ten recovery codes, then a bank transfer a delegate announced
 * confirmed by its reference, which the delegate's list shows at once. Phone width and axe too.
 */
import { validOrder } from '../support/bodies';
import { organiserCommand,totpCode } from '../support/office';
import { api,bearer,dynamoOrigin,expect,expectAccessible,logInAsNewDelegate,test } from './fixtures';

/** 1 August 2024 10:00 CST: registration open. */
const AUGUST = '2024-08-01T02:00:00Z';

test('an organiser sets up the authenticator, then confirms a delegate\'s bank transfer by its reference', async ({ browser, page, pinClock, consoleErrors }) => {
  test.setTimeout(120_000);
  await pinClock(AUGUST);

  // A delegate announces a transfer (the wizard's step 6 is proved in registration.spec.ts).
  const delegateContext = await browser.newContext({ extraHTTPHeaders: { 'x-app-now': AUGUST, 'x-local-client-ip': '10.77.0.1' } });
  const delegate = await delegateContext.newPage();
  await logInAsNewDelegate(delegate, 'payer');
  const placed = await delegate.request.post(api('/registration/submission'), { data: validOrder(), headers: await bearer(delegate) });
  const order = ((await placed.json()) as { data: { id: string; order_no: string } }).data;
  const transfer = await delegate.request.post(api(`/registration/submission/transfer-payment/${order.id}`), { data: { type: 'done' }, headers: await bearer(delegate) });
  expect(transfer.status(), await transfer.text()).toBe(200);
  await delegate.goto('/registration/list');
  const state = delegate.getByRole('table', { name: 'Your registration orders' }).getByRole('row').filter({ hasText: order.order_no }).getByTestId('order-state');
  await expect(state).toHaveText(/^Waiting for the office: your transfer of US\$650\.00 with the reference (IACR24-\d{6}-\d)$/);
  const reference = /(IACR24-\d{6}-\d)/.exec((await state.textContent())!)![1]!;

  // A delegate without the role is told the office is not for them.
  const email = await logInAsNewDelegate(page, 'organiser');
  await page.goto('/office');
  await expect(page.getByText('This is for the registration office only.')).toBeVisible();

  // The role comes from the command line only.
  expect((await organiserCommand(dynamoOrigin(), 'grant', email)).code).toBe(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Set up your authenticator app' })).toBeVisible();
  await page.getByRole('button', { name: 'Show the QR code' }).click();
  const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
  await expect(qr).toBeVisible();
  expect((await qr.boundingBox())!.width).toBeGreaterThan(150);
  await expectAccessible(page, 'authenticator set-up');
  const secret = (await page.getByTestId('totp-secret').textContent())!;
  await page.getByRole('textbox', { name: '6-digit code from the app' }).fill('000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toContainText('This code is not right');
  await page.getByRole('textbox', { name: '6-digit code from the app' }).fill(await totpCode(secret));
  await page.getByRole('button', { name: 'Confirm' }).click();

  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
  const open = page.getByRole('button', { name: 'Open the registration office' });
  await expect(open).toBeDisabled();
  await page.getByText('I have saved my recovery codes').click();
  await open.click();

  await expect(page.getByRole('heading', { name: 'Registration office', level: 1 })).toBeVisible();
  await expectAccessible(page, 'office home');
  const officeNav = page.getByRole('navigation', { name: 'Office' });
  await officeNav.getByRole('link', { name: 'Bank transfers' }).click();
  await expect(page.getByRole('heading', { name: 'Bank transfers', level: 1 })).toBeVisible();
  await expect(officeNav.getByRole('link', { name: 'Bank transfers' })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page, 'office transfers');
  const confirmCard = page.getByRole('form', { name: 'Confirm a transfer' });
  await confirmCard.getByRole('button', { name: 'Confirm the transfer' }).click();
  await expect(confirmCard.getByText('Please enter the payment reference, e.g. IACR24-000123-7.')).toBeVisible();
  // The delegate's transfer is in the list of transfers to look for; "Confirm..." fills the form.
  const waiting = page.getByRole('table', { name: 'Transfers to look for' });
  await expect(waiting.getByRole('row').filter({ hasText: reference })).toContainText('US$650.00');
  await waiting.getByRole('button', { name: `Confirm the transfer ${reference}` }).click();
  await expect(confirmCard.getByRole('textbox', { name: 'Payment reference' })).toHaveValue(reference);
  await expect(confirmCard.getByRole('textbox', { name: 'Amount received (US$)' })).toHaveValue('650.00');
  await confirmCard.getByRole('button', { name: 'Confirm the transfer' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Book US$650.00' }).click();
  await expect(confirmCard.getByRole('status')).toContainText('The transfer is confirmed: the order is paid');
  await expect(waiting.getByRole('row').filter({ hasText: reference })).toHaveCount(0);

  // The delegate's list shows it as paid.
  await delegate.reload();
  await expect(delegate.getByRole('table', { name: 'Your registration orders' }).getByRole('row').filter({ hasText: order.order_no })).toContainText('Paid');

  // The office publishes the congress bank account; a delegate paying by transfer sees it at step 6.
  await officeNav.getByRole('link', { name: 'Payment settings' }).click();
  const bankForm = page.getByRole('form', { name: 'Congress bank account' });
  await expect(page.getByTestId('bank-account-status')).toHaveText(/^Published \(version \d+\) on .* by /);
  const bankName = `Bank of China, Beijing Branch ${Date.now().toString(36)}`;
  await bankForm.getByRole('textbox', { name: 'SWIFT/BIC' }).fill('not a code');
  await bankForm.getByRole('button', { name: 'Publish the changes' }).click();
  await expect(bankForm.getByText('Please enter the SWIFT/BIC code (8 or 11 letters and digits).')).toBeVisible();
  await bankForm.getByRole('textbox', { name: 'SWIFT/BIC' }).fill('BKCHCNBJ110');
  await bankForm.getByRole('textbox', { name: 'Bank', exact: true }).fill(bankName);
  await bankForm.getByRole('button', { name: 'Publish the changes' }).click();
  await expect(bankForm.getByRole('status')).toContainText('The bank account is published');
  await expectAccessible(page, 'office payment settings');
  const next = await delegate.request.post(api('/registration/submission'), { data: validOrder(), headers: await bearer(delegate) });
  const nextOrder = ((await next.json()) as { data: { checksum: string } }).data;
  await delegate.goto(`/registration/submission?checksum=${nextOrder.checksum}`);
  await delegate.getByRole('button', { name: 'Bank Transfer Payment' }).click();
  await expect(delegate.getByText(bankName)).toBeVisible();
  await expect(delegate.getByText('BKCHCNBJ110')).toBeVisible();

  // A new session asks for a code again (not the one just used).
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('correct horse battery');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
  const later = '2024-08-01T02:05:00Z';
  await pinClock(later);
  await page.goto('/office');
  await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('textbox', { name: '6-digit code from the app' }).fill(await totpCode(secret, 1));
  await page.getByRole('button', { name: 'Open the office' }).click();
  await expect(page.getByRole('heading', { name: 'Registration office', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('navigation', { name: 'Office' }).getByRole('link', { name: 'Payment settings' }).click();
  await expect(page.getByTestId('bank-account-status')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Bank', exact: true })).toHaveValue(bankName);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/office-390.png', fullPage: true });
  // Only the two refusals the test asked for: the office before the role (403), the wrong code (400).
  expect(consoleErrors).toEqual([
    'Failed to load resource: the server responded with a status of 403 (Forbidden)',
    'Failed to load resource: the server responded with a status of 400 (Bad Request)',
  ]);
  await delegateContext.close();
});
