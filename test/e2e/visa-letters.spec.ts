/**
 * Visa invitation letters in Chromium (issue 17): a delegate's paid order asks for visa support;
 * an organiser finds it through the office's navigation under Visa letters, compares the typed
 * data with the passport scan and asks for a correction; the delegate reads the request on the
 * order list, corrects the name; the organiser approves; the delegate downloads the letter.
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { validOrder } from '../support/bodies';
import { pngBytes } from '../support/files';
import { pdfText } from '../support/pdf';
import { api, bearer, expect, expectAccessible, logInAsNewDelegate, officeOrganiser, test } from './fixtures';

const AUGUST = '2024-08-01T02:00:00Z';

/** The order with visa support, its passport page uploaded as the wizard does (presign, PUT, confirm). */
async function visaOrder(delegate: Page, name: string) {
  const headers = await bearer(delegate);
  const bytes = pngBytes();
  const presign = await delegate.request.post(api('/uploads/presign'), { data: { purpose: 'passport', file_name: 'passport.png', size: bytes.length }, headers });
  const signed = ((await presign.json()) as { data: { url: string; key: string; headers: Record<string, string> } }).data;
  const put = await delegate.request.put(signed.url, { data: bytes, headers: signed.headers });
  expect(put.ok()).toBe(true);
  const file = await delegate.request.post(api('/registration/passport'), { data: { key: signed.key }, headers });
  expect(file.status(), await file.text()).toBe(200);
  const fileId = ((await file.json()) as { data: { id: string } }).data.id;
  const created = await delegate.request.post(api('/registration/submission'), {
    data: validOrder({
      first_name: name,
      last_name: 'Zolc',
      visa_required: 1,
      full_name_as_on_passport: `${name} Zolc`,
      nationality: 'Poland',
      date_of_birth: '1980-02-29',
      issue_date_of_passport: '2020-01-15',
      expiry_date_of_passport: '2030-01-14',
      passport_number: 'EP1234567',
      phone_number_prefix: '+48',
      phone_number: '22 123 45 67',
      front_page_of_the_passport: fileId,
      for_visa_support_letter: 'Uniwersytet Jagielloński',
    }),
    headers,
  });
  expect(created.status(), await created.text()).toBe(200);
  const { id } = ((await created.json()) as { data: { id: string } }).data;
  const detail = await delegate.request.get(api(`/registration/submission/${id}`), { headers });
  const { order } = ((await detail.json()) as { data: { order: { order_no: string; reference: string } } }).data;
  const done = await delegate.request.post(api(`/registration/submission/transfer-payment/${id}`), { data: { type: 'done' }, headers });
  expect(done.status(), await done.text()).toBe(200);
  return { id, ...order };
}

