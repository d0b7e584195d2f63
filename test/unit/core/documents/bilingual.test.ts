/**
 * Documents in Chinese and English (decision 0062): every organiser text has its Chinese beside it
 * (`_zh`) using only its English's placeholders; a Chinese text left out prints in English only and
 * is listed with the content still missing; each kind of document, rendered, reads back (pdftotext)
 * in both languages, dates in each language's form and amounts always with "US$".
 */
import { afterEach, describe, expect, it } from 'vitest';
import { certificateSpec } from '#core/documents/certificate';
import type { PdfSpec } from '#core/documents/model';
import { creditNoteSpec, documentNumber, receiptSpec, returnedRefundSpec } from '#core/documents/receipt';
import { chinesePlaceholderProblems, documentTexts, fillText, missingChineseTexts, MissingPlaceholder, placeholdersOf, textsIn } from '#core/documents/texts';
import { visaLetterSpec } from '#core/documents/visa-letter';
import { renderPdf } from '#lib/pdf/render';
import { documentTextsFile, missingTranslations } from '../../../../web/src/content/missing';
import { paidOrder, payment, refund } from '../../../support/paid-order';
import { pdfText } from '../../../support/pdf';

const ISSUED = new Date('2024-08-01T02:00:05Z');
const order = paidOrder({ first_name: 'Xiaoming', last_name: 'Wang', family_name_in_chinese: '王', given_name_in_chinese: '小明' });
const texts = documentTexts as unknown as Record<string, Record<string, unknown>>;
const clone = () => structuredClone(documentTexts) as unknown as Record<string, Record<string, unknown>>;

const specs: Record<string, () => PdfSpec> = {
  receipt: () => receiptSpec({ number: documentNumber(7), issuedAt: ISSUED, order, payments: [payment(order)] }),
  'receipt of a WeChat Pay payment': () => receiptSpec({ number: documentNumber(10), issuedAt: ISSUED, order, payments: [payment(order, { wallet: 'wechat_pay' })] }),
  'credit note of an Alipay payment': () => creditNoteSpec({ number: documentNumber(11), issuedAt: ISSUED, order, receipt: { number: documentNumber(10) }, refund: refund(payment(order, { wallet: 'alipay' }), 99000), paid: 104000, refundedBefore: 0, wallet: 'alipay' }),
  'credit note': () => creditNoteSpec({ number: documentNumber(8), issuedAt: ISSUED, order, receipt: { number: documentNumber(7) }, refund: refund(payment(order), 99000), paid: 104000, refundedBefore: 0 }),
  'receipt for a returned refund': () => returnedRefundSpec({ number: documentNumber(9), issuedAt: ISSUED, order, creditNote: { number: documentNumber(8), issued_at: ISSUED.toISOString() }, refund: { amount: 99000 } }),
  certificate: () => certificateSpec({ order, presentations: [{ type: 'poster', title: 'Trends in liver cancer incidence' }], issuedAt: new Date('2024-11-08T02:00:00Z') }),
  'visa letter': () =>
    visaLetterSpec({ id: 'o1', owner_id: 'u1', order_no: 'R24-000042', full_name_as_on_passport: 'Łukasz Żółć-Wróbel', nationality: 'Poland', date_of_birth: '1980-02-29', passport_number: 'E12345678', issue_date_of_passport: '2020-01-15', expiry_date_of_passport: '2030-01-14', for_visa_support_letter: 'Jagiellonian University', organization: 'UJ' }, ISSUED),
};

