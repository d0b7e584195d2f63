/**
 * The dashboard's chart can be read (issue 29, item 17): a legend says what the bars and the line
 * are, the left axis counts orders from 0 and the right one US dollars, the days are named under
 * it and its caption gives the range in China Standard Time; at 1366 and 390 px.
 */
import { api, bearer, expect, officeOrganiser, test } from './fixtures';
import { AUGUST, apiDelegate, atBothWidths, openPage } from './office-ui-steps';

const LATER = '2024-08-04T02:00:00Z';

test('the orders and money chart has a legend, two axes with values and named dates', async ({ browser, page, pinClock }) => {
  test.setTimeout(180_000);
  const first = await apiDelegate(browser, 'chart-a', AUGUST);
  const order = await first.place();
  await first.context.close();
  const second = await apiDelegate(browser, 'chart-b', LATER);
  await second.place({}, false);
  await second.context.close();
  await pinClock(AUGUST);
  await officeOrganiser(page, 'chart-office');
  expect((await page.request.post(api(`/office/transfers/${order.reference}/received`), { data: { amount: '650.00' }, headers: await bearer(page) })).status()).toBe(200);

  await page.setViewportSize({ width: 1366, height: 900 });
  await openPage(page, '/office', 'Registration office');
  const chart = page.getByRole('figure');
  await expect(chart.getByRole('img', { name: /^Orders placed per day: \d+ over \d+ days? \(.+ to .+\), most on one day \d+\.$/ })).toBeVisible({ timeout: 30_000 });
  const legend = chart.getByRole('list', { name: 'Legend' });
  await expect(legend.getByText('Orders placed per day (left axis)')).toBeVisible();
  await expect(legend.getByText('Money received per day, US$ (right axis)')).toBeVisible();
  const caption = chart.locator('figcaption');
  // Under npm test the portal also holds the older flow's 2019 registrations and orders placed on today's clock: any years.
  await expect(caption).toHaveText(/^Days in China Standard Time \(UTC\+8\), \d{1,2} \w+ \d{4} to \d{1,2} \w+ \d{4}\.$/);

  // The dates under the plot: the first and the last of the caption, and they read left to right.
  const days = chart.getByTestId('chart-day');
  expect(await days.count()).toBeGreaterThanOrEqual(2);
  const [, from, to] = /, (\d{1,2} \w{3})\w* \d{4} to (\d{1,2} \w{3})\w* \d{4}\./.exec((await caption.textContent())!)!;
  await expect(days.first()).toHaveText(from!);
  await expect(days.last()).toHaveText(to!);
  const xs = await days.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().x));
  expect(xs).toEqual([...xs].sort((a, b) => a - b));

  // The axes: 0 at the foot of the plot on the left, US$0 on the right, higher values above.
  const plot = chart.getByRole('img');
  const plotBox = (await plot.boundingBox())!;
  const zero = (await chart.getByText('0', { exact: true }).boundingBox())!;
  expect(Math.abs(zero.y + zero.height / 2 - (plotBox.y + plotBox.height))).toBeLessThanOrEqual(4);
  expect(zero.x + zero.width).toBeLessThanOrEqual(plotBox.x + 1);
  const dollarZero = (await chart.getByText('US$0', { exact: true }).boundingBox())!;
  expect(dollarZero.x).toBeGreaterThanOrEqual(plotBox.x + plotBox.width - 1);
  await expect(chart.getByText(/^US\$[\d,]+$/).nth(1)).toBeVisible();
  await atBothWidths(page, 'office-dashboard');
  await page.setViewportSize({ width: 390, height: 844 });
  const box = (await chart.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await chart.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? 'test-results'}/office-dashboard-chart-390.png` });
  await page.setViewportSize({ width: 1366, height: 900 });
  await chart.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? 'test-results'}/office-dashboard-chart-1366.png` });
});
