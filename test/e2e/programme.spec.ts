/**
 * The published programme (issue 33): /program as a delegate reads it on a phone and a laptop.
 */
import { expect, expectAccessible, test } from './fixtures';
import { noSidewaysScroll } from './registration-steps';

test('before the first publication /program says so and offers the PDFs, in both languages', async ({ page, consoleErrors }) => {
  // The portal's programme is shared by every test of a run: "not published yet" is the API's answer here.
  await page.route('**/api/v1/admin/programme', (route) => route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ code: 404, message: 'The programme has not been published yet.', data: null }) }));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/program');
  await expect(page.getByRole('heading', { name: 'Programme', level: 1 })).toBeVisible();
  await expect(page.getByText('The programme is not published yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Full Programme (PDF)' })).toHaveAttribute('href', '/pdf/full-programme.pdf');
  await expect(page.getByRole('link', { name: 'Program at a glance (PDF)' })).toBeVisible();
  await noSidewaysScroll(page);
  await expectAccessible(page, 'programme not published');
  await page.screenshot({ path: 'test-results/programme-not-published-390.png', fullPage: true });

  await page.goto('/zh/program');
  await expect(page.getByRole('heading', { name: '大会日程', level: 1 })).toBeVisible();
  await expect(page.getByText('日程尚未发布')).toBeVisible();
  await expect(page.getByRole('link', { name: '完整日程（PDF）' })).toBeVisible();
  expect(consoleErrors.filter((e) => !e.includes('404'))).toEqual([]);
});
