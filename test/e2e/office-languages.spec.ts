/**
 * The registration office in Chinese (issue 32): an organiser opens the dashboard, the order list
 * and an order under /zh and reads Chinese headings and an office menu without English words, at
 * 390 px and at 1366 px (nothing wider than the screen; screenshots for a person to look at).
 */
import type { Page } from '@playwright/test';
import { validOrder } from '../support/bodies';
import { organiserCommand, totpCode } from '../support/office';
import { api, bearer, dynamoOrigin, expect, expectAccessible, logInAsNewDelegate, test } from './fixtures';
import { atBothWidths } from './office-ui-steps';
import { noSidewaysScroll } from './registration-steps';

const AUGUST = '2024-08-01T02:00:00Z';

async function openOfficeAs(page: Page) {
  const email = await logInAsNewDelegate(page, 'zh-office');
  expect((await organiserCommand(dynamoOrigin(), 'grant', email)).code).toBe(0);
  const headers = await bearer(page);
  const enrol = await page.request.post(api('/office/second_factor/enrol'), { data: {}, headers });
  const { secret } = ((await enrol.json()) as { data: { secret: string } }).data;
  const confirmed = await page.request.post(api('/office/second_factor/confirm'), { data: { code: await totpCode(secret) }, headers });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

/** The office menu as a person reads it: every entry Chinese, no English word left in it. */
async function expectChineseMenu(page: Page) {
  const menu = page.getByRole('navigation', { name: '会务办公室' });
  await expect(menu).toBeVisible();
  for (const entry of ['概览', '订单', '银行转账', '参会代表', '摘要', '邀请函', '审计日志', '付款设置']) {
    await expect(menu.getByRole('link', { name: entry, exact: true })).toBeVisible();
  }
  const words = (await menu.innerText()).match(/[A-Za-z]{2,}/g) ?? [];
  expect(words, 'English words in the office menu').toEqual([]);
}

test('an organiser reads the office dashboard, the order list and an order in Chinese', async ({ browser, page, pinClock }) => {
  test.setTimeout(180_000);
  await pinClock(AUGUST);
  const delegateContext = await browser.newContext({ extraHTTPHeaders: { 'x-app-now': AUGUST, 'x-local-client-ip': '10.78.3.1' } });
  const delegate = await delegateContext.newPage();
  await logInAsNewDelegate(delegate, 'zh-office-delegate');
  const placed = await delegate.request.post(api('/registration/submission'), { data: validOrder({ first_name: 'Mei', last_name: 'Zhang' }), headers: await bearer(delegate) });
  expect(placed.status(), await placed.text()).toBe(200);
  const order = ((await placed.json()) as { data: { id: string; order_no: string } }).data;
  await delegateContext.close();

  await openOfficeAs(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/zh/office');
  await expect(page.getByRole('heading', { name: '会务办公室', level: 1 })).toBeVisible({ timeout: 45_000 });
  await expectChineseMenu(page);
  const money = page.getByRole('region', { name: '款项' });
  await expect(money.getByText('待查收的转账')).toBeVisible();
  await expect(page.getByRole('heading', { name: '会务办公室各版块', level: 2 })).toBeVisible();
  await expect(page.getByRole('img', { name: /^每日新增订单：/ })).toBeVisible();
  await atBothWidths(page, 'zh-office-dashboard');

  await page.getByRole('navigation', { name: '会务办公室' }).getByRole('link', { name: '订单', exact: true }).click();
  await expect(page).toHaveURL(/\/zh\/office\/orders$/);
  await expect(page.getByRole('heading', { name: '订单', level: 1 })).toBeVisible({ timeout: 45_000 });
  await expectChineseMenu(page);
  const table = page.getByRole('table', { name: '订单' });
  await expect(table.getByRole('columnheader', { name: '参会代表' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: '下单时间' })).toBeVisible();
  await expect(page.getByTestId('list-summary')).toHaveText(/^共 [\d,]+ 个订单 · 第 1 页，共 \d+ 页$/);
  await expect(page.getByRole('search', { name: '搜索订单' }).getByRole('button', { name: '搜索' })).toBeVisible();
  await atBothWidths(page, 'zh-office-orders');

  await page.goto(`/zh/office/orders/${order.id}`);
  await expect(page.getByRole('heading', { name: `订单 ${order.order_no}`, level: 1 })).toBeVisible({ timeout: 45_000 });
  await expectChineseMenu(page);
  for (const heading of ['款项', '收据与退款凭证', '邮件', '参会代表填写的信息', '审计记录']) {
    await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
  }
  await expect(page.getByText('Mei Zhang（')).toBeVisible();
  await expect(page.getByRole('heading', { name: '个人信息', level: 3 })).toBeVisible();
  await atBothWidths(page, 'zh-office-order');
});

test("the office's door in Chinese: an organiser sets up the authenticator app, keeps the recovery codes and opens the office", async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  const email = await logInAsNewDelegate(page, 'zh-door');
  expect((await organiserCommand(dynamoOrigin(), 'grant', email)).code).toBe(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/zh/office');
  await expect(page.getByRole('heading', { name: '设置身份验证器应用' })).toBeVisible({ timeout: 45_000 });
  await page.getByRole('button', { name: '显示二维码' }).click();
  const qr = page.getByRole('img', { name: '身份验证器应用的二维码' });
  await expect(qr).toBeVisible();
  expect((await qr.boundingBox())!.width).toBeGreaterThan(150);
  const door = page.getByRole('form', { name: '确认身份验证器应用' });
  // Every sentence of the set-up is Chinese: the words left are the apps' names and the key.
  const secret = (await page.getByTestId('totp-secret').textContent())!;
  const words = ((await door.innerText()).replace(secret, '').match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !['Google', 'Microsoft', 'Authenticator'].includes(w));
  expect(words, 'English words in the set-up').toEqual([]);
  await expectAccessible(page, 'authenticator set-up in Chinese');
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/zh-office-door-390.png', fullPage: true });
  await page.getByRole('textbox', { name: '身份验证器应用中的 6 位验证码' }).fill(await totpCode(secret));
  await page.getByRole('button', { name: '确认', exact: true }).click();

  await expect(page.getByRole('heading', { name: '您的恢复码' })).toBeVisible();
  await expect(page.getByRole('list', { name: '恢复码' }).getByRole('listitem')).toHaveCount(10);
  const open = page.getByRole('button', { name: '进入会务办公室' });
  await expect(open).toBeDisabled();
  await page.getByText('我已保存恢复码').click();
  await open.click();
  await expect(page.getByRole('heading', { name: '会务办公室', level: 1 })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
