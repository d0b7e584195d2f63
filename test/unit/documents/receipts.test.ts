/**
 * Receipts and credit notes: what they say (fixed clock, an order and its ledger records), which
 * ones an order's ledger calls for and that each is issued once, and how they print (pdftotext,
 * pdftoppm: Chinese and Polish payer names, no missing glyph).
 */
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '#core/audit/audit';
import { systemActor } from '#core/audit/audit';
import type { IssuedDocument } from '#core/documents/model';
import { correctReceipt, documentViolations, issueAfterMoney, issueOrderDocuments, missingDocuments, type DocumentNumbering, type OrderDocumentDeps } from '#core/documents/order-documents';
import { creditNoteSpec, documentNumber, receiptSpec, type ReceiptPayment } from '#core/documents/receipt';
import { documentTexts } from '#core/documents/texts';
import { refundQuote } from '#core/orders/refund-policy';
import type { PdfSpec } from '#core/documents/model';
import { renderPdf } from '#lib/pdf/render';
import { pdfPages, pdfText } from '../../support/pdf';
import { paidOrder, payment, refund } from '../../support/paid-order';

const ISSUED = new Date('2024-08-01T02:00:05Z');

/** Every piece of text a spec prints, one string (what a reader of the PDF sees, in order). */
const textOf = (spec: PdfSpec) =>
  [
    spec.title,
    ...spec.meta.map(([l, v]) => `${l}: ${v}`),
    ...spec.blocks.flatMap((b) => {
      switch (b.kind) {
        case 'heading':
        case 'paragraph':
        case 'stamp':
          return [b.text];
        case 'fields':
          return b.rows.map(([l, v]) => `${l}: ${v}`);
        case 'table':
          return [b.columns.join(' | '), ...b.rows.map((r) => r.join(' | ')), ...(b.total ? [b.total.join(': ')] : [])];
        default:
          return [];
      }
    }),
    spec.footer,
  ].join('\n');

