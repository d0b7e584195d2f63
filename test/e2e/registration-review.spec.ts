/**
 * The review of a registration by category in Chromium: a young investigator registers with a
 * document and lands on /common/reload (under review); an organiser finds the registration in the
 * office's review queue (through the office navigation) and rejects it with a reason; the delegate
 * sees the rejection and the reason, and uploads a new document; the organiser approves; the
 * delegate's /admin/fee now opens (not /common/reload); the delegate uploads a payment voucher,
 * which the office sees. Axe on each page, usable at 390 px.
 *
 * The delegate's clock is pinned at an instant of January 2019 (early period) no other test pins,
 * so the registration comes first in the review queue (oldest first); the office works in 2026.
 */
import { pngBytes } from '../support/files';
import { expect, expectAccessible, logInAsNewDelegate, officeOrganiser, test } from './fixtures';
import { at390, officeApproves, officeRegistrations, officeRejects, registerYoungInvestigator, reviewQueueRow } from './registration-steps';

const DELEGATE_AT = new Date(Date.UTC(2019, 0, 2) + Math.floor(Math.random() * 20 * 86_400_000)).toISOString();
const OFFICE_AT = '2026-01-14T02:00:00Z';

test('a young investigator is rejected with a reason, uploads again, is approved, and then opens the payment detail', async ({ browser, page, pinClock, consoleErrors }) => {
  test.setTimeout(180_000);
  const family = `Rvw${Math.random().toString(36).slice(2, 7)}`;

  // The delegate registers with a document: under review, /common/reload.
  const delegateContext = await browser.newContext({ extraHTTPHeaders: { 'x-local-client-ip': '10.79.0.1', 'x-app-now': DELEGATE_AT } });
  const delegate = await delegateContext.newPage();
  const delegateErrors: string[] = [];
  delegate.on('pageerror', (e) => delegateErrors.push(e.message));
  const delegateEmail = await logInAsNewDelegate(delegate, 'review-e2e');
  await registerYoungInvestigator(delegate, family);
  await expect(delegate.getByText(/Registration OESO-\d{6}: Young investigator\./)).toBeVisible();
  // The fee page leads here while under review (spec section 4).
  await delegate.goto('/admin/fee');
  await expect(delegate).toHaveURL(/\/common\/reload$/);
  await expect(delegate.getByText('Your registration information is under review, please wait patiently.')).toBeVisible();
  await expectAccessible(delegate, 'registration under review');
  await at390(delegate, 'reload-in-review');

  // The organiser: the office navigation, the review queue, the registration, Reject with a reason.
  await pinClock(OFFICE_AT);
  await officeOrganiser(page, 'review-office');
  await officeRegistrations(page);
  const row = await reviewQueueRow(page, delegateEmail);
  await expect(row).toContainText('Young investigator');
  await expect(row).toContainText('Waiting for review');
  await expect(row).toContainText('US$740.00');
  await expectAccessible(page, 'office review queue');
  await at390(page, 'office-registrations');
  await row.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Registration' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`OESO-\\d{6}: Lan ${family}`) })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download old-student-card.pdf' })).toBeVisible();
  await expectAccessible(page, 'office registration under review');
  await at390(page, 'office-registration');

  const decision = page.getByRole('form', { name: 'Decide the review' });
  await decision.getByText('The reason below is mailed to the delegate').click();
  await expect(decision.getByRole('radio', { name: /^Reject/ })).toBeChecked();
  await decision.getByRole('button', { name: 'Save the decision' }).click();
  await expect(decision.getByText('Please give the reason the delegate will read.')).toBeVisible();
  const reason = 'The student card has expired. Please upload a current one.';
  await officeRejects(page, reason);
  await expect(page.getByRole('definition').filter({ hasText: reason })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Decide the review' })).toHaveCount(0);

  // The delegate sees the rejection and the reason, and uploads a new document.
  await delegate.reload();
  await expect(delegate.getByText('The supporting documents you uploaded are not approved, please re-upload.')).toBeVisible();
  await expect(delegate.getByText(reason)).toBeVisible();
  const again = delegate.getByRole('form', { name: 'New documents' });
  await again.getByRole('button', { name: 'Submit again' }).click();
  await expect(again.getByText('Please upload files!')).toBeVisible();
  await delegate.getByTestId('file-input-document').setInputFiles({ name: 'new-student-card.png', mimeType: 'image/png', buffer: pngBytes() });
  await expect(delegate.getByRole('list', { name: 'New documents' })).toContainText('new-student-card.png');
  await expectAccessible(delegate, 'rejected registration with the re-upload form');
  await at390(delegate, 'reload-rejected');
  await again.getByRole('button', { name: 'Submit again' }).click();
  await expect(delegate.getByText('Your registration information is under review, please wait patiently.', { exact: true })).toBeVisible();
  await expect(delegate.getByRole('status').filter({ hasText: 'Your documents have been handed in again.' }).first()).toBeVisible();

  // The organiser sees the new document (an image, shown) and approves.
  await page.reload();
  const image = page.getByRole('img', { name: /new-student-card\.png/ });
  await expect(image).toBeVisible();
  // Shown, not only placed: the image loaded from the uploads bucket (the page's CSP allows it).
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('link', { name: 'Download new-student-card.png' })).toBeVisible();
  await officeApproves(page);

  // The delegate's payment detail opens now.
  await delegate.goto('/admin/fee');
  await expect(delegate.getByRole('heading', { level: 1, name: 'Payment detail' })).toBeVisible();
  await expect(delegate).toHaveURL(/\/admin\/fee$/);
  await delegate.goto('/common/reload');
  await expect(delegate.getByText('Your registration is approved: you can go on to the payment detail.')).toBeVisible();

  // The payment voucher: reached from the account centre, a PNG, "Upload success!"; the office sees it.
  await delegate.goto('/admin/center');
  await delegate.getByRole('link', { name: 'Payment voucher' }).click();
  await expect(delegate).toHaveURL(/\/admin\/voucher$/);
  await expect(delegate.getByRole('heading', { level: 1, name: 'Payment voucher' })).toBeVisible();
  await delegate.getByTestId('file-input-voucher').setInputFiles({ name: 'bank-slip.png', mimeType: 'image/png', buffer: pngBytes() });
  await expect(delegate.getByRole('status').filter({ hasText: 'Done' })).toContainText('Upload success!');
  await expect(delegate.getByText('Current voucher: bank-slip.png')).toBeVisible();
  await expectAccessible(delegate, 'payment voucher');
  await at390(delegate, 'voucher');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Payment voucher' }).getByRole('link', { name: 'Download bank-slip.png' })).toBeVisible();

  expect(consoleErrors).toEqual([]);
  expect(delegateErrors).toEqual([]);
  await delegateContext.close();
});
