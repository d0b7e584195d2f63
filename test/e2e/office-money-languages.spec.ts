/**
 * The office's money pages in Chinese (issue 32): an organiser under /zh opens the statement
 * import, is refused a spreadsheet (the page's own check), a CSV with no lines and one with a
 * date that is not one (the server's, in the language the page asks for), imports a one-line statement that pays a delegate's order,
 * and runs the reconciliation; every label, heading and message on the way is Chinese. Kept
 * screenshots at 390 px and 1366 px (test-results/office-money-zh-*.png).
 */
import type { Page } from '@playwright/test';
import { validOrder } from '../support/bodies';
import { api, bearer, expect, logInAsNewDelegate, officeOrganiser, test } from './fixtures';

/** 27 August 2024 10:00 CST: registration open, a day no other browser test pins. */
const DAY = '2024-08-27T02:00:00Z';

async function checkingOrder(delegate: Page) {
  const placed = await delegate.request.post(api('/registration/submission'), { data: validOrder(), headers: await bearer(delegate) });
  const { id } = ((await placed.json()) as { data: { id: string } }).data;
  const done = await delegate.request.post(api(`/registration/submission/transfer-payment/${id}`), { data: { type: 'done' }, headers: await bearer(delegate) });
  expect(done.status(), await done.text()).toBe(200);
  const read = await delegate.request.get(api(`/registration/submission/${id}`), { headers: await bearer(delegate) });
  return ((await read.json()) as { data: { order: { order_no: string; reference: string; amount_required: string } } }).data.order;
}

test('an organiser imports a statement and runs the check in Chinese', async ({ browser, page, pinClock, consoleErrors }) => {
  test.setTimeout(150_000);
  await pinClock(DAY);

  const delegateContext = await browser.newContext({ extraHTTPHeaders: { 'x-app-now': DAY, 'x-local-client-ip': '10.81.0.1' } });
  const delegate = await delegateContext.newPage();
  await logInAsNewDelegate(delegate, 'zh-statement-payer');
  const order = await checkingOrder(delegate);
  await officeOrganiser(page, 'zh-statement-office');

  // The import page in Chinese.
  await page.goto('/zh/office/import');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
  await expect(page.getByRole('heading', { name: '对账单导入', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: '导入银行对账单' });
  await expect(form.getByText('CSV 或 CAMT.053 XML，最大 4 MB。')).toBeVisible();
  await expect(page.getByRole('heading', { name: '导入记录', level: 2 })).toBeVisible();

  // A spreadsheet is refused by the page itself, in Chinese.
  const file = form.getByLabel('对账单文件');
  await file.setInputFiles({ name: 'statement.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from('PK\u0003\u0004 a spreadsheet') });
  const refused = form.getByRole('alert');
  await expect(refused).toContainText('未导入');
  await expect(refused).toContainText('这不是 CSV 或 CAMT.053 文件（看起来是电子表格或其他二进制文件）。请将对账单导出为 CSV 或 CAMT.053 XML。');

  // A CSV with a header and nothing below: the server refuses it, in the page's language.
  const t = Date.now().toString(36);
  await file.setInputFiles({ name: `empty-${t}.csv`, mimeType: 'text/csv', buffer: Buffer.from('Date;Amount;Currency;Payer;Text\r\n') });
  const columns = form.getByRole('group', { name: '文件的列' });
  await expect(columns.getByText('各列分别对应的内容（下次导入时沿用）：')).toBeVisible();
  await expect(columns.getByRole('combobox', { name: '日期' })).toHaveValue('Date');
  await expect(columns.getByRole('combobox', { name: '金额' })).toHaveValue('Amount');
  await expect(columns.getByRole('combobox', { name: '付款人' })).toHaveValue('Payer');
  await columns.getByRole('combobox', { name: '附言' }).selectOption('Text');
  await columns.getByRole('combobox', { name: '小数点和千位分隔符' }).selectOption({ label: '1,234.56（小数点）' });
  await form.getByRole('button', { name: '导入对账单' }).click();
  await expect(form.getByRole('alert')).toContainText('文件只有标题行，下面没有数据行。');

  // A line whose date is not a date: refused with its line and value, in Chinese (a message with values).
  await file.setInputFiles({ name: `bad-date-${t}.csv`, mimeType: 'text/csv', buffer: Buffer.from('Date;Amount;Currency;Payer;Text\r\n2024-13-45;650.00;USD;A;B\r\n') });
  await expect(columns.getByRole('combobox', { name: '附言' })).toHaveValue('Text');
  await form.getByRole('button', { name: '导入对账单' }).click();
  await expect(form.getByRole('alert')).toContainText('第 2 行：“2024-13-45”不是日期（例如 2024-08-05、05.08.2024 或 05/08/2024）。');

  // A one-line statement that pays the order.
  const fileName = `zh-statement-${t}.csv`;
  const csv = ['Date;Amount;Currency;Payer;Text', `2024-08-26;${order.amount_required};USD;"ZHANG WEI ${t}";"REG ${order.reference}"`].join('\r\n');
  await file.setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(columns.getByRole('combobox', { name: '附言' })).toHaveValue('Text');
  await expect(form.getByTestId('amount-format-read')).toContainText('从文件读取：第 2 行写作');
  await form.getByRole('button', { name: '导入对账单' }).click();
  await expect(form.getByRole('status').filter({ hasText: fileName })).toBeVisible();
  await expect(page.getByRole('heading', { name: `${fileName} 各行的处理结果` })).toBeVisible();
  const lines = page.getByRole('table', { name: `${fileName} 的各行` });
  await expect(lines.getByRole('columnheader', { name: '付款人' })).toBeVisible();
  await expect(lines.getByRole('row').filter({ hasText: `ZHANG WEI ${t}` })).toContainText(`已入账至 ${order.reference}。入账后订单状态：已付款。`);
  const imports = page.getByRole('table', { name: '导入记录' });
  await expect(imports.getByRole('row').filter({ hasText: fileName })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/office-money-zh-import-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: 'test-results/office-money-zh-import-1366.png', fullPage: true });

  // The reconciliation in Chinese: started with the server's message in Chinese, then its result.
  await page.goto('/zh/office/reconciliation');
  await expect(page.getByRole('heading', { name: '对账', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: '运行核对', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: '运行核对' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已启动' })).toContainText('核对正在进行。');
  await expect(page.getByRole('heading', { name: '最近一次核对', level: 2 })).toBeVisible();
  await expect(page.getByText(/^已核对 \d+ 个订单/)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/^由 .+ 于 \d{4}年\d{1,2}月\d{1,2}日 \d\d:\d\d \(UTC\+8\) 发起/)).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/office-money-zh-reconciliation-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: 'test-results/office-money-zh-reconciliation-1366.png', fullPage: true });

  // The only console errors: the server's refusals' answers (the page said why, in Chinese).
  expect(consoleErrors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
  await delegateContext.close();
});
