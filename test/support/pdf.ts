/**
 * Reading the PDFs the portal generates as a person would: their text (pdftotext), their pages as
 * images (pdftoppm) and the fonts they embed (pdffonts), with Debian's poppler-utils (.ci/run
 * installs it).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PdfSpec } from '#core/documents/model';

function withFile<T>(bytes: Uint8Array, use: (file: string, dir: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-'));
  const file = path.join(dir, 'doc.pdf');
  fs.writeFileSync(file, bytes);
  try {
    return use(file, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of every page, in reading order (`-layout` keeps lines as printed). */
export const pdfText = (bytes: Uint8Array, layout = false) =>
  withFile(bytes, (file) => execFileSync('pdftotext', [...(layout ? ['-layout'] : []), '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }));

/** The embedded fonts' names (pdffonts), e.g. "ABCDEF+NotoSansSC-Regular". */
export const pdfFontNames = (bytes: Uint8Array) =>
  withFile(bytes, (file) =>
    execFileSync('pdffonts', [file], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter(Boolean)
      .map((line) => line.split(/\s+/)[0]!),
  );

/** Each page as a PNG (pdftoppm at `dpi`), written into `outDir`: the files' paths, page order. */
export function pdfPages(bytes: Uint8Array, outDir: string, name = 'page', dpi = 60): string[] {
  fs.mkdirSync(outDir, { recursive: true });
  return withFile(bytes, (file) => {
    execFileSync('pdftoppm', ['-r', String(dpi), '-png', file, path.join(outDir, name)]);
    return fs
      .readdirSync(outDir)
      .filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png'))
      .sort()
      .map((f) => path.join(outDir, f));
  });
}

/** Names in the scripts the documents must print: Chinese, Polish (ł ż ć), Arabic. */
export const namesInScripts = {
  chinese: '王小明',
  polish: 'Łukasz Żółćiński',
  arabicAffiliation: 'جامعة القاهرة',
} as const;

/** A one-page spec with every kind of block and the three scripts (the renderer's tests and the bench). */
export const sampleSpec: PdfSpec = {
  title: 'Receipt',
  issued_at: '2024-09-01T02:00:00.000Z',
  meta: [
    ['Number', 'IACR2024-0017'],
    ['Date', '1 September 2024, 10:00 CST (UTC+8)'],
  ],
  blocks: [
    {
      kind: 'fields',
      rows: [
        ['Payer', `${namesInScripts.chinese} / ${namesInScripts.polish}`],
        ['Organisation', `${namesInScripts.arabicAffiliation}، كلية الطب`],
        ['Address', '北京市朝阳区潘家园南里17号，中国医学科学院肿瘤医院。这是一个很长的地址，用于测试换行是否正确处理标点符号。'],
      ],
    },
    { kind: 'table', columns: ['Item', 'Amount'], rows: [['Standard rate (IACR member)', 'USD 450.00'], ['Accompanying person × 1', 'USD 150.00']], total: ['Total paid', 'USD 600.00'] },
    { kind: 'paragraph', text: 'Paid by card on 1 September 2024.' },
    { kind: 'stamp', text: 'PAID' },
    { kind: 'signature', name: 'Prof. Wei Wenqiang', role: 'Chair of the Local Organising Committee' },
  ],
  footer: 'Organising Committee of the IACR 2024 Scientific Conference · Beijing',
};
