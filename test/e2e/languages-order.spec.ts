/**
 * A delegate's whole 2024 order in Chinese (issue 32, "Tests"), as a person does it: on the English
 * home page they switch to 简体中文 in the header, follow the links to sign up, read the
 * activation mail in Chinese, activate through its /zh link and log in on /zh/login; then place a
 * registration order through the six-step wizard in Chinese on a day registration is open, pay it
 * by card on the local checkout page (the provider's own page, in English) and come back to the
 * Chinese order list, which shows it paid; the receipt downloaded from that list is bilingual
 * (Chinese and English). Fields and buttons are found by their Chinese names, so an untranslated
 * page fails. Axe on the wizard's steps and the list; each fits 390 px (screenshots).
 */
import type { Page } from '@playwright/test';
import fs from 'node:fs';
import { pdfText } from '../support/pdf';
import { expect, expectAccessible, test, uniqueEmail } from './fixtures';
import { chineseActivationLink, fillChineseSignUp, fitsAt390, logInInChinese } from './languages-steps';
import { AUGUST } from './office-ui-steps';
import { payOnCheckout } from './registration-steps';

/** Answers a radio question by the answer's visible words (a RegExp where the answer has a note after it). */
const choose = (page: Page, question: string, answer: string | RegExp) =>
  page.getByRole('radiogroup', { name: question, exact: true }).getByText(answer, { exact: typeof answer === 'string' }).click();

