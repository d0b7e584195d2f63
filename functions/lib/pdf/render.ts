/**
 * Turns a document's spec (core/documents/model.ts) into a PDF with pdfkit. Every character is
 * set in an embedded font that has it (Noto Sans, then Noto Naskh Arabic, then Noto Sans SC; see
 * assets.ts), so no glyph prints as a box, whatever script a name or an address is written in;
 * pdfkit embeds only the glyphs a document uses. pdfkit breaks lines by Unicode's rules (no 。
 * or ， at the start of a line), shapes Arabic and sets it right to left. The fonts are read once
 * per container. Documents are created with `font: null`: pdfkit's built-in fonts are files it
 * cannot find inside a bundle.
 *
 * A bilingual document (its spec has `zh`, decision 0062) prints each text in Chinese, then in
 * English where the two differ: labels, headings and stamps on one line ("收据编号 Receipt no."),
 * sentences and values one language under the other.
 */
import fs from 'node:fs';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import type { PdfBlock, PdfSpec, PdfSpecText } from '#core/documents/model';
import { documentTexts } from '#core/documents/texts';
import { pdfAssetPath, pdfFonts, type PdfFontName } from './assets';

type Doc = InstanceType<typeof PDFDocument>;

interface LoadedFont {
  bytes: Buffer;
  has: (codePoint: number) => boolean;
}

let loaded: Record<PdfFontName, LoadedFont> | undefined;
let images: { letterhead: Buffer; signature: Buffer } | undefined;

/** The fonts and images, read on first use and kept for the container's life. */
function assets() {
  if (!loaded) {
    const entries = (Object.keys(pdfFonts) as PdfFontName[]).map((name) => {
      const bytes = fs.readFileSync(pdfAssetPath('font', name));
      const font = fontkit.create(bytes);
      return [name, { bytes, has: (cp: number) => font.hasGlyphForCodePoint(cp) }] as const;
    });
    loaded = Object.fromEntries(entries) as Record<PdfFontName, LoadedFont>;
    images = {
      letterhead: fs.readFileSync(pdfAssetPath('image', documentTexts.organiser.letterhead_image)),
      signature: fs.readFileSync(pdfAssetPath('image', documentTexts.organiser.signature_image)),
    };
  }
  return { fonts: loaded, images: images! };
}

/** The embedded fonts, read once (the abstract book sets its text with them too). */
export const pdfFontFiles = () => assets().fonts;

/** Loads the fonts now (a container's first document otherwise pays for it). */
export const preloadPdfAssets = () => void assets();

const FALLBACK: PdfFontName[] = ['arabic', 'cjk'];
/** Spaces, digits and punctuation stay in the font of the text around them (an Arabic phrase stays one run, set right to left). */
const NEUTRAL = /[\s\p{P}\p{N}\p{S}]/u;

export interface Run {
  font: PdfFontName;
  text: string;
}

/**
 * The text cut into runs, each in the first font that has all its characters: the base font
 * (`latin` or `latinBold`), else Arabic, else Chinese. A character no font has becomes "?" (and is
 * counted in `missing`): never an empty box.
 */
export function fontRuns(text: string, base: 'latin' | 'latinBold', has: (font: PdfFontName, cp: number) => boolean): { runs: Run[]; missing: number } {
  const runs: Run[] = [];
  let missing = 0;
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0)!;
    const last = runs.at(-1);
    let font: PdfFontName | undefined;
    if (last && last.font !== base && NEUTRAL.test(ch) && has(last.font, cp)) font = last.font;
    else font = [base, ...FALLBACK].find((f) => has(f, cp));
    let out = ch;
    if (!font) {
      missing++;
      font = base;
      out = '?';
    }
    if (last && last.font === font) last.text += out;
    else runs.push({ font, text: out });
  }
  return { runs: rightToLeftPhrases(runs, base), missing };
}

/**
 * An Arabic phrase is shaped and set right to left as one piece, inside left-to-right text:
 * spaces and punctuation at its end belong to the text that follows (the ")" of "(جامعة)"),
 * and its own spaces must not become line-break points, where pdfkit would lay its words out
 * left to right. (So a phrase is never broken across lines: affiliations and names are short.)
 */
