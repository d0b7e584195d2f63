/**
 * The two languages in Chromium (issue 32, decision 0058): a visitor on the English home page
 * switches to Chinese in the header, lands on the same page under /zh (lang, hreflang and
 * canonical say so), goes to the login page by the header's link, meets the form's own checks and
 * the server's answer in Chinese, and switches back; the choice is remembered in the browser. At
 * 390 px the Chinese header and login page fit without horizontal scrolling; axe is clean.
 */
import { api, expect, expectAccessible, mailedLink, PASSWORD, test, uniqueEmail } from './fixtures';
import { screenshots } from './office-ui-steps';

test('a visitor reads the site in Chinese and back in English', async ({ page }) => {
  await page.goto('/home');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const header = page.locator('[data-site-header]');
  const toChinese = header.getByRole('link', { name: 'Read this page in 简体中文' }).filter({ visible: true });
  await expect(toChinese).toBeVisible();
  await expect(toChinese).toHaveText('简体中文');
  await toChinese.click();

  await expect(page).toHaveURL(/\/zh\/home$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', '/zh');
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', '/');
  await expect(page).toHaveTitle('首页 | IACR 2024 北京');
  await expect(header.getByRole('link', { name: '会议指南' }).or(header.getByRole('button', { name: '会议指南' })).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('zh-Hans');
  await expectAccessible(page, 'Chinese home');

  // The header's login link stays in Chinese.
  await header.getByRole('link', { name: '登录', exact: true }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/zh\/login$/);
  await expect(page.getByRole('heading', { name: '登录', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: '登录' });
  await form.getByRole('button', { name: '登录' }).click();
  await expect(form.getByText('请输入电子邮箱！')).toBeVisible();
  await expect(form.getByText('请输入密码！')).toBeVisible();
  // The server answers in the page's language.
  await form.getByRole('textbox', { name: '电子邮箱' }).fill(`nobody-${Date.now()}@example.org`);
  await form.getByRole('textbox', { name: '密码' }).fill('not the password');
  await form.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '系统提示' })).toContainText('电子邮箱或密码不正确。');
  await expectAccessible(page, 'Chinese login');

  // At 390 px nothing is wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('heading', { name: '登录', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${screenshots}/zh-login-390.png`, fullPage: true });

  // Back to English: the same page, remembered.
  await header.getByRole('link', { name: '以 English 阅读本页' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
});

test('a Chinese address that is no page answers 404 with the Chinese not-found page', async ({ page }) => {
  const response = await page.goto('/zh/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
});

test('a delegate who signed up in Chinese logs in on the English page and the portal opens in Chinese, then their own pages stay Chinese', async ({ page }) => {
  const email = uniqueEmail('zh-login');
  const signUp = await page.request.post(api('/email_register'), { data: { email, password: PASSWORD, confirm: PASSWORD }, headers: { 'x-language': 'zh-Hans' } });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const link = await mailedLink(email, 'activate');
  expect(link).toContain('/zh/common/activate/');
  expect((await page.request.post(api('/activate'), { data: { token: link.split('/').pop() } })).status()).toBe(200);

  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/zh\/registration\/list$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
  // The frame's language link leads to this very page in English (the SPA keeps it current).
  await expect(page.locator('[data-site-header] a[data-language-switch]').first()).toHaveAttribute('href', '/registration/list');
  // The English address of one of their own pages opens in Chinese (the remembered language).
  await page.goto('/registration/list');
  await expect(page).toHaveURL(/\/zh\/registration\/list$/);
  // A public page keeps its address's language.
  await page.goto('/congress/info');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
