/**
 * A delegate's own data (issue 17) as a delegate uses it: from the account centre (reached by
 * links), download the data as a .json file, then delete the account with the password; logged
 * out, the page says what went and what is kept, and the password no longer logs in.
 */
import { readFile } from 'node:fs/promises';
import { PASSWORD, api, bearer, expect, expectAccessible, logInAsNewDelegate, test } from './fixtures';

test('a delegate downloads the data, then deletes the account and can no longer log in', async ({ page, consoleErrors }) => {
  const email = await logInAsNewDelegate(page, 'own-data');
  const saved = await page.request.post(api('/update'), {
    data: { first_name: 'Ada', last_name: 'Lovelace', occupation: 'Registrar', organization: 'Registry', country: 'United Kingdom', mobile: '+44 7700 900123' },
    headers: await bearer(page),
  });
  expect(saved.status()).toBe(200);

  // The account centre, by links: the header's Account, then the order list's link.
  await page.getByRole('banner').getByRole('link', { name: 'Account' }).click();
  await page.getByRole('link', { name: 'account centre', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/center$/);
  const card = page.getByRole('heading', { level: 2, name: 'Your data' });
  await card.scrollIntoViewIfNeeded();
  await expect(card).toBeVisible();

  // The download: one JSON file with the profile, no password hash.
  const downloadStarted = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloadStarted;
  expect(download.suggestedFilename()).toMatch(/^my-congress-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as { account: Record<string, unknown>; orders: unknown[]; files: unknown[]; audit_entries: { action: string }[]; mail: { copies_kept: boolean } };
  expect(exported.account).toMatchObject({ email, first_name: 'Ada', last_name: 'Lovelace', mobile: '+44 7700 900123' });
  expect(exported.account).not.toHaveProperty('password_hash');
  expect(exported.orders).toEqual([]);
  expect(exported.mail.copies_kept).toBe(false);
  expect(exported.audit_entries.map((e) => e.action)).toEqual(expect.arrayContaining(['account.created', 'account.logged_in', 'account.profile_updated']));

  // The dialog says what goes and what is kept; a wrong password is refused in the field.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/Kept for accounting, without your name, e-mail, address, passport or phone: orders and registrations that were paid .* for 10 years/)).toBeVisible();
  await expectAccessible(page, 'delete account dialog');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Please input your current password!')).toBeVisible();
  await dialog.getByLabel('Your password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('The password is incorrect. Your account was not deleted.').first()).toBeVisible();
  await dialog.getByLabel('Your password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();

  // Logged out, on the page that says so.
  await expect(page).toHaveURL(/\/common\/account-deleted$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account deleted' })).toBeVisible();
  await expect(page.getByText('Your account has been deleted')).toBeVisible();
  await expect(page.getByText(/Paid orders and their payments are kept for accounting for 10 years/)).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeNull();
  await expectAccessible(page, 'account deleted');

  // On a phone: nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/own-data-deleted-390.png', fullPage: true });

  // The password no longer logs in.
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('The e-mail address or password is incorrect.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  // The 401 of the ended session and the refused login are the expected answers.
  expect(consoleErrors.filter((e) => !/status of (400|401|422)/.test(e))).toEqual([]);
});

test('the Your data card and its dialog fit a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logInAsNewDelegate(page, 'own-data-phone');
  await page.goto('/admin/center');
  await page.getByRole('heading', { level: 2, name: 'Your data' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: 'Download my data' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/own-data-card-390.png' });
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/own-data-dialog-390.png' });
  await expectAccessible(page, 'delete dialog on a phone');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
