/**
 * A small document writer on top of pdf-lib: flowing text with wrapping, headings, lists,
 * simple tables and page breaks, with a running header and page numbers. Enough for the
 * congress's guides and programmes, generated from the same content files as the pages.
 *
 * The standard PDF fonts only cover WinAnsi (Latin) characters; anything else is replaced so
 * that a stray character in content never breaks the build (Chinese text belongs on the web pages).
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const BRAND = rgb(0.043, 0.239, 0.431);
const GREY = rgb(0.35, 0.35, 0.35);

const REPLACEMENTS: Record<string, string> = {
  '\u2192': '->',
  '\u2190': '<-',
  '\u2713': 'v',
  '\u2605': '*',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
};

/** Keeps what WinAnsi can draw; maps a few common symbols; drops the rest. */
export function toWinAnsi(text: string, font: PDFFont): string {
  const supported = new Set(font.getCharacterSet());
  let out = '';
  for (const ch of text) {
    const mapped = REPLACEMENTS[ch] ?? ch;
    if ([...mapped].every((c) => supported.has(c.codePointAt(0)!))) out += mapped;
  }
  return out;
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
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly runningTitle: string,
  ) {}

  static async create(meta: { title: string; subject: string; author: string; runningTitle: string }) {
    const doc = await PDFDocument.create();
    doc.setTitle(meta.title);
    doc.setSubject(meta.subject);
    doc.setAuthor(meta.author);
    doc.setProducer('Congress portal build');
    doc.setCreator('Congress portal build');
    // Fixed dates keep the build reproducible (same content -> same bytes).
    doc.setCreationDate(new Date('2024-01-01T00:00:00Z'));
    doc.setModificationDate(new Date('2024-01-01T00:00:00Z'));
    const writer = new PdfWriter(
      doc,
      await doc.embedFont(StandardFonts.Helvetica),
      await doc.embedFont(StandardFonts.HelveticaBold),
      meta.runningTitle,
    );
    writer.newPage();
    return writer;
  }

  private get contentWidth() {
    return A4.width - 2 * MARGIN;
  }

  private newPage() {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.pageNumber += 1;
    const header = toWinAnsi(this.runningTitle, this.regular);
    this.page.drawText(header, { x: MARGIN, y: A4.height - 32, size: 8, font: this.regular, color: GREY });
    this.page.drawText(String(this.pageNumber), {
      x: A4.width - MARGIN - 10,
      y: 28,
      size: 8,
      font: this.regular,
      color: GREY,
    });
    this.y = A4.height - MARGIN - 10;
  }

  private ensure(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }

  /** Splits text into lines that fit `width` at `size`. */
  wrap(text: string, width: number, size: number, font: PDFFont): string[] {
    const lines: string[] = [];
    for (const paragraph of toWinAnsi(text, font).split('\n')) {
      let line = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
        else {
          lines.push(line);
          line = word;
        }
      }
      lines.push(line);
    }
    return lines;
  }

  text(text: string, style: TextStyle = {}) {
    const size = style.size ?? 10.5;
    const font = style.bold ? this.bold : this.regular;
    const indent = style.indent ?? 0;
    const lineHeight = size * 1.4;
    for (const line of this.wrap(text, this.contentWidth - indent, size, font)) {
      this.ensure(lineHeight);
      this.page.drawText(line, { x: MARGIN + indent, y: this.y - size, size, font, color: style.color ?? rgb(0.1, 0.1, 0.1) });
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
    this.page.drawText(toWinAnsi(marker, this.regular), { x: MARGIN + 6, y: this.y - size, size, font: this.regular });
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
      const font = bold ? this.bold : this.regular;
      const wrapped = cells.map((c, i) => this.wrap(c, widths[i]! - 2 * pad, size, font));
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
          this.page.drawText(line, { x: x + pad, y: this.y - pad - size - j * size * 1.3, size, font });
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
