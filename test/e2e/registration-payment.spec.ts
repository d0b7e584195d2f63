/**
 * Payment of a registration by category in Chromium, at a pinned 2019 clock: a regular delegate
 * registers, opens the payment detail, pays the fee with the local checkout page, comes back to
 * Payment Successful, chooses dinners and pays them, then cancels from the account centre and is
 * told what goes back to the card; the page is axe clean and usable at 390 px.
 */
import { expect, expectAccessible, logInAsNewDelegate, test } from './fixtures';
import { fillRegistration, noSidewaysScroll, payOnCheckout } from './registration-steps';

/** 1 July 2019, 10:00 CST: early prices, dinners open. */
const EARLY = '2019-07-01T02:00:00Z';

test('a regular delegate pays the registration fee, then chooses and pays dinners', async ({ page, pinClock, consoleErrors }) => {
  await pinClock(EARLY);
  await logInAsNewDelegate(page, 'pays-fee');
  await page.goto('/admin/center');
  await page.getByRole('link', { name: 'Registration by category' }).click();
  await fillRegistration(page, {
    first: 'Mei',
    last: 'Zhang',
    occupation: 'Surgeon',
    organisation: 'Peking Union Medical College Hospital',
    mobile: '+86 138 0000 0000',
    type: 'Regular: US$800.00',
    gala: 'No',
    working: 'No',
  });
  await page.getByRole('button', { name: 'Submit' }).click();

  // The payment detail: number, type, badge, fee table, the dinner table and the deadline note.
  await expect(page).toHaveURL(/\/admin\/fee$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment detail' })).toBeVisible();
  await expect(page.getByText(/^OESO-\d{6}$/)).toBeVisible();
  await expect(page.getByText('Unpaid')).toBeVisible();
  const fees = page.getByRole('region', { name: 'Registration fee table' });
  await expect(fees.getByRole('row').filter({ hasText: 'Mei Zhang' })).toContainText('Regular');
  await expect(fees.getByRole('row').filter({ hasText: 'Total' })).toContainText('US$800.00');
  await expect(page.getByText('service charges are borne by the delegate', { exact: false })).toBeVisible();
  await expect(page.getByText('Note: Please pay for the dinners before 21 October 2019, 24:00 CST (UTC+8).')).toBeVisible();
  await expect(page.getByText('Please pay the registration fee first.')).toBeVisible();
  await expectAccessible(page, 'payment detail, unpaid');
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/fee-unpaid-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Checkout: the provider's page in this tab, back to Payment Successful.
  await page.getByRole('button', { name: 'Checkout: pay US$800.00' }).click();
  await payOnCheckout(page, 'US$800.00');
  await expect(page).toHaveURL(/\/pay\/success\?session_id=cs_/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
  await expect(page.getByText('Thank you: the registration fee is paid.', { exact: false })).toBeVisible();
  await expectAccessible(page, 'payment successful');
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/pay-success-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Dinners: chosen per person, saved at once, then paid with their own Checkout.
  await page.getByRole('link', { name: 'Back to Payment detail' }).click();
  await expect(page).toHaveURL(/\/admin\/fee$/);
  await expect(page.getByText('The registration fee is paid. Thank you.')).toBeVisible();
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Gala dinner for Mei Zhang' }).selectOption('Yes');
  await expect(page.getByText('The dinner choice is saved.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Working dinner for Mei Zhang' }).selectOption('Yes');
  const dinners = page.getByRole('region', { name: 'Dinner table' });
  await expect(dinners.getByRole('row').filter({ hasText: 'Dinner total' })).toContainText('US$190.00');
  await expectAccessible(page, 'payment detail, fee paid, dinners chosen');
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/fee-dinners-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Checkout dinners: pay US$190.00' }).click();
  await payOnCheckout(page, 'US$190.00');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
  await expect(page.getByText('Thank you: the dinners are paid.', { exact: false })).toBeVisible();

  // Nothing left to pay: the payment detail sends the delegate on to the abstracts, as the spec says.
  await page.getByRole('link', { name: 'Back to Payment detail' }).click();
  await expect(page).toHaveURL(/\/admin\/pre$/);

  // Cancellation (issue 16): from the account centre, what goes back to the card, asked once more.
  await page.goto('/admin/center');
  await page.getByRole('link', { name: 'Cancel registration' }).click();
  await expect(page).toHaveURL(/\/admin\/fee\?cancel=1$/);
  const cancellation = page.getByRole('region', { name: 'Cancellation' });
  await expect(cancellation).toContainText('You can cancel your registration until 25 October 2019, 24:00 CST (UTC+8). Refunds go only to the original payment method.');
  await expect(cancellation).toContainText('US$990.00 goes back to the card it was paid with (registration fee US$800.00, dinners US$190.00).');
  await cancellation.getByRole('button', { name: 'Cancel registration' }).click();
  await expect(cancellation.getByRole('button', { name: 'Keep my registration' })).toBeVisible();
  await expectAccessible(page, 'cancellation, asked once more');
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await cancellation.getByRole('button', { name: 'Confirm cancellation: refund US$990.00' }).click();
  await expect(cancellation.getByText('Your registration is cancelled. US$990.00 will be refunded to the card you paid with.')).toBeVisible();
  await expect(cancellation.getByText(/^Your registration was cancelled on 1 July 2019, \d\d:\d\d.* CST/)).toBeVisible();
  await expect(cancellation.getByText('The refund has been made to the card you paid with.')).toBeVisible();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /Checkout/ })).toHaveCount(0);
  await expectAccessible(page, 'registration cancelled');
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/fee-cancelled-390.png', fullPage: true });
  expect(consoleErrors).toEqual([]);
});

