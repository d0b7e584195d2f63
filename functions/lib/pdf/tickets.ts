/**
 * The ticket (one A4 page) and the badges (A6, one per page, or A4 sheets of four for bulk
 * printing: an A4 sheet is exactly four A6, cut along the marks) as PDFs (issue 34), with pdfkit
 * and the documents' fonts through render.ts's Writer: a Chinese name is set in Noto Sans SC, an
 * accented Latin one in Noto Sans, so no glyph prints as a box (pretix#4340).
 *
 * The QR code is drawn as vector squares from qrcode's own matrix (error correction M, as the
 * bench measures it), with its four-module quiet zone: it prints sharp at any size.
 *
 * Badges are written page after page without keeping pages (no `bufferPages`): 1,500 badges hold
 * only the fonts and the output bytes (the bench measures it).
 */
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { conference } from '#core/config/conference';
import { congressIn, documentTexts, fillText, textsIn } from '#core/documents/texts';
import type { BadgeRole } from '#core/tickets/badge-role';
import type { Bilingual, TicketCard } from '#core/tickets/ticket-cards';
import { pdfAssetPath, type PdfFontName } from './assets';
import { pdfFontFiles, Writer } from './render';
import fs from 'node:fs';

type Doc = InstanceType<typeof PDFDocument>;

const A4 = { width: 595.28, height: 841.89 };
const A6 = { width: A4.width / 2, height: A4.height / 2 };
const BRAND = '#0b3d6e';
const MUTED = '#555555';
const INK = '#1b1b1b';

/** The band's colour per role (white text on it, contrast above 4.5:1). */
const ROLE_COLOURS: Record<BadgeRole, string> = {
  delegate: '#0b3d6e',
  speaker: '#8a1c1c',
  committee: '#1e5e20',
  organiser: '#5a2a82',
  accompanying: '#4a4a4a',
};

export interface RenderedTickets {
  bytes: Buffer;
  pages: number;
  /** Characters no embedded font has (printed as "?"). */
  missingGlyphs: number;
}

/** "中文 English" on one line (once when the two are the same). */
const both = (b: Bilingual) => (b.zh && b.zh !== b.en ? `${b.zh} ${b.en}` : b.en);

/** The QR code's dark modules as squares, `size` points wide with its quiet zone, from (x, y). */
export function drawQr(doc: Doc, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 4;
  const cell = size / (n + 2 * quiet);
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      // A little wider than the cell, so adjacent squares leave no hairline between them.
      if (qr.modules.get(r, c)) doc.rect(x + (c + quiet) * cell, y + (r + quiet) * cell, cell + 0.05, cell + 0.05);
    }
  }
  doc.fill('#000000');
  doc.restore();
  return { version: qr.version, modules: n };
}

function newDoc(title: string, size: [number, number]) {
  const { fonts } = { fonts: pdfFontFiles() };
  const doc = new PDFDocument({
    size,
    margin: 0,
    font: null as unknown as string,
    autoFirstPage: false,
    info: { Title: title, Author: documentTexts.organiser.legal_name, Creator: 'IACR 2024 congress portal', Producer: 'pdfkit' },
    displayTitle: true,
    lang: 'zh-Hans',
  });
  for (const name of Object.keys(fonts) as PdfFontName[]) doc.registerFont(name, fonts[name].bytes);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, writer: new Writer(doc, fonts), ended };
}


type TextOptions = Parameters<Writer['text']>[1] & { x: number; y: number; width: number };
/**
 * Centred text in one or more fonts: pdfkit centres each font's run on its own (a Chinese and a
 * Latin run would overlap), so a line that fits is set from where it must start.
 */
function centred(w: Writer, text: string, o: TextOptions) {
  const width = w.widthOf(text, o.size, Boolean(o.bold));
  if (width <= o.width) w.text(text, { ...o, x: o.x + (o.width - width) / 2, width: width + 4, align: 'left' });
  else w.text(text, { ...o, align: 'center' });
}
/** Lines centred one under the other. */
function centredLines(w: Writer, doc: Doc, lines: readonly string[], o: TextOptions) {
  lines.forEach((line, i) => centred(w, line, { ...o, y: i === 0 ? o.y : doc.y }));
}

/** The largest size up to `max` at which `text` fits `width` on one line (not below `min`). */
function fitSize(w: Writer, text: string, width: number, max: number, min: number, bold = true) {
  let size = max;
  while (size > min && w.widthOf(text, size, bold) > width) size -= 1;
  return size;
}