describe('a receipt', () => {
  const order = paidOrder(); // Standard 650 + 1 accompanying (250) + 2 Great Wall visits (2 x 70) = 1,040
  const spec = receiptSpec({ number: documentNumber(7), issuedAt: ISSUED, order, payments: [payment(order)] });
  const text = textOf(spec);

  it('says its number, date (CST with the zone), the order, the payer as the order gives them', () => {
    expect(spec.title).toBe('Receipt');
    expect(text).toContain('Receipt no.: IACR2024-0007');
    expect(text).toContain('Date of issue: 1 August 2024, 10:00 CST (UTC+8)');
    expect(text).toContain('Registration order: R24-000012');
    expect(text).toContain('Name: Dr. Wei Zhang');
    expect(text).toContain('Organisation: National Cancer Center');
    expect(text).toContain('Country or region: China');
  });

  it('says the same in Chinese beside it (decision 0062): dates as Chinese writes them, amounts in US$ as in English', () => {
    const zh = textOf({ ...spec, ...spec.zh! });
    for (const line of [
      '收据编号: IACR2024-0007',
      '开具日期: 2024年8月1日 10:00 (UTC+8)',
      '姓名: Dr. Wei Zhang',
      '项目 | 数量 | 单价 | 金额（美元）',
      '标准注册费 | 1 | US$650.00 | US$650.00',
      '实收合计: US$1,040.00',
      'US$1,040.00: 银行卡付款，2024年8月1日 10:00 (UTC+8)，支付编号 pi_test_1',
      '兹收到Dr. Wei Zhang交来IACR 2024 国际肿瘤登记学术大会注册订单 R24-000012 款项，谨致谢忱。',
      '统一社会信用代码 12100000400012345X',
    ])
      expect(zh).toContain(line);
    // A name given in Chinese characters is the Chinese sentence's.
    const chinese = paidOrder({ family_name_in_chinese: '张', given_name_in_chinese: '伟' });
    expect(textOf({ ...spec, ...receiptSpec({ number: documentNumber(7), issuedAt: ISSUED, order: chinese, payments: [payment(chinese)] }).zh! })).toContain('兹收到张伟交来');
  });

  it('lists what was paid in USD: the rate, accompanying persons, post-conference visits, and the total', () => {
    expect(text).toContain('Standard rate registration | 1 | US$650.00 | US$650.00');
    expect(text).toContain('Accompanying person | 1 | US$250.00 | US$250.00');
    expect(text).toContain('Post-conference visit | 2 | US$70.00 | US$140.00');
    expect(text).toContain('Total paid: US$1,040.00');
  });

  it('says how it was paid (the card payment id), PAID, and the organiser legal details', () => {
    expect(text).toContain('US$1,040.00: Card payment, 1 August 2024, 10:00 CST (UTC+8), payment id pi_test_1');
    expect(spec.blocks).toContainEqual({ kind: 'stamp', text: 'PAID' });
    expect(spec.footer).toContain(documentTexts.organiser.legal_name);
    expect(spec.footer).toContain(documentTexts.organiser.tax_id);
    expect(spec.issued_at).toBe(ISSUED.toISOString());
  });

  it('of a transfer that came in two parts lists both, with the payment reference', () => {
    const parts: ReceiptPayment[] = [
      payment(order, { id: 'p1', method: 'transfer', amount: 40000, provider: 'bank', provider_ids: {} }),
      payment(order, { id: 'p2', method: 'transfer', amount: 64000, provider: 'bank', provider_ids: {}, confirmed_at: '2024-08-03T02:00:00.000Z' }),
    ];
    const t = textOf(receiptSpec({ number: documentNumber(8), issuedAt: ISSUED, order, payments: parts }));
    expect(t).toContain('US$400.00: Bank transfer, 1 August 2024, 10:00 CST (UTC+8), payment reference IACR24-000012-3');
    expect(t).toContain('US$640.00: Bank transfer, 3 August 2024, 10:00 CST (UTC+8), payment reference IACR24-000012-3');
    expect(t).toContain('Total paid: US$1,040.00');
  });

  it('corrected: a new number, and it says which receipt it replaces', () => {
    const t = textOf(receiptSpec({ number: documentNumber(9), issuedAt: ISSUED, order: paidOrder({ organization: 'Peking University' }), payments: [payment(order)], replaces: { number: 'IACR2024-0007', issued_at: ISSUED.toISOString() } }));
    expect(t).toContain('Receipt no.: IACR2024-0009');
    expect(t).toContain('Replaces receipt: IACR2024-0007');
    expect(t).toContain('This receipt replaces receipt IACR2024-0007 of 1 August 2024');
    expect(t).toContain('Organisation: Peking University');
  });
});

describe('a credit note', () => {
  const order = paidOrder();
  const paid = payment(order);

  it('is for what the refund policy gave back, not the whole receipt (US$50 fee before 1 October)', () => {
    const cancelledAt = new Date('2024-08-10T02:00:00Z');
    const quote = refundQuote(order.amount_required, cancelledAt);
    expect(quote).toMatchObject({ refund: 99000, fee: 5000 });
    const t = textOf(creditNoteSpec({ number: documentNumber(11), issuedAt: cancelledAt, order, receipt: { number: 'IACR2024-0007' }, refund: refund(paid, quote.refund), paid: paid.amount, refundedBefore: 0 }));
    expect(t).toContain('Credit note no.: IACR2024-0011');
    expect(t).toContain('Refers to receipt: IACR2024-0007');
    expect(t).toContain('Paid under receipt IACR2024-0007 | US$1,040.00');
    expect(t).toContain('Not refunded: cancellation fee under the refund policy | −US$50.00');
    expect(t).toContain('Credited and refunded: US$990.00');
    expect(t).not.toContain('Credited and refunded: US$1,040.00');
    expect(t).toContain('Refunded to the card of the payment, 10 August 2024, 10:00 CST (UTC+8)');
  });

  it('in the 50 % tier keeps half; an office refund says its reason', () => {
    const quote = refundQuote(order.amount_required, new Date('2024-10-05T02:00:00Z'));
    const half = textOf(creditNoteSpec({ number: documentNumber(12), issuedAt: ISSUED, order, receipt: { number: 'IACR2024-0007' }, refund: refund(paid, quote.refund), paid: paid.amount, refundedBefore: 0 }));
    expect(half).toContain('−US$520.00');
    expect(half).toContain('Credited and refunded: US$520.00');
    const office = textOf(creditNoteSpec({ number: documentNumber(13), issuedAt: ISSUED, order, receipt: { number: 'IACR2024-0007' }, refund: refund(paid, 30000, { note: 'visa refused' }), paid: paid.amount, refundedBefore: 60000 }));
    expect(office).toContain('Refunded before (earlier credit notes) | −US$600.00');
    expect(office).toContain('Not refunded: visa refused | −US$140.00');
    expect(office).toContain('Credited and refunded: US$300.00');
  });
});

