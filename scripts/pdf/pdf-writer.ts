/**
 * A small document writer on top of pdf-lib: flowing text with wrapping, headings, lists,
 * simple tables and page breaks, with a running header and page numbers. Enough for the
 * congress's guides and programmes, generated from the same content files as the pages.
 *
 * Fonts are embedded (scripts/pdf/fonts.ts): Noto Sans, with Noto Sans SC for each character the
 * Latin font lacks (Chinese), so a PDF looks the same on every machine. A character neither font
 * has is left out rather than breaking the build.
 */
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { FontBytes } from './fonts';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const BRAND = rgb(0.043, 0.239, 0.431);
const GREY = rgb(0.35, 0.35, 0.35);

interface FontPair {
  latin: PDFFont;
  cjk: PDFFont;
  latinSet: Set<number>;
  cjkSet: Set<number>;
}

interface Run {
  text: string;
  font: PDFFont;
}

export interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: ReturnType<typeof rgb>;
  indent?: number;
  gapAfter?: number;
}

export class PdfWriter {
  private page!: PDFPage;
  private y = 0;
  private pageNumber = 0;

  private constructor(
    private readonly doc: PDFDocument,
    private readonly regular: FontPair,
    private readonly bold: FontPair,
    private readonly runningTitle: string,
  ) {}

  static async create(meta: { title: string; subject: string; author: string; runningTitle: string; fonts: FontBytes }) {
    const doc = await PDFDocument.create();
    doc.setTitle(meta.title);
    doc.setSubject(meta.subject);
    doc.setAuthor(meta.author);
    doc.setProducer('Congress portal build');
    doc.setCreator('Congress portal build');
    // Fixed dates keep the build reproducible (same content -> same bytes).
    doc.setCreationDate(new Date('2024-01-01T00:00:00Z'));
    doc.setModificationDate(new Date('2024-01-01T00:00:00Z'));
    doc.registerFontkit(fontkit);
    const pair = async (latin: Uint8Array, cjk: Uint8Array): Promise<FontPair> => {
      // Already cut down to what content uses (fonts.ts): embedded whole, never re-subset.
      // No ligatures: pdf-lib draws "fi" as two letters with the ligature's gap otherwise.
      const features = { liga: false, clig: false, dlig: false };
      const l = await doc.embedFont(latin, { subset: false, features });
      const c = await doc.embedFont(cjk, { subset: false, features });
      return { latin: l, cjk: c, latinSet: new Set(l.getCharacterSet()), cjkSet: new Set(c.getCharacterSet()) };
    };
    const writer = new PdfWriter(
      doc,
      await pair(meta.fonts.regular, meta.fonts.cjkRegular),
      await pair(meta.fonts.bold, meta.fonts.cjkBold),
      meta.runningTitle,
    );
    writer.newPage();
    return writer;
  }

  private get contentWidth() {
    return A4.width - 2 * MARGIN;
  }

  /** The text split into runs of one font each (Latin first, CJK for what Latin lacks). */
  private runs(text: string, fonts: FontPair): Run[] {
    const runs: Run[] = [];
    for (const ch of text.replace(/[\u00a0\u2009\u202f]/g, ' ')) {
      const code = ch.codePointAt(0)!;
      const font = fonts.latinSet.has(code) ? fonts.latin : fonts.cjkSet.has(code) ? fonts.cjk : null;
      if (!font) continue;
      const last = runs[runs.length - 1];
      if (last?.font === font) last.text += ch;
      else runs.push({ text: ch, font });
    }
    return runs;
  }

  private width(text: string, size: number, fonts: FontPair): number {
    return this.runs(text, fonts).reduce((w, r) => w + r.font.widthOfTextAtSize(r.text, size), 0);
  }

  private draw(text: string, options: { x: number; y: number; size: number; fonts: FontPair; color?: ReturnType<typeof rgb> }) {
    let x = options.x;
    for (const run of this.runs(text, options.fonts)) {
      this.page.drawText(run.text, { x, y: options.y, size: options.size, font: run.font, color: options.color });
      x += run.font.widthOfTextAtSize(run.text, options.size);
    }
  }

  private newPage() {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.pageNumber += 1;
    this.draw(this.runningTitle, { x: MARGIN, y: A4.height - 32, size: 8, fonts: this.regular, color: GREY });
    this.draw(String(this.pageNumber), { x: A4.width - MARGIN - 10, y: 28, size: 8, fonts: this.regular, color: GREY });
    this.y = A4.height - MARGIN - 10;
  }