let letterhead: Buffer | undefined;
const letterheadImage = () => (letterhead ??= fs.readFileSync(pdfAssetPath('image', documentTexts.organiser.letterhead_image)));

/**
 * One person's ticket: the letterhead, the title, the QR code large in the middle (or the
 * revocation), the name in its own script and in Latin, the role, the order, what it admits to
 * and how to use it; Chinese and English on every line.
 */
export async function renderTicketPdf(card: TicketCard): Promise<RenderedTickets> {
  const en = textsIn(documentTexts.ticket, 'en');
  const zh = textsIn(documentTexts.ticket, 'zh-Hans');
  const venue = { en: documentTexts.certificate.venue, zh: documentTexts.certificate.venue_zh };
  const congress = { en: congressIn('en'), zh: congressIn('zh-Hans') };
  const { doc, writer: w, ended } = newDoc(`${both({ en: en.title, zh: zh.title })} ${card.order_no}-${card.person}`, [A4.width, A4.height]);
  doc.addPage();
  const left = 56;
  const width = A4.width - 2 * left;
  doc.image(letterheadImage(), left, 40, { width });
  let y = 40 + (width * 220) / 1920 + 20;
  w.text(both({ en: en.title, zh: zh.title }), { size: 22, bold: true, color: BRAND, x: left, y, width });
  w.lines([congress.zh.name, congress.en.name], { size: 11, color: INK, x: left, y: doc.y + 2, width });
  w.lines([fillText(zh.when, { dates: zh.dates, venue: venue.zh }), fillText(en.when, { dates: en.dates, venue: venue.en })], { size: 10, color: MUTED, x: left, y: doc.y + 2, width });
  y = doc.y + 16;

  const qrSize = 250;
  const qrX = (A4.width - qrSize) / 2;
  if (card.qr) {
    drawQr(doc, card.qr, qrX, y, qrSize);
    doc.rect(qrX, y, qrSize, qrSize).lineWidth(0.5).strokeColor('#c8c8c8').stroke();
  } else {
    doc.rect(qrX, y, qrSize, qrSize).lineWidth(2).strokeColor('#b00020').stroke();
    centredLines(w, doc, [zh.revoked, en.revoked], { size: 14, bold: true, color: '#b00020', x: qrX + 16, y: y + qrSize / 2 - 30, width: qrSize - 32});
  }
  y += qrSize + 18;

  if (card.native_name) {
    centred(w, card.native_name, { size: fitSize(w, card.native_name, width, 30, 14), bold: true, x: left, y, width});
    y = doc.y;
  }
  if (card.latin_name) {
    centred(w, card.latin_name, { size: fitSize(w, card.latin_name, width, card.native_name ? 20 : 30, 12), bold: true, x: left, y, width});
    y = doc.y;
  }
  if (card.guest_of) {
    centredLines(w, doc, [card.guest_of.zh, card.guest_of.en], { size: 16, bold: true, x: left, y, width});
    y = doc.y;
  }
  const where = [card.organization, card.country].filter(Boolean).join(', ');
  if (where) centred(w, where, { size: 11, color: MUTED, x: left, y: y + 2, width});
  y = doc.y + 14;

  const label = 150;
  const row = (l: Bilingual, value: string) => {
    const top = y;
    w.text(both(l), { size: 10, bold: true, color: MUTED, x: left, y: top, width: label - 8 });
    const after = doc.y;
    w.text(value, { size: 10.5, x: left + label, y: top, width: width - label });
    y = Math.max(doc.y, after) + 4;
  };
  row({ en: en.role_label, zh: zh.role_label }, both(card.role_label));
  row({ en: en.order_label, zh: zh.order_label }, `${card.order_no} · ${card.ticket_id}`);
  row({ en: en.entitlements_heading, zh: zh.entitlements_heading }, card.marks.map((m) => both(m)).join(' · '));
  y += 8;
  w.lines([zh.instructions, en.instructions], { size: 9.5, color: INK, x: left, y, width, gap: 3 });

  const footer = fillText(documentTexts.footer, textsIn(documentTexts.organiser, 'en'));
  w.text(footer, { size: 7, color: MUTED, x: left, y: A4.height - 44, width });
  doc.end();
  return { bytes: await ended, pages: 1, missingGlyphs: w.missing };
}