/** The numbering and document store in memory: the storage's rules (once per key, one number per document). */
function memoryDocuments() {
  const docs: IssuedDocument[] = [];
  const once = new Map<string, string>();
  const audit: AuditEntry[] = [];
  let n = 0;
  const numbering: DocumentNumbering = {
    async issue(request) {
      if (once.has(request.once)) return 'exists';
      if (request.replaces?.replaced_by) return 'exists';
      const doc = request.build(n + 1);
      n += 1;
      once.set(request.once, doc.id);
      docs.push(doc);
      audit.push(request.audit(doc));
      if (request.replaces) docs.find((d) => d.id === request.replaces!.id)!.replaced_by = doc.id;
      return doc;
    },
    issuedFor: async () => new Map(once),
  };
  let id = 0;
  const deps: OrderDocumentDeps = {
    documents: { ofSubject: async (_owner, subject) => docs.filter((d) => d.subject.id === subject.id).sort((a, b) => b.issued_at.localeCompare(a.issued_at) || b.id.localeCompare(a.id)) },
    numbering,
    newId: () => `d${String(++id).padStart(3, '0')}`,
  };
  return { deps, docs, audit, once };
}

describe('which documents an order calls for', () => {
  it('none while unpaid; a receipt once paid, issued once however often it is asked', async () => {
    const m = memoryDocuments();
    const order = paidOrder();
    const p = payment(order);
    expect(await issueOrderDocuments(m.deps, { ...order, paid_at: null, payment_status: 0 }, { payments: [{ ...p, state: 'pending' }], refunds: [] }, systemActor, ISSUED)).toEqual([]);
    const first = await issueOrderDocuments(m.deps, order, { payments: [p], refunds: [] }, systemActor, ISSUED);
    const again = await issueOrderDocuments(m.deps, order, { payments: [p], refunds: [] }, systemActor, ISSUED);
    expect(first).toHaveLength(1);
    expect(again).toEqual(first);
    expect(first[0]).toMatchObject({ kind: 'receipt', number: 'IACR2024-0001', title: 'Receipt', file_name: 'IACR2024-receipt-IACR2024-0001.pdf', subject: { kind: 'order', id: 'o1' } });
    expect(m.audit).toEqual([expect.objectContaining({ action: 'receipt.issued', object: { type: 'order', id: 'o1' } })]);
    expect(missingDocuments(order, { payments: [p], refunds: [] }, m.once)).toBe(false);
  });

  it('a credit note per completed refund, referring to the receipt; none for a surplus, a failed or a pending refund', async () => {
    const m = memoryDocuments();
    const order = paidOrder();
    const p = payment(order);
    const surplus = payment(order, { id: 'p9', surplus: 'already-paid', confirmed_at: '2024-08-02T00:00:00.000Z' });
    const ledger = {
      payments: [p, surplus],
      refunds: [
        refund(p, 99000),
        refund(surplus, surplus.amount, { id: 'r9', reason: 'surplus' }),
        refund(p, 100, { id: 'r2', state: 'failed' }),
        refund(p, 100, { id: 'r3', state: 'pending', done_at: undefined }),
      ],
    };
    expect(missingDocuments(order, ledger, m.once)).toBe(true);
    const docs = await issueOrderDocuments(m.deps, order, ledger, systemActor, ISSUED);
    const receipt = docs.find((d) => d.kind === 'receipt')!;
    expect(docs.map((d) => [d.kind, d.number])).toEqual(
      expect.arrayContaining([
        ['receipt', 'IACR2024-0001'],
        ['credit-note', 'IACR2024-0002'],
      ]),
    );
    expect(docs).toHaveLength(2);
    expect(docs.find((d) => d.kind === 'credit-note')).toMatchObject({ refers_to: receipt.id, title: 'Credit note' });
    // The receipt covers the counted payment only (the surplus was given back, never receipted).
    expect(textOf(m.docs[0]!.spec)).toContain('Total paid: US$1,040.00');
    expect(textOf(m.docs[1]!.spec)).toContain('Credited and refunded: US$990.00');
    expect(m.audit.map((a) => a.action)).toEqual(['receipt.issued', 'credit_note.issued']);
  });

  it("a refund returned by the card's bank after its credit note: a receipt of that amount referring to the credit note; the documents balance again", async () => {
    const m = memoryDocuments();
    const order = paidOrder();
    const p = payment(order);
    const done = refund(p, 99000);
    await issueOrderDocuments(m.deps, order, { payments: [p], refunds: [done] }, systemActor, ISSUED);
    const returned = { payments: [p], refunds: [{ ...done, state: 'failed' as const, failure_reason: 'lost_or_stolen_card' }] };
    // The credit note stands for money that did not leave: the ledger calls for a document.
    expect(documentViolations(order, returned, m.docs).map((v) => v.rule)).toEqual(['documents-balance']);
    expect(missingDocuments(order, returned, m.once)).toBe(true);
    const docs = await issueOrderDocuments(m.deps, order, returned, systemActor, ISSUED);
    const note = docs.find((d) => d.kind === 'credit-note')!;
    const again = m.docs.find((d) => d.kind === 'receipt' && d.refers_to === note.id)!;
    expect(again).toMatchObject({ number: 'IACR2024-0003', refers_to: note.id });
    const text = textOf(again.spec);
    expect(text).toContain('Restores credit note: IACR2024-0002');
    expect(text).toContain("Refund returned by the card's bank (credit note IACR2024-0002) | US$990.00");
    expect(text).toContain('Total paid: US$990.00');
    expect(documentViolations(order, returned, m.docs)).toEqual([]);
    expect(missingDocuments(order, returned, m.once)).toBe(false);
    // Issued once: asking again changes nothing.
    await issueOrderDocuments(m.deps, order, returned, systemActor, ISSUED);
    expect(m.docs).toHaveLength(3);
  });

  it('the documents invariants: a paid order without a receipt, two receipts, a credit note of the wrong amount', async () => {
    const m = memoryDocuments();
    const order = paidOrder();
    const p = payment(order);
    const ledger = { payments: [p], refunds: [refund(p, 99000)] };
    expect(documentViolations(order, ledger, []).map((v) => v.rule)).toEqual(['receipt-when-paid', 'documents-balance']);
    await issueOrderDocuments(m.deps, order, ledger, systemActor, ISSUED);
    expect(documentViolations(order, ledger, m.docs)).toEqual([]);
    expect(documentViolations(order, { payments: [p], refunds: [refund(p, 50000)] }, m.docs).map((v) => v.rule)).toEqual(['documents-balance']);
    expect(documentViolations(order, ledger, [...m.docs, { ...m.docs[0]!, id: 'dup' }]).map((v) => v.rule)).toEqual(['receipt-when-paid', 'documents-balance']);
    expect(documentViolations(undefined, { payments: [], refunds: [] }, [])).toEqual([]);
  });

  it('an overpaid transfer (1,100.00 for 1,040.00): the receipt\'s lines add up to its total, and the bank refund of the difference, once sent, has its credit note', async () => {
    const m = memoryDocuments();
    const order = paidOrder();
    const p = payment(order, { method: 'transfer', provider: 'bank', provider_ids: {}, amount: 110000 });
    const owed = refund(p, 6000, { id: 'r-surplus', reason: 'surplus', requested_by: 'system', state: 'created', done_at: undefined });
    await issueOrderDocuments(m.deps, order, { payments: [p], refunds: [owed] }, systemActor, ISSUED);
    const receipt = textOf(m.docs[0]!.spec);
    expect(receipt).toContain('Paid in excess of the order, to be refunded | 1 | US$60.00 | US$60.00');
    expect(receipt).toContain('Total paid: US$1,100.00');
    expect(documentViolations(order, { payments: [p], refunds: [owed] }, m.docs)).toEqual([]);
    // The office sends the 60.00 back: a credit note for it, referring to the receipt.
    const sent = { payments: [p], refunds: [{ ...owed, state: 'done' as const, done_at: ISSUED.toISOString(), paid_to: 'Wei Zhang, IBAN ending 3000' }] };
    expect(missingDocuments(order, sent, m.once)).toBe(true);
    await issueOrderDocuments(m.deps, order, sent, systemActor, ISSUED);
    const note = m.docs.find((d) => d.kind === 'credit-note')!;
    expect(note.refers_to).toBe(m.docs[0]!.id);
    const text = textOf(note.spec);
    expect(text).toContain('Paid in excess under receipt IACR2024-0001 | US$60.00');
    expect(text).toContain('Credited and refunded: US$60.00');
    expect(text).toContain('Refunded by bank transfer to Wei Zhang, IBAN ending 3000');
    expect(documentViolations(order, sent, m.docs)).toEqual([]);
  });

  it('the documents invariants: lines that do not add up to the total; a bank refund sent with no credit note', async () => {
    const order = paidOrder();
    const p = payment(order, { method: 'transfer', provider: 'bank', provider_ids: {}, amount: 110000 });
    // A receipt as it was issued before: one item of 1,040.00 and "Total paid US$1,100.00".
    const before = { ...receiptSpec({ number: documentNumber(1), issuedAt: ISSUED, order, payments: [p] }) };
    const blocks = before.blocks.map((b) => (b.kind === 'table' ? { ...b, rows: b.rows.filter((r) => !r[0]!.startsWith('Paid in excess')) } : b));
    const old: IssuedDocument = { id: 'old', kind: 'receipt', owner_id: 'u1', subject: { kind: 'order', id: 'o1' }, number: documentNumber(1), version: 1, issued_at: ISSUED.toISOString(), file_name: 'r.pdf', spec: { ...before, blocks }, replaces: null, refers_to: null, object_key: 'k', rendered_at: null, replaced_by: null };
    const sent = { payments: [p], refunds: [refund(p, 6000, { reason: 'surplus', requested_by: 'system' })] };
    expect(documentViolations(order, sent, [old]).map((v) => v.rule)).toEqual(['documents-add-up', 'documents-balance']);
  });

  it('a corrected receipt: new number, names the one it replaces, which is marked replaced (once)', async () => {
    const m = memoryDocuments();
    const order = paidOrder();
    const ledger = { payments: [payment(order)], refunds: [] };
    await issueOrderDocuments(m.deps, order, ledger, systemActor, ISSUED);
    const old = m.docs[0]!;
    const corrected = await correctReceipt(m.deps, { ...order, organization: 'Peking University' }, ledger, old, systemActor, ISSUED);
    expect(corrected).toMatchObject({ kind: 'receipt', number: 'IACR2024-0002', replaces: old.id, version: 2 });
    expect(old.replaced_by).toBe((corrected as IssuedDocument).id);
    expect(textOf((corrected as IssuedDocument).spec)).toContain('Replaces receipt: IACR2024-0001');
    expect(await correctReceipt(m.deps, order, ledger, old, systemActor, ISSUED)).toBe('exists');
  });
});