  private ensure(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }

  /** Splits text into lines that fit `width` at `size`; a word longer than a line is cut. */
  wrap(text: string, width: number, size: number, fonts: FontPair): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      let line = '';
      // Pieces: words with the space before them, and single CJK characters (breakable anywhere).
      for (const piece of paragraph.trim().match(/\s*(?:[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]|[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]+)/g) ?? []) {
        const candidate = line ? line + piece : piece.trimStart();
        if (this.width(candidate, size, fonts) <= width) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        line = piece.trimStart();
        // A single piece wider than the line (a long address, a URL): cut it where it must.
        while (this.width(line, size, fonts) > width && line.length > 1) {
          let cut = line.length - 1;
          while (cut > 1 && this.width(line.slice(0, cut), size, fonts) > width) cut--;
          lines.push(line.slice(0, cut));
          line = line.slice(cut);
        }
      }
      lines.push(line);
    }
    return lines;
  }

  text(text: string, style: TextStyle = {}) {
    const size = style.size ?? 10.5;
    const fonts = style.bold ? this.bold : this.regular;
    const indent = style.indent ?? 0;
    const lineHeight = size * 1.4;
    for (const line of this.wrap(text, this.contentWidth - indent, size, fonts)) {
      this.ensure(lineHeight);
      this.draw(line, { x: MARGIN + indent, y: this.y - size, size, fonts, color: style.color ?? rgb(0.1, 0.1, 0.1) });
      this.y -= lineHeight;
    }
    this.y -= style.gapAfter ?? size * 0.6;
  }

  title(text: string, subtitle?: string) {
    this.text(text, { size: 22, bold: true, color: BRAND, gapAfter: 6 });
    if (subtitle) this.text(subtitle, { size: 12, color: GREY, gapAfter: 14 });
    this.rule();
  }

  heading(text: string, level: 2 | 3 = 2) {
    this.ensure(level === 2 ? 48 : 36);
    this.y -= level === 2 ? 8 : 4;
    this.text(text, { size: level === 2 ? 15 : 12, bold: true, color: BRAND, gapAfter: 4 });
  }

  bullet(text: string, marker = '-') {
    const size = 10.5;
    this.ensure(size * 1.4);
    this.draw(marker, { x: MARGIN + 6, y: this.y - size, size, fonts: this.regular });
    this.text(text, { indent: 20, gapAfter: 2 });
  }

  rule() {
    this.ensure(10);
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: A4.width - MARGIN, y: this.y },
      thickness: 0.75,
      color: rgb(0.75, 0.8, 0.86),
    });
    this.y -= 12;
  }

  /** A table with proportional column widths; cells wrap; the header repeats after a page break. */
  table(columns: string[], rows: string[][], weights?: number[]) {
    const size = 9.5;
    const pad = 4;
    const total = (weights ?? columns.map(() => 1)).reduce((a, b) => a + b, 0);
    const widths = (weights ?? columns.map(() => 1)).map((w) => (w / total) * this.contentWidth);
    const drawRow = (cells: string[], bold: boolean) => {
      const fonts = bold ? this.bold : this.regular;
      const wrapped = cells.map((c, i) => this.wrap(c, widths[i]! - 2 * pad, size, fonts));
      const height = Math.max(...wrapped.map((w) => w.length)) * size * 1.3 + 2 * pad;
      if (this.y - height < MARGIN) {
        this.newPage();
        if (!bold) drawRow(columns, true);
      }
      let x = MARGIN;
      if (bold) {
        this.page.drawRectangle({ x, y: this.y - height, width: this.contentWidth, height, color: rgb(0.91, 0.94, 0.97) });
      }
      wrapped.forEach((lines, i) => {
        lines.forEach((line, j) => {
          this.draw(line, { x: x + pad, y: this.y - pad - size - j * size * 1.3, size, fonts });
        });
        x += widths[i]!;
      });
      this.page.drawLine({
        start: { x: MARGIN, y: this.y - height },
        end: { x: A4.width - MARGIN, y: this.y - height },
        thickness: 0.5,
        color: rgb(0.8, 0.8, 0.8),
      });
      this.y -= height;
    };
    this.ensure(40);
    drawRow(columns, true);
    for (const row of rows) drawRow(row, false);
    this.y -= 10;
  }

  space(points: number) {
    this.y -= points;
  }

  save(): Promise<Uint8Array> {
    return this.doc.save({ useObjectStreams: true });
  }
}
