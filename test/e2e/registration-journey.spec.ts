/**
 * The whole journey of a registration by category as issue 16 lists it, in Chromium: a young
 * investigator registers with a document -> /common/reload -> an organiser rejects it on the
 * office page -> the delegate uploads again -> the organiser approves -> /admin/fee -> pays the fee
 * on the local checkout -> /pay/success -> chooses dinners -> pays them. Then the office sees the
 * money: the registration's payments (fee and dinners, card, confirmed, the provider's ids), the
 * Registrations list's pay states, and the registrations export offered. Axe clean; 390 px.
 *
 * The delegate's clock is pinned at an instant of January 2019 (early period, dinners open) no other
 * test pins, so the registration is found in the review queue; the office works in 2026.
 */
import { expect, expectAccessible, logInAsNewDelegate, officeOrganiser, test } from './fixtures';
import { rowOnSomePage } from './office-ui-steps';
import { at390, officeApproves, officeRegistrations, officeRejects, payOnCheckout, registerYoungInvestigator, reuploadDocument, reviewQueueRow } from './registration-steps';

const DELEGATE_AT = new Date(Date.UTC(2019, 0, 23) + Math.floor(Math.random() * 20 * 86_400_000)).toISOString();
const OFFICE_AT = '2026-01-15T02:00:00Z';

test('a young investigator is reviewed, pays the fee and then the dinners; the office sees the payments', async ({ browser, page, pinClock, consoleErrors }) => {
  test.setTimeout(240_000);
  const family = `Jny${Math.random().toString(36).slice(2, 7)}`;

  // Registers with a document: /common/reload, under review.
  const delegateContext = await browser.newContext({ extraHTTPHeaders: { 'x-local-client-ip': '10.78.0.1', 'x-app-now': DELEGATE_AT } });
  const delegate = await delegateContext.newPage();
  const delegateErrors: string[] = [];
  delegate.on('pageerror', (e) => delegateErrors.push(e.message));
  const delegateEmail = await logInAsNewDelegate(delegate, 'journey-e2e');
  await registerYoungInvestigator(delegate, family);
  await expectAccessible(delegate, 'journey: under review');

  // The organiser rejects it on the office's registration page.
  await pinClock(OFFICE_AT);
  await officeOrganiser(page, 'journey-office');
  await officeRegistrations(page);
  const row = await reviewQueueRow(page, delegateEmail);
  await expect(row).toContainText('Waiting for review');
  await row.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`OESO-\\d{6}: Lan ${family}`) })).toBeVisible();
  const reason = 'The document is not readable. Please upload a clear scan.';
  await officeRejects(page, reason);

  // The delegate reads the reason and uploads again; the organiser approves.
  await delegate.reload();
  await expect(delegate.getByText('The supporting documents you uploaded are not approved, please re-upload.')).toBeVisible();
  await expect(delegate.getByText(reason)).toBeVisible();
  await reuploadDocument(delegate);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Download new-student-card.png' })).toBeVisible();
  await officeApproves(page);

  // /admin/fee: the fee on the local checkout, back to Payment Successful.
  await delegate.goto('/admin/fee');
  await expect(delegate.getByRole('heading', { level: 1, name: 'Payment detail' })).toBeVisible();
  await expect(delegate.getByText('Unpaid')).toBeVisible();
  await delegate.getByRole('button', { name: 'Checkout: pay US$740.00' }).click();
  await payOnCheckout(delegate, 'US$740.00');
  await expect(delegate).toHaveURL(/\/pay\/success\?session_id=cs_/);
  await expect(delegate.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
  await expect(delegate.getByText('Thank you: the registration fee is paid.', { exact: false })).toBeVisible();
  await expectAccessible(delegate, 'journey: payment successful');

  // Dinners: the gala dinner chosen at registration, the working dinner added; paid with their own checkout.
  await delegate.getByRole('link', { name: 'Back to Payment detail' }).click();
  await expect(delegate.getByText('The registration fee is paid. Thank you.')).toBeVisible();
  await delegate.getByRole('combobox', { name: `Working dinner for Lan ${family}` }).selectOption('Yes');
  await expect(delegate.getByText('The dinner choice is saved.')).toBeVisible();
  await expect(delegate.getByRole('region', { name: 'Dinner table' }).getByRole('row').filter({ hasText: 'Dinner total' })).toContainText('US$190.00');
  await expectAccessible(delegate, 'journey: dinners chosen');
  await delegate.getByRole('button', { name: 'Checkout dinners: pay US$190.00' }).click();
  await payOnCheckout(delegate, 'US$190.00');
  await expect(delegate.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
  await expect(delegate.getByText('Thank you: the dinners are paid.', { exact: false })).toBeVisible();

  // The office sees both payments on the registration's page, with the provider's ids.
  await page.reload();
  const money = page.getByRole('region', { name: 'Payments and refunds' });
  await expect(money).toContainText('Registration fee US$740.00: Paid. Dinners US$190.00: Paid.');
  const payments = money.getByRole('region', { name: 'Payments of the registration' });
  const feeRow = payments.getByRole('row').filter({ hasText: 'Registration fee' });
  await expect(feeRow).toContainText('Card');
  await expect(feeRow).toContainText('confirmed');
  await expect(feeRow).toContainText('US$740.00');
  await expect(feeRow).toContainText(/checkout session cs_/);
  await expect(payments.getByRole('row').filter({ hasText: 'Dinners' })).toContainText('US$190.00');
  await expect(page.getByRole('table', { name: 'History of the registration' }).getByRole('row').filter({ hasText: 'payment.confirmed' })).toHaveCount(2);
  await expectAccessible(page, 'office registration with payments');
  await at390(page, 'office-registration-paid');

  // The list: fee and dinners paid.
  await page.getByRole('link', { name: 'Back to the registrations' }).click();
  await page.getByRole('combobox', { name: 'Show' }).selectOption('all');
  // Newest first: under `npm test` the API, money and hostile-input tests register later (July 2019)
  // delegates on the same portal, so this January registration may be a few pages on.
  const listed = await rowOnSomePage(page, 'Registrations', delegateEmail);
  await expect(listed).toContainText('US$740.00');
  await expect(listed).toContainText('US$190.00');
  await expect(listed.getByText('Paid', { exact: true })).toHaveCount(2);

  // The exports offer the registrations beside the orders.
  await page.getByRole('navigation', { name: 'Office' }).getByRole('link', { name: 'Exports', exact: true }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'Registrations by category' })).toBeVisible();
  await page.getByRole('button', { name: 'Export registrations by category' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Requested' })).toContainText('The export "Registrations by category" is being prepared.');
  await expect(page.getByRole('button', { name: 'Export registrations by category' })).toBeEnabled();
  await expectAccessible(page, 'office exports');
  await at390(page, 'office-exports');

  expect(consoleErrors).toEqual([]);
  expect(delegateErrors).toEqual([]);
  await delegateContext.close();
});
