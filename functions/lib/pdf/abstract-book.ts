/**
 * The abstract book as a PDF (issue 33, decision 0066), with pdfkit and the documents' fonts: text
 * is set through render.ts's Writer, so Chinese, Arabic-script and Latin-extended names come out in
 * a font that has them, exactly as on receipts.
 *
 * Two passes over the same layout. The first lays the whole book out and keeps only where each
 * session and abstract starts (the bytes are thrown away); the second writes the book again with
 * those page numbers in the contents. The contents' numbers sit in a column of fixed width and
 * the index (after the body) already knows the pages in the first pass, so both passes break pages
 * at the same places; the second checks that every abstract lands where the first found it.
 *
 * Pages are not held: each session starts on a new page, and before it the pages written so far
 * get their footers and are flushed to the output (pdfkit's `bufferPages` keeps only one session's
 * pages). Memory stays about the fonts and the output bytes, whatever the number of abstracts.
 */
import PDFDocument from 'pdfkit';
import type { AbstractBook, BookEntry, BookSession } from '#core/programme/abstract-book';
import { bookDay, cstTimeRange } from '#core/programme/abstract-book';
import { documentTexts, fillText, congressIn } from '#core/documents/texts';
import type { PdfFontName } from './assets';
import { pdfFontFiles, Writer } from './render';

type Doc = InstanceType<typeof PDFDocument>;

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = { top: 56, bottom: 64, left: 56, right: 56 };
const CONTENT_WIDTH = A4.width - MARGIN.left - MARGIN.right;
const BOTTOM = A4.height - MARGIN.bottom;
const BRAND = '#0b3d6e';
const MUTED = '#555555';
const RULE = '#c8c8c8';
/** The contents' page numbers: right-aligned in a column this wide, so a number never moves a line. */
const PAGE_COLUMN = 36;

const t = documentTexts['abstract-book'];
/** A fixed word in both languages on one line: "目录 Contents". */
const both = (en: string, zh: string | undefined) => (zh && zh !== en ? `${zh} ${en}` : en);
const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';
const superscript = (n: number) => [...String(n)].map((d) => SUPERSCRIPT[Number(d)]).join('');

/** Where things start, 1-based physical pages (the title page is 1). */
export interface BookPages {
  sessions: Record<string, number>;
  /** By abstract number; an abstract placed twice: its first place. */
  abstracts: Record<string, number>;
  days: Record<string, number>;
  unplaced?: number;
  index: number;
}

export interface RenderedBook {
  bytes: Buffer;
  pages: number;
  where: BookPages;
  /** Characters no embedded font has (printed as "?"). */
  missingGlyphs: number;
}

class BookWriter {
  readonly w: Writer;
  page = 1;
  private footered = 0;
  /** The bookmarks' current day (the reader's side panel: days, then their sessions). */
  private dayOutline: ReturnType<Doc['outline']['addItem']> | undefined;
  readonly where: BookPages = { sessions: {}, abstracts: {}, days: {}, index: 0 };

  constructor(
    readonly doc: Doc,
    fonts: Record<PdfFontName, { has: (cp: number) => boolean }>,
    private readonly known: BookPages | undefined,
    private readonly footer: string,
    onPage?: () => void,
  ) {
    this.w = new Writer(doc, fonts);
    doc.on('pageAdded', () => {
      this.page++;
      onPage?.();
    });
  }

