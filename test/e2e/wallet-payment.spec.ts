/**
 * Alipay and WeChat Pay through Stripe Checkout (decision 0061), in Chromium on a pinned clock
 * (1 August 2024, registration open): the local Stripe's checkout page offers both beside the
 * card; a wallet is a redirect to its test page, where the payment is authorised or failed.
 * A delegate pays an order with Alipay and the order becomes Paid; another fails WeChat Pay,
 * is told so on the checkout page, and pays there by card.
 */
import type { Page } from '@playwright/test';
import { validOrder } from '../support/bodies';
import { api, expect, expectAccessible, logInAsNewDelegate, test } from './fixtures';

/** 1 August 2024 10:00 CST: registration open. */
const AUGUST = '2024-08-01T02:00:00Z';

const token = (page: Page) => page.evaluate(() => localStorage.getItem('userToken'));

/** A complete order through the API (the wizard is proved in registration.spec.ts). */
async function placeOrder(page: Page) {
  const answer = await page.request.post(api('/registration/submission'), { data: validOrder({}), headers: { authorization: `Bearer ${await token(page)}` } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: { id: string; checksum: string; order_no: string } }).data;
}

const row = (page: Page, orderNo: string) => page.getByRole('table', { name: 'Your registration orders' }).getByRole('row').filter({ hasText: orderNo });

/** From step 5 of an unpaid order to the provider's checkout page. */
async function toCheckout(page: Page, checksum: string) {
  await page.goto(`/registration/submission?checksum=${checksum}`);
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await expect(page.getByRole('heading', { name: /^Pay US\$/ })).toBeVisible();
}

test('a delegate pays an order with Alipay on the checkout page: authorised there, the order is Paid', async ({ page, pinClock, consoleErrors }) => {
  await pinClock(AUGUST);
  await logInAsNewDelegate(page, 'alipay');
  const order = await placeOrder(page);
  await toCheckout(page, order.checksum);

  const methods = page.getByRole('group', { name: 'Payment method' });
  await expect(methods.getByRole('radio', { name: 'Card' })).toBeChecked();
  await expect(methods.getByRole('radio', { name: /^WeChat Pay/ })).toBeVisible();
  await methods.getByRole('radio', { name: /^Alipay/ }).check();
  await page.getByRole('button', { name: /^Pay US\$/ }).click();

  // Alipay's (test) page: nothing is paid until it is authorised there.
  await expect(page).toHaveURL(/\/pay\/cs_[^/]+\/authorize\/alipay$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Alipay test payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Authorize test payment' }).click();

  await expect(page.getByText(`Payment received: order ${order.order_no} is paid.`)).toBeVisible();
  await expect(row(page, order.order_no).getByText('Paid', { exact: true })).toBeVisible();
  await expectAccessible(page, 'order list after an Alipay payment');
  expect(consoleErrors).toEqual([]);
});

test('WeChat Pay failed: the checkout page says so and stays open; the delegate pays there by card and the order is Paid', async ({ page, pinClock }) => {
  await pinClock(AUGUST);
  await logInAsNewDelegate(page, 'wechat-fails');
  const order = await placeOrder(page);
  await toCheckout(page, order.checksum);

  await page.getByRole('radio', { name: /^WeChat Pay/ }).check();
  await page.getByRole('button', { name: /^Pay US\$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'WeChat Pay test payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Fail test payment' }).click();

  // Back on the checkout page, still open, with Stripe's message.
  await expect(page.getByRole('heading', { name: /^Pay US\$/ })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('We are unable to authenticate your payment method. Please choose a different payment method and try again.');
  await expect(page.getByRole('radio', { name: /^WeChat Pay/ })).toBeChecked();

  await page.getByRole('radio', { name: 'Card' }).check();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay US\$/ }).click();
  await expect(page.getByText(`Payment received: order ${order.order_no} is paid.`)).toBeVisible();
  await expect(row(page, order.order_no).getByText('Paid', { exact: true })).toBeVisible();
});
