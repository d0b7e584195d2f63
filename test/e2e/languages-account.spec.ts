/**
 * Signing up in Chinese (issue 32, decision 0058): a visitor creates an account on /zh/register/StepOne,
 * the activation mail comes in Chinese with a link to the Chinese activation page, the link
 * activates the account on a Chinese page, and the login on /zh/login lands on a Chinese page; the
 * account centre reads in Chinese. Axe is clean on each page; at 390 px nothing is wider than the
 * screen.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, mailOrigin, test, uniqueEmail } from './fixtures';
import { screenshots } from './office-ui-steps';

const PASSWORD = 'correct horse battery';

interface StoredMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
}

/** The newest mail to `to` in the local mailbox (waits for it). */
async function newestMailTo(to: string): Promise<StoredMail> {
  for (let i = 0; i < 50; i++) {
    const store = (await (await fetch(`${mailOrigin()}/store`)).json()) as { emails: StoredMail[] };
    const mail = store.emails.filter((m) => m.destination.to.some((d) => d.includes(to))).pop();
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to}`);
}

async function fitsAt390(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${screenshots}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a visitor signs up, activates and logs in in Chinese', async ({ page, consoleErrors }) => {
  const email = uniqueEmail('zh-signup');

  // Sign-up in Chinese: the form's words, its own checks and the steps after it.
  await page.goto('/zh/register/StepOne');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
  await expect(page.getByRole('heading', { level: 1, name: '注册账号' })).toBeVisible();
  const form = page.getByRole('form', { name: '注册账号' });
  await expect(form.getByText('我们将向该邮箱发送激活链接。')).toBeVisible();
  await expect(form.getByText('至少 8 个字符。一句简短的话既好记又难猜。')).toBeVisible();
  await form.getByRole('button', { name: '注册账号' }).click();
  await expect(form.getByText('请输入电子邮箱！')).toBeVisible();
  await expect(form.getByText('请确认密码！')).toBeVisible();
  await expectAccessible(page, 'Chinese sign-up');
  await fitsAt390(page, 'zh-sign-up');

  await form.getByRole('textbox', { name: '电子邮箱', exact: true }).fill(email);
  await form.getByRole('textbox', { name: '密码', exact: true }).fill(PASSWORD);
  await form.getByRole('textbox', { name: '确认密码', exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: '注册账号' }).click();
  await expect(page).toHaveURL(/\/zh\/common\/register\/success\/created$/);
  await expect(page.getByRole('heading', { level: 1, name: '账号已创建' })).toBeVisible();
  await expect(page.getByText(`我们已向 ${email} 发送激活邮件。`)).toBeVisible();
  await expect(page.getByRole('list', { name: '进度' })).toContainText('邮件激活');
  await expectAccessible(page, 'Chinese account created');
  await fitsAt390(page, 'zh-account-created');

  // The activation mail is in Chinese and links to the Chinese activation page.
  const mail = await newestMailTo(email);
  expect(mail.subject).toBe('请激活您的 IACR 2024 账号');
  expect(mail.body.html).toContain('<html lang="zh-Hans">');
  const link = /https?:\/\/[^\s]+\/zh\/common\/activate\/[\w-]+/.exec(mail.body.text ?? '')?.[0];
  expect(link, mail.body.text).toBeTruthy();

  // The link activates the account on a Chinese page.
  await page.goto(link!);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
  await expect(page.getByRole('heading', { level: 1, name: '账号激活' })).toBeVisible();
  await expect(page.getByText('账号已激活，现在可以登录。')).toBeVisible();
  await expectAccessible(page, 'Chinese activation');
  await fitsAt390(page, 'zh-activated');

  // The login stays in Chinese and lands on a Chinese page.
  await page.getByRole('link', { name: '登录', exact: true }).last().click();
  await expect(page).toHaveURL(/\/zh\/login$/);
  const login = page.getByRole('form', { name: '登录' });
  await login.getByRole('textbox', { name: '电子邮箱' }).fill(email);
  await login.getByRole('textbox', { name: '密码' }).fill(PASSWORD);
  await login.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/zh\/(?!login)/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
  await expect(page.getByText('欢迎回来')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: '个人中心' })).toBeVisible();

  // The account centre in Chinese.
  await page.goto('/zh/admin/center');
  await expect(page.getByRole('heading', { level: 1, name: '我的账号' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '个人信息' })).toBeVisible();
  await expect(page.getByText('请完善个人资料')).toBeVisible();
  await expect(page.getByRole('link', { name: '编辑个人资料' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '您的数据' })).toBeVisible();
  await expectAccessible(page, 'Chinese account centre');
  await fitsAt390(page, 'zh-account-centre');
  expect(consoleErrors).toEqual([]);
});
