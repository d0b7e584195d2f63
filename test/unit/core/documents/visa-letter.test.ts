/**
 * The visa invitation letter (core/documents/visa-letter.ts) on a fixed clock, and rendered: the
 * PDF turned into text (pdftotext) and page images (pdftoppm) with a Chinese name, a Polish name
 * and an Arabic-script affiliation, and no character without a glyph.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { visaLetterDocument, visaLetterSpec, type VisaLetterOrder } from '#core/documents/visa-letter';
import { documentTexts, placeholdersOf } from '#core/documents/texts';
import { renderPdf } from '#lib/pdf/render';
import { pdfPages, pdfText } from '../../../support/pdf';

const ISSUED = new Date('2024-08-02T02:00:00Z');
const order = (over: Partial<VisaLetterOrder> = {}): VisaLetterOrder => ({
  id: 'o1',
  owner_id: 'u1',
  order_no: 'R24-000042',
  full_name_as_on_passport: '张伟',
  nationality: 'China',
  date_of_birth: '1980-02-29',
  passport_number: 'E12345678',
  issue_date_of_passport: '2020-01-15',
  expiry_date_of_passport: '2030-01-14',
  for_visa_support_letter: 'National Cancer Center',
  organization: 'NCC',
  ...over,
});

describe('the visa invitation letter', () => {
  it('says who is invited, to what, when and where, with the passport data, signed by the organising committee', () => {
    const spec = visaLetterSpec(order(), ISSUED);
    expect(spec.title).toBe('Visa invitation letter');
    expect(spec.meta).toEqual([
      ['Date', '2 August 2024'],
      ['Registration', 'R24-000042'],
    ]);
    expect(spec.issued_at).toBe(ISSUED.toISOString());
    const text = JSON.stringify(spec.blocks);
    expect(text).toContain('pleased to invite 张伟, of National Cancer Center, to attend the congress at the Beijing International Convention Center');
    expect(text).toContain('4-7 November 2024');
    expect(spec.blocks).toContainEqual({
      kind: 'fields',
      rows: [
        ['Full name', '张伟'],
        ['Nationality', 'China'],
        ['Date of birth', '29 February 1980'],
        ['Passport number', 'E12345678'],
        ['Passport issued / expires', '15 January 2020 / 14 January 2030'],
        ['Affiliation', 'National Cancer Center'],
        ['Registration', 'R24-000042'],
      ],
    });
    expect(spec.blocks.at(-1)).toEqual({ kind: 'signature', name: documentTexts.organiser.signatory, role: documentTexts.organiser.signatory_role });
    // The letter in Chinese beside it: the same particulars, dates as Chinese writes them.
    expect(spec.zh?.title).toBe('签证邀请函');
    expect(spec.zh?.meta).toEqual([
      ['日期', '2024年8月2日'],
      ['注册订单号', 'R24-000042'],
    ]);
    expect(JSON.stringify(spec.zh?.blocks)).toContain('组织委员会诚挚邀请National Cancer Center的张伟于2024年11月4日至7日赴中国北京');
    expect(spec.zh?.blocks).toContainEqual({
      kind: 'fields',
      rows: [
        ['姓名', '张伟'],
        ['国籍', 'China'],
        ['出生日期', '1980年2月29日'],
        ['护照号码', 'E12345678'],
        ['护照签发日期／有效期至', '2020年1月15日 / 2030年1月14日'],
        ['工作单位', 'National Cancer Center'],
        ['注册订单号', 'R24-000042'],
      ],
    });
    // Without an affiliation for the letter, the order's organisation.
    expect(JSON.stringify(visaLetterSpec(order({ for_visa_support_letter: '' }), ISSUED).blocks)).toContain('of NCC,');
  });

  it('is a document of its own kind and version, replacing the one before', () => {
    const doc = visaLetterDocument(order(), ISSUED, { id: 'd2', version: 2, replaces: 'd1' });
    expect(doc).toMatchObject({ id: 'd2', kind: 'visa-letter', owner_id: 'u1', subject: { kind: 'order', id: 'o1' }, number: null, version: 2, replaces: 'd1', replaced_by: null, rendered_at: null, object_key: 'documents/u1/d2.pdf', file_name: 'IACR2024-visa-invitation-letter-R24-000042-v2.pdf' });
    expect(visaLetterDocument(order(), ISSUED, { id: 'd1', version: 1, replaces: null }).file_name).toBe('IACR2024-visa-invitation-letter-R24-000042.pdf');
  });

  it("uses only the placeholders its texts' comment lists (the Chinese texts too)", () => {
    const texts = documentTexts['visa-letter'];
    const listed = placeholdersOf(texts.$comment);
    for (const [key, text] of Object.entries(texts)) if (key !== '$comment') for (const p of placeholdersOf(text)) expect(listed, `${key} uses {${p}}`).toContain(p);
  });

  it('renders Chinese and Polish names and an Arabic affiliation with a glyph for every character', async () => {
    for (const [name, over] of [
      ['chinese', { full_name_as_on_passport: '张伟', for_visa_support_letter: '国家癌症中心' }],
      ['polish', { full_name_as_on_passport: 'Łukasz Żółć-Wróbel', nationality: 'Poland', for_visa_support_letter: 'جامعة القاهرة' }],
    ] as const) {
      const pdf = await renderPdf(visaLetterSpec(order(over), ISSUED));
      expect(pdf.missingGlyphs).toBe(0);
      const text = pdfText(pdf.bytes, true);
      // Kept for a look at the page: VISA_LETTER_PNG=dir writes them there.
      const dir = process.env.VISA_LETTER_PNG ?? fs.mkdtempSync(path.join(os.tmpdir(), 'visa-letter-'));
      const pages = pdfPages(pdf.bytes, dir, name);
      expect(pages.length).toBe(pdf.pages);
      expect(pages.length).toBeGreaterThanOrEqual(1);
      expect(text).toContain(over.full_name_as_on_passport);
      expect(text).toContain('Visa invitation letter');
      expect(text).toContain('Passport number');
      if (name === 'polish') expect(text).toContain('Poland');
      // And in Chinese (decision 0062): the title, the addressee, a label, a date as Chinese writes it.
      for (const part of ['签证邀请函', '中华人民共和国驻外大使馆或总领事馆签证处', '护照号码 Passport number', '1980年2月29日', '此致敬礼']) expect(text).toContain(part);
      if (!process.env.VISA_LETTER_PNG) fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
