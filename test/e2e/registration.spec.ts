/**
 * A delegate's 2024 registration in Chromium, on a pinned clock (1 August 2024, registration open,
 * first refund tier): the six-step wizard with its rules and live total, card payment through the
 * local checkout (4242 pays, 0002 is declined), bank transfer to Checking, cancellation with the
 * refund shown first (Cancelled at once when the card refund succeeds; what a dashboard refund left), the edit rules and
 * a phone-size run. axe checks every page.
 */
import type { Page } from '@playwright/test';
import { validOrder } from '../support/bodies';
import { api, expect, expectAccessible, logInAsNewDelegate, test } from './fixtures';

/** 1 August 2024 10:00 CST: registration open, cancellation costs US$50. */
const AUGUST = '2024-08-01T02:00:00Z';

const token = (page: Page) => page.evaluate(() => localStorage.getItem('userToken'));

async function chooseRadio(page: Page, question: string, answer: string) {
  await page.getByRole('radiogroup', { name: question }).getByText(answer, { exact: true }).click();
}

const step = (page: Page, n: number, name: string) => expect(page.getByRole('heading', { name: `Step ${n}: ${name}` })).toBeVisible();

/** A complete order through the API (the wizard itself is proved in the first test). */
async function placeOrder(page: Page, fields: Record<string, string | number> = {}) {
  const body = validOrder(fields);
  const answer = await page.request.post(api('/registration/submission'), { data: body, headers: { authorization: `Bearer ${await token(page)}` } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: { id: string; checksum: string; order_no: string } }).data;
}

/** Pays on the local checkout page with a test card. */
async function payOnCheckout(page: Page, card: string) {
  await expect(page.getByRole('heading', { name: /^Pay US\$/ })).toBeVisible();
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay US\$/ }).click();
}

const row = (page: Page, orderNo: string) => page.getByRole('table', { name: 'Your registration orders' }).getByRole('row').filter({ hasText: orderNo });