async function fitsPhone(page: Page, shot: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `test-results/${shot}`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('request a visa letter, the office asks for a correction, approves it, and the delegate downloads the letter', async ({ browser, page, pinClock }) => {
  test.setTimeout(180_000);
  await pinClock(AUGUST);
  const name = `Łukasz${Math.random().toString(36).slice(2, 6)}`;
  const delegateContext = await browser.newContext({ extraHTTPHeaders: { 'x-app-now': AUGUST, 'x-local-client-ip': '10.79.0.1' } });
  const delegate = await delegateContext.newPage();
  await logInAsNewDelegate(delegate, 'visa-delegate');
  const order = await visaOrder(delegate, name);

  // The office confirms the transfer: the order is paid, its passport data still under review.
  await officeOrganiser(page, 'visa-office');
  const received = await page.request.post(api(`/office/transfers/${order.reference}/received`), { data: { amount: '650.00' }, headers: await bearer(page) });
  expect(received.status(), await received.text()).toBe(200);
  await delegate.goto('/registration/list');
  const line = delegate.getByTestId('visa-letter');
  await expect(line.filter({ hasText: 'Visa letter: Passport data under review' }).first()).toBeVisible();

  // The queue, through the office's navigation: the typed data beside the scan.
  await page.goto('/office');
  await page.getByRole('navigation', { name: 'Office' }).getByRole('link', { name: 'Visa letters', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Visa letters', level: 1 })).toBeVisible();
  let card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`Order ${order.order_no}`) }) });
  for (let i = 0; i < 30 && !(await card.count()); i++) {
    // Oldest first, ten a page: later pages hold the newest (other tests' orders come before).
    const next = page.getByRole('link', { name: 'Next page' });
    if (!(await next.count())) break;
    // The next page's answer is awaited before the rows are read again: a fast answer may come before
    // the busy mark is ever seen, and the loop then read the old page and clicked on past the order.
    await Promise.all([page.waitForResponse((r) => r.url().includes('/api/v1/admin/office/visa_letters')), next.click()]);
    // The page before stays on screen, busy, until the next one has come.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`Order ${order.order_no}`) }) });
  }
  await expect(card).toBeVisible();
  await expect(card.getByText(`${name} Zolc`).first()).toBeVisible();
  await expect(card.getByText('EP1234567')).toBeVisible();
  await expect(card.getByRole('img', { name: new RegExp(`Passport front page of ${name} Zolc`) })).toBeVisible();
  await expect(card.getByText('Waiting for review')).toBeVisible();
  await expectAccessible(page, 'visa letters queue');
  await fitsPhone(page, 'visa-queue-390.png');

  // Ask for a correction: the message is required.
  await card.getByRole('radio', { name: 'Ask the delegate to correct it' }).check({ force: true });
  await card.getByRole('button', { name: 'Save the decision' }).click();
  await expect(card.getByText('Please say what the delegate should correct.')).toBeVisible();
  await card.getByRole('textbox', { name: /Message to the delegate/ }).fill('Please write your name with its Polish letters, as on the passport: Łukasz Żółć.');
  await card.getByRole('button', { name: 'Save the decision' }).click();
  // Decided: it leaves the queue, and the page keeps the answer.
  await expect(card).toHaveCount(0);
  await expect(page.getByText(`Order ${order.order_no}: decision saved`)).toBeVisible();
  await expect(page.getByText('The delegate has been asked by e-mail to correct the passport data.')).toBeVisible();

  // The delegate reads it on the order list and corrects the name.
  await delegate.reload();
  await expect(delegate.getByText('Visa letter: Please correct your passport data: Please write your name with its Polish letters').first()).toBeVisible();
  await delegate.getByRole('link', { name: `Correct the passport data of order ${order.order_no}` }).first().click();
  await expect(delegate.getByRole('heading', { name: 'Correct your passport data', level: 1 })).toBeVisible();
  await expect(delegate.getByText('Please write your name with its Polish letters, as on the passport: Łukasz Żółć.')).toBeVisible();
  await expectAccessible(delegate, 'visa correction page');
  await fitsPhone(delegate, 'visa-correction-390.png');
  const fullName = delegate.getByRole('textbox', { name: 'Full name as on passport' });
  await expect(fullName).toHaveValue(`${name} Zolc`);
  await fullName.fill(`${name} Żółć`);
  await delegate.getByRole('button', { name: 'Send the corrected data' }).click();
  await expect(delegate.getByText('Thank you. Your corrected passport data is with the registration office for review.')).toBeVisible();
  await delegate.getByRole('link', { name: 'Back to your registration orders' }).click();
  await expect(delegate.getByText('Visa letter: Passport data under review').first()).toBeVisible();

  // The organiser approves the corrected data on the order's page: the paid order's letter is issued.
  await page.goto(`/office/orders/${order.id}`);
  const visa = page.getByRole('region', { name: 'Visa letter' });
  await expect(visa.getByText(`${name} Żółć`)).toBeVisible();
  await expect(visa.getByText('Waiting for review')).toBeVisible();
  await visa.getByRole('button', { name: 'Save the decision' }).click();
  await expect(visa.getByText('The passport data is approved and the visa invitation letter is issued').first()).toBeVisible();
  await expect(visa.getByText(/Version 1, issued .* CST/)).toBeVisible();
  await expectAccessible(page, 'office order with its visa letter');

  // The delegate downloads the letter from the order list.
  await delegate.reload();
  const download = delegate.getByRole('button', { name: 'Download Visa invitation letter (PDF)' });
  await expect(download).toBeVisible();
  const [file] = await Promise.all([delegate.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe(`IACR2024-visa-invitation-letter-${order.order_no}.pdf`);
  const text = pdfText(fs.readFileSync((await file.path())!), true);
  expect(text).toContain(`${name} Żółć`);
  expect(text).toContain('Uniwersytet Jagielloński');
  expect(text).toContain('Visa invitation letter');
  await expectAccessible(delegate, 'order list with the visa letter');
  await fitsPhone(delegate, 'visa-order-list-390.png');
  await delegateContext.close();
});

test('while the next page of the queue loads, the page before is dimmed, busy and cannot be clicked again (a second click skipped a page)', async ({ page, pinClock }) => {
  await pinClock(AUGUST);
  await officeOrganiser(page, 'visa-pages');
  // The first page as the server gives it, said to have a next page; the next page waits until released.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/admin/office/visa_letters*', async (route) => {
    if (new URL(route.request().url()).searchParams.get('cursor') !== 'next-page') {
      const answer = await route.fetch();
      const body = (await answer.json()) as { data: { next: string | null } };
      return route.fulfill({ response: answer, json: { ...body, data: { ...body.data, next: 'next-page' } } });
    }
    await held;
    await route.fulfill({ json: { code: 200, message: 'success', data: { items: [], next: null } } });
  });
  await page.goto('/office/visa-letters');
  const next = page.getByRole('link', { name: 'Next page' });
  await next.click();
  const busy = page.locator('[aria-busy="true"]');
  await expect(busy).toHaveCount(1);
  await expect(busy).toHaveCSS('opacity', '0.5');
  expect(await next.evaluate((link) => link.closest('[inert]') !== null)).toBe(true);
  release();
  await expect(busy).toHaveCount(0);
  await expect(page.getByText('No more passport data waiting on this page.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'First page' })).toBeVisible();
});
