/**
 * The two pages the spec names without their content (issue 16;
 * docs/decisions/0025-step-two-and-the-order-detail-page.md): /register/StepTwo/{params}, the
 * activation step of creating an account;
 * /common/order/detail/{orderId}, one of the delegate's own orders (a 2024 order, reached from the
 * order list, or the registration by category by its number), "not found" for anyone else's.
 * True text, links that lead on, axe clean, usable at 390 px.
 */
import type { Page } from '@playwright/test';
import { validOrder } from '../support/bodies';
import { api, bearer, expect, expectAccessible, logInAsNewDelegate, test } from './fixtures';

/** 1 August 2024 10:00 CST: 2024 registration open. */
const AUGUST = '2024-08-01T02:00:00Z';
/** 1 July 2019, 10:00 CST: the registration by category's early period. */
const EARLY_2019 = '2019-07-01T02:00:00Z';

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

async function at390(page: Page, screenshot: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await page.screenshot({ path: `test-results/${screenshot}`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('step two of creating an account: activate by e-mail, with the ways on; done once logged in', async ({ page, consoleErrors }) => {
  await page.goto('/register/StepTwo/anything');
  await expect(page.getByRole('heading', { level: 1, name: 'Activate your account' })).toBeVisible();
  await expect(page.getByText('Step 2 of 3: open the activation link we sent to your mailbox.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Progress' }).locator('[aria-current="step"]')).toHaveText(/Activate by e-mail/);
  await expect(page.getByText(/it works once and expires in 24 hours/)).toBeVisible();
  await expectAccessible(page, 'step two, logged out');
  await at390(page, 'step-two-390.png');

  await page.getByRole('link', { name: 'send the activation e-mail again' }).click();
  await expect(page).toHaveURL(/\/common\/register\/success\/resend$/);
  await expect(page.getByRole('button', { name: 'Resend Activation Email' })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register\/StepOne$/);
  await page.goBack();
  await page.getByRole('link', { name: 'I have completed activation' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logInAsNewDelegate(page, 'step-two');
  await page.goto('/register/StepTwo/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Your account is active' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Progress' }).getByText('(done)')).toHaveCount(3);
  await expectAccessible(page, 'step two, logged in');
  await page.getByRole('link', { name: 'Go to your account' }).click();
  await expect(page).toHaveURL(/\/registration\/list$/);
  expect(consoleErrors).toEqual([]);
});

test("the order detail page: the delegate's own order from the list, another's is not found, the registration by its number", async ({ page, pinClock }) => {
  await pinClock(AUGUST);
  // Opened logged out, it asks for the login first (an auth page).
  await page.goto('/common/order/detail/some-order');
  await expect(page).toHaveURL(/\/login$/);

  await logInAsNewDelegate(page, 'order-detail');
  const placed = await page.request.post(api('/registration/submission'), { data: validOrder(), headers: await bearer(page) });
  expect(placed.status(), await placed.text()).toBe(200);
  const order = ((await placed.json()) as { data: { id: string; order_no: string; amount_required: string } }).data;

  await page.goto('/registration/list');
  await page.getByRole('table', { name: 'Your registration orders' }).getByRole('link', { name: order.order_no, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/common/order/detail/${order.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.order_no}` })).toBeVisible();
  await expect(page.getByText('Unpaid', { exact: true })).toBeVisible();
  await expect(page.getByText(`US$${Number(order.amount_required).toLocaleString('en-US', { minimumFractionDigits: 2 })}`)).toBeVisible();
  await expect(page.getByText(/^\d{1,2} \w+ 2024, \d{2}:\d{2} CST \(UTC\+8\)$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pay this order' })).toBeVisible();
  await expectAccessible(page, 'order detail');
  await at390(page, 'order-detail-390.png');
  await page.getByRole('link', { name: 'Your registration orders' }).click();
  await expect(page).toHaveURL(/\/registration\/list$/);

  // Another delegate opens the same address: not found, with the way to their own orders.
  await page.evaluate(() => localStorage.clear());
  await logInAsNewDelegate(page, 'order-detail-other');
  await page.goto(`/common/order/detail/${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
  await expect(page.getByText(`There is no order ${order.id} in your account.`)).toBeVisible();
  await expect(page.getByText(order.order_no)).toHaveCount(0);
  await expectAccessible(page, 'order not found');

  // The registration by category, by its registration number.
  await pinClock(EARLY_2019);
  const registered = await page.request.post(api('/register'), {
    headers: await bearer(page),
    data: { first_name: 'Ada', last_name: 'Lovelace', occupation: 'Surgeon', organization: 'Peking Hospital', country: 'China', mobile: '+86 10 1234 5678', regiatration_type: 1, gala_dinner: 'Yes', working_lunch: 'No', accompanying_type: 'no' },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const code = ((await registered.json()) as { data: { register_code: string } }).data.register_code;
  await page.goto(`/common/order/detail/${code}`);
  await expect(page.getByRole('heading', { level: 1, name: `Registration ${code}` })).toBeVisible();
  await expect(page.getByText('Regular', { exact: true })).toBeVisible();
  await expectAccessible(page, 'registration by its number');
  await page.getByRole('link', { name: 'Payment detail' }).click();
  await expect(page).toHaveURL(/\/admin\/fee$/);
  // The detail page stays on screen until the fee page's code has loaded: wait for the fee page itself.
  await expect(page.getByRole('heading', { level: 1, name: 'Payment detail' })).toBeVisible();
  await expect(page.getByText(code, { exact: true })).toBeVisible();
});