test('the wizard: rules and live total, a draft kept over a reload, then card payment with 4242: the list shows Paid', async ({ page, pinClock, consoleErrors }) => {
  test.setTimeout(120_000);
  await pinClock(AUGUST);
  await logInAsNewDelegate(page, 'order');
  // The login lands on the order list, reached from the header's Account link too.
  await expect(page).toHaveURL(/\/registration\/list$/);
  await expect(page.getByRole('heading', { name: 'My registrations' })).toBeVisible();
  await expect(page.getByText('You have no registration order yet.')).toBeVisible();
  await expectAccessible(page, 'empty order list');

  await page.getByRole('link', { name: 'New Registration' }).click();
  await expect(page).toHaveURL(/\/registration\/submission$/);
  await step(page, 1, 'Information');
  await expect(page.getByText('Standard rate: US$650.00', { exact: false }).first()).toBeVisible();
  await expect(page.getByText('Before 1 October 2024: a fee of $50 per order.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toHaveCount(0);
  await expectAccessible(page, 'step 1');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: the rate is required, with the spec's words; the total follows every choice.
  await step(page, 2, 'Fees');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please select Standard or Local rate.', { exact: false })).toBeVisible();
  await expect(page.getByText('Some fields need your attention', { exact: false })).toBeVisible();
  await step(page, 2, 'Fees');
  await chooseRadio(page, 'Registration rate', 'Standard rate: US$650.00');
  // Once the choice is made, its message and the step's notice go, without pressing Next again.
  await expect(page.getByText('Please select Standard or Local rate.', { exact: false })).toHaveCount(0);
  await expect(page.getByText('Some fields need your attention', { exact: false })).toHaveCount(0);
  await expect(page.getByTestId('live-total')).toHaveText('US$650.00');
  await page.getByLabel('Accompanying persons').selectOption('1');
  await page.getByLabel('Post-conference visit (persons)').selectOption('2');
  await expect(page.getByTestId('live-total')).toHaveText('US$1,040.00');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('radiogroup', { name: 'Post-conference visit on 7 November' })).toBeVisible();
  await expect(page.getByText('Please select.')).toBeVisible();
  // Each choice says when the bus returns.
  await expect(page.getByText('The bus departs at 1:00 PM and returns at 9:00 PM.')).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Post-conference visit on 7 November' }).getByText('Great Wall').click();
  await expectAccessible(page, 'step 2');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: required fields say so; what is typed survives a reload.
  await step(page, 3, 'Personal details');
  await page.getByLabel('Position').fill('Registrar');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please enter.').first()).toBeVisible();
  await expect(page.getByLabel('Title')).toBeFocused();
  await page.reload();
  await expect(page.getByText('Your unsaved entries from earlier were restored.')).toBeVisible();
  await step(page, 2, 'Fees');
  await expect(page.getByTestId('live-total')).toHaveText('US$1,040.00');
  await page.getByRole('button', { name: 'Next' }).click();
  await step(page, 3, 'Personal details');
  await expect(page.getByLabel('Position')).toHaveValue('Registrar');
  await page.getByLabel('Title').selectOption('Dr.');
  await page.getByLabel('First name').fill('Wei');
  await page.getByLabel('Last name').fill('Zhang');
  await page.getByLabel('Organization').fill('National Cancer Center');
  await page.getByLabel('Country or region').selectOption('China');
  await page.getByLabel('E-mail').fill('wei.zhang@example.org');
  for (const event of ['Morning workshop (4 November)', 'Welcome reception (4 November)', 'Gala dinner (6 November)']) await chooseRadio(page, event, 'Yes');
  await chooseRadio(page, 'Afternoon workshop (4 November)', 'No');
  await page.getByLabel('Dietary requirements', { exact: true }).selectOption('Vegetarian');
  await expectAccessible(page, 'step 3');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 4: a visa needs the passport data; a hotel shows nights and the CNY price.
  await step(page, 4, 'Passport, visa and hotel');
  await page.getByLabel('Full name as on passport').fill('ZHANG WEI');
  await page.getByLabel('Gender').selectOption('Male');
  await page.getByLabel('Nationality').selectOption('China');
  await chooseRadio(page, 'Do you need a visa support letter?', 'Yes');
  await page.getByRole('textbox', { name: 'Phone number' }).fill('10 1234 5678');
  await chooseRadio(page, 'Do you need a hotel room?', 'Yes');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Please select phone number prefix.')).toBeVisible();
  await expect(page.getByText('Please upload the front page of the passport (jpg, png or pdf).')).toBeVisible();
  await chooseRadio(page, 'Do you need a visa support letter?', 'No');
  await page.getByLabel('Check-in date').fill('2024-11-03');
  await page.getByLabel('Check-out date').fill('2024-11-07');
  await page.getByLabel('Superior twin room: number of rooms').selectOption('1');
  await expect(page.getByText('1 room x 4 nights', { exact: false })).toBeVisible();
  await expect(page.getByText('CNY 3,520', { exact: false })).toBeVisible();
  await expectAccessible(page, 'step 4');
  await page.getByRole('button', { name: 'Submit' }).click();

  // Saved: the address carries the checksum and the payment step shows the order.
  await expect(page).toHaveURL(/\/registration\/submission\?checksum=/);
  await step(page, 5, 'Payment');
  // What is being paid for, line by line, before the total.
  const summary = page.getByTestId('order-summary');
  await expect(summary).toContainText('Standard rate registrationUS$650.00');
  await expect(summary).toContainText('Accompanying personUS$250.00');
  await expect(summary).toContainText('Post-conference visit2 x US$70.00 = US$140.00');
  await expect(summary).toContainText('TotalUS$1,040.00');
  await expect(page.getByRole('button', { name: 'Previous' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/step-5-summary.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/step-5-summary-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAccessible(page, 'step 5');
  await page.getByRole('button', { name: 'Pay by card' }).click();

  await payOnCheckout(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/registration\/list/);
  await expect(page.getByText(/^Payment received: order .* is paid\.$/)).toBeVisible();
  const list = page.getByRole('table', { name: 'Your registration orders' });
  await expect(list.getByText('Paid', { exact: true })).toBeVisible();
  await expect(list.getByText('Standard rate, 1 accompanying person, 2 post-conference activities (Great Wall)')).toBeVisible();
  await expect(list.getByText('US$1,040.00')).toBeVisible();
  await expect(page).not.toHaveURL(/session_id/);
  await expectAccessible(page, 'order list with a paid order');
  expect(consoleErrors).toEqual([]);
});

test('a declined card leaves the order unpaid with a clear message; the Unpaid link pays it later', async ({ page, pinClock }) => {
  await pinClock(AUGUST);
  await logInAsNewDelegate(page, 'declined');
  const order = await placeOrder(page);
  await page.goto('/registration/list');
  await row(page, order.order_no).getByRole('link', { name: /^Unpaid/ }).click();
  await expect(page).toHaveURL(new RegExp(`checksum=${order.checksum}`));
  await step(page, 5, 'Payment');
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await payOnCheckout(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert')).toContainText('Your card was declined.');
  await page.getByRole('link', { name: 'Cancel and return' }).click();
  await expect(page).toHaveURL(/\/registration\/list/);
  await expect(page.getByText('The card payment was cancelled.')).toBeVisible();
  await expect(row(page, order.order_no).getByText('Unpaid')).toBeVisible();
});

test('back from checkout, the list is read after the payment: a list read before it and answered late does not show the order Unpaid under "Payment received"', async ({ page, pinClock }) => {
  await pinClock(AUGUST);
  await logInAsNewDelegate(page, 'late-list');
  const order = await placeOrder(page);
  // The list as it was before the payment: the answer of a read that started before the payment was recorded.
  const before = await page.request.get(api('/registration'), { headers: { authorization: `Bearer ${await token(page)}` } });
  expect(before.status()).toBe(200);
  const staleList = await before.text();
  await page.goto(`/registration/submission?checksum=${order.checksum}`);
  await page.getByRole('button', { name: 'Pay by card' }).click();

  // Back on the list, its first load is answered only after the payment check has answered, with the list from before.
  let held = true;
  const checked = page.waitForResponse((r) => r.url().endsWith(api('/stripe-payment/confirm')));
  await page.route(/\/api\/v1\/admin\/registration$/, async (route) => {
    if (route.request().method() !== 'GET' || !held) return route.continue();
    held = false;
    await checked;
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.fulfill({ status: 200, contentType: 'application/json', body: staleList });
  });
  await payOnCheckout(page, '4242 4242 4242 4242');
  await expect(page.getByText(`Payment received: order ${order.order_no} is paid.`)).toBeVisible();
  expect(held).toBe(false);
  await expect(row(page, order.order_no).getByText('Paid', { exact: true })).toBeVisible();
  await expect(row(page, order.order_no).getByText('Unpaid')).toHaveCount(0);
});

test('bank transfer: step 6 shows the reference; Done moves the order to Checking, Pay later keeps it unpaid', async ({ page, pinClock }) => {
  await pinClock(AUGUST);
  await logInAsNewDelegate(page, 'transfer');
  const later = await placeOrder(page, { rate: 250 });
  const done = await placeOrder(page);

  await page.goto(`/registration/submission?checksum=${later.checksum}`);
  await step(page, 5, 'Payment');
  await page.getByRole('button', { name: 'Bank Transfer Payment' }).click();
  await step(page, 6, 'Bank transfer');
  await expect(page.getByTestId('transfer-reference')).toHaveText(/^IACR24-\d{6}-\d$/);
  await expectAccessible(page, 'step 6');
  await page.getByRole('button', { name: 'Pay later' }).click();
  await expect(page).toHaveURL(/\/registration\/list$/);
  await expect(row(page, later.order_no).getByText('Unpaid')).toBeVisible();

  await page.goto(`/registration/submission?checksum=${done.checksum}`);
  await page.getByRole('button', { name: 'Bank Transfer Payment' }).click();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/registration\/list$/);
  await expect(row(page, done.order_no).getByText('Checking')).toBeVisible();
  await expect(row(page, done.order_no).getByRole('button')).toHaveCount(0);
  // The row says again what to transfer and with which reference.
  await expect(row(page, done.order_no).getByTestId('order-state')).toHaveText(/^Waiting for the office: your transfer of US\$650\.00 with the reference IACR24-\d{6}-\d$/);
  // A Checking order can no longer be paid or edited.
  await page.goto(`/registration/submission?checksum=${done.checksum}`);
  await expect(page.getByText('Editing is not allowed in the current order status.')).toBeVisible();
  // A payment link that names no order of this delegate: the spec's message, then a new order at step 1.
  await page.goto('/registration/submission?checksum=not-an-order');
  await expect(page.getByText('The details query failed.')).toBeVisible();
  await expect(page).toHaveURL(/\/registration\/submission$/);
  await step(page, 1, 'Information');
});

test('cancel a paid order before 1 October: the refund is shown first, then Cancelled (the card refund succeeds at once)', async ({ page, pinClock }) => {
  test.setTimeout(90_000);
  await pinClock(AUGUST);
  await logInAsNewDelegate(page, 'cancel');
  const order = await placeOrder(page);
  await page.goto(`/registration/submission?checksum=${order.checksum}`);
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await payOnCheckout(page, '4242 4242 4242 4242');
  await expect(row(page, order.order_no).getByText('Paid', { exact: true })).toBeVisible();

  await row(page, order.order_no).getByRole('button', { name: /Cancel order .* with refund/ }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel this order?' });
  await expect(dialog.getByTestId('refund-amount')).toHaveText('US$600.00');
  await expect(dialog.getByText('Before 1 October 2024: a fee of $50 per order.').first()).toBeVisible();
  await expectAccessible(page, 'cancel dialog');
  await dialog.getByRole('button', { name: 'Cancel and refund US$600.00' }).click();
  // Stripe answers a card refund "succeeded" at once: the order is Cancelled straight away, with what came back.
  await expect(row(page, order.order_no).getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(row(page, order.order_no).getByTestId('order-state')).toHaveText('Refunded US$600.00');
  await expect(page.getByText('The order is cancelled. The refund is on its way.')).toBeVisible();
});

/** The local Stripe's control API (the tests' stand-in for the Stripe dashboard). */
const stripeControl = (path: string) => `${process.env.STRIPE_ORIGIN ?? `http://127.0.0.1:${process.env.TEST_STRIPE_PORT ?? 12211}`}/_control${path}`;

test('after a refund in the Stripe dashboard, the cancel dialog says so and offers only what is left', async ({ page, pinClock }) => {
  test.setTimeout(90_000);
  await pinClock(AUGUST);
  await logInAsNewDelegate(page, 'dashboard');
  const order = await placeOrder(page);
  await page.goto(`/registration/submission?checksum=${order.checksum}`);
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await expect(page.getByRole('heading', { name: /^Pay US\$/ })).toBeVisible();
  const session = new URL(page.url()).pathname.split('/').pop()!;
  await payOnCheckout(page, '4242 4242 4242 4242');
  await expect(row(page, order.order_no).getByText('Paid', { exact: true })).toBeVisible();

  // An organiser gives back US$300 of the US$650 in the Stripe dashboard.
  const events = (await (await page.request.get(stripeControl(`/events?session=${session}&type=checkout.session.completed`))).json()) as { data: { data: { object: { payment_intent: string } } }[] };
  const refund = await page.request.post(stripeControl('/refunds'), { data: { payment_intent: events.data[0]!.data.object.payment_intent, amount: 30000 } });
  expect(refund.status(), await refund.text()).toBe(200);

  // The policy would give back US$600; only US$350 is left to give.
  await expect(async () => {
    await page.reload();
    await row(page, order.order_no).getByRole('button', { name: /Cancel order .* with refund/ }).click();
    await expect(page.getByRole('alertdialog', { name: 'Cancel this order?' }).getByTestId('refund-amount')).toHaveText('US$350.00', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  const dialog = page.getByRole('alertdialog', { name: 'Cancel this order?' });
  await expect(dialog.getByTestId('already-refunded')).toHaveText('US$300.00 of this order has been refunded already: the refund is at most what is left.');
  await expectAccessible(page, 'cancel dialog after a dashboard refund');
  await page.screenshot({ path: 'test-results/cancel-after-dashboard-refund.png' });
  await dialog.getByRole('button', { name: 'Cancel and refund US$350.00' }).click();
  await expect(row(page, order.order_no).getByText('Cancelled', { exact: true })).toBeVisible();
});

test('a refund returned by the card bank: the row says so and what happens next, with no second Cancel', async ({ page, pinClock }) => {
  test.setTimeout(90_000);
  await pinClock(AUGUST);
  await logInAsNewDelegate(page, 'refund-fails');
  const other = await placeOrder(page);
  const order = await placeOrder(page);
  await page.goto(`/registration/submission?checksum=${order.checksum}`);
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await payOnCheckout(page, '4000 0000 0000 5126');
  await expect(row(page, order.order_no).getByText('Paid', { exact: true })).toBeVisible();
  await row(page, order.order_no).getByRole('button', { name: /Cancel order .* with refund/ }).click();
  await page.getByRole('alertdialog', { name: 'Cancel this order?' }).getByRole('button', { name: 'Cancel and refund US$600.00' }).click();
  await expect(row(page, order.order_no).getByText('Cancelled', { exact: true })).toBeVisible();

  // About 1.5 s later the card's bank returns the refund: the order is Paid again, noted on its row.
  await expect(async () => {
    await page.reload();
    await expect(row(page, order.order_no).getByTestId('refund-failed')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  const failed = row(page, order.order_no);
  await expect(failed.getByText('Paid', { exact: true })).toBeVisible();
  await expect(failed.getByTestId('refund-failed')).toHaveText(
    'The refund could not be made. The registration office has been told and will try it again; your order stays paid until then.',
  );
  await expect(failed.getByRole('button', { name: /Cancel order/ })).toHaveCount(0);
  await expect(failed.getByRole('link', { name: `Edit order ${order.order_no}` })).toBeVisible();
  // The other order's row says nothing of it.
  await expect(row(page, other.order_no).getByTestId('refund-failed')).toHaveCount(0);
  await expectAccessible(page, 'list with a failed refund');
  await page.screenshot({ path: 'test-results/refund-failed-row-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole('list', { name: 'Your registration orders' }).getByRole('listitem').filter({ hasText: order.order_no });
  await expect(card.getByTestId('refund-failed')).toBeVisible();
  await expect(card.getByRole('button', { name: /Cancel order/ })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/refund-failed-row-390.png', fullPage: true });
});

test('edit rules: a paid order opens at step 4 without Previous and stays after saving; the edit route needs an id', async ({ page, pinClock }) => {
  await pinClock(AUGUST);
  await logInAsNewDelegate(page, 'edit');
  const unpaid = await placeOrder(page);

  await page.goto('/registration/submission-edit');
  await expect(page.getByText('The id is required.')).toBeVisible();
  await expect(page).toHaveURL(/\/registration\/submission$/);

  // An unpaid order: every step, the saved values, and Submit goes on to payment.
  await page.goto('/registration/list');
  await row(page, unpaid.order_no).getByRole('link', { name: /^Edit/ }).click();
  await step(page, 1, 'Information');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Accompanying persons').selectOption('2');
  await expect(page.getByTestId('live-total')).toHaveText('US$1,150.00');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Last name')).toHaveValue('Zhang');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Edit success!')).toBeVisible();
  await step(page, 5, 'Payment');
  await expect(page.getByText('US$1,150.00')).toBeVisible();

  // Paid: step 4 only.
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await payOnCheckout(page, '4242 4242 4242 4242');
  await expect(row(page, unpaid.order_no).getByText('Paid', { exact: true })).toBeVisible();
  await row(page, unpaid.order_no).getByRole('link', { name: /^Edit/ }).click();
  await step(page, 4, 'Passport, visa and hotel');
  await expect(page.getByRole('button', { name: 'Previous' })).toHaveCount(0);
  await chooseRadio(page, 'Do you need a hotel room?', 'Yes');
  await page.getByLabel('Check-in date').fill('2024-11-04');
  await page.getByLabel('Check-out date').fill('2024-11-06');
  await page.getByLabel('Executive suite: number of rooms').selectOption('1');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Edit success!')).toBeVisible();
  await step(page, 4, 'Passport, visa and hotel');
  await page.goto('/registration/list');
  await expect(row(page, unpaid.order_no).getByText('US$1,150.00')).toBeVisible();
});

/** The wizard's lead: the same words in its HTML and in every state of the page. */
const wizardLead = /^Registration for IACR 2024 Scientific Conference, 4-7 November 2024, Beijing, in six steps: read the information/;

test('the wizard paints its title and lead from its HTML, before any script, and keeps them in every state: step 1, a restored draft, a payment link, a refusal', async ({ browser, page, pinClock }) => {
  test.setTimeout(90_000);
  // Without JavaScript: what the HTML alone paints (a phone sees it before the app's code arrives).
  const bare = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const html = await bare.newPage();
  await html.goto('/registration/submission');
  await expect(html.getByRole('heading', { name: 'Registration', level: 1 })).toBeVisible();
  await expect(html.getByText(wizardLead)).toBeVisible();
  await expect(html.getByText(/^Step /)).toHaveCount(0);
  await expect(html).toHaveTitle('Registration | IACR 2024 Beijing');
  // The edit route: one HTML file for every order, with its own title over the same lead.
  await html.goto('/registration/submission-edit/any-order');
  await expect(html.getByRole('heading', { name: 'Edit registration', level: 1 })).toBeVisible();
  await expect(html.getByText(wizardLead)).toBeVisible();
  await bare.close();

  await pinClock(AUGUST);
  await logInAsNewDelegate(page, 'frame');
  const lead = page.getByText(wizardLead);
  await page.goto('/registration/submission');
  await step(page, 1, 'Information');
  await expect(lead).toBeVisible();
  // A restored draft opens at step 2, under the same lead.
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Accompanying persons').selectOption('1');
  await page.reload();
  await step(page, 2, 'Fees');
  await expect(lead).toBeVisible();
  // A payment link opens at step 5: the order's number is above the step.
  const order = await placeOrder(page);
  await page.goto(`/registration/submission?checksum=${order.checksum}`);
  await step(page, 5, 'Payment');
  await expect(lead).toBeVisible();
  await expect(page.getByText(`Order ${order.order_no}`, { exact: true })).toBeVisible();
  // A refused new order (five orders held): why, under the same title and lead.
  for (let i = 0; i < 4; i++) await placeOrder(page);
  await page.goto('/registration/submission');
  await expect(page.getByText(/^You can hold at most 5 registration orders\./)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Registration', level: 1 })).toBeVisible();
  await expect(lead).toBeVisible();
});

test('at 5 orders New Registration is disabled and the wizard says why before its steps', async ({ page, pinClock }) => {
  await pinClock(AUGUST);
  await page.setViewportSize({ width: 1366, height: 900 });
  await logInAsNewDelegate(page, 'five');
  for (let i = 0; i < 5; i++) await placeOrder(page, { accompanying_person: i });
  await page.goto('/registration/list');
  const rows = page.getByRole('table', { name: 'Your registration orders' }).getByRole('row');
  await expect(rows).toHaveCount(6);
  // Oldest first, even when placed within one instant (the pinned clock): totals 650, 900, ... 1650.
  await expect(rows.nth(1)).toContainText('US$650.00');
  await expect(rows.nth(5)).toContainText('US$1,650.00');
  await expect(page.getByRole('button', { name: 'New Registration' })).toBeDisabled();
  const limit = /^You can hold at most 5 registration orders\./;
  await expect(page.getByText(limit)).toBeVisible();
  await page.screenshot({ path: 'test-results/registration-list-1366.png', fullPage: true });
  await page.goto('/registration/submission');
  await expect(page.getByText(limit)).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Step 1/ })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/registration/list');
  await expect(page.getByRole('list', { name: 'Your registration orders' }).getByRole('listitem')).toHaveCount(5);
  await page.screenshot({ path: 'test-results/registration-list-390.png', fullPage: true });
});

test('in May a login lands on the closed list, which leads to what can be done now; after the rates close it says what is left', async ({ page, pinClock }) => {
  await pinClock('2024-05-10T02:00:00Z');
  await logInAsNewDelegate(page, 'may');
  await expect(page).toHaveURL(/\/registration\/list$/);
  await expect(page.getByText('Registration opens on 18 July 2024, 00:00 CST (UTC+8).')).toBeVisible();
  const empty = page.getByTestId('no-orders');
  await expect(empty.getByText('Until registration opens, you can:')).toBeVisible();
  // New Registration is disabled: the list does not tell the delegate to choose it.
  await expect(page.getByRole('button', { name: 'New Registration' })).toBeDisabled();
  await expect(page.getByText(/Choose New Registration/)).toHaveCount(0);
  await expect(empty.getByText('until 16 May 2024, 24:00 CST (UTC+8)')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/list-may-1280.png' });
  await empty.getByRole('link', { name: 'Submit an abstract' }).click();
  await expect(page).toHaveURL(/\/admin\/pre$/);
  await page.goBack();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(empty.getByRole('link', { name: 'Complete your profile in the account centre' })).toBeInViewport();
  await page.screenshot({ path: 'test-results/list-may-390.png', fullPage: true });
  await empty.getByRole('link', { name: 'Complete your profile in the account centre' }).click();
  await expect(page).toHaveURL(/\/admin\/center$/);

  // After the rates close: no abstract submission offered (its deadline passed), the rest of the portal is.
  // Another delegate in a fresh browser session (the first one's session has expired by November).
  await page.goto('/home');
  await page.evaluate(() => localStorage.clear());
  await pinClock('2024-11-20T02:00:00Z');
  await logInAsNewDelegate(page, 'after');
  await expect(page).toHaveURL(/\/registration\/list$/);
  await expect(page.getByText(/^Registration has closed/)).toBeVisible();
  await expect(empty.getByText('You can still:')).toBeVisible();
  await expect(empty.getByRole('link', { name: 'Submit an abstract' })).toHaveCount(0);
  await expect(empty.getByRole('link', { name: 'See your abstracts and presentations' })).toBeVisible();
  await expect(page.getByText(/Choose New Registration/)).toHaveCount(0);
});

/** A small real PNG (its first bytes are what the server checks). */
const passportPng = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2048, 1)]);

/** The edit wizard of `orderId` at step 4, with the visa data asked for. */
async function openStep4WithVisa(page: Page, orderId: string) {
  await page.goto(`/registration/submission-edit/${orderId}`);
  for (let i = 1; i < 4; i++) await page.getByRole('button', { name: 'Next' }).click();
  await step(page, 4, 'Passport, visa and hotel');
  await chooseRadio(page, 'Do you need a visa support letter?', 'Yes');
}

test('step 4: each phone prefix names its country and code ("China +86"); the order keeps the code', async ({ page, pinClock }) => {
  test.setTimeout(90_000);
  await pinClock(AUGUST);
  await logInAsNewDelegate(page, 'prefix');
  const order = await placeOrder(page);
  await openStep4WithVisa(page, order.id);

  const prefix = page.getByRole('combobox', { name: 'Phone number prefix' });
  const options = await prefix.locator('option').evaluateAll((els) => els.map((o) => [(o as HTMLOptionElement).value, o.textContent ?? '']));
  const server = (await (await page.request.get(api('/registration/options'), { headers: { authorization: `Bearer ${await token(page)}` } })).json()) as {
    data: { phone_number_prefixes: string[] };
  };
  const offered = options.filter(([value]) => value !== '');
  // Every code the server accepts, once, each shown as "<country> <code>".
  expect(offered.map(([value]) => value).sort()).toEqual([...server.data.phone_number_prefixes].sort());
  for (const [value, label] of offered) expect(label).toMatch(new RegExp(`^\\p{L}.* \\${value}$`, 'u'));
  expect(offered.map(([, label]) => label)).toEqual(expect.arrayContaining(['China +86', 'Japan +81', 'United Kingdom +44']));

  await prefix.selectOption({ label: 'China +86' });
  await expect(prefix).toHaveValue('+86');
  await page.getByLabel('Date of birth').fill('1980-02-01');
  await page.getByLabel('Passport number').fill('E12345678');
  await page.getByLabel('Issue date of passport').fill('2020-01-01');
  await page.getByLabel('Expiry date of passport').fill('2030-01-01');
  await page.getByRole('textbox', { name: 'Phone number' }).fill('10 1234 5678');
  await page.getByTestId('file-input-passport').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: passportPng() });
  await expect(page.getByText('passport.png').first()).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await step(page, 5, 'Payment');

  // Stored as the spec's code, and shown again with its country.
  const saved = await page.request.get(api(`/registration/submission/${order.id}`), { headers: { authorization: `Bearer ${await token(page)}` } });
  expect(((await saved.json()) as { data: { detail: { phone_number_prefix: string } } }).data.detail.phone_number_prefix).toBe('+86');
  await page.goto(`/registration/submission-edit/${order.id}`);
  for (let i = 1; i < 4; i++) await page.getByRole('button', { name: 'Next' }).click();
  await step(page, 4, 'Passport, visa and hotel');
  await expect(prefix.locator('option:checked')).toHaveText('China +86');
});

test('step 4: the passport field says it takes one file, of the types and size the server accepts', async ({ page, pinClock }) => {
  await pinClock(AUGUST);
  await logInAsNewDelegate(page, 'passport');
  const order = await placeOrder(page);
  const facts = (await (await page.request.get(api('/conference'))).json()) as { data: { uploadPurposes: { passport: { maxBytes: number } } } };
  const mb = facts.data.uploadPurposes.passport.maxBytes / (1024 * 1024);
  await openStep4WithVisa(page, order.id);

  const zone = page.getByTestId('drop-zone-passport');
  await expect(zone).toContainText(`One file: JPG, PNG or PDF, up to ${mb} MB.`);
  await expect(zone).not.toContainText(/files|JPEG| OR /);
  await expect(page.getByTestId('file-input-passport')).not.toHaveAttribute('multiple');
  // The limit it names is the one applied: one byte more is refused before anything is sent.
  await page.getByTestId('file-input-passport').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.concat([passportPng(), Buffer.alloc(mb * 1024 * 1024)]) });
  await expect(page.getByRole('alert').filter({ hasText: 'big.png' })).toContainText(`Image must smaller than ${mb}MB!`);
  await page.getByTestId('file-input-passport').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: passportPng() });
  await expect(page.getByText('passport.png').first()).toBeVisible();
  // One file: once it is there, no place to add another.
  await expect(zone).toHaveCount(0);
});

test('step 3 starts from the profile (name, organisation, country, e-mail); the delegate can change them', async ({ page, pinClock }) => {
  await pinClock(AUGUST);
  const email = await logInAsNewDelegate(page, 'prefill');
  const profile = { first_name: 'Amina', last_name: 'Diallo', occupation: 'Epidemiologist', organization: 'Registre des cancers de Dakar', country: 'Senegal', mobile: '+221 77 123 45 67' };
  const saved = await page.request.post(api('/update'), { data: profile, headers: { authorization: `Bearer ${await token(page)}` } });
  expect(saved.status(), await saved.text()).toBe(200);
  await page.goto('/registration/list');
  await page.getByRole('link', { name: 'New Registration' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await chooseRadio(page, 'Registration rate', 'Standard rate: US$650.00');
  await page.getByRole('button', { name: 'Next' }).click();
  await step(page, 3, 'Personal details');
  await expect(page.getByLabel('First name')).toHaveValue('Amina');
  await expect(page.getByLabel('Last name')).toHaveValue('Diallo');
  await expect(page.getByLabel('Organization')).toHaveValue('Registre des cancers de Dakar');
  await expect(page.getByRole('combobox', { name: /country/i })).toHaveValue('Senegal');
  await expect(page.getByLabel(/e-mail/i)).toHaveValue(email);
  await page.getByLabel('First name').fill('Aminata');
  await expect(page.getByLabel('First name')).toHaveValue('Aminata');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the wizard fits the screen and its buttons can be reached', async ({ page, pinClock }) => {
    await pinClock(AUGUST);
    await logInAsNewDelegate(page, 'phone');
    await expect(page.getByText('You have no registration order yet.')).toBeVisible();
    await page.getByRole('link', { name: 'New Registration' }).click();
    const noSideways = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await step(page, 1, 'Information');
    await noSideways();
    await page.getByRole('button', { name: 'Next' }).click();
    await chooseRadio(page, 'Registration rate', 'Local rate: US$250.00');
    await expect(page.getByTestId('live-total')).toHaveText('US$250.00');
    await noSideways();
    await page.getByRole('button', { name: 'Next' }).click();
    await step(page, 3, 'Personal details');
    await noSideways();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Please enter.').first()).toBeInViewport();
    await page.screenshot({ path: 'test-results/registration-phone-step3.png', fullPage: false });
    await expectAccessible(page, 'phone step 3');
  });
});