function rightToLeftPhrases(runs: Run[], base: PdfFontName): Run[] {
  const out: Run[] = [];
  for (const run of runs) {
    if (run.font !== 'arabic') {
      const last = out.at(-1);
      if (last && last.font === run.font) last.text += run.text;
      else out.push({ ...run });
      continue;
    }
    const trailing = /[\s\p{P}\p{S}]*$/u.exec(run.text)![0].replace(/^[\u060c\u061b\u061f]+/, '');
    const phrase = run.text.slice(0, run.text.length - trailing.length).replace(/ /g, '\u00a0');
    out.push({ font: 'arabic', text: phrase });
    if (trailing) out.push({ font: base, text: trailing });
  }
  return out.filter((r) => r.text !== '');
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = { top: 48, bottom: 64, left: 56, right: 56 };
const CONTENT_WIDTH = A4.width - MARGIN.left - MARGIN.right;
const INK = '#1b1b1b';

/** A text in the languages it prints in: the Chinese first, then the English when the two differ (once when they do not). */
export const inLanguages = (en: string, zh: string | undefined): string[] => (zh === undefined || zh === en ? [en] : [zh, en]);
/** A label, heading or stamp: both languages on one line ("收据 Receipt"). */
const oneLine = (en: string, zh: string | undefined) => inLanguages(en, zh).join(' ');

/** The Chinese block beside an English one: the same kind at the same place, else none (English only). */
function chineseOf<K extends PdfBlock['kind']>(block: Extract<PdfBlock, { kind: K }>, zh: PdfBlock | undefined): Extract<PdfBlock, { kind: K }> | undefined {
  return zh?.kind === block.kind ? (zh as Extract<PdfBlock, { kind: K }>) : undefined;
}
const BRAND = '#0b3d6e';
const MUTED = '#555555';

/** Sets text in the embedded fonts, each character in one that has it (`fontRuns`); the documents and the abstract book write through it. */
export class Writer {
  missing = 0;
  constructor(
    private readonly doc: Doc,
    private readonly fonts: Record<PdfFontName, { has: (codePoint: number) => boolean }>,
  ) {}

  /** Writes each line under the one before, from (`x`, `y`); extra options as `text`. */
  lines(values: readonly string[], options: Parameters<Writer['text']>[1] & { x: number; y: number; gap?: number }) {
    values.forEach((value, i) => {
      if (i > 0 && options.gap) this.doc.y += options.gap;
      this.text(value, { ...options, y: i === 0 ? options.y : this.doc.y });
    });
  }

  /** The width of a text on one line in its fonts. */
  widthOf(value: string, size: number, bold: boolean) {
    const { runs } = fontRuns(value, bold ? 'latinBold' : 'latin', (f, cp) => this.fonts[f].has(cp));
    return runs.reduce((w, run) => w + this.doc.font(run.font).fontSize(size).widthOfString(run.text), 0);
  }

  /**
   * Writes text with the right font for each character; extra options as pdfkit's `text`.
   * `continued`: the next text goes on in the same paragraph (a bold label, then its text).
   */
  text(value: string, options: { size: number; bold?: boolean; color?: string; x?: number; y?: number; width?: number; align?: 'left' | 'right' | 'center'; continued?: boolean }) {
    const { runs, missing } = fontRuns(value === '' ? ' ' : value, options.bold ? 'latinBold' : 'latin', (f, cp) => this.fonts[f].has(cp));
    this.missing += missing;
    let { x, width = CONTENT_WIDTH, align = 'left' } = options;
    // pdfkit aligns each run of a continued text on its own (runs in two fonts overlap at the right
    // edge): a right-aligned text in several fonts that fits on one line is set from where it must start.
    if (align === 'right' && runs.length > 1 && x !== undefined) {
      const w = this.widthOf(value, options.size, Boolean(options.bold));
      if (w <= width) [x, width, align] = [x + width - w, w + 1, 'left'];
    }
    const doc = this.doc.fontSize(options.size).fillColor(options.color ?? INK);
    runs.forEach((run, i) => {
      doc.font(run.font);
      const common = { width, align, continued: i < runs.length - 1 || Boolean(options.continued), lineGap: 2 };
      if (i === 0 && x !== undefined) doc.text(run.text, x, options.y, common);
      else doc.text(run.text, common);
    });
  }

  /** A block, with its Chinese (`zh`: the same kind of block) when the document is bilingual. */
  block(block: PdfBlock, zhBlock: PdfBlock | undefined, signature: Buffer) {
    const doc = this.doc;
    const x = MARGIN.left;
    switch (block.kind) {
      case 'heading':
        doc.moveDown(0.6);
        this.text(oneLine(block.text, chineseOf(block, zhBlock)?.text), { size: 12.5, bold: true, color: BRAND, x, y: doc.y });
        doc.moveDown(0.3);
        return;
      case 'paragraph':
        this.lines(inLanguages(block.text, chineseOf(block, zhBlock)?.text), { size: 10.5, x, y: doc.y, gap: 3 });
        doc.moveDown(0.6);
        return;
      case 'space':
        doc.moveDown(1);
        return;
      case 'page':
        doc.addPage();
        return;
      case 'fields': {
        const labelWidth = 170;
        const zh = chineseOf(block, zhBlock)?.rows;
        block.rows.forEach(([label, value], i) => {
          const values = inLanguages(value, zh?.[i]?.[1]);
          this.ensureRoom(14 + 14 * values.length);
          const top = doc.y;
          this.text(oneLine(label, zh?.[i]?.[0]), { size: 10, bold: true, color: MUTED, x, y: top, width: labelWidth - 10 });
          const afterLabel = doc.y;
          this.lines(values, { size: 10.5, x: x + labelWidth, y: top, width: CONTENT_WIDTH - labelWidth });
          doc.y = Math.max(doc.y, afterLabel) + 3;
        });
        doc.moveDown(0.4);
        return;
      }
      case 'table': {
        const n = block.columns.length;
        const amountWidth = 110;
        const widths = n === 1 ? [CONTENT_WIDTH] : [...Array.from({ length: n - 1 }, () => (CONTENT_WIDTH - amountWidth) / (n - 1)), amountWidth];
        const zh = chineseOf(block, zhBlock);
        // Column heads on one line each (wrapped in their column); a cell's two languages one under the other.
        const row = (cells: readonly (readonly string[])[], bold: boolean) => {
          this.ensureRoom(24);
          const top = doc.y;
          let bottom = top;
          let cx = x;
          cells.forEach((cell, i) => {
            this.lines(cell, { size: 10, bold, x: cx, y: top, width: widths[i]! - 8, align: i === n - 1 && n > 1 ? 'right' : 'left' });
            bottom = Math.max(bottom, doc.y);
            cx += widths[i]!;
          });
          doc.y = bottom + 4;
          doc.moveTo(x, doc.y - 2).lineTo(x + CONTENT_WIDTH, doc.y - 2).lineWidth(0.5).strokeColor('#c8c8c8').stroke();
        };
        row(block.columns.map((c, i) => [oneLine(c, zh?.columns[i])]), true);
        block.rows.forEach((cells, r) => row(cells.map((c, i) => inLanguages(c, zh?.rows[r]?.[i])), false));
        if (block.total) {
          const [label, value] = block.total;
          this.ensureRoom(24);
          const top = doc.y + 2;
          this.text(oneLine(label, zh?.total?.[0]), { size: 11, bold: true, x, y: top, width: CONTENT_WIDTH - amountWidth - 8, align: 'right' });
          this.text(value, { size: 11, bold: true, x: x + CONTENT_WIDTH - amountWidth, y: top, width: amountWidth - 8, align: 'right' });
        }
        doc.moveDown(0.8);
        return;
      }
      case 'stamp': {
        this.ensureRoom(40);
        const top = doc.y + 4;
        const text = oneLine(block.text, chineseOf(block, zhBlock)?.text);
        const w = this.widthOf(text, 16, true) + 28;
        doc.roundedRect(x, top, w, 30, 4).lineWidth(2).strokeColor('#1e7d32').stroke();
        this.text(text, { size: 16, bold: true, color: '#1e7d32', x: x + 14, y: top + 6, width: w });
        doc.y = top + 42;
        return;
      }
      case 'signature': {
        const zh = chineseOf(block, zhBlock);
        this.ensureRoom(zh ? 130 : 110);
        doc.moveDown(0.5);
        doc.image(signature, x, doc.y, { width: 150 });
        doc.y += 52;
        this.lines(inLanguages(block.name, zh?.name), { size: 10.5, bold: true, x, y: doc.y });
        this.lines(inLanguages(block.role, zh?.role), { size: 10, color: MUTED, x, y: doc.y });
        return;
      }
    }
  }

  ensureRoom(points: number) {
    if (this.doc.y + points > A4.height - this.doc.page.margins.bottom) this.doc.addPage();
  }
}

export interface RenderedPdf {
  bytes: Buffer;
  pages: number;
  /** Characters no embedded font has (printed as "?"). */
  missingGlyphs: number;
}

/** The PDF of a document: A4, the letterhead on the first page, the footer and page numbers on every page. */
export async function renderPdf(spec: PdfSpec): Promise<RenderedPdf> {
  const { fonts, images } = assets();
  const issued = new Date(spec.issued_at);
  const zh: PdfSpecText | undefined = spec.zh;
  const doc = new PDFDocument({
    size: 'A4',
    // A bilingual footer takes four lines: the body stops higher above it.
    margins: zh ? { ...MARGIN, bottom: MARGIN.bottom + 12 } : MARGIN,
    font: null as unknown as string,
    bufferPages: true,
    info: { Title: oneLine(spec.title, zh?.title), Author: oneLine(documentTexts.organiser.legal_name, zh && documentTexts.organiser.legal_name_zh), Creator: 'IACR 2024 congress portal', Producer: 'pdfkit', CreationDate: issued, ModDate: issued },
    displayTitle: true,
    lang: zh ? 'zh-Hans' : 'en',
  });
  for (const name of Object.keys(fonts) as PdfFontName[]) doc.registerFont(name, fonts[name].bytes);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });

  const w = new Writer(doc, fonts);
  doc.image(images.letterhead, MARGIN.left, MARGIN.top, { width: CONTENT_WIDTH });
  doc.y = MARGIN.top + (CONTENT_WIDTH * 220) / 1920 + 24;
  const titleTop = doc.y;
  const [title, titleEn] = inLanguages(spec.title, zh?.title);
  w.text(title!, { size: 20, bold: true, color: BRAND, x: MARGIN.left, y: titleTop, width: CONTENT_WIDTH / 2 });
  if (titleEn) w.text(titleEn, { size: 15, bold: true, color: BRAND, x: MARGIN.left, y: doc.y, width: CONTENT_WIDTH / 2 });
  const afterTitle = doc.y;
  doc.y = titleTop;
  spec.meta.forEach(([label, value], i) => {
    const [zhLabel, zhValue] = zh?.meta[i] ?? [];
    // A value written differently in Chinese (a date) gives a line in each language; a number, one line.
    const lines = zhValue !== undefined && zhValue !== value ? [`${zhLabel}：${zhValue}`, `${label}: ${value}`] : [`${oneLine(label, zhLabel)}: ${value}`];
    w.lines(lines, { size: 10, x: MARGIN.left + CONTENT_WIDTH / 2, y: doc.y, width: CONTENT_WIDTH / 2, align: 'right' });
  });
  doc.y = Math.max(doc.y, afterTitle) + 14;
  spec.blocks.forEach((block, i) => w.block(block, zh?.blocks[i], images.signature));

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    // Two languages take twice the lines: the footer starts higher, still below the body's margin.
    const footerTop = A4.height - (zh ? 62 : 48);
    w.lines(inLanguages(spec.footer, zh?.footer), { size: 7.5, color: MUTED, x: MARGIN.left, y: footerTop, width: CONTENT_WIDTH - 60 });
    w.text(`${i + 1} / ${range.count}`, { size: 7.5, color: MUTED, x: A4.width - MARGIN.right - 50, y: footerTop, width: 50, align: 'right' });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  await ended;
  return { bytes: Buffer.concat(chunks), pages: range.count, missingGlyphs: w.missing };
}