/** What each document must print in each language (a few of its texts, its dates). */
const expected: Record<string, { zh: string[]; en: string[]; pages: number }> = {
  receipt: {
    zh: ['收据', '收据编号 Receipt no.: IACR2024-0007', '开具日期：2024年8月1日 10:00 (UTC+8)', '交款人', '标准注册费', '实收合计', '银行卡付款，2024年8月1日 10:00 (UTC+8)，支付编号 pi_test_1', '已收款', '兹收到王小明交来IACR 2024 国际肿瘤登记学术大会注册订单 R24-000012 款项', '统一社会信用代码 12100000400012345X'],
    en: ['Receipt', 'Date of issue: 1 August 2024, 10:00 CST (UTC+8)', 'Received from', 'Standard rate registration', 'Total paid', 'PAID', 'Received with thanks from Dr. Xiaoming Wang (王小明)', 'Unified social credit code 12100000400012345X', 'US$1,040.00'],
    pages: 1,
  },
  'receipt of a WeChat Pay payment': {
    zh: ['微信支付付款，2024年8月1日 10:00 (UTC+8)，支付编号 pi_test_1'],
    en: ['WeChat Pay payment, 1 August 2024, 10:00 CST (UTC+8), payment id pi_test_1'],
    pages: 1,
  },
  'credit note of an Alipay payment': {
    zh: ['已退回原付款支付宝账户，2024年8月10日 10:00 (UTC+8)'],
    en: ['Refunded to the Alipay account of the payment, 10 August 2024, 10:00 CST (UTC+8)'],
    pages: 1,
  },
  'credit note': {
    zh: ['退款凭证', '退款凭证编号 Credit note no.: IACR2024-0008', '对应收据 Refers to receipt: IACR2024-0007', '不予退还：按退款政策收取的取消费用', '本次退款合计', '已退回原付款银行卡，2024年8月10日 10:00 (UTC+8)', '已退款'],
    en: ['Credit note', 'Not refunded: cancellation fee under the refund policy', 'Credited and refunded', 'Refunded to the card of the payment, 10 August 2024, 10:00 CST (UTC+8)', 'REFUNDED', '−US$50.00', 'US$990.00'],
    pages: 1,
  },
  'receipt for a returned refund': {
    zh: ['收据', '对应退款凭证 Restores credit note: IACR2024-0008', '发卡银行退回的退款（退款凭证 IACR2024-0008）', '2024年8月1日开具的退款凭证 IACR2024-0008'],
    en: ["Refund returned by the card's bank (credit note IACR2024-0008)", 'The refund of US$990.00 recorded in credit note IACR2024-0008 of 1 August 2024'],
    pages: 1,
  },
  certificate: {
    zh: ['参会证明', '兹证明', '于2024年11月4日至7日在北京国际会议中心（中国北京）出席国际癌症登记协会2024年学术大会暨中国肿瘤登记年会。', '壁报', '魏文强 教授', '本地组织委员会主席', '开具日期：2024年11月8日'],
    en: ['Certificate of Attendance', 'This is to certify that', 'Xiaoming Wang (王小明)', '4-7 November 2024', 'Poster presentation', 'Prof. Wei Wenqiang', 'Issued: 8 November 2024'],
    pages: 1,
  },
  'visa letter': {
    zh: ['签证邀请函', '中华人民共和国驻外大使馆或总领事馆签证处', '尊敬的签证官', '诚挚邀请Jagiellonian University的Łukasz Żółć-Wróbel于2024年11月4日至7日赴中国北京', '出生日期 Date of birth', '1980年2月29日', '2020年1月15日 / 2030年1月14日', '此致敬礼！', '日期：2024年8月1日'],
    en: ['Visa invitation letter', "To the Visa Section of the Embassy or Consulate General of the People's Republic of China", 'Dear Sir or Madam,', '29 February 1980', '15 January 2020 / 14 January 2030', 'Yours faithfully,', 'Date: 1 August 2024'],
    // Every sentence in two languages: the letter takes a second page.
    pages: 2,
  },
};

describe('the organisers’ texts in two languages', () => {
  it('give every document text its Chinese, and the build lists none as missing', () => {
    expect(missingChineseTexts()).toEqual([]);
    expect(missingTranslations('zh-Hans').filter((m) => m.file === documentTextsFile)).toEqual([]);
  });

  it('let a Chinese text use only the placeholders its English uses', () => {
    expect(chinesePlaceholderProblems()).toEqual([]);
    const edited = clone();
    edited.receipt!.note_zh = '兹收到{payer_name}交来的 {amount}。'; // {amount} is not a receipt note's
    (edited['visa-letter']!.title_zh as string) = '{passport_number} 签证邀请函';
    expect(chinesePlaceholderProblems(edited)).toEqual([
      { where: 'receipt.note_zh', placeholders: ['amount'] },
      { where: 'visa-letter.title_zh', placeholders: ['passport_number'] },
    ]);
    // Filled as the English is: a placeholder the document does not supply is an error, never printed as is.
    expect(() => fillText(edited.receipt!.note_zh as string, { payer_name: '王小明', order_no: 'R24-000012', conference: 'IACR 2024' })).toThrow(MissingPlaceholder);
  });

  it('write Chinese with Chinese punctuation next to Chinese characters, and keep English placeholders in the English', () => {
    const all: string[] = [];
    const walk = (v: unknown, key = '') => {
      if (typeof v === 'string' && key.endsWith('_zh')) all.push(v);
      else if (Array.isArray(v)) v.forEach((e) => walk(e, key));
      else if (v && typeof v === 'object') for (const [k, e] of Object.entries(v)) walk(e, key.endsWith('_zh') ? key : k);
    };
    walk(texts);
    expect(all.length).toBeGreaterThan(80);
    for (const zh of all) expect(zh, zh).not.toMatch(/\p{Script=Han}[,;:!?]|[,;:!?]\p{Script=Han}/u);
    for (const zh of all) for (const p of placeholdersOf(zh)) expect(p, zh).toMatch(/^[a-z_]+$/);
  });

  it('fall back to English, text by text and column by column, where the Chinese is left out or empty', () => {
    const section = { title: 'Receipt', title_zh: '', columns: ['Item', 'Amount (USD)'], columns_zh: ['项目'], stamp: 'PAID', stamp_zh: '已收款' };
    expect(textsIn(section, 'zh-Hans')).toEqual({ title: 'Receipt', columns: ['项目', 'Amount (USD)'], stamp: '已收款' });
    expect(textsIn(section, 'en')).toEqual({ title: 'Receipt', columns: ['Item', 'Amount (USD)'], stamp: 'PAID' });
    const edited = clone();
    delete edited.receipt!.title_zh;
    edited['credit-note']!.columns_zh = ['项目'];
    (edited.receipt!.item_names_zh as Record<string, string>)['Accompanying person'] = '';
    delete (edited.congress_zh as Record<string, unknown>).full_name;
    expect(missingChineseTexts(edited)).toEqual([
      { where: 'receipt.title_zh', en: 'Receipt' },
      { where: 'credit-note.columns_zh[1]', en: 'Amount (USD)' },
      { where: 'congress_zh.full_name', en: 'International Association of Cancer Registries Scientific Conference 2024, held with the Chinese Cancer Registry Annual Conference' },
      { where: 'receipt.item_names_zh["Accompanying person"]', en: 'Accompanying person' },
    ]);
    // The build's list of content still missing names them, with the site's own texts.
    expect(missingTranslations('zh-Hans', {}, missingChineseTexts(edited))).toEqual([
      { file: 'functions/core/documents/texts.json', texts: ['receipt.title_zh: Receipt', 'credit-note.columns_zh[1]: Amount (USD)', expect.stringMatching(/^congress_zh\.full_name: International/), 'receipt.item_names_zh["Accompanying person"]: Accompanying person'] },
    ]);
  });
});

