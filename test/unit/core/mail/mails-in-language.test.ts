/**
 * Every mail kind in the recipient's language (issue 32, decision 0059): in Chinese for a reader
 * of Chinese, with no English sentence left and links to the /zh pages; in English word for word
 * otherwise (the default is the explicit English, and the spec's sentences are checked as they are).
 */
import { describe, expect, it } from 'vitest';
import type { StoredAbstract } from '#core/abstracts/ports';
import type { Lang } from '#core/i18n/lang';
import { abstractMail } from '#core/mail/templates';
import { bankMailLines } from '#core/mail/bank-lines';
import { recipientLanguage } from '#core/mail/recipient-language';
import { bankDetailLines, type BankAccount } from '#core/office/payment-settings';
import {
  cancelledWithoutRefundMail,
  orderPlacedMail,
  paymentFailedMail,
  paymentIncompleteMail,
  paymentReceivedMail,
  refundCompletedMail,
  refundFailedMail,
  refundRequestedMail,
  surplusRefundedMail,
  transferNotedMail,
} from '#core/orders/mails';
import { links } from '#core/orders/order-deps';
import { visaCorrectionMail } from '#core/orders/visa-mails';
import { certificateReadyMail, visaLetterMail } from '#core/documents/document-mails';
import { reviewDecisionMail } from '#core/registration-by-category/mails';
import { registrationPaymentMails, registrationPaymentReceivedMail } from '#core/registration-by-category/registration-payment-mails';
import type { StoredRegistration } from '#core/registration-by-category/ports';
import { renderDecisionMail } from '#core/review/publishing';
import { mailJobSchema, renderMail, sentSubject, versionFor, type Recipient } from '#core/office/mail-jobs';
import type { PaymentMail } from '#core/payments/ports';
import { paidOrder, payment, refund } from '../../../support/paid-order';

type Mail = { subject: string; html: string; text: string };

const origin = 'https://portal.example.org';
const order = paidOrder({ first_name: 'Mei', last_name: 'Lin' });
const card = payment(order);
const transfer = payment(order, { id: 'p2', method: 'transfer', provider: 'bank' as never });
const account: BankAccount = {
  beneficiary: 'IACR Congress Ltd',
  bank: 'Bank of Beijing',
  bank_address: '1 Finance Street, Beijing',
  account_number: '0123456789',
  swift: 'BJCNCNBJ',
  currency: 'USD',
} as BankAccount;

/** The words a Chinese mail may still carry in Latin letters: names, codes, addresses, the congress's short name. */
const allowed = /^(IACR|US|PDF|SWIFT|BIC|IBAN|USD|OESO|Mei|Lin|Ada|Lovelace|Dr|Beijing|Bank|Finance|Street|Congress|Ltd|pptx|ppt|http|https|portal|example|org|registration|list|submission|checksum|refund|account|admin|fee|common|reload|visa|upload|oral|poster|pre|zh|delegate|Hans|html|lang|TITLE|Cancer|registries|in|Asia|Reviewer|comment|Too|long|noted|card|transfer|insufficient_funds|insufficient|funds|of|UTC|MEI|LIN|BJCNCNBJ|CN)$/;

/** The Latin-letter words of a Chinese mail's text that are not names, codes or addresses (none: nothing left untranslated). */
function englishLeft(text: string) {
  const stripped = text
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[\w.+-]+@[\w.-]+/g, ' ')
    .replace(/R24-\d+|IACR24-[\d-]+|OESO-\d+|[OP]-\d+/g, ' ');
  return [...stripped.matchAll(/[A-Za-z]{2,}/g)].map((m) => m[0]).filter((w) => !allowed.test(w));
}

