/**
 * Signing up in Chinese (issue 32, decision 0058): a visitor creates an account on /zh/register/StepOne,
 * the activation mail comes in Chinese with a link to the Chinese activation page, the link
 * activates the account on a Chinese page, and the login on /zh/login lands on a Chinese page; the
 * account centre reads in Chinese. Axe is clean on each page; at 390 px nothing is wider than the
 * screen.
 */
import { expect, expectAccessible, test, uniqueEmail } from './fixtures';
import { chineseActivationLink, fillChineseSignUp, fitsAt390, logInInChinese } from './languages-steps';

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

  await fillChineseSignUp(page, email);
  await form.getByRole('button', { name: '注册账号' }).click();
  await expect(page).toHaveURL(/\/zh\/common\/register\/success\/created$/);
  await expect(page.getByRole('heading', { level: 1, name: '账号已创建' })).toBeVisible();
  await expect(page.getByText(`我们已向 ${email} 发送激活邮件。`)).toBeVisible();
  await expect(page.getByRole('list', { name: '进度' })).toContainText('邮件激活');
  await expectAccessible(page, 'Chinese account created');
  await fitsAt390(page, 'zh-account-created');

  // The activation mail is in Chinese and links to the Chinese activation page.
  const link = await chineseActivationLink(email);

  // The link activates the account on a Chinese page.
  await page.goto(link);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
  await expect(page.getByRole('heading', { level: 1, name: '账号激活' })).toBeVisible();
  await expect(page.getByText('账号已激活，现在可以登录。')).toBeVisible();
  await expectAccessible(page, 'Chinese activation');
  await fitsAt390(page, 'zh-activated');

  // The login stays in Chinese and lands on a Chinese page.
  await page.getByRole('link', { name: '登录', exact: true }).last().click();
  await logInInChinese(page, email);
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
