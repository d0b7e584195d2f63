/**
 * The certificate of attendance on a fixed clock: who may have it (the congress over, the order
 * paid, attendance marked), the name as written (Chinese family name first), the presentations of
 * the person the order is for, and the PDF rendered from it read back by poppler (pdftotext,
 * pdftoppm) with a Chinese and a Polish name and no missing glyph.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StoredAbstract } from '#core/abstracts/ports';
import { certificateDocument, certificateMessages, certificateName, certificateSpec, certificateStatus, congressEnds, presentationsFor } from '#core/documents/certificate';
import { certificateId, requestCertificate, type CertificateDeps } from '#core/documents/issue-certificate';
import type { IssuedDocument } from '#core/documents/model';
import { documentTexts, placeholdersOf } from '#core/documents/texts';
import type { StoredOrder } from '#core/orders/ports';
import { delegateActor } from '#core/audit/audit';
import type { AppError } from '#core/errors';
import { renderPdf } from '#lib/pdf/render';
import { namesInScripts, pdfPages, pdfText } from '../../../support/pdf';

const END = '2024-11-07T16:00:00.000Z'; // 8 November 2024 00:00 CST
const AFTER = new Date('2024-11-08T02:00:00Z');
const attended = { attended: true, marked_at: '2024-11-05T01:00:00Z', marked_by: 'desk@example.org' };

function order(over: Partial<StoredOrder> = {}): StoredOrder {
  return {
    id: 'o1',
    owner_id: 'u1',
    owner_email: 'wang@example.org',
    sequence: 17,
    order_no: 'R24-000017',
    reference: 'IACR-000017',
    checksum: 'c',
    payment_status: 1,
    amount_required: 65000,
    currency: 'USD',
    payment_method: 'card',
    created_at: '2024-08-01T02:00:00Z',
    updated_at: '2024-11-05T01:00:00Z',
    rate: 650,
    first_name: '小明',
    last_name: '王',
    attendance: attended,
    ...over,
  } as StoredOrder;
}

const person = (first_name: string, last_name: string) => ({ first_name, last_name, email: 'a@example.org', institute: 'NCC', city: 'Beijing', country: 'China' });
function abstract(over: Partial<StoredAbstract>): StoredAbstract {
  return { id: 'a1', owner_id: 'u1', created_at: '2024-04-01T00:00:00Z', updated_at: '2024-04-01T00:00:00Z', authors: [person('小明', '王')], presenter_abstract: true, presenter_infos: [], title_of_abstract: 'Trends in liver cancer incidence', presentation: { type: 'oral', accepted_at: '2024-06-01T00:00:00Z' }, ...over } as StoredAbstract;
}

describe('who may have a certificate', () => {
  it('the congress ends at 7 November 2024 24:00 CST', () => {
    expect(congressEnds).toBe(END);
    expect(certificateMessages.beforeEnd).toBe('Available after the congress ends: 7 November 2024, 24:00 CST (UTC+8).');
  });

  it('refuses an order not paid, then before the end, then without attendance', () => {
    expect(certificateStatus(order(), new Date(Date.parse(END) - 1))).toMatchObject({ available: false, refusal: 'before-end', message: certificateMessages.beforeEnd, offered: true });
    expect(certificateStatus(order(), new Date(END))).toEqual({ available: true, refusal: null, message: null, offered: true });
    for (const [status, name] of [[0, 'Unpaid'], [2, 'Checking'], [-1, 'Cancelled'], [-2, 'Refunding']] as const) {
      expect(certificateStatus(order({ payment_status: status }), AFTER)).toMatchObject({ refusal: 'not-paid', message: certificateMessages.notPaid(name), offered: false });
      // Before the end too: an order not paid is not told "available after the congress" (issue 29, item 18).
      expect(certificateStatus(order({ payment_status: status }), new Date('2024-08-01T02:00:00Z'))).toMatchObject({ available: false, refusal: 'not-paid', offered: false });
    }
    expect(certificateStatus(order({ attendance: undefined }), AFTER).refusal).toBe('not-attended');
    expect(certificateStatus(order({ attendance: { ...attended, attended: false } }), AFTER)).toMatchObject({ refusal: 'not-attended', message: certificateMessages.notAttended });
  });
});

describe('what it says', () => {
  it("uses only the placeholders the certificate fills in (the organisers' texts, Chinese ones too)", () => {
    const allowed = ['name', 'congress', 'venue', 'dates', 'order_no', 'day'];
    for (const [key, text] of Object.entries(documentTexts.certificate)) {
      if (key !== '$comment') expect(placeholdersOf(text).filter((p) => !allowed.includes(p)), key).toEqual([]);
    }
  });

  it('prints the name as the delegate wrote it: Chinese family name first without a space, others given name first', () => {
    expect(certificateName({ first_name: '小明', last_name: '王' })).toBe('王小明');
    expect(certificateName({ first_name: ' Łukasz ', last_name: 'Żółćiński  Nowak' })).toBe('Łukasz Żółćiński Nowak');
    expect(certificateName({ first_name: 'Wei', last_name: 'Zhang' })).toBe('Wei Zhang');
  });

  it("lists the accepted presentations of the order's person, by presenter name, oldest first", () => {
    const abstracts = [
      abstract({ id: 'a2', created_at: '2024-04-02T00:00:00Z', title_of_abstract: 'A poster  on survival', presentation: { type: 'poster', accepted_at: '2024-06-01T00:00:00Z' } }),
      abstract({}),
      abstract({ id: 'a3', presentation: null }),
      // Another person presents it (the account holds orders for colleagues).
      abstract({ id: 'a4', presenter_abstract: false, presenter_infos: [person('Anna', 'Kowalska')] }),
    ];
    expect(presentationsFor(order(), abstracts)).toEqual([
      { type: 'oral', title: 'Trends in liver cancer incidence' },
      { type: 'poster', title: 'A poster on survival' },
    ]);
    expect(presentationsFor(order({ first_name: 'anna', last_name: 'KOWALSKA' }), abstracts)).toEqual([{ type: 'oral', title: 'Trends in liver cancer incidence' }]);
  });

  it('builds the spec from the texts: name, congress, venue, dates, presentations, signature; fixed at its issue', () => {
    const spec = certificateSpec({ order: order(), presentations: [{ type: 'oral', title: 'Trends' }], issuedAt: AFTER });
    expect(spec.title).toBe('Certificate of Attendance');
    expect(spec.issued_at).toBe(AFTER.toISOString());
    expect(spec.meta).toEqual([
      ['Registration', 'R24-000017'],
      ['Issued', '8 November 2024'],
    ]);
    expect(spec.blocks).toContainEqual({ kind: 'heading', text: '王小明' });
    expect(spec.blocks).toContainEqual({
      kind: 'paragraph',
      text: 'attended the International Association of Cancer Registries Scientific Conference 2024, held with the Chinese Cancer Registry Annual Conference at the Beijing International Convention Center, Beijing, China on 4-7 November 2024.',
    });
    expect(spec.blocks).toContainEqual({ kind: 'fields', rows: [['Oral presentation', 'Trends']] });
    // The same certificate in Chinese beside it: the name as written, the dates as Chinese writes them.
    expect(spec.zh?.title).toBe('参会证明');
    expect(spec.zh?.meta).toEqual([
      ['注册订单号', 'R24-000017'],
      ['开具日期', '2024年11月8日'],
    ]);
    expect(spec.zh?.blocks).toContainEqual({ kind: 'heading', text: '王小明' });
    expect(spec.zh?.blocks).toContainEqual({ kind: 'paragraph', text: '于2024年11月4日至7日在北京国际会议中心（中国北京）出席国际癌症登记协会2024年学术大会暨中国肿瘤登记年会。' });
    expect(spec.zh?.blocks).toContainEqual({ kind: 'fields', rows: [['口头报告', 'Trends']] });
    expect(spec.zh?.blocks.at(-1)).toEqual({ kind: 'signature', name: '魏文强 教授', role: '本地组织委员会主席' });
    expect(spec.blocks.at(-1)).toEqual({ kind: 'signature', name: 'Prof. Wei Wenqiang', role: 'Chair of the Local Organising Committee' });
    // Without presentations, no "presented" part.
    expect(certificateSpec({ order: order(), presentations: [], issuedAt: AFTER }).blocks.some((b) => b.kind === 'fields')).toBe(false);
  });
});

describe('asking for it', () => {
  function deps(o: StoredOrder | undefined, stored: IssuedDocument[] = []) {
    const issued: IssuedDocument[] = [];
    const d: CertificateDeps = {
      orders: { get: async () => o },
      abstracts: { list: async () => [abstract({})] },
      documents: { get: async (_owner, id) => [...stored, ...issued].find((x) => x.id === id) },
      issue: async (doc) => {
        if ([...stored, ...issued].some((x) => x.id === doc.id)) return 'exists';
        issued.push(doc);
        return 'issued';
      },
    };
    return { d, issued };
  }
  const actor = delegateActor('u1');
  const refusal = async (p: Promise<unknown>) => p.then(() => null, (e: AppError) => [e.kind, e.message]);

  it('issues once, then gives the same document', async () => {
    const { d, issued } = deps(order());
    const first = await requestCertificate(d, actor, 'u1', 'o1', AFTER);
    const again = await requestCertificate(d, actor, 'u1', 'o1', new Date('2024-12-01T00:00:00Z'));
    expect(issued).toHaveLength(1);
    expect(first.data).toEqual(again.data);
    expect(first.data).toMatchObject({ id: certificateId('o1'), kind: 'certificate', title: 'Certificate of Attendance', file_name: 'IACR2024-certificate-R24-000017.pdf', issued_at: AFTER.toISOString() });
  });

  it('refuses before the end, unpaid, without attendance, and an order it does not find', async () => {
    expect(await refusal(requestCertificate(deps(order()).d, actor, 'u1', 'o1', new Date(Date.parse(END) - 1)))).toEqual(['conflict', certificateMessages.beforeEnd]);
    expect(await refusal(requestCertificate(deps(order({ payment_status: 0 })).d, actor, 'u1', 'o1', AFTER))).toEqual(['conflict', certificateMessages.notPaid('Unpaid')]);
    expect(await refusal(requestCertificate(deps(order({ attendance: null })).d, actor, 'u1', 'o1', AFTER))).toEqual(['conflict', certificateMessages.notAttended]);
    expect(await refusal(requestCertificate(deps(undefined).d, actor, 'u1', 'o1', AFTER))).toEqual(['not_found', certificateMessages.notFound]);
  });
});

describe('the rendered PDF', () => {
  it.each([
    ['chinese', { first_name: namesInScripts.chinese.slice(1), last_name: namesInScripts.chinese.slice(0, 1) }, namesInScripts.chinese],
    ['polish', { first_name: 'Łukasz', last_name: 'Żółćiński' }, namesInScripts.polish],
  ])('prints a %s name with no missing glyph, and poppler reads it back', async (name, names, printed) => {
    const doc = certificateDocument({ id: certificateId('o1'), order: order(names), presentations: [{ type: 'poster', title: '肝癌发病趋势 — trends in Kraków' }], issuedAt: AFTER });
    const pdf = await renderPdf(doc.spec);
    expect(pdf.missingGlyphs).toBe(0);
    expect(pdf.pages).toBe(1);
    const text = pdfText(pdf.bytes).replace(/\s+/g, ' ');
    for (const part of ['Certificate of Attendance', 'This is to certify that', printed, 'Beijing International Convention Center', '4-7 November 2024', 'Poster presentation', '肝癌发病趋势 — trends in Kraków', 'Prof. Wei Wenqiang', 'R24-000017']) expect(text).toContain(part);
    // And in Chinese, above each English text (decision 0062).
    for (const part of ['参会证明', '兹证明', '2024年11月4日至7日', '壁报', '魏文强 教授', '开具日期：2024年11月8日']) expect(text).toContain(part);
    expect(text.indexOf('兹证明')).toBeLessThan(text.indexOf('This is to certify that'));
    // The page as an image, for a person to look at (kept under the system's temporary directory).
    const [page] = pdfPages(pdf.bytes, path.join(os.tmpdir(), 'certificates'), `certificate-${name}`, 70);
    expect(fs.statSync(page!).size).toBeGreaterThan(10_000);
  }, 30_000);
});
