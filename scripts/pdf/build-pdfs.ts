/**
 * Generates the PDFs the site links (/pdf/...) from the project's own content files, so that a
 * PDF never disagrees with the pages: the programme (at a glance and in full) from
 * content/programme.json, and each guide from content/pdf/*.json. Fees and dates come from the
 * conference config through the same placeholders and fee tables as the web pages.
 */
import fs from 'node:fs';
import path from 'node:path';
import { conferenceFacts, type ConferenceFacts } from '../../functions/core/domain/conference-facts';
import { formatMoney } from '../../functions/core/money';
import { refundPolicyLines } from '../../functions/core/orders/refund-policy';
import { formatCstDay, formatCstDeadline, cst } from '../../functions/core/time';
import { fillPlaceholders, placeholderValues, withoutMissing } from '../../web/src/content/placeholders';
import {
  pdfDocumentSchema,
  programmeSchema,
  type Block,
  type PdfDocumentContent,
  type ProgrammeContent,
} from '../../web/src/content/schema';
import { loadFonts, type FontBytes } from './fonts';
import { PdfWriter } from './pdf-writer';

const contentDir = path.resolve(import.meta.dirname, '../../web/src/content');

/** Inline markup to plain text for print: **bold** loses its stars, links keep their address. */
function printable(text: string, values: Record<string, string>): string {
  return fillPlaceholders(text, values)
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label: string, href: string) =>
      href.startsWith('/') ? label : `${label} (${href.replace(/^mailto:/, '')})`,
    );
}

function feeTable(writer: PdfWriter, source: string, f: ConferenceFacts) {
  if (source === 'registration2024') {
    const r = f.registration2024;
    writer.text(`Registration fees 2024, valid until ${formatCstDeadline(f.deadlines.ratesValidUntil)}`, { bold: true });
    writer.table(
      ['Item', 'Fee (USD)'],
      [
        ...r.rates.map((rate) => [`${rate.label} rate`, formatMoney(rate.amount)]),
        ['Accompanying person (each)', formatMoney(r.accompanyingPersonAmount)],
        ['Post-conference visit (each participant)', formatMoney(r.postConferenceVisitAmount)],
      ],
      [3, 1],
    );
  } else if (source === 'hotelRooms') {
    writer.table(
      ['Room type', 'Per night (CNY, paid at the hotel)'],
      f.registration2024.hotelRooms.map((room) => [room.label, formatMoney(room.pricePerNight, 'CNY', 0)]),
      [3, 2],
    );
  } else {
    const l = f.legacyFees2019;
    writer.table(
      ['Category (2019 figures)', ...l.periods.map((p) => p.label)],
      l.categories.map((c) => [c.name, ...l.periods.map((p) => formatMoney(c[p.id], 'USD', 0))]),
      [3, 1, 1, 1],
    );
  }
}

export function writeBlocks(writer: PdfWriter, blocks: Block[], f: ConferenceFacts, values: Record<string, string>) {
  const p = (t: string) => printable(t, values);
  for (const block of withoutMissing(blocks, values)) {
    switch (block.type) {
      case 'heading':
        writer.heading(p(block.text), block.level ?? 2);
        break;
      case 'paragraph':
        writer.text(p(block.text));
        break;
      case 'list':
        block.items.forEach((item, i) => writer.bullet(p(item), block.ordered ? `${i + 1}.` : '-'));
        writer.space(6);
        break;
      case 'table':
        if (block.caption) writer.text(p(block.caption), { bold: true });
        writer.table(block.columns.map(p), block.rows.map((r) => r.map(p)));
        break;
      case 'note':
        if (block.title) writer.text(p(block.title), { bold: true, indent: 12, gapAfter: 2 });
        writer.text(p(block.text), { indent: 12 });
        break;
      case 'image':
        if (block.caption) writer.text(p(block.caption), { size: 9, indent: 12 });
        break;
      case 'features':
        for (const item of block.items) {
          writer.heading(p(item.heading), 3);
          item.paragraphs.forEach((para) => writer.text(p(para)));
        }
        break;
      case 'taxi-card':
        writer.text(p(block.title), { bold: true });
        block.chinese.forEach((line) => writer.text(line, { size: 16, bold: true, indent: 12, gapAfter: 2 }));
        block.english.forEach((line) => writer.text(p(line), { indent: 12, gapAfter: 2 }));
        writer.space(6);
        break;
      case 'fee-table':
        feeTable(writer, block.source, f);
        break;
      case 'refund-policy':
        refundPolicyLines(f.registration2024).forEach((line) => writer.bullet(line, '-'));
        writer.space(6);
        break;
      case 'link-button':
        writer.text(`${p(block.label)}: ${block.href}`);
        break;
    }
  }
}