describe('issuing right after a payment', () => {
  it('throws when it cannot issue (the money event comes again), and the next try issues the receipt once', async () => {
    const m = memoryDocuments();
    const order = paidOrder();
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const failing = { ...m.deps, numbering: { ...m.deps.numbering, issue: () => Promise.reject(new Error('table unavailable')) } };
    const deps = { ...failing, orders: { get: async () => order }, ledger: { ofSubject: async () => ({ payments: [payment(order)], refunds: [] }) }, log };
    await expect(issueAfterMoney(deps as never, { kind: 'order', id: order.id, owner_id: order.owner_id }, systemActor, ISSUED)).rejects.toThrow('table unavailable');
    expect(m.docs).toEqual([]);
    // The event followed again (the worker's retry): the receipt, once, however often.
    for (let i = 0; i < 2; i++) await issueAfterMoney({ ...deps, numbering: m.deps.numbering } as never, { kind: 'order', id: order.id, owner_id: order.owner_id }, systemActor, ISSUED);
    expect(m.docs.map((d) => d.number)).toEqual(['IACR2024-0001']);
  });

  it('leaves the subjects of other modules alone (registrations by category: no receipts yet)', async () => {
    const m = memoryDocuments();
    const deps = { ...m.deps, orders: { get: async () => { throw new Error('not called'); } }, ledger: { ofSubject: async () => ({ payments: [], refunds: [] }) }, log: { info() {}, warn() {}, error() {} } };
    await issueAfterMoney(deps as never, { kind: 'registration-fee', id: 'r1', owner_id: 'u1' }, systemActor, ISSUED);
    expect(m.docs).toEqual([]);
  });
});

