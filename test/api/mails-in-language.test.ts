/**
 * Mails in the recipient's language (issue 32, decision 0059): a delegate who chose Chinese
 * (PUT /language) gets the order and payment mails in Chinese, with links to the /zh pages; one
 * who did not gets the spec's English word for word; an office mail written in both languages
 * reaches each in their own, one written in English only reaches both in English.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { JobView } from '#core/office/jobs';
import type { RecipientResult } from '#core/office/mail-jobs';
import { validOrder } from '../support/bodies';
import { allMoneyEventsFollowed, call, mailsTo, newDelegate, officeSession } from './support';

const T0 = '2024-08-01T02:00:00Z';
let tick = 0;
const at = () => new Date(Date.parse(T0) + (tick += 1) * 1000).toISOString();

let office: { token: string };
interface Delegate {
  email: string;
  token: string;
  orderNo: string;
}
let chinese: Delegate;
let english: Delegate;

/** A delegate with their language chosen (or not), an order, its transfer announced and confirmed by the office. */
async function paidByTransfer(tag: string, language?: 'zh-Hans'): Promise<Delegate> {
  const d = await newDelegate(tag);
  if (language) expect((await call('PUT', '/language', { json: { language }, token: d.token })).status).toBe(200);
  await call('POST', '/update', { token: d.token, at: T0, json: { first_name: 'Mei', last_name: 'Lin' } });
  const created = await call<{ id: string }>('POST', '/registration/submission', { token: d.token, at: T0, json: validOrder({ first_name: 'Mei', last_name: 'Lin' }) });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.data.id;
  const order = await call<{ order: { reference: string; order_no: string } }>('GET', `/registration/submission/${id}`, { token: d.token, at: T0 });
  expect((await call('POST', `/registration/submission/transfer-payment/${id}`, { token: d.token, at: T0, json: { type: 'done' } })).status).toBe(200);
  const confirmed = await call('POST', `/office/transfers/${order.body.data.order.reference}/received`, { token: office.token, at: T0, json: { amount: '650.00' } });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  await allMoneyEventsFollowed();
  return { ...d, orderNo: order.body.data.order.order_no };
}

beforeAll(async () => {
  office = await officeSession('lang-mailer', T0);
  chinese = await paidByTransfer('zh-buyer', 'zh-Hans');
  english = await paidByTransfer('en-buyer');
}, 120_000);

describe('order and payment mails', () => {
  it('are in Chinese for a delegate who chose Chinese, with links to the Chinese pages', async () => {
    const mails = await mailsTo(chinese.email);
    const subjects = mails.map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([`已记录银行转账：参会注册订单 ${chinese.orderNo}`, `已收到付款：参会注册订单 ${chinese.orderNo}`]),
    );
    const received = mails.find((m) => m.subject.startsWith('已收到付款'))!;
    expect(received.body.html).toContain('<html lang="zh-Hans">');
    expect(received.body.text).toContain(`您的参会注册订单 ${chinese.orderNo} 已付款。谢谢！`);
    expect(received.body.text).toContain('金额：US$650.00');
    expect(received.body.text).toContain('方式：银行转账');
    expect(received.body.text).toMatch(/日期：2024年8月1日 10:00 \(UTC\+8\)/);
    expect(received.body.text).toMatch(/查看我的订单: http:\/\/[^ \n]+\/zh\/registration\/list/);
    expect(received.body.text).not.toMatch(/[^h]\/registration\/list/);
  });

  it('stay the spec\'s English for a delegate who chose no language', async () => {
    const mails = await mailsTo(english.email);
    const received = mails.find((m) => m.subject === `Payment received: registration order ${english.orderNo}`);
    expect(received, mails.map((m) => m.subject).join(' | ')).toBeDefined();
    expect(mails.some((m) => m.subject === `Bank transfer noted: registration order ${english.orderNo}`)).toBe(true);
    expect(received!.body.html).toContain('<html lang="en">');
    expect(received!.body.text).toContain(`Your registration order ${english.orderNo} is paid. Thank you.`);
    expect(received!.body.text).toContain('Amount: US$650.00');
    expect(received!.body.text).toContain('Date: 1 August 2024, 10:00 CST (UTC+8)');
    expect(received!.body.text).not.toContain('/zh/');
  });
});