test('a delegate who paid by category finds it on the order list; once it has closed the account centre offers the registration orders instead', async ({ page, pinClock, consoleErrors }) => {
  await pinClock(EARLY);
  await logInAsNewDelegate(page, 'category-list');
  await page.goto('/admin/center');
  await page.getByRole('link', { name: 'Registration by category' }).click();
  await fillRegistration(page, { first: 'Lin', last: 'Listed', occupation: 'Surgeon', organisation: 'Peking Hospital', mobile: '+86 138 0000 0001', type: 'Regular: US$800.00', gala: 'No', working: 'No' });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/admin\/fee$/);
  const code = (await page.getByText(/^OESO-\d{6}$/).textContent())!;
  await page.getByRole('button', { name: 'Checkout: pay US$800.00' }).click();
  await payOnCheckout(page, 'US$800.00');
  await expect(page.getByText('Thank you: the registration fee is paid.', { exact: false })).toBeVisible();

  // The order list (where the Account link and a login land) shows the registration, paid.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/registration/list');
  const card = page.getByTestId('registration-by-category');
  await expect(card).toContainText(`Your registration by category: ${code} (Regular)`);
  await expect(card).toContainText('Paid');
  await expect(card).toContainText('Registration fee: US$800.00');
  await expect(page.getByText('You have no registration order yet.')).toHaveCount(0);
  await expectAccessible(page, 'order list with a registration by category');
  await page.screenshot({ path: 'test-results/order-list-by-category-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/order-list-by-category-390.png', fullPage: true });
  await card.getByRole('link', { name: `See registration ${code}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Registration ${code}` })).toBeVisible();

  // In 2024 registration by category is closed: a new delegate is led to the registration orders, not to it.
  await pinClock('2024-08-01T02:00:00Z');
  await page.evaluate(() => localStorage.clear());
  await logInAsNewDelegate(page, 'category-closed');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/admin/center');
  const registration = page.getByRole('main').getByRole('link', { name: 'Registration', exact: true });
  await expect(registration).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Registration by category' })).toHaveCount(0);
  await expect(page.getByText('Register for the congress, pay, and see your registration orders.')).toBeVisible();
  await page.screenshot({ path: 'test-results/center-by-category-closed-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/center-by-category-closed-390.png', fullPage: true });
  await registration.click();
  await expect(page).toHaveURL(/\/registration\/list$/);
  expect(consoleErrors).toEqual([]);
});

test('a return from a cancelled checkout says Payment Failed and leads back to the payment detail', async ({ page, pinClock }) => {
  await pinClock(EARLY);
  await logInAsNewDelegate(page, 'pay-failed');
  await page.goto('/pay/failed?type=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Failed' })).toBeVisible();
  await expect(page.getByText('nothing was charged', { exact: false })).toBeVisible();
  await expectAccessible(page, 'payment failed');
  await page.getByRole('link', { name: 'Back to Payment detail' }).click();
  await expect(page).toHaveURL(/\/admin\/fee$/);
  await expect(page.getByText('You have not registered by category yet.')).toBeVisible();
});
