/**
 * The office writes one mail in English and in Chinese (issue 32, decision 0059): the preview for
 * a delegate who reads Chinese shows the Chinese version, the mail goes out, the recipients' list
 * shows each delegate the subject they got, and the local mailbox holds the Chinese mail for the
 * delegate who chose Chinese and the English one for the other. The page in Chinese at phone width.
 */
import { validOrder } from '../support/bodies';
import { api, bearer, expect, expectAccessible, logInAsNewDelegate, officeOrganiser, test } from './fixtures';

const AUGUST = '2024-08-01T02:00:00Z';
const mailOrigin = () => process.env.MAIL_ORIGIN ?? `http://localhost:${process.env.TEST_MAIL_PORT ?? 8105}`;
interface StoredMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
}

test('an organiser writes a mail in both languages; each delegate gets it in their own', async ({ browser, page, pinClock, consoleErrors }) => {
  test.setTimeout(150_000);
  await pinClock(AUGUST);
  await officeOrganiser(page, 'bilingual-office');

  /** A delegate (Chinese if asked) with a paid order: its number and address. */
  async function paidDelegate(tag: string, ip: string, chinese: boolean) {
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-app-now': AUGUST, 'x-local-client-ip': ip } });
    const delegate = await context.newPage();
    const email = await logInAsNewDelegate(delegate, tag);
    if (chinese) expect((await delegate.request.put(api('/language'), { data: { language: 'zh-Hans' }, headers: await bearer(delegate) })).status()).toBe(200);
    const placed = await delegate.request.post(api('/registration/submission'), { data: validOrder({ first_name: chinese ? '静' : 'Jane', last_name: chinese ? '王' : 'Doe' }), headers: await bearer(delegate) });
    const order = ((await placed.json()) as { data: { id: string; order_no: string } }).data;
    expect((await delegate.request.post(api(`/registration/submission/transfer-payment/${order.id}`), { data: { type: 'done' }, headers: await bearer(delegate) })).status()).toBe(200);
    const detail = await delegate.request.get(api(`/registration/submission/${order.id}`), { headers: await bearer(delegate) });
    const reference = ((await detail.json()) as { data: { order: { reference: string } } }).data.order.reference;
    const paid = await page.request.post(api(`/office/transfers/${reference}/received`), { data: { amount: '650.00' }, headers: await bearer(page) });
    expect(paid.status(), await paid.text()).toBe(200);
    await context.close();
    return { email, orderNo: order.order_no };
  }
  const zh = await paidDelegate('bilingual-zh', '10.78.1.1', true);
  const en = await paidDelegate('bilingual-en', '10.78.1.2', false);

  await page.goto('/office/mail');
  await expect(page.getByRole('heading', { name: 'Mail to delegates', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Write a mail' });
  const tag = Date.now().toString(36);
  await form.getByText("About the delegate's own order (always sent)", { exact: true }).click();
  // Half a Chinese version is refused by the form (the shared schema): its text is missing.
  await form.getByRole('textbox', { name: '主题 (中文)' }).fill(`{first_name}，请领取胸牌 ${tag}`);
  await form.getByRole('button', { name: 'Send the mail' }).click();
  await expect(form.getByText('Please write the Chinese text of the mail (at most 10,000 characters).')).toBeVisible();
  await form.getByRole('textbox', { name: '正文 (中文)' }).fill('{first_name}您好：\n\n订单 {order_no}（{amount}）的胸牌已可在服务台领取。');
  await form.getByRole('textbox', { name: 'Subject' }).fill(`Your badge, {first_name} ${tag}`);
  await form.getByRole('textbox', { name: 'Text' }).fill('Dear {first_name},\n\nyour badge for order {order_no} ({amount}) is ready at the desk.');

  await form.getByRole('textbox', { name: 'Preview for' }).fill(zh.orderNo);
  await form.getByRole('button', { name: 'Preview' }).click();
  const preview = form.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText('This recipient gets the Chinese version.');
  await expect(preview).toContainText(`Subject: 静，请领取胸牌 ${tag}`);
  await expect(preview).toContainText(`订单 ${zh.orderNo}（US$650.00）的胸牌已可在服务台领取。`);
  await form.getByRole('textbox', { name: 'Preview for' }).fill(en.orderNo);
  await form.getByRole('button', { name: 'Preview' }).click();
  await expect(preview).toContainText('This recipient gets the English version.');
  await expect(preview).toContainText(`Subject: Your badge, Jane ${tag}`);
  await expectAccessible(page, 'office mail in two languages');

  await form.getByRole('button', { name: 'Send the mail' }).click();
  const decision = page.getByRole('alertdialog', { name: /^Send this mail to \d+ delegates?\?$/ });
  await decision.getByRole('button', { name: /^Send to \d+ delegates?$/ }).click();
  const sent = page.getByRole('list', { name: 'Mails sent' }).getByRole('listitem').filter({ hasText: `Your badge, {first_name} ${tag}` });
  await expect(sent).toContainText('English and Chinese');
  await expect(sent).toContainText('Finished', { timeout: 60_000 });
  await sent.getByRole('button', { name: 'Show the recipients' }).click();
  const recipients = sent.getByRole('table');
  await expect(recipients.getByRole('row').filter({ hasText: zh.email })).toContainText(`静，请领取胸牌 ${tag}`);
  await expect(recipients.getByRole('row').filter({ hasText: en.email })).toContainText(`Your badge, Jane ${tag}`);

  const store = (await (await fetch(`${mailOrigin()}/store`)).json()) as { emails: StoredMail[] };
  const to = (email: string) => store.emails.filter((m) => m.destination.to.some((d) => d.includes(email)));
  const zhMail = to(zh.email).find((m) => m.subject === `静，请领取胸牌 ${tag}`)!;
  expect(zhMail.body.text).toContain(`订单 ${zh.orderNo}（US$650.00）的胸牌已可在服务台领取。`);
  expect(zhMail.body.html).toContain('<html lang="zh-Hans">');
  const enMail = to(en.email).find((m) => m.subject === `Your badge, Jane ${tag}`)!;
  expect(enMail.body.text).toContain(`your badge for order ${en.orderNo} (US$650.00) is ready at the desk.`);
  expect(to(en.email).some((m) => m.subject.includes('胸牌'))).toBe(false);

  // The page in Chinese, at phone width: no sideways scrolling.
  await page.goto('/zh/office/mail');
  await expect(page.getByRole('heading', { name: '致参会者邮件', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: '中文主题' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/office-mail-zh-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/office-mail-zh.png', fullPage: true });
  expect(consoleErrors).toEqual([]);
});