async function reaches(id: string, states: string[]) {
  const until = Date.now() + 25_000;
  for (;;) {
    const r = await call<{ job: JobView; recipients: (RecipientResult & { subject: string })[] }>('GET', `/office/mail/${id}`, { token: office.token, at: T0 });
    if (states.includes(r.body.data.job.state)) return r.body.data;
    if (Date.now() > until) throw new Error(`mail job ${id} still ${r.body.data.job.state}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
async function sendTo(orderNo: string, body: Record<string, unknown>) {
  const r = await call<{ job: JobView }>('POST', '/office/mail', { token: office.token, at: at(), json: { filter: 'order', order_no: orderNo, purpose: 'order', ...body } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const ready = await reaches(r.body.data.job.id, ['ready', 'done', 'failed']);
  expect(ready.job.state).toBe('ready');
  expect((await call('POST', `/office/mail/${r.body.data.job.id}/send`, { token: office.token, at: at(), json: { recipients: ready.job.total } })).status).toBe(200);
  return reaches(r.body.data.job.id, ['done', 'failed']);
}

describe('the office\'s mail in two languages', () => {
  const both = {
    subject: 'Your badge, {first_name}',
    text: 'Order {order_no} ({amount}): collect your badge at the desk.',
    subject_zh: '{first_name}，请领取胸牌',
    text_zh: '订单 {order_no}（{amount}）：请到服务台领取胸牌。',
  };

  it('reaches a Chinese and an English delegate each in their own language, placeholders filled in both', async () => {
    const zhDone = await sendTo(chinese.orderNo, both);
    const enDone = await sendTo(english.orderNo, both);
    expect(zhDone.recipients).toEqual([expect.objectContaining({ state: 'sent', subject: 'Mei，请领取胸牌', language: 'zh-Hans' })]);
    expect(enDone.recipients).toEqual([expect.objectContaining({ state: 'sent', subject: 'Your badge, Mei', language: 'en' })]);
    const zhMail = (await mailsTo(chinese.email)).find((m) => m.subject === 'Mei，请领取胸牌')!;
    expect(zhMail.body.text).toContain(`订单 ${chinese.orderNo}（US$650.00）：请到服务台领取胸牌。`);
    expect(zhMail.body.html).toContain('<html lang="zh-Hans">');
    const enMail = (await mailsTo(english.email)).find((m) => m.subject === 'Your badge, Mei')!;
    expect(enMail.body.text).toContain(`Order ${english.orderNo} (US$650.00): collect your badge at the desk.`);
    expect(enMail.body.text).toContain('You receive this mail about your registration for IACR 2024.');
  });

  it('reaches a Chinese delegate in English when only English is written (the API as before)', async () => {
    const done = await sendTo(chinese.orderNo, { subject: 'Only in English', text: 'One language only.' });
    expect(done.recipients).toEqual([expect.objectContaining({ state: 'sent', subject: 'Only in English' })]);
    const mail = (await mailsTo(chinese.email)).find((m) => m.subject === 'Only in English')!;
    expect(mail.body.html).toContain('<html lang="en">');
  });

  it('refuses half a version: a Chinese subject without its text', async () => {
    const r = await call<{ errors: Record<string, string> }>('POST', '/office/mail', {
      token: office.token,
      at: T0,
      json: { filter: 'order', order_no: chinese.orderNo, purpose: 'order', subject_zh: '只有主题' },
      headers: { 'x-language': 'zh-Hans' },
    });
    expect(r.status).toBe(422);
    expect(r.body.data.errors).toEqual({ text_zh: '请填写中文邮件正文（最多10,000个字符）。' });
  });
});
