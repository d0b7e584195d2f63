/**
 * A fapiao, end to end (issue 32): a delegate reading Chinese asks for one on the order page (a
 * wrong Unified Social Credit Code is refused in Chinese under its field, nothing typed is lost),
 * the organiser finds the paid order in the office's fapiao list with the name in both scripts,
 * marks it issued with its number, and the delegate sees it issued, no longer changeable.
 */
import { api, bearer, expect, expectAccessible, officeOrganiser, test } from './fixtures';
import { apiDelegate, atBothWidths, logIn, openPage } from './office-ui-steps';

const CODE = '91350100M000100Y43';

test('a delegate asks for a fapiao in Chinese; the office marks it issued; the delegate sees it', async ({ browser, page, consoleErrors }) => {
  test.setTimeout(240_000);
  const delegate = await apiDelegate(browser, 'fapiao');
  const order = await delegate.place({ first_name: 'Xiaoming', last_name: 'Wang', family_name_in_chinese: '王', given_name_in_chinese: '小明', primary_address_country: 'China' });

  // The delegate, on the order's page in Chinese.
  const mine = await (await browser.newContext()).newPage();
  await logIn(mine, delegate.email);
  await mine.goto(`/zh/common/order/detail/${order.id}`);
  const card = mine.getByRole('region', { name: '发票' });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText('如您的单位需凭发票报销注册费')).toBeVisible();
  await card.getByRole('button', { name: '申请发票' }).click();
  await card.getByRole('textbox', { name: '发票抬头' }).fill('北京大学肿瘤医院');
  await card.getByRole('textbox', { name: '纳税人识别号' }).fill('91350100M000100Y44');
  await card.getByRole('button', { name: '提交申请' }).click();
  await expect(card.getByText('该统一社会信用代码无效：请从营业执照上重新抄录（最后一位为校验码）。')).toBeVisible();
  // What was typed is still there; the code as people copy it (spaces, small letters) is taken.
  await expect(card.getByRole('textbox', { name: '发票抬头' })).toHaveValue('北京大学肿瘤医院');
  await card.getByRole('textbox', { name: '纳税人识别号' }).fill('9135 0100 m000 100y43');
  await card.getByRole('button', { name: '提交申请' }).click();
  await expect(card.getByText('您的发票申请已保存。')).toBeVisible();
  await expect(card.getByText('已申请', { exact: true })).toBeVisible();
  await expect(card.getByText(CODE)).toBeVisible();
  await expectAccessible(mine, 'the fapiao card in Chinese');
  await atBothWidths(mine, 'fapiao-delegate-zh');

  // Paid by bank transfer (announced when the order was placed), received by the office.
  await officeOrganiser(page, 'fapiao-office');
  const received = await page.request.post(api(`/office/transfers/${order.reference}/received`), { data: { amount: '650.00' }, headers: await bearer(page) });
  expect(received.status(), await received.text()).toBe(200);

  // The office's list: the order (oldest request first, so maybe a few pages on), its name in both scripts.
  await openPage(page, '/office/fapiao', 'Fapiao requests');
  const entry = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Order ${order.order_no}` }) });
  for (let pages = 0; pages < 20 && (await entry.count()) === 0; pages++) {
    const next = page.getByRole('link', { name: 'Next page' });
    if ((await next.count()) === 0) break;
    await next.click();
    await page.waitForLoadState('networkidle');
  }
  await expect(entry).toBeVisible();
  await expect(entry.getByText('Xiaoming Wang · 王小明', { exact: false })).toBeVisible();
  await expect(entry.getByText('北京大学肿瘤医院')).toBeVisible();
  await expect(entry.getByText(CODE)).toBeVisible();
  await entry.getByRole('button', { name: 'Mark as issued' }).click();
  await expect(entry.getByText('Please enter the fapiao number (1 to 40 letters and digits).')).toBeVisible();
  await entry.getByRole('textbox', { name: 'Fapiao number' }).fill('24110000001');
  await entry.getByRole('button', { name: 'Mark as issued' }).click();
  await expect(page.getByText('Marked as issued. The delegate sees it on the order.')).toBeVisible();
  await page.getByRole('button', { name: 'Issued', exact: true }).click();
  await expect(page.getByText('No. 24110000001', { exact: false }).first()).toBeVisible();
  await expectAccessible(page, 'the office fapiao list');
  await atBothWidths(page, 'fapiao-office');

  // The delegate sees it issued, with its number, and can no longer change it.
  await mine.reload();
  await expect(card.getByText('已开具', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText('24110000001')).toBeVisible();
  await expect(card.getByRole('button', { name: '修改信息' })).toHaveCount(0);
  await expect(card.getByText('发票已开具，信息不可再修改。', { exact: false })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
