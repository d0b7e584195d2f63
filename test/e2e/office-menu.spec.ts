/**
 * An organiser finds the registration office from the site's menu (issue 29, item 13), on a
 * 1366 px screen (the "My portal" menu) and on a 390 px phone (the menu button); a delegate's
 * menu has no such link.
 */
import { organiserCommand } from '../support/office';
import { dynamoOrigin, expect, logInAsNewDelegate, test } from './fixtures';
import { logIn, screenshots } from './office-ui-steps';

test("an organiser's menu leads to the registration office, at 1366 px and at 390 px", async ({ page }) => {
  test.setTimeout(180_000);
  const email = await logInAsNewDelegate(page, 'menu-organiser');
  expect((await organiserCommand(dynamoOrigin(), 'grant', email)).code).toBe(0);
  // The role is given on the command line; the next login knows it.
  await page.evaluate(() => localStorage.clear());
  await logIn(page, email);

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/congress/venue');
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'My portal' }).click();
  const link = header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Registration office' });
  await expect(link).toBeVisible();
  const box = (await link.boundingBox())!;
  expect(box.width).toBeGreaterThan(40);
  expect(box.height).toBeGreaterThan(16);
  await page.screenshot({ path: `${screenshots}/office-menu-1366.png` });
  await link.click();
  await expect(page).toHaveURL(/\/office$/);
  await expect(page.getByRole('heading', { name: 'Registration office', level: 1 })).toBeVisible({ timeout: 45_000 });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/home');
  await page.getByRole('button', { name: 'Menu' }).click();
  const phoneLink = page.locator('#mobile-nav').getByRole('link', { name: 'Registration office' });
  await expect(phoneLink).toBeVisible();
  await phoneLink.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${screenshots}/office-menu-390.png` });
  await phoneLink.click();
  await expect(page.getByRole('heading', { name: 'Registration office', level: 1 })).toBeVisible({ timeout: 45_000 });
});

test("a delegate's menu has no link to the office", async ({ page }) => {
  test.setTimeout(120_000);
  await logInAsNewDelegate(page, 'menu-delegate');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/congress/venue');
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'My portal' }).click();
  await expect(header.getByRole('link', { name: 'Abstract upload' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Registration office' })).toBeHidden();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/home');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.locator('#mobile-nav').getByRole('link', { name: 'Abstract upload' })).toBeVisible();
  await expect(page.locator('#mobile-nav').getByRole('link', { name: 'Registration office' })).toBeHidden();
});
