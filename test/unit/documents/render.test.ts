/** The PDF renderer: every character in a font that has it, read back as a person would (pdftotext, pdffonts, pdftoppm). */
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fontRuns, renderPdf } from '#lib/pdf/render';
import { documentFooter, fillText, MissingPlaceholder, placeholdersOf } from '#core/documents/texts';
import { namesInScripts, pdfFontNames, pdfPages, pdfText, sampleSpec } from '../../support/pdf';
import fs from 'node:fs';
import { decodePng } from '../../support/png';

/** Which fonts have a character: Latin letters, Arabic letters and CJK ideographs, as the real fonts do. */
const has = (font: string, cp: number) => {
  const latin = cp < 0x250 || (cp >= 0x2000 && cp < 0x2100);
  const arabic = (cp >= 0x600 && cp < 0x700) || cp === 0x20 || cp === 0x28 || cp === 0x29 || cp === 0xa0;
  const cjk = (cp >= 0x3000 && cp < 0xa000) || (cp >= 0xff00 && cp < 0xfff0) || cp < 0x80;
  return font.startsWith('latin') ? latin : font === 'arabic' ? arabic : cjk;
};

describe('fontRuns', () => {
  it('keeps Polish letters in the Latin font and sets Chinese in the CJK font', () => {
    expect(fontRuns(`${namesInScripts.polish} ${namesInScripts.chinese}，北京`, 'latin', has).runs).toEqual([
      { font: 'latin', text: `${namesInScripts.polish} ` },
      { font: 'cjk', text: `${namesInScripts.chinese}，北京` },
    ]);
  });

  it('sets an Arabic phrase as one piece (no break inside) and gives its trailing punctuation back to the text around it', () => {
    const { runs } = fontRuns('Affiliation: (جامعة القاهرة).', 'latin', has);
    expect(runs).toEqual([
      { font: 'latin', text: 'Affiliation: (' },
      { font: 'arabic', text: 'جامعة\u00a0القاهرة' },
      { font: 'latin', text: ').' },
    ]);
  });

  it('prints a character no font has as "?" and counts it, never as an empty box', () => {
    expect(fontRuns('A\u{1F600}B', 'latinBold', has)).toEqual({ runs: [{ font: 'latinBold', text: 'A?B' }], missing: 1 });
  });
});

describe('renderPdf', () => {
  it('prints Chinese, Polish and Arabic-script text with embedded fonts and no missing glyph', async () => {
    const pdf = await renderPdf(sampleSpec);
    expect(pdf.missingGlyphs).toBe(0);
    expect(pdf.pages).toBe(1);
    const text = pdfText(pdf.bytes);
    for (const expected of [namesInScripts.chinese, namesInScripts.polish, 'جامعة', 'القاهرة', 'IACR2024-0017', 'USD 600.00', 'PAID', 'Prof. Wei Wenqiang']) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/1 ?\/ ?1/);
    const fonts = pdfFontNames(pdf.bytes).map((f) => f.replace(/^[A-Z]{6}\+/, ''));
    expect(fonts).toEqual(expect.arrayContaining(['NotoSans-Regular', 'NotoSans-Bold', 'NotoSansSC-Regular', 'NotoNaskhArabic-Regular']));
  });

  it('breaks Chinese lines by Unicode rules: no full-width comma or full stop starts a line', async () => {
    const pdf = await renderPdf(sampleSpec);
    const lines = pdfText(pdf.bytes, true).split('\n').map((l) => l.trim());
    const address = lines.filter((l) => /[\u4e00-\u9fff]/.test(l) && !l.startsWith(namesInScripts.chinese));
    expect(address.length).toBeGreaterThanOrEqual(2);
    for (const line of address) expect(line).not.toMatch(/^[，。、；：]/);
  });

  it('renders the same bytes twice (a second first-download writes the same file)', async () => {
    const [a, b] = [await renderPdf(sampleSpec), await renderPdf(sampleSpec)];
    expect(Buffer.compare(a.bytes, b.bytes)).toBe(0);
  });

  it('turns into a page image with ink on it (pdftoppm)', async () => {
    const pdf = await renderPdf(sampleSpec);
    const [page] = pdfPages(pdf.bytes, path.join(os.tmpdir(), `render-test-${process.pid}`));
    const png = decodePng(fs.readFileSync(page!));
    expect(png.width).toBeGreaterThan(400);
    let dark = 0;
    for (let i = 0; i < png.data.length; i += 4) if (png.data[i]! < 128) dark++;
    expect(dark).toBeGreaterThan(1000);
  });
});

describe('document texts', () => {
  it('fills placeholders with values as they are, and refuses a placeholder it was not given', () => {
    expect(fillText('Dear {name}, {name}.', { name: '{x} 王' })).toBe('Dear {x} 王, {x} 王.');
    expect(() => fillText('Dear {name} {title}', { name: 'A' })).toThrow(MissingPlaceholder);
    expect(() => fillText('{constructor}', {})).toThrow(MissingPlaceholder);
    expect(placeholdersOf('{a} and {b_c}')).toEqual(['a', 'b_c']);
  });

  it('prints the organiser legal details in the footer', () => {
    expect(documentFooter()).toContain('Unified social credit code');
    expect(documentFooter()).not.toMatch(/\{[a-z_]+\}/);
  });
});