/** One badge, A6, its top left corner at (x, y). */
function drawBadge(doc: Doc, w: Writer, card: TicketCard, x: number, y: number) {
  const pad = 16;
  const inner = A6.width - 2 * pad;
  const congress = { en: congressIn('en'), zh: congressIn('zh-Hans') };
  // The congress at the top.
  doc.rect(x, y, A6.width, 44).fill(BRAND);
  w.text(`${conference.shortName} · ${congress.zh.city} ${congress.en.city}`, { size: 13, bold: true, color: '#ffffff', x: x + pad, y: y + 8, width: inner });
  w.text(fillText(documentTexts.ticket.dates_zh, {}) + ' ' + documentTexts.ticket.dates, { size: 8, color: '#ffffff', x: x + pad, y: y + 27, width: inner });

  // The name: in its own script large, then in Latin; a guest's line instead for an accompanying person.
  let top = y + 62;
  if (card.native_name) {
    centred(w, card.native_name, { size: fitSize(w, card.native_name, inner, 34, 14), bold: true, color: INK, x: x + pad, y: top, width: inner});
    top = doc.y;
  }
  if (card.latin_name) {
    const size = fitSize(w, card.latin_name, inner, card.native_name ? 20 : 28, 11);
    centred(w, card.latin_name, { size, bold: true, color: INK, x: x + pad, y: top, width: inner});
    top = doc.y;
  }
  if (card.guest_of) {
    centredLines(w, doc, [card.guest_of.zh, card.guest_of.en], { size: 12, bold: true, color: INK, x: x + pad, y: top, width: inner});
    top = doc.y;
  }
  if (card.organization) {
    centred(w, card.organization, { size: fitSize(w, card.organization, inner, 11, 7, false), color: INK, x: x + pad, y: top + 6, width: inner});
    top = doc.y;
  }
  if (card.country) centred(w, card.country, { size: 10, color: MUTED, x: x + pad, y: top + 1, width: inner});

  // The QR code at the bottom left, the entitlement marks beside it.
  const band = 40;
  const qrSize = 118;
  const qrTop = y + A6.height - band - qrSize - 8;
  if (card.qr) drawQr(doc, card.qr, x + pad - 4, qrTop, qrSize);
  const markX = x + pad + qrSize + 4;
  const markWidth = A6.width - pad - (markX - x);
  let markY = qrTop + 8;
  const col = (markWidth - 4) / 2;
  card.marks.forEach((m, i) => {
    const mx = markX + (i % 2) * (col + 4);
    if (i > 0 && i % 2 === 0) markY += 20;
    doc.roundedRect(mx, markY, col, 17, 3).lineWidth(0.8).strokeColor(BRAND).stroke();
    centred(w, both(m), { size: fitSize(w, both(m), col - 4, 7, 4.5, false), color: BRAND, x: mx + 2, y: markY + 4, width: col - 4});
  });

  // The role band across the bottom.
  doc.rect(x, y + A6.height - band, A6.width, band).fill(ROLE_COLOURS[card.role]);
  const role = both(card.role_label);
  centred(w, role, { size: fitSize(w, role, inner, 16, 9), bold: true, color: '#ffffff', x: x + pad, y: y + A6.height - band + 11, width: inner});
}

/** Thin cut marks between the four badges of an A4 sheet. */
function cutMarks(doc: Doc) {
  doc.save().lineWidth(0.3).strokeColor('#999999').dash(3, { space: 3 });
  doc.moveTo(A6.width, 0).lineTo(A6.width, A4.height).stroke();
  doc.moveTo(0, A6.height).lineTo(A4.width, A6.height).stroke();
  doc.undash().restore();
}

export type BadgeLayout = 'a6' | 'a4';

/**
 * Badges: `a6` one per page (a desk's printer), `a4` four per sheet (bulk printing). Revoked
 * tickets are the caller's to leave out (a badge without a valid code prints without one).
 * `onPage` is told each page (the bench's memory sampling).
 */
export async function renderBadges(cards: readonly TicketCard[], layout: BadgeLayout, title: string, onPage?: () => void): Promise<RenderedTickets> {
  const { doc, writer: w, ended } = newDoc(title, layout === 'a6' ? [A6.width, A6.height] : [A4.width, A4.height]);
  let pages = 0;
  cards.forEach((card, i) => {
    const slot = layout === 'a6' ? 0 : i % 4;
    if (slot === 0) {
      doc.addPage();
      pages++;
      if (layout === 'a4') cutMarks(doc);
      onPage?.();
    }
    drawBadge(doc, w, card, (slot % 2) * A6.width, Math.floor(slot / 2) * A6.height);
  });
  if (pages === 0) {
    doc.addPage();
    pages = 1;
  }
  doc.end();
  return { bytes: await ended, pages, missingGlyphs: w.missing };
}