  /** The footers of the pages written so far, then out to the stream: only the page being written stays in memory. */
  flush() {
    const doc = this.doc;
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      const n = i + 1;
      if (n <= this.footered || n === 1) continue;
      doc.switchToPage(i);
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc.moveTo(MARGIN.left, A4.height - 46).lineTo(A4.width - MARGIN.right, A4.height - 46).lineWidth(0.5).strokeColor(RULE).stroke();
      this.w.text(this.footer, { size: 7.5, color: MUTED, x: MARGIN.left, y: A4.height - 40, width: CONTENT_WIDTH - 60 });
      this.w.text(String(n), { size: 8, color: MUTED, x: A4.width - MARGIN.right - 50, y: A4.height - 40, width: 50, align: 'right' });
      doc.page.margins.bottom = bottom;
    }
    this.footered = range.start + range.count;
    doc.flushPages();
  }

  newPage() {
    this.flush();
    this.doc.addPage();
  }

  ensureRoom(points: number) {
    if (this.doc.y + points > BOTTOM) this.doc.addPage();
  }

  /** The page a contents line points at: the first pass's, or a placeholder of the same width in the first pass. */
  pageOf(kind: 'sessions' | 'abstracts' | 'days', key: string): string;
  pageOf(kind: 'unplaced' | 'index'): string;
  pageOf(kind: keyof BookPages, key?: string): string {
    if (!this.known) return '0';
    const v = this.known[kind];
    return String(typeof v === 'number' ? v : (v as Record<string, number>)[key!]);
  }

  title(book: AbstractBook) {
    const doc = this.doc;
    const en = congressIn('en');
    const zh = congressIn('zh-Hans');
    doc.rect(0, 0, A4.width, 250).fill(BRAND);
    this.w.lines([zh.full_name, en.full_name], { size: 13, color: '#ffffff', x: MARGIN.left, y: 110, gap: 4 });
    this.w.text(t.title_zh, { size: 34, bold: true, color: BRAND, x: MARGIN.left, y: 300 });
    this.w.text(t.title, { size: 28, bold: true, color: BRAND, x: MARGIN.left, y: doc.y + 4 });
    doc.y += 18;
    this.w.text(`${zh.city} · ${en.city}, ${en.country}`, { size: 13, x: MARGIN.left, y: doc.y });
    const first = book.days[0]?.day;
    const last = book.days.at(-1)?.day;
    if (first && last) this.w.text(first === last ? bookDay(first).en : `${bookDay(first).en} – ${bookDay(last).en}`, { size: 11, color: MUTED, x: MARGIN.left, y: doc.y + 4 });
    this.w.text(both(fillText(t.subtitle, { count: book.abstracts }), fillText(t.subtitle_zh, { count: book.abstracts })), { size: 11, color: MUTED, x: MARGIN.left, y: doc.y + 4 });
  }

  /** A contents line: the text in the page's width less the number's column, the number right-aligned in it. */
  private contentsLine(text: string, page: string, options: { size: number; bold?: boolean; indent: number; to: string }) {
    const doc = this.doc;
    this.ensureRoom(options.size * 2.6);
    const top = doc.y;
    this.w.text(text, { size: options.size, bold: options.bold, x: MARGIN.left + options.indent, y: top, width: CONTENT_WIDTH - PAGE_COLUMN - options.indent - 8 });
    const after = doc.y;
    this.w.text(page, { size: options.size, bold: options.bold, x: MARGIN.left + CONTENT_WIDTH - PAGE_COLUMN, y: top, width: PAGE_COLUMN, align: 'right' });
    // The whole line is a link to where it points (a named destination, set when that page is written).
    doc.goTo(MARGIN.left + options.indent, top, CONTENT_WIDTH - options.indent, after - top, options.to);
    doc.y = after + 1;
  }

  contents(book: AbstractBook) {
    const doc = this.doc;
    this.newPage();
    this.w.text(both(t.contents, t.contents_zh), { size: 18, bold: true, color: BRAND, x: MARGIN.left, y: MARGIN.top });
    doc.y += 10;
    for (const day of book.days) {
      const d = bookDay(day.day);
      doc.y += 4;
      this.contentsLine(`${d.zh}  ${d.en}`, this.pageOf('days', day.day), { size: 11, bold: true, indent: 0, to: `session-${day.sessions[0]!.id}` });
      for (const s of day.sessions) {
        const title = both(s.title, s.title_zh);
        const span = s.entries.length > 1 ? `${s.entries[0]!.number}–${s.entries.at(-1)!.number}` : s.entries[0]!.number;
        this.contentsLine(`${cstTimeRange(s.starts_at, s.ends_at)}  ${title}  (${span})`, this.pageOf('sessions', s.id), { size: 9.5, indent: 12, to: `session-${s.id}` });
      }
    }
    doc.y += 6;
    if (book.unplaced.length) this.contentsLine(both(t.unplaced, t.unplaced_zh), this.pageOf('unplaced'), { size: 11, bold: true, indent: 0, to: 'unplaced' });
    this.contentsLine(both(t.index, t.index_zh), this.pageOf('index'), { size: 11, bold: true, indent: 0, to: 'index' });
  }

  session(s: BookSession, day: { key: string; heading: string } | undefined) {
    const doc = this.doc;
    this.newPage();
    this.where.sessions[s.id] = this.page;
    doc.addNamedDestination(`session-${s.id}`);
    if (day) {
      this.where.days[day.key] = this.page;
      this.dayOutline = doc.outline.addItem(day.heading);
    }
    (this.dayOutline ?? doc.outline).addItem(both(s.title, s.title_zh));
    const dayHeading = day?.heading;
    doc.y = MARGIN.top;
    if (dayHeading) {
      this.w.text(dayHeading, { size: 10, bold: true, color: MUTED, x: MARGIN.left, y: doc.y });
      doc.y += 4;
    }
    const kind = s.type === 'poster' ? both(t.poster, t.poster_zh) : s.type === 'oral' ? both(t.oral, t.oral_zh) : undefined;
    if (kind) this.w.text(kind, { size: 9, color: MUTED, x: MARGIN.left, y: doc.y });
    if (s.title_zh) this.w.text(s.title_zh, { size: 15, bold: true, color: BRAND, x: MARGIN.left, y: doc.y + 2 });
    this.w.text(s.title, { size: 15, bold: true, color: BRAND, x: MARGIN.left, y: doc.y + 2 });
    const room = s.room ? both(s.room.name, s.room.name_zh) : undefined;
    this.w.text([cstTimeRange(s.starts_at, s.ends_at), room].filter(Boolean).join(' · '), { size: 9.5, color: MUTED, x: MARGIN.left, y: doc.y + 2 });
    if (s.chairs.length) this.w.text(`${both(t.chairs, t.chairs_zh)}: ${s.chairs.join(', ')}`, { size: 9.5, color: MUTED, x: MARGIN.left, y: doc.y });
    doc.moveTo(MARGIN.left, doc.y + 6).lineTo(A4.width - MARGIN.right, doc.y + 6).lineWidth(1).strokeColor(BRAND).stroke();
    doc.y += 14;
    s.entries.forEach((e, i) => this.entry(e, i > 0));
  }

  /** A part heading on a new page ("Author index"): its page recorded. */
  part(heading: string, destination: string) {
    this.newPage();
    this.doc.addNamedDestination(destination);
    this.doc.outline.addItem(heading);
    this.w.text(heading, { size: 18, bold: true, color: BRAND, x: MARGIN.left, y: MARGIN.top });
    this.doc.y += 10;
    return this.page;
  }

  entry(e: BookEntry, rule: boolean) {
    const doc = this.doc;
    const x = MARGIN.left;
    const multi = e.affiliations.length > 1;
    const authors = e.authors.map((a) => `${a.name}${multi ? a.affiliations.map(superscript).join(',') : ''}${a.presenter ? '*' : ''}`).join(', ');
    // The number, title, authors, affiliations and the text's first lines stay together: an abstract
    // never starts at the foot of a page (measured in the Latin font: near enough for the other scripts).
    const height = (text: string, size: number, bold = false) => doc.font(bold ? 'latinBold' : 'latin').fontSize(size).heightOfString(text, { width: CONTENT_WIDTH, lineGap: 2 });
    const head = 15 + height(e.title, 11.5, true) + height(authors, 9.5) + (e.affiliations.length + 1) * 12 + 50 + (rule ? 8 : 0);
    this.ensureRoom(Math.min(head, BOTTOM - MARGIN.top));
    if (rule) {
      doc.moveTo(x, doc.y).lineTo(x + CONTENT_WIDTH, doc.y).lineWidth(0.5).strokeColor(RULE).stroke();
      doc.y += 8;
    }
    this.where.abstracts[e.number] ??= this.page;
    const where = e.board !== undefined ? `${both(t.board, t.board_zh)} ${e.board}` : e.starts_at && e.ends_at ? cstTimeRange(e.starts_at, e.ends_at) : '';
    const top = doc.y;
    this.w.text(e.number, { size: 10.5, bold: true, color: BRAND, x, y: top, width: 120 });
    if (where) this.w.text(where, { size: 9, color: MUTED, x: x + CONTENT_WIDTH - 200, y: top + 1, width: 200, align: 'right' });
    this.w.text(e.title, { size: 11.5, bold: true, x, y: top + 15 });
    doc.y += 3;
    this.w.text(authors, { size: 9.5, x, y: doc.y });
    doc.y += 2;
    e.affiliations.forEach((aff, i) => this.w.text(`${multi ? `${superscript(i + 1)} ` : ''}${aff}`, { size: 8.5, color: MUTED, x, y: doc.y }));
    if (e.authors.some((a) => a.presenter)) this.w.text(`* ${both(t.presenter, t.presenter_zh)}`, { size: 8, color: MUTED, x, y: doc.y });
    doc.y += 5;
    for (const section of e.sections) {
      if (section.label) this.w.text(`${section.label}: `, { size: 9.5, bold: true, x, y: doc.y, continued: true });
      this.w.text(section.text, { size: 9.5, ...(section.label ? {} : { x, y: doc.y }) });
      doc.y += 3;
    }
    if (e.keywords) {
      this.w.text(`${both(t.keywords, t.keywords_zh)}: `, { size: 9, bold: true, color: MUTED, x, y: doc.y, continued: true });
      this.w.text(e.keywords, { size: 9, color: MUTED });
    }
    doc.y += 12;
  }

  /** The author index in two columns: each name, then its abstracts' numbers with their pages. */
  index(book: AbstractBook) {
    const doc = this.doc;
    this.where.index = this.part(both(t.index, t.index_zh), 'index');
    const gap = 18;
    const width = (CONTENT_WIDTH - gap) / 2;
    let column = 0;
    let top = doc.y;
    for (const person of book.index) {
      const refs = person.numbers.map((n) => `${n} (${this.where.abstracts[n]})`).join(', ');
      const text = `${person.name}  ${refs}`;
      const height = doc.font('latin').fontSize(8.5).heightOfString(text, { width, lineGap: 2 }) + 4;
      if (doc.y + height > BOTTOM) {
        if (column === 0) {
          column = 1;
          doc.y = top;
        } else {
          doc.addPage();
          column = 0;
          top = MARGIN.top;
          doc.y = top;
        }
      }
      this.w.text(person.name, { size: 8.5, bold: true, x: MARGIN.left + column * (width + gap), y: doc.y, width, continued: true });
      this.w.text(`  ${refs}`, { size: 8.5 });
      doc.y += 2;
    }
  }

  body(book: AbstractBook) {
    for (const day of book.days) {
      const d = bookDay(day.day);
      day.sessions.forEach((s, i) => this.session(s, i === 0 ? { key: day.day, heading: `${d.zh}  ${d.en}` } : undefined));
    }
    if (book.unplaced.length) {
      this.where.unplaced = this.part(both(t.unplaced, t.unplaced_zh), 'unplaced');
      book.unplaced.forEach((e, i) => this.entry(e, i > 0));
    }
  }
}

