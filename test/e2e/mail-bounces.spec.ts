/**
 * The account centre tells a delegate whose mail bounced: the local SES plays SES's mailbox
 * simulator, so the activation mail to bounce+...@simulator.amazonses.com bounces, the worker
 * marks the address, and the page says so with the date, on a phone and on a desktop.
 */
import { formatCstDay } from '../../functions/core/time';
import { expect, expectAccessible, logInAsNewDelegate, test } from './fixtures';

test('the account centre says plainly that mail to the address bounced', async ({ page, consoleErrors }) => {
  const email = `bounce+${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@simulator.amazonses.com`;
  await logInAsNewDelegate(page, 'bounce', email);
  const token = await page.evaluate(() => localStorage.getItem('userToken'));
  const info = async () =>
    ((await (await page.request.get('/api/v1/admin/get_person_info', { headers: { authorization: `Bearer ${token}` } })).json()) as {
      data: { mail_delivery: { problem: string; at: string } | null };
    }).data.mail_delivery;
  await expect.poll(info).not.toBeNull();
  const mark = (await info())!;
  expect(mark.problem).toBe('bounced');

  for (const [width, height] of [
    [390, 844],
    [1366, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/admin/center');
    const notice = page.getByRole('status').filter({ hasText: 'could not be delivered' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Mail to your address could not be delivered');
    await expect(notice).toContainText(`Mail to ${email} could not be delivered on ${formatCstDay(mark.at)} (CST).`);
    await expect(notice).toContainText('We will not send further notifications there');
    await expect(notice).toContainText('a password reset link, is still sent');
    // The whole notice, long address included, stays on the screen.
    const box = (await notice.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectAccessible(page, `account centre with the bounce notice at ${width}px`);
    await page.screenshot({ path: `test-results/center-mail-bounced-${width}.png`, fullPage: true });
  }
  expect(consoleErrors).toEqual([]);
});

test('the account centre shows no notice when mail is delivered', async ({ page }) => {
  await logInAsNewDelegate(page, 'delivered');
  await page.goto('/admin/center');
  await expect(page.getByRole('heading', { name: 'Personal information' })).toBeVisible();
  await expect(page.getByText('could not be delivered')).toHaveCount(0);
});
