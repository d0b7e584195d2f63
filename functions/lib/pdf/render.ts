/**
 * Turns a document's spec (core/documents/model.ts) into a PDF with pdfkit. Every character is
 * set in an embedded font that has it (Noto Sans, then Noto Naskh Arabic, then Noto Sans SC; see
 * assets.ts), so no glyph prints as a box, whatever script a name or an address is written in;
 * pdfkit embeds only the glyphs a document uses. pdfkit breaks lines by Unicode's rules (no 。
 * or ， at the start of a line), shapes Arabic and sets it right to left. The fonts are read once
 * per container. Documents are created with `font: null`: pdfkit's built-in fonts are files it
 * cannot find inside a bundle.
 */
import fs from 'node:fs';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import type { PdfBlock, PdfSpec } from '#core/documents/model';
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
const BRAND = '#0b3d6e';
const MUTED = '#555555';

class Writer {
  missing = 0;
  constructor(
    private readonly doc: Doc,
    private readonly fonts: Record<PdfFontName, LoadedFont>,
  ) {}

  /** Writes text with the right font for each character; extra options as pdfkit's `text`. */
  text(value: string, options: { size: number; bold?: boolean; color?: string; x?: number; y?: number; width?: number; align?: 'left' | 'right' | 'center' }) {
    const { runs, missing } = fontRuns(value === '' ? ' ' : value, options.bold ? 'latinBold' : 'latin', (f, cp) => this.fonts[f].has(cp));
    this.missing += missing;
    const doc = this.doc.fontSize(options.size).fillColor(options.color ?? INK);
    runs.forEach((run, i) => {
      doc.font(run.font);
      const common = { width: options.width ?? CONTENT_WIDTH, align: options.align ?? 'left', continued: i < runs.length - 1, lineGap: 2 };
      if (i === 0 && options.x !== undefined) doc.text(run.text, options.x, options.y, common);
      else doc.text(run.text, common);
    });
  }

  block(block: PdfBlock, signature: Buffer) {
    const doc = this.doc;
    const x = MARGIN.left;
    switch (block.kind) {
      case 'heading':
        doc.moveDown(0.6);
        this.text(block.text, { size: 12.5, bold: true, color: BRAND, x, y: doc.y });
        doc.moveDown(0.3);
        return;
      case 'paragraph':
        this.text(block.text, { size: 10.5, x, y: doc.y });
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
        for (const [label, value] of block.rows) {
          this.ensureRoom(28);
          const top = doc.y;
          this.text(label, { size: 10, bold: true, color: MUTED, x, y: top, width: labelWidth - 10 });
          const afterLabel = doc.y;
          this.text(value, { size: 10.5, x: x + labelWidth, y: top, width: CONTENT_WIDTH - labelWidth });
          doc.y = Math.max(doc.y, afterLabel) + 3;
        }
        doc.moveDown(0.4);
        return;
      }
      case 'table': {
        const n = block.columns.length;
        const amountWidth = 110;
        const widths = n === 1 ? [CONTENT_WIDTH] : [...Array.from({ length: n - 1 }, () => (CONTENT_WIDTH - amountWidth) / (n - 1)), amountWidth];
        const row = (cells: readonly string[], bold: boolean) => {
          this.ensureRoom(24);
          const top = doc.y;
          let bottom = top;
          let cx = x;
          cells.forEach((cell, i) => {
            this.text(cell, { size: 10, bold, x: cx, y: top, width: widths[i]! - 8, align: i === n - 1 && n > 1 ? 'right' : 'left' });
            bottom = Math.max(bottom, doc.y);
            cx += widths[i]!;
          });
          doc.y = bottom + 4;
          doc.moveTo(x, doc.y - 2).lineTo(x + CONTENT_WIDTH, doc.y - 2).lineWidth(0.5).strokeColor('#c8c8c8').stroke();
        };
        row(block.columns, true);
        for (const cells of block.rows) row(cells, false);
        if (block.total) {
          const [label, value] = block.total;
          this.ensureRoom(24);
          const top = doc.y + 2;
          this.text(label, { size: 11, bold: true, x, y: top, width: CONTENT_WIDTH - amountWidth - 8, align: 'right' });
          this.text(value, { size: 11, bold: true, x: x + CONTENT_WIDTH - amountWidth, y: top, width: amountWidth - 8, align: 'right' });
        }
        doc.moveDown(0.8);
        return;
      }
      case 'stamp': {
        this.ensureRoom(40);
        const top = doc.y + 4;
        doc.font('latinBold').fontSize(16);
        const w = doc.widthOfString(block.text) + 28;
        doc.roundedRect(x, top, w, 30, 4).lineWidth(2).strokeColor('#1e7d32').stroke();
        this.text(block.text, { size: 16, bold: true, color: '#1e7d32', x: x + 14, y: top + 6, width: w });
        doc.y = top + 42;
        return;
      }
      case 'signature': {
        this.ensureRoom(110);
        doc.moveDown(0.5);
        doc.image(signature, x, doc.y, { width: 150 });
        doc.y += 52;
        this.text(block.name, { size: 10.5, bold: true, x, y: doc.y });
        this.text(block.role, { size: 10, color: MUTED, x, y: doc.y });
        return;
      }
    }
  }

  ensureRoom(points: number) {
    if (this.doc.y + points > A4.height - MARGIN.bottom) this.doc.addPage();
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
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    font: null as unknown as string,
    bufferPages: true,
    info: { Title: spec.title, Author: documentTexts.organiser.legal_name, Creator: 'IACR 2024 congress portal', Producer: 'pdfkit', CreationDate: issued, ModDate: issued },
    displayTitle: true,
    lang: 'en',
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
  w.text(spec.title, { size: 20, bold: true, color: BRAND, x: MARGIN.left, y: titleTop, width: CONTENT_WIDTH / 2 });
  const afterTitle = doc.y;
  doc.y = titleTop;
  for (const [label, value] of spec.meta) w.text(`${label}: ${value}`, { size: 10, x: MARGIN.left + CONTENT_WIDTH / 2, y: doc.y, width: CONTENT_WIDTH / 2, align: 'right' });
  doc.y = Math.max(doc.y, afterTitle) + 14;
  for (const block of spec.blocks) w.block(block, images.signature);

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    w.text(spec.footer, { size: 7.5, color: MUTED, x: MARGIN.left, y: A4.height - 48, width: CONTENT_WIDTH - 60 });
    w.text(`${i + 1} / ${range.count}`, { size: 7.5, color: MUTED, x: A4.width - MARGIN.right - 50, y: A4.height - 48, width: 50, align: 'right' });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  await ended;
  return { bytes: Buffer.concat(chunks), pages: range.count, missingGlyphs: w.missing };
}
