/**
 * The office's reconciliation in Chromium: an organiser (role from the command line, second
 * factor set up through the API as office.spec.ts proves it in the browser) reaches
 * Reconciliation through the office navigation, runs the check, watches it finish, finds the
 * order this test made disagree (its status changed behind the ledger) with the rule it breaks,
 * and follows the link to that order. Axe clean; usable at phone width.
 *
 * Under `npm test` the API tests' checks and orders share the portal: the test pins a day of its
 * own (job ids sort by the clock, so its check is the latest) and asserts only on its own order.
 * The order is put back afterwards: the money suite checks the whole table.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient,UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { moneyRules } from '#core/orders/invariants';
import { validOrder } from '../support/bodies';
import { api,bearer,dynamoOrigin,expect,expectAccessible,logInAsNewDelegate,officeOrganiser,test } from './fixtures';

/** 20 August 2024 10:00 CST: registration open, a day no other browser or API test pins. */
const DAY = '2024-08-20T02:00:00Z';
const db = () =>
  DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: dynamoOrigin(), region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));

const setStatus = (key: { pk: string; sk: string }, status: number) =>
  db().send(new UpdateCommand({ TableName: 'congress', Key: key, UpdateExpression: 'SET payment_status = :s', ExpressionAttributeValues: { ':s': status } }));

test('an organiser runs the reconciliation, sees the order that disagrees and opens it', async ({ browser, page, pinClock, consoleErrors }) => {
  test.setTimeout(120_000);
  await pinClock(DAY);

  // A delegate places an order; then its status is changed behind the ledger: Paid with no money.
  const delegateContext = await browser.newContext({ extraHTTPHeaders: { 'x-app-now': DAY, 'x-local-client-ip': '10.79.0.1' } });
  const delegate = await delegateContext.newPage();
  await logInAsNewDelegate(delegate, 'reconciled');
  const placed = await delegate.request.post(api('/registration/submission'), { data: validOrder(), headers: await bearer(delegate) });
  expect(placed.status(), await placed.text()).toBe(200);
  const order = ((await placed.json()) as { data: { id: string } }).data;
  const me = await delegate.request.get(api('/get_person_info'), { headers: await bearer(delegate) });
  const ownerId = ((await me.json()) as { data: { id: string } }).data.id;
  const key = { pk: `USER#${ownerId}`, sk: `ORDER#${order.id}` };
  const detail = await delegate.request.get(api(`/registration/submission/${order.id}`), { headers: await bearer(delegate) });
  const { order_no } = ((await detail.json()) as { data: { order: { order_no: string } } }).data.order;
  await setStatus(key, 1);

  try {
    const checker = await officeOrganiser(page, 'reconciler');
    await page.goto('/office');
    const officeNav = page.getByRole('navigation', { name: 'Office' });
    await officeNav.getByRole('link', { name: 'Reconciliation' }).click();
    await expect(page.getByRole('heading', { name: 'Reconciliation', level: 1 })).toBeVisible();
    await expect(officeNav.getByRole('link', { name: 'Reconciliation' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { name: 'Run the check', level: 2 })).toBeVisible();

    await page.getByRole('button', { name: 'Run the check' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Started' })).toContainText('The check is under way.');
    // Queued or running first, then done: polled until the result is in.
    const latest = page.getByRole('heading', { name: 'Latest check' });
    await expect(latest).toBeVisible();
    await expect(page.getByText(`by ${checker}`).first()).toBeVisible();
    const list = page.getByRole('list', { name: 'Disagreements' });
    const item = list.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Order ${order_no}` }) });
    await expect(item.first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/disagreements? found/)).toBeVisible();
    await expect(page.getByText(/^Checked \d+ orders? with \d+ payments? and \d+ refunds?; the card payments and refunds also against Stripe\.$/)).toBeVisible();
    await expect(item.first()).toContainText('paid-is-covered');
    await expect(item.first()).toContainText(moneyRules['paid-is-covered']);
    await expect(item.first()).toContainText(/received 0\.00/);
    await expect(page.getByText(/webhook endpoint not checked/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Run the check' })).toBeEnabled();
    await expectAccessible(page, 'office reconciliation');

    // At phone width the page does not scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(item.first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/office-reconcile-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: 'test-results/office-reconcile.png', fullPage: true });

    await item.first().getByRole('link', { name: `Order ${order_no}` }).click();
    await expect(page).toHaveURL(new RegExp(`/office/orders/${order.id}$`));
    await expect(page.getByRole('heading', { name: `Order ${order_no}`, level: 1 })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  } finally {
    await setStatus(key, 0);
    await delegateContext.close();
  }
});