function newDocument(fonts: ReturnType<typeof pdfFontFiles>) {
  const en = congressIn('en');
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    font: null as unknown as string,
    bufferPages: true,
    info: { Title: `${en.name} · ${t.title}`, Author: documentTexts.organiser.legal_name, Creator: 'IACR 2024 congress portal', Producer: 'pdfkit' },
    displayTitle: true,
    lang: 'en',
  });
  for (const name of Object.keys(fonts) as PdfFontName[]) doc.registerFont(name, fonts[name].bytes);
  return doc;
}

function layOut(book: AbstractBook, doc: Doc, known: BookPages | undefined, onPage?: () => void) {
  const fonts = pdfFontFiles();
  const footer = both(fillText(t.footer, { congress: congressIn('en').name }), undefined);
  const b = new BookWriter(doc, fonts, known, footer, onPage);
  b.title(book);
  b.contents(book);
  b.body(book);
  b.index(book);
  b.flush();
  return b;
}

/**
 * The book's PDF. `onData` receives the bytes as pages are finished (an S3 upload's stream); the
 * bytes are also returned unless `keep` is false. `onPage` is called at every new page of either
 * pass (the bench samples memory there: the rendering never yields to a timer).
 */
export async function renderAbstractBook(book: AbstractBook, options: { onData?: (chunk: Buffer) => void; keep?: boolean; onPage?: () => void } = {}): Promise<RenderedBook> {
  const fonts = pdfFontFiles();
  // First pass: where everything starts. The bytes are read and dropped (a stream not read keeps
  // them); the document is not ended and nothing keeps it once this returns.
  const first = ((draft: Doc) => {
    draft.on('data', () => {});
    return layOut(book, draft, undefined, options.onPage).where;
  })(newDocument(fonts));

  const doc = newDocument(fonts);
  const chunks: Buffer[] = [];
  const keep = options.keep ?? true;
  doc.on('data', (chunk: Buffer) => {
    if (keep) chunks.push(chunk);
    options.onData?.(chunk);
  });
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  const b = layOut(book, doc, first, options.onPage);
  for (const [number, page] of Object.entries(first.abstracts)) {
    if (b.where.abstracts[number] !== page) throw new Error(`The abstract book's second pass put ${number} on page ${b.where.abstracts[number]}, the first on ${page}`);
  }
  doc.end();
  await ended;
  return { bytes: Buffer.concat(chunks), pages: b.page, where: b.where, missingGlyphs: b.w.missing };
}