function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(contentDir, file), 'utf8'));
}

const author = (f: ConferenceFacts) => `${f.conference.shortName} Organising Committee`;

async function guide(doc: PdfDocumentContent, f: ConferenceFacts, values: Record<string, string>, fonts: FontBytes) {
  const writer = await PdfWriter.create({
    fonts,
    title: printable(doc.title, values),
    subject: f.conference.fullName,
    author: author(f),
    runningTitle: `${f.conference.name} - ${printable(doc.title, values)}`,
  });
  writer.title(printable(doc.title, values), doc.subtitle ? printable(doc.subtitle, values) : values.conferenceDates);
  writeBlocks(writer, doc.blocks, f, values);
  return writer.save();
}

const dayLabel = (date: string) => formatCstDay(cst(date));

async function programmeAtAGlance(prog: ProgrammeContent, f: ConferenceFacts, values: Record<string, string>, fonts: FontBytes) {
  const writer = await PdfWriter.create({
    fonts,
    title: 'Program at a glance',
    subject: f.conference.fullName,
    author: author(f),
    runningTitle: `${f.conference.name} - Program at a glance`,
  });
  writer.title('Program at a glance', `${values.conferenceDates}, ${f.conference.city}. All times China Standard Time (UTC+8).`);
  for (const day of prog.days) {
    writer.heading(`${day.label} - ${dayLabel(day.date)}`);
    writer.table(
      ['Time', 'Session', 'Room'],
      day.sessions.map((s) => [`${s.start}-${s.end}`, s.title, s.room ?? '']),
      [1.2, 4, 1.3],
    );
  }
  return writer.save();
}

async function fullProgramme(prog: ProgrammeContent, f: ConferenceFacts, values: Record<string, string>, fonts: FontBytes) {
  const writer = await PdfWriter.create({
    fonts,
    title: prog.title,
    subject: f.conference.fullName,
    author: author(f),
    runningTitle: `${f.conference.name} - ${prog.title}`,
  });
  writer.title(prog.title, `${values.conferenceDates}, ${f.conference.city}. All times China Standard Time (UTC+8).`);
  for (const day of prog.days) {
    writer.heading(`${day.label} - ${dayLabel(day.date)}`);
    for (const s of day.sessions) {
      writer.text(`${s.start}-${s.end}  ${s.title}`, { bold: true, gapAfter: 2 });
      const where = [s.room, s.chairs ? `Chairs: ${s.chairs}` : undefined].filter(Boolean).join(' - ');
      if (where) writer.text(where, { size: 9.5, indent: 12, gapAfter: 2 });
      for (const talk of s.talks ?? []) writer.bullet(talk);
      writer.space(6);
    }
  }
  return writer.save();
}

/** Writes every PDF into `outDir`; answers the file names. */
export async function buildPdfs(outDir: string): Promise<string[]> {
  const f = conferenceFacts();
  const values = placeholderValues(f);
  const fonts = await loadFonts(contentDir);
  fs.mkdirSync(outDir, { recursive: true });
  const written: string[] = [];
  const write = (file: string, bytes: Uint8Array) => {
    fs.writeFileSync(path.join(outDir, file), bytes);
    written.push(file);
  };

  const prog = programmeSchema.parse(readJson('programme.json'));
  write('program-at-a-glance.pdf', await programmeAtAGlance(prog, f, values, fonts));
  write('full-programme.pdf', await fullProgramme(prog, f, values, fonts));
  for (const file of fs.readdirSync(path.join(contentDir, 'pdf')).filter((n) => n.endsWith('.json')).sort()) {
    const doc = pdfDocumentSchema.parse(readJson(`pdf/${file}`));
    write(doc.file, await guide(doc, f, values, fonts));
  }
  return written;
}
