/**
 * The office's tables say how many rows they hold and which page of how many is shown (issue 29,
 * item 23): twelve orders of one family name, ten a page, read "12 orders · Page 1 of 2", then
 * "Page 2 of 2"; the other tables say their totals too. At 1366 and 390 px.
 */
import { expect, officeOrganiser, test } from './fixtures';
import { AUGUST, apiDelegate, atBothWidths, openPage } from './office-ui-steps';

test('the orders table says how many orders and page x of y; the other tables their totals', async ({ browser, page, pinClock }) => {
  test.setTimeout(240_000);
  const family = `Totals${Math.random().toString(36).slice(2, 7)}`;
  for (const first of ['Ana', 'Ben', 'Cai']) {
    const delegate = await apiDelegate(browser, `totals-${first.toLowerCase()}`);
    for (let i = 0; i < 4; i++) await delegate.place({ first_name: first, last_name: family }, false);
    await delegate.context.close();
  }
  await pinClock(AUGUST);
  await officeOrganiser(page, 'totals-office');
  await page.setViewportSize({ width: 1366, height: 900 });
  await openPage(page, `/office/orders?rows=10&q=${family}`, 'Orders');
  const summary = page.getByTestId('list-summary');
  await expect(summary).toHaveText('12 orders · Page 1 of 2', { timeout: 30_000 });
  await expect(page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: family })).toHaveCount(10);
  const pagesNav = page.getByRole('navigation', { name: 'Pages of orders' });
  await expect(pagesNav.getByText('Page 1 of 2')).toBeVisible();
  await atBothWidths(page, 'office-orders-totals');
  await pagesNav.getByRole('link', { name: 'Next page' }).click();
  await expect(summary).toHaveText('12 orders · Page 2 of 2');
  await expect(page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: family })).toHaveCount(2);
  // A refresh on the second page knows both again.
  await page.reload();
  await expect(summary).toHaveText('12 orders · Page 2 of 2', { timeout: 30_000 });

  for (const [path, heading, noun] of [
    ['/office/delegates', 'Delegates', 'accounts?'],
    ['/office/registrations', 'Registrations', 'registrations?'],
    ['/office/abstracts', 'Abstracts', 'abstracts?'],
  ] as const) {
    await openPage(page, path, heading);
    await expect(page.getByTestId('list-summary')).toHaveText(new RegExp(`^\\d[\\d,]* ${noun} · Page 1 of \\d+$`), { timeout: 30_000 });
  }
});