describe('printed', () => {
  it.each([
    ['Chinese', { first_name: '小明', last_name: '王', organization: '中国医学科学院肿瘤医院' }, 'Dr. 王小明'],
    ['Polish', { first_name: 'Łukasz', last_name: 'Żółćiński', organization: 'Uniwersytet Łódzki' }, 'Dr. Łukasz Żółćiński'],
  ])('a %s payer prints with every glyph, and reads back as it is (a Chinese name family name first)', async (_script, names, printed) => {
    const order = paidOrder(names);
    const receipt = await renderPdf(receiptSpec({ number: documentNumber(21), issuedAt: ISSUED, order, payments: [payment(order)] }));
    const credit = await renderPdf(creditNoteSpec({ number: documentNumber(22), issuedAt: ISSUED, order, receipt: { number: documentNumber(21) }, refund: refund(payment(order), 99000), paid: 104000, refundedBefore: 0 }));
    for (const pdf of [receipt, credit]) {
      expect(pdf.missingGlyphs).toBe(0);
      expect(pdf.pages).toBe(1);
    }
    const text = pdfText(receipt.bytes).normalize('NFC');
    expect(text).toContain(printed);
    expect(text).toContain(names.organization);
    expect(text).toContain('IACR2024-0021');
    expect(text).toContain('US$1,040.00');
    expect(text).toContain('PAID');
    // Each text in Chinese too (decision 0062), the payer in the Chinese sentence by the Chinese name.
    for (const part of ['收据', '收据编号 Receipt no.', '开具日期：2024年8月1日 10:00 (UTC+8)', '标准注册费', '已收款']) expect(text).toContain(part);
    expect(text.replace(/\s+/g, '')).toContain('统一社会信用代码'); // the footer's Chinese (a line may end inside it)
    const creditText = pdfText(credit.bytes).normalize('NFC');
    for (const part of ['退款凭证', '对应收据 Refers to receipt', '本次退款合计', '已退款']) expect(creditText).toContain(part);
    expect(creditText).toContain('Credit note');
    expect(creditText).toContain('US$990.00');
    expect(creditText).toContain(names.organization);
    // The pages as images, to look at (RECEIPT_SHOTS=dir keeps them).
    const shots = process.env.RECEIPT_SHOTS;
    if (shots) for (const [name, pdf] of [[`receipt-${_script}`, receipt], [`credit-${_script}`, credit]] as const) expect(pdfPages(pdf.bytes, shots, name, 70)).toHaveLength(1);
  }, 30_000);
});