/** The wizard shows step `n` by its Chinese title; axe is clean and it fits 390 px (screenshot). */
async function wizardStep(page: Page, n: number, name: string) {
  await expect(page.getByRole('heading', { name: `第 ${n} 步：${name}` })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
  await expectAccessible(page, `Chinese wizard, step ${n}`);
  await fitsAt390(page, `zh-order-step-${n}`);
}

test('a delegate switches to Chinese, signs up, orders and pays in Chinese and downloads a bilingual receipt', async ({ page, pinClock, consoleErrors }) => {
  test.setTimeout(180_000);
  // 1 August 2024 10:00 (UTC+8): registration is open.
  await pinClock(AUGUST);
  const email = uniqueEmail('zh-order');

  // The English home page; the header's language switch leads to the Chinese home page.
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const header = page.locator('[data-site-header]');
  await header.getByRole('link', { name: 'Read this page in 简体中文' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/zh(\/|$)/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('IACR 2024 国际肿瘤登记学术大会');

  // From the home page's registration card to the registration notes, and on to the sign-up.
  await page.getByRole('link', { name: /^参会注册/ }).click();
  await expect(page).toHaveURL(/\/zh\/register\/instruction$/);
  await expect(page.getByRole('heading', { level: 1, name: '注册须知' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: '下一步' }).click();
  await expect(page).toHaveURL(/\/zh\/register\/StepOne$/);
  await expect(page.getByRole('heading', { level: 1, name: '注册账号' })).toBeVisible();
  const signUp = await fillChineseSignUp(page, email);
  await signUp.getByRole('button', { name: '注册账号' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '账号已创建' })).toBeVisible();
  await expect(page.getByText(`我们已向 ${email} 发送激活邮件。`)).toBeVisible();

  // The activation mail is in Chinese; its link activates the account on a Chinese page.
  await page.goto(await chineseActivationLink(email));
  await expect(page.getByRole('heading', { level: 1, name: '账号激活' })).toBeVisible();
  await expect(page.getByText('账号已激活，现在可以登录。')).toBeVisible();
  await page.getByRole('link', { name: '登录', exact: true }).last().click();
  await logInInChinese(page, email);

  // The (empty) order list in Chinese, and its New Registration.
  await page.goto('/zh/registration/list');
  await expect(page.getByRole('heading', { level: 1, name: '我的参会注册' })).toBeVisible();
  await expect(page.getByText('您还没有参会注册订单。')).toBeVisible();
  await page.getByRole('link', { name: '新建注册' }).click();
  await expect(page).toHaveURL(/\/zh\/registration\/submission$/);

  // Step 1: the information; step 2: the fees, with the live total.
  await wizardStep(page, 1, '注册须知');
  await expect(page.getByRole('button', { name: '上一步' })).toHaveCount(0);
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByRole('heading', { name: '第 2 步：费用' })).toBeVisible();
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('请选择标准或本地注册费。', { exact: false })).toBeVisible();
  await choose(page, '注册费类别', '标准注册费：US$650.00');
  await expect(page.getByTestId('live-total')).toHaveText('US$650.00');
  await page.getByRole('combobox', { name: '随行人员', exact: true }).selectOption('1');
  await page.getByRole('combobox', { name: '会后参观（人数）' }).selectOption('2');
  await expect(page.getByTestId('live-total')).toHaveText('US$1,040.00');
  // Each visit says, in Chinese, when its bus leaves and comes back.
  await expect(page.getByText('大巴 13:00 出发，21:00 返回。')).toBeVisible();
  await choose(page, '11月7日会后参观', /^长城/);
  await wizardStep(page, 2, '费用');
  await page.getByRole('button', { name: '下一步' }).click();

  // Step 3: personal details, by their Chinese labels and the Chinese names of the choices.
  await expect(page.getByRole('heading', { name: '第 3 步：个人信息' })).toBeVisible();
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('请填写。').first()).toBeVisible();
  await page.getByRole('combobox', { name: '称谓' }).selectOption({ label: '博士' });
  await page.getByRole('textbox', { name: '名', exact: true }).fill('Wei');
  await page.getByRole('textbox', { name: '姓', exact: true }).fill('Zhang');
  await page.getByRole('textbox', { name: '单位', exact: true }).fill('国家癌症中心');
  await page.getByRole('textbox', { name: '职务', exact: true }).fill('肿瘤登记处主任');
  await page.getByRole('combobox', { name: '国家或地区' }).selectOption({ label: '中国' });
  await page.getByRole('textbox', { name: '电子邮箱', exact: true }).fill('wei.zhang@example.org');
  for (const event of ['上午工作坊（11月4日）', '欢迎酒会（11月4日）', '晚宴（11月6日）']) await choose(page, event, '是');
  await choose(page, '下午工作坊（11月4日）', '否');
  await page.getByRole('combobox', { name: '饮食要求', exact: true }).selectOption({ label: '素食' });
  await wizardStep(page, 3, '个人信息');
  await page.getByRole('button', { name: '下一步' }).click();

  // Step 4: passport, no visa letter, no hotel room.
  await expect(page.getByRole('heading', { name: '第 4 步：护照、签证和酒店' })).toBeVisible();
  await page.getByRole('textbox', { name: '护照上的全名' }).fill('ZHANG WEI');
  await page.getByRole('combobox', { name: '性别' }).selectOption({ label: '男' });
  await page.getByRole('combobox', { name: '国籍' }).selectOption({ label: '中国' });
  await choose(page, '您是否需要签证邀请函？', '否');
  await choose(page, '您是否需要预订酒店客房？', '否');
  await wizardStep(page, 4, '护照、签证和酒店');
  await page.getByRole('button', { name: '提交' }).click();

  // Step 5: the order saved, line by line in Chinese, and the card payment.
  await expect(page).toHaveURL(/\/zh\/registration\/submission\?checksum=/);
  await expect(page.getByRole('heading', { name: '第 5 步：付款' })).toBeVisible();
  const summary = page.getByTestId('order-summary');
  await expect(summary).toContainText('标准注册费US$650.00');
  await expect(summary).toContainText('随行人员US$250.00');
  await expect(summary).toContainText('会后参观');
  await expect(summary).toContainText('总额US$1,040.00');
  await wizardStep(page, 5, '付款');
  await page.getByRole('button', { name: '银行卡付款' }).click();

  // The provider's checkout page (English, as Stripe's would be), then back to the Chinese list.
  await payOnCheckout(page, 'US$1,040.00');
  await expect(page).toHaveURL(/\/zh\/registration\/list/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
  await expect(page.getByText(/^已收到付款：订单 .* 已付款。$/)).toBeVisible();
  const list = page.getByRole('table', { name: '您的参会注册订单' });
  await expect(list.getByText('已付款', { exact: true })).toBeVisible();
  await expect(list.getByText('标准注册费，随行人员 1 人，会后参观 2 人（长城）')).toBeVisible();
  await expect(list.getByText('US$1,040.00')).toBeVisible();
  // Its certificate of attendance: when it comes, in Chinese.
  await expect(list.getByRole('group', { name: /^参会证明，订单 R24-\d+$/ })).toContainText('大会结束后提供：2024年11月7日 24:00 (UTC+8)。');

  // The receipt, from the order's row: a bilingual PDF.
  const receiptButton = list.getByRole('button', { name: /^下载收据 IACR2024-\d{4}（PDF）$/ });
  await expect(receiptButton).toBeVisible();
  await expectAccessible(page, 'Chinese order list with a paid order');
  await fitsAt390(page, 'zh-order-list');
  const [download] = await Promise.all([page.waitForEvent('download'), receiptButton.click()]);
  expect(download.suggestedFilename()).toMatch(/^IACR2024-receipt-IACR2024-\d{4}\.pdf$/);
  const receipt = pdfText(fs.readFileSync(await download.path())).normalize('NFC');
  for (const text of ['收据', 'Receipt', '实收合计', 'Total paid', 'US$1,040.00', '已收款 PAID', '标准注册费', 'Standard rate', '国家癌症中心']) expect(receipt, receipt).toContain(text);
  expect(receipt).not.toMatch(/¥|(?<!US)\$/);
  expect(consoleErrors).toEqual([]);
});
