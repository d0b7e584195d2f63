/**
 * The older flow in Chinese (issue 32): a delegate opens /zh/admin/register/information on a
 * clock pinned in the 2019 early period, reads its headings, labels, prices and buttons in
 * Chinese (the form's own check too), registers, and lands on /zh/admin/fee, the payment detail,
 * in Chinese: amounts with their currency, the deadlines in CST with the zone. Axe is clean; at
 * 390 px nothing is wider than the screen; screenshots at 390 and 1366 px for a person to look at.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, logInAsNewDelegate, test } from './fixtures';
import { atBothWidths } from './office-ui-steps';
import { choose } from './registration-steps';

/** 1 July 2019, 10:00 CST: early prices, dinners and cancellation open. */
const EARLY = '2019-07-01T02:00:00Z';

/** Words in Latin letters left in the page's main part, but for names, codes and currencies. */
async function englishWords(page: Page, allowed: string[]) {
  const words = (await page.getByRole('main').innerText()).match(/[A-Za-z]{2,}/g) ?? [];
  return words.filter((w) => !allowed.includes(w));
}

test('a delegate registers by category and reads the payment detail in Chinese', async ({ page, pinClock, consoleErrors }) => {
  test.setTimeout(120_000);
  await pinClock(EARLY);
  await logInAsNewDelegate(page, 'zh-older-flow');
  await page.setViewportSize({ width: 1366, height: 900 });

  // The registration information: headings, labels, the period's prices and the buttons in Chinese.
  await page.goto('/zh/admin/register/information');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
  await expect(page.getByRole('heading', { level: 1, name: '注册信息' })).toBeVisible({ timeout: 45_000 });
  const form = page.getByRole('form', { name: '注册信息' });
  await expect(form.getByRole('heading', { name: '个人信息' })).toBeVisible();
  await expect(form.getByRole('heading', { name: '注册类别' })).toBeVisible();
  await expect(form.getByText('早鸟注册价（截至 2019年8月9日），以美元计价。')).toBeVisible();
  await expect(form.getByRole('radio', { name: '普通代表：US$800.00' })).toBeVisible();
  await expect(form.getByText('另行购票：晚宴每人 US$120.00，工作晚餐每人 US$70.00，单独付款。', { exact: false })).toBeVisible();
  await expect(form.getByRole('radiogroup', { name: '是否有人随行？' })).toBeVisible();
  await expect(form.getByRole('button', { name: '提交' })).toBeVisible();

  // The form's own check, in Chinese.
  await form.getByRole('button', { name: '提交' }).click();
  await expect(form.getByText('请填写完整表单。')).toBeVisible();
  expect(await englishWords(page, ['US'])).toEqual([]);
  await expectAccessible(page, 'Chinese registration information with errors');

  // With companions: their labels say whose they are.
  await choose(page, '是否有人随行？', '是');
  await expect(form.getByText('随行人员 1', { exact: true })).toBeVisible();
  await expect(form.getByRole('textbox', { name: '随行人员 1的名' })).toBeVisible();
  await expect(form.getByRole('combobox', { name: '关系' })).toContainText('配偶');
  await form.getByRole('button', { name: '移除随行人员 1' }).click();
  await choose(page, '是否有人随行？', '否');

  await form.getByRole('textbox', { name: '名', exact: true }).fill('Mei');
  await form.getByRole('textbox', { name: '姓', exact: true }).fill('Zhang');
  await form.getByRole('textbox', { name: '职业', exact: true }).fill('外科医生');
  await form.getByRole('textbox', { name: '单位', exact: true }).fill('北京协和医院');
  await form.getByRole('combobox', { name: '国家或地区' }).selectOption('China');
  await form.getByRole('textbox', { name: '手机', exact: true }).fill('+86 138 0000 0000');
  await choose(page, '注册类别', '普通代表：US$800.00');
  await choose(page, '晚宴', '否');
  await choose(page, '工作晚餐', '否');
  await expectAccessible(page, 'Chinese registration information, filled');
  await page.evaluate(() => window.scrollTo(0, 0));
  await atBothWidths(page, 'zh-register-information');

  // The payment detail: number, type, badge, both tables, checkout, the dinner note and cancelling.
  await form.getByRole('button', { name: '提交' }).click();
  await expect(page).toHaveURL(/\/zh\/admin\/fee$/);
  await expect(page.getByRole('heading', { level: 1, name: '付款详情' })).toBeVisible();
  await expect(page.getByText('您的分类注册：所需费用及付款方式。')).toBeVisible();
  await expect(page.getByText('未付款', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '注册费' })).toBeVisible();
  const fees = page.getByRole('region', { name: '注册费明细表' });
  await expect(fees.getByRole('columnheader', { name: '注册类别' })).toBeVisible();
  await expect(fees.getByRole('row').filter({ hasText: 'Mei Zhang' })).toContainText('普通代表');
  await expect(fees.getByRole('row').filter({ hasText: '总额' })).toContainText('US$800.00');
  await expect(page.getByRole('button', { name: '前往付款：US$800.00' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '晚宴' })).toBeVisible();
  const dinners = page.getByRole('region', { name: '晚宴明细表' });
  await expect(dinners.getByRole('columnheader', { name: '晚宴（US$120.00）' })).toBeVisible();
  await expect(dinners.getByRole('combobox', { name: 'Mei Zhang的晚宴' })).toHaveValue('No');
  await expect(dinners.getByRole('combobox', { name: 'Mei Zhang的晚宴' })).toContainText('否');
  await expect(page.getByText('请先缴纳注册费。')).toBeVisible();
  await expect(page.getByText('注意：请在 2019年10月21日 24:00 (UTC+8) 前支付晚宴费用。')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '取消注册' })).toBeVisible();
  await expect(page.getByText('您可在 2019年10月25日 24:00 (UTC+8) 前取消注册。', { exact: false })).toBeVisible();
  expect(await englishWords(page, ['Mei', 'Zhang', 'OESO', 'US', 'UTC'])).toEqual([]);
  await expectAccessible(page, 'Chinese payment detail, unpaid');
  await atBothWidths(page, 'zh-fee');

  // Cancelling asks once more, in Chinese.
  await page.getByRole('button', { name: '取消注册' }).click();
  await expect(page.getByText(/^确定取消注册 OESO-\d{6}？$/)).toBeVisible();
  await expect(page.getByRole('button', { name: '确认取消' })).toBeVisible();
  await expect(page.getByRole('button', { name: '保留我的注册' })).toBeVisible();
  await expectAccessible(page, 'Chinese payment detail, cancelling');
  expect(consoleErrors).toEqual([]);
});