describe('a document with a Chinese text missing', () => {
  const receipt = documentTexts.receipt as Record<string, unknown>;
  const saved = { title_zh: receipt.title_zh, item_names_zh: receipt.item_names_zh };
  afterEach(() => Object.assign(receipt, saved));

  it('prints that text in English only, and the others in both languages', async () => {
    delete receipt.title_zh;
    receipt.item_names_zh = { ...(saved.item_names_zh as object), 'Accompanying person': '' };
    const spec = specs.receipt!();
    expect(spec.title).toBe('Receipt');
    expect(spec.zh?.title).toBe('Receipt');
    const table = spec.zh?.blocks.find((b) => b.kind === 'table');
    expect(table?.kind === 'table' && table.rows.map((r) => r[0])).toEqual(['标准注册费', 'Accompanying person', '会后参观']);
    const text = pdfText((await renderPdf(spec)).bytes);
    expect(text.match(/^Receipt$/gm)).toHaveLength(1);
    expect(text).not.toMatch(/^收据$/m);
    expect(text.match(/Accompanying person/g)).toHaveLength(1);
    expect(text).toContain('收据编号 Receipt no.');
  }, 30_000);
});

describe.each(Object.keys(specs))('the %s', (kind) => {
  it('prints Chinese then English, dates in each language with the zone, amounts with US$ and never a bare ¥ or $', async () => {
    const spec = specs[kind]!();
    expect(spec.zh).toBeDefined();
    expect(spec.zh!.blocks.map((b) => b.kind)).toEqual(spec.blocks.map((b) => b.kind));
    const pdf = await renderPdf(spec);
    expect(pdf.missingGlyphs).toBe(0);
    expect(pdf.pages).toBe(expected[kind]!.pages);
    const text = pdfText(pdf.bytes).normalize('NFC');
    // Compared without white space: pdftotext writes a line's end as a space, also inside a Chinese sentence.
    const squeeze = (s: string) => s.replace(/\s+/g, '');
    const flat = squeeze(text);
    for (const part of [...expected[kind]!.zh, ...expected[kind]!.en]) expect(flat, part).toContain(squeeze(part));
    expect(text).not.toMatch(/¥|(?<!US)\$/);
    // The Chinese comes first: the title's Chinese above its English.
    expect(text.indexOf(spec.zh!.title)).toBeLessThan(text.indexOf(spec.title));
    // The footer in both languages on every page.
    expect(flat.match(/统一社会信用代码/g)?.length).toBe(pdf.pages);
    expect(flat.match(/Unifiedsocialcreditcode/g)?.length).toBe(pdf.pages);
  }, 30_000);
});

describe('a document issued before the documents became bilingual', () => {
  it('prints in English only, as issued', async () => {
    const { zh, ...english } = specs.receipt!();
    expect(zh).toBeDefined();
    const text = pdfText((await renderPdf(english)).bytes);
    expect(text).toContain('Receipt no.: IACR2024-0007');
    expect(text).not.toMatch(/收据|统一社会信用代码|已收款/);
  }, 30_000);
});