function expectChinese(mail: Mail) {
  expect(mail.html).toContain('<html lang="zh-Hans">');
  expect(englishLeft(mail.subject), mail.subject).toEqual([]);
  expect(englishLeft(mail.text), mail.text).toEqual([]);
  expect(mail.text).toContain('IACR 2024 国际肿瘤登记学术大会');
  // Every link of the portal's pages goes to the Chinese page.
  for (const m of mail.text.matchAll(/https:\/\/portal\.example\.org(\/\S*)/g)) expect(m[1], m[0]).toMatch(/^\/zh\//);
}

/** Each mail kind, made in `lang`. */
const kinds: Record<string, (lang: Lang) => Mail> = {
  'order placed': (lang) => orderPlacedMail(order, links({ siteOrigin: origin }, order, lang), account, lang),
  'order placed, bank closed': (lang) => orderPlacedMail(order, links({ siteOrigin: origin }, order, lang), undefined, lang),
  'payment received': (lang) => paymentReceivedMail(order, card, new Date(card.confirmed_at!), links({ siteOrigin: origin }, order, lang), lang),
  'payment incomplete': (lang) => paymentIncompleteMail(order, { amount: 30000, method: 'transfer' }, { ...transfer, amount: 35000 }, account, lang),
  'payment failed': (lang) => paymentFailedMail(order, links({ siteOrigin: origin }, order, lang), lang),
  'transfer noted': (lang) => transferNotedMail(order, links({ siteOrigin: origin }, order, lang), account, lang),
  'refund requested, card': (lang) => refundRequestedMail(order, refund(card, 60000, { state: 'requested' as never }), links({ siteOrigin: origin }, order, lang), lang),
  'refund requested, transfer, office amount': (lang) =>
    refundRequestedMail(order, refund(transfer, 30000, { state: 'requested' as never, note: '电话商定' }), links({ siteOrigin: origin }, order, lang), lang),
  'cancelled without refund': (lang) => cancelledWithoutRefundMail(order, undefined, lang),
  'cancelled by the office': (lang) => cancelledWithoutRefundMail(order, '重复订单', lang),
  'refund completed, card': (lang) => refundCompletedMail(order, refund(card, 60000), lang),
  'refund sent, transfer': (lang) => refundCompletedMail(order, refund(transfer, 60000, { paid_to: 'CN12 3456' } as never), lang),
  'refund failed': (lang) => refundFailedMail(order, refund(card, 60000, { state: 'failed' as never, failure_reason: 'insufficient_funds' } as never), lang),
  'overpaid transfer': (lang) =>
    surplusRefundedMail(order, { ...transfer, amount: order.amount_required + 6000 }, refund(transfer, 6000, { state: 'requested' as never, reason: 'surplus' as never }), links({ siteOrigin: origin }, order, lang), lang),
  'second payment': (lang) => surplusRefundedMail(order, { ...card, surplus: 'already-paid' }, refund(card, card.amount), links({ siteOrigin: origin }, order, lang), lang),
  'visa correction': (lang) => visaCorrectionMail({ ...order, full_name_as_on_passport: 'LIN MEI' }, '护照号码有误。', origin, lang),
  'visa letter': (lang) => visaLetterMail({ ...order, full_name_as_on_passport: 'LIN MEI' }, { version: 1 }, origin, lang),
  'visa letter replaced': (lang) => visaLetterMail({ ...order, full_name_as_on_passport: 'LIN MEI' }, { version: 2 }, origin, lang),
  certificate: (lang) => certificateReadyMail(order, origin, lang),
  'abstract received': (lang) =>
    abstractMail('created', { title: '肿瘤登记质量', category: 'Cancer registries in Asia', authors: ['Mei Lin'], presenters: ['Mei Lin'], files: [], link: `${origin}${lang === 'en' ? '' : '/zh'}/admin/upload-update/a1`, deadline: '2024-05-16T16:00:00Z' }, lang),
  'decision: oral': (lang) =>
    renderDecisionMail({ abstract: { title_of_abstract: '肿瘤登记质量' } as StoredAbstract, published: { outcome: 'oral', number: 'O-001' }, reviews: [], firstName: 'Mei', siteOrigin: origin, lang }),
  'decision: revise': (lang) =>
    renderDecisionMail({ abstract: { title_of_abstract: '肿瘤登记质量' } as StoredAbstract, published: { outcome: 'revise' }, reviews: [], firstName: '', siteOrigin: origin, lang }),
  'decision: reject': (lang) =>
    renderDecisionMail({ abstract: { title_of_abstract: '肿瘤登记质量' } as StoredAbstract, published: { outcome: 'reject' }, reviews: [], firstName: 'Mei', siteOrigin: origin, lang }),
  'office mail, both written': (lang) => renderMail({ ...both, purpose: 'order' }, { ...recipient, language: lang }),
};

const both = { subject: 'Badge for {first_name}', text: 'Order {order_no}: {amount}.', subject_zh: '{first_name}的胸牌', text_zh: '订单 {order_no}：{amount}。' };
const recipient: Recipient = { email: 'mei@example.org', user_id: 'u1', first_name: 'Mei', order_no: 'R24-000012', amount: '650.00' };

describe('every mail kind in the recipient\'s language', () => {
  for (const [kind, make] of Object.entries(kinds)) {
    it(`${kind}: Chinese for a reader of Chinese, English by default`, () => {
      expectChinese(make('zh-Hans'));
      const english = make('en');
      expect(english.html).toContain('<html lang="en">');
      expect(english.text).not.toContain('/zh/');
      expect(english.text).toContain('IACR 2024 Scientific Conference, Beijing.');
      expect(english.text).not.toContain('国际肿瘤登记');
    });
  }

  it('keeps the English sentences word for word', () => {
    const received = paymentReceivedMail(order, card, new Date(card.confirmed_at!), links({ siteOrigin: origin }, order));
    expect(received.subject).toBe('Payment received: registration order R24-000012');
    expect(received.text).toContain('Your registration order R24-000012 is paid. Thank you.');
    expect(received.text).toContain('- Amount: US$1,040.00\n- Method: card\n- Date: 1 August 2024, 10:00 CST (UTC+8)');
    expect(received.text).toContain('- Order R24-000012: Standard rate\n- Accompanying persons: 1\n- Post-conference visit: 2 person(s)\n- Total: US$1,040.00');
    expect(received.text).toContain('See your orders: https://portal.example.org/registration/list');
    const surplus = surplusRefundedMail(order, { ...card, surplus: 'already-paid' }, refund(card, card.amount), links({ siteOrigin: origin }, order));
    expect(surplus.subject).toBe('Second payment refunded: registration order R24-000012');
    expect(surplus.text).toContain(
      'We received US$1,040.00 by card, but order R24-000012 had already been paid (for example from another window). We are refunding it in full, to the card it was paid with; nothing else changes for your order.',
    );
    const failed = refundFailedMail(order, refund(card, 60000, { state: 'failed' as never, failure_reason: 'insufficient_funds' } as never));
    expect(failed.text).toContain('The refund of US$600.00 for registration order R24-000012 to the card it was paid with did not go through (insufficient funds).');
    expect(bankMailLines(account, order.reference, 'registration@iacr2024-beijing.org')).toEqual(bankDetailLines(account, order.reference, 'registration@iacr2024-beijing.org'));
    expect(bankMailLines(undefined, order.reference, 'registration@iacr2024-beijing.org')).toEqual(bankDetailLines(undefined, order.reference, 'registration@iacr2024-beijing.org'));
  });

  it('gives the Chinese payment mail its values: amounts in US$, the date in Chinese, the bank lines', () => {
    const received = paymentReceivedMail(order, card, new Date(card.confirmed_at!), links({ siteOrigin: origin }, order, 'zh-Hans'), 'zh-Hans');
    expect(received.subject).toBe('已收到付款：参会注册订单 R24-000012');
    expect(received.text).toContain('- 金额：US$1,040.00\n- 方式：银行卡\n- 日期：2024年8月1日 10:00 (UTC+8)');
    expect(received.text).toContain('- 订单 R24-000012：标准费率');
    const placed = orderPlacedMail(order, links({ siteOrigin: origin }, order, 'zh-Hans'), account, 'zh-Hans');
    expect(placed.text).toContain('- 收款人：IACR Congress Ltd\n- 银行：Bank of Beijing');
    expect(placed.text).toContain('- 付款附言（请在转账时填写）：IACR24-000012-3');
    expect(placed.text).toContain('支付此订单: https://portal.example.org/zh/registration/submission?checksum=c');
  });
});

describe('the payment mail\'s tickets (issue 34)', () => {
  it('names each person\'s ticket and links to the order list, in English and in Chinese', () => {
    const en = paymentReceivedMail(order, card, new Date(card.confirmed_at!), links({ siteOrigin: origin }, order));
    expect(en.text).toContain('Your 2 tickets, one per person, are on your order list with their QR codes, each also as a PDF to print: https://portal.example.org/registration/list. Show the code at the registration desk to collect your badge, and at the doors.');
    expect(en.text).toContain('- Person 1 (delegate): 4 Nov, 5 Nov, 6 Nov, 7 Nov, Morning workshop, Welcome reception, Gala dinner, Group visit');
    expect(en.text).toContain('- Person 2 (accompanying person): Welcome reception, Gala dinner, Group visit');
    const zh = paymentReceivedMail(order, card, new Date(card.confirmed_at!), links({ siteOrigin: origin }, order, 'zh-Hans'), 'zh-Hans');
    expect(zh.text).toContain('您的2张入场票（每人一张）及其二维码已在订单列表中，也可下载PDF文件打印：https://portal.example.org/zh/registration/list。');
    expect(zh.text).toContain('- 第1人（参会代表）：11月4日、11月5日、11月6日、11月7日、上午培训班、欢迎酒会、大会晚宴、集体参观');
    expectChinese(zh);
  });

  it('counts the tickets of the order as paid, though its record was read before the payment (Checking)', () => {
    const mail = paymentReceivedMail({ ...order, payment_status: 2 }, card, new Date(card.confirmed_at!), links({ siteOrigin: origin }, order));
    expect(mail.text).toContain('Your 2 tickets, one per person');
  });
});

describe('the registration by category\'s mails', () => {
  const registration = {
    first_name: 'Ada', middle_initial: '', last_name: 'Lovelace', regiatration_type: 1, gala_dinner: 'Yes', working_lunch: 'No', accompany: [], groups: [],
    owner_id: 'u9', owner_email: 'ada@example.org', register_code: 'OESO-000007', period: 'early', review_reason: '材料不清晰', oeso_member: '123',
  } as unknown as StoredRegistration;

  it('are in Chinese for a reader of Chinese (payment, review decisions)', () => {
    expectChinese(registrationPaymentReceivedMail(registration, 'registration-fee', card, new Date(card.confirmed_at!), `${origin}/zh/admin/fee`, 'zh-Hans'));
    expectChinese(reviewDecisionMail(registration, 'approve', origin, 'zh-Hans'));
    expectChinese(reviewDecisionMail(registration, 'reject', origin, 'zh-Hans'));
    expectChinese(reviewDecisionMail({ ...registration, regiatration_type: 2 } as StoredRegistration, 'reject', origin, 'zh-Hans'));
    expect(reviewDecisionMail(registration, 'approve', origin).subject).toBe('Registration OESO-000007: approved');
  });

  it('follow the registrant\'s stored language, English when none or when it cannot be read', async () => {
    const sent: { to: string; subject: string; html: string }[] = [];
    const mailer = { send: async (m: { to: string; subject: string; html: string }) => (sent.push(m), 'sent' as const) };
    const log = { info: () => undefined, error: () => undefined };
    const mails = (get: (id: string) => Promise<Lang | undefined>) => registrationPaymentMails({ mailer, log, siteOrigin: origin, languages: { get } } as never, 'office@example.org');
    const event = { kind: 'payment-failed', payable: { record: registration, subject: { kind: 'registration-fee', id: 'x', owner_id: 'u9' } }, payment: card, at: new Date() } as unknown as PaymentMail;
    await mails(async () => 'zh-Hans')(event);
    await mails(async () => undefined)(event);
    await mails(async () => Promise.reject(new Error('table down')))(event);
    expect(sent.map((m) => m.subject)).toEqual(['付款未完成：参会注册 OESO-000007', 'Payment not completed: registration OESO-000007', 'Payment not completed: registration OESO-000007']);
    expect(sent[0]!.html).toContain('/zh/admin/fee');
  });
});

describe('the recipient\'s language', () => {
  it('is the account\'s, English without a port, an account or a stored choice', async () => {
    const languages = { get: async (id: string) => (id === 'zh' ? ('zh-Hans' as const) : undefined) };
    expect(await recipientLanguage({ languages }, 'zh')).toBe('zh-Hans');
    expect(await recipientLanguage({ languages }, 'other')).toBe('en');
    expect(await recipientLanguage({ languages }, undefined)).toBe('en');
    expect(await recipientLanguage({}, 'zh')).toBe('en');
  });
});

describe('the office\'s mail in one or both languages', () => {
  const base = { filter: 'paid', purpose: 'announcement' };
  it('takes English, Chinese, or both; a version is a subject and a text', () => {
    expect(mailJobSchema.safeParse({ ...base, subject: 'Hello', text: 'Text' }).success).toBe(true);
    expect(mailJobSchema.safeParse({ ...base, subject_zh: '你好', text_zh: '正文' }).success).toBe(true);
    expect(mailJobSchema.safeParse({ ...base, ...both }).success).toBe(true);
    const errorsOf = (v: object) => Object.fromEntries((mailJobSchema.safeParse({ ...base, ...v }).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(errorsOf({})).toEqual({ subject: 'Please enter a subject (at most 200 characters).', text: 'Please write the text of the mail (at most 10,000 characters).' });
    expect(errorsOf({ subject: 'Hello', subject_zh: '你好', text_zh: '正文' })).toEqual({ text: 'Please write the text of the mail (at most 10,000 characters).' });
    expect(errorsOf({ subject: 'Hello', text: 'Text', text_zh: '正文' })).toEqual({ subject_zh: 'Please enter the Chinese subject (at most 200 characters).' });
    expect(errorsOf({ subject_zh: '你好 {name}', text_zh: '正文' })).toEqual({ subject_zh: '{name} is not a placeholder: use {first_name}, {order_no} or {amount}.' });
  });

  it('gives each reader their version, or the only one written', () => {
    expect(versionFor(both, 'zh-Hans')).toMatchObject({ lang: 'zh-Hans', subject: '{first_name}的胸牌' });
    expect(versionFor(both, 'en')).toMatchObject({ lang: 'en', subject: 'Badge for {first_name}' });
    const chineseOnly = { subject: '', text: '', subject_zh: '通知', text_zh: '正文' };
    expect(versionFor(chineseOnly, 'en')).toMatchObject({ lang: 'zh-Hans', subject: '通知' });
    expect(versionFor({ subject: 'News', text: 'Text' }, 'zh-Hans')).toMatchObject({ lang: 'en', subject: 'News' });
    expect(sentSubject(both, { ...recipient, language: 'zh-Hans' })).toBe('Mei的胸牌');
    expect(sentSubject(both, recipient)).toBe('Badge for Mei');
    const zh = renderMail({ ...chineseOnly, purpose: 'announcement' }, recipient, `${origin}/zh/common/unsubscribe?token=t`);
    expect(zh.html).toContain('<html lang="zh-Hans">');
    expect(zh.text).toContain(`如不希望再收到通知，请打开 ${origin}/zh/common/unsubscribe?token=t`);
    const en = renderMail({ ...both, purpose: 'order' }, recipient);
    expect(en.text).toContain('Order R24-000012: US$650.00.');
    expect(en.text).toContain('You receive this mail about your registration for IACR 2024.');
  });
});
