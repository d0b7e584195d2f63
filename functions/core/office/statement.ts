/**
 * A bank statement as the registration office uploads it: the bank's CSV (its columns mapped once
 * by an organiser: date, amount, currency, payer, reference text) or a CAMT.053 XML file. Read
 * whole before anything is imported: a file that is not UTF-8, too large, too long, or has a row
 * that cannot be read is refused with one clear message and nothing of it is imported.
 *
 * Pure (no AWS, no HTTP, no Node modules): the office page reads the header row with the same code
 * to offer the column mapping.
 */
import * as z from 'zod/mini';

export const statementLimits = {
  /** A congress's statement is well under 1 MB; base64 of 4 MB still fits one Lambda request (6 MB). */
  maxBytes: 4 * 1024 * 1024,
  maxRows: 20_000,
} as const;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes >= 10 * 1024 * 1024 ? 0 : 1)} MB`;

export const statementMessages = {
  empty: 'The file is empty.',
  unreadable: 'The file did not arrive whole. Please choose it again.',
  tooLarge: (bytes: number) =>
    `The file is ${megabytes(bytes)}; at most ${megabytes(statementLimits.maxBytes)} can be imported at once. Export a shorter period from the bank (e.g. one month) and import each file.`,
  tooManyRows: (rows: number) =>
    `The file has ${rows.toLocaleString('en-US')} lines; at most ${statementLimits.maxRows.toLocaleString('en-US')} can be imported at once. Export a shorter period from the bank and import each file.`,
  notUtf8: 'The file is not UTF-8 text. Save it from the bank or from Excel as "CSV UTF-8" and import it again.',
  utf16: 'The file is UTF-16 text. Save it from the bank or from Excel as "CSV UTF-8" and import it again.',
  binary: 'This is not a CSV or CAMT.053 file (it looks like a spreadsheet or another binary file). Export the statement as CSV or CAMT.053 XML.',
  noHeader: 'The file has no header row: the first line must name the columns.',
  noRows: 'The file has a header but no lines below it.',
  mappingMissing: 'Please choose which columns hold the date, the amount, the payer and the reference text.',
  missingColumns: (names: string[], available: string[]) =>
    `The file has no column ${names.map((n) => `"${n}"`).join(', ')} (its columns: ${available.map((n) => `"${n}"`).join(', ')}). Check the column mapping.`,
  unclosedQuote: (row: number) => `Line ${row}: a quoted cell is not closed (a " is missing).`,
  shortRow: (row: number, cells: number, wanted: number) => `Line ${row} has ${cells} cells, the header has ${wanted}.`,
  badAmount: (row: number, value: string) => `Line ${row}: the amount "${clip(value)}" is not a number (e.g. 1040.00, 1,040.00 or -250.00).`,
  badDate: (row: number, value: string) => `Line ${row}: the date "${clip(value)}" is not a date (e.g. 2024-08-05, 05.08.2024 or 05/08/2024).`,
  badCurrency: (row: number, value: string) => `Line ${row}: the currency "${clip(value)}" is not a currency code (e.g. USD).`,
  camtInvalid: 'This XML file is not a CAMT.053 bank statement (no <Ntry> entries with an amount).',
  camtEntry: (n: number, what: string) => `Entry ${n} of the XML statement has no ${what}.`,
} as const;

function clip(value: string) {
  return value.length > 40 ? `${value.slice(0, 40)}...` : value;
}

export class StatementError extends Error {
  constructor(
    message: string,
    readonly kind: 'invalid' | 'too_large' = 'invalid',
  ) {
    super(message);
    this.name = 'StatementError';
  }
}

/** Which header columns hold what; currency may be absent (then every line is in USD). */
export const csvMappingSchema = z.object({
  date: z.string().check(z.minLength(1, statementMessages.mappingMissing), z.maxLength(200)),
  amount: z.string().check(z.minLength(1, statementMessages.mappingMissing), z.maxLength(200)),
  currency: z.optional(z.string().check(z.maxLength(200))),
  payer: z.string().check(z.minLength(1, statementMessages.mappingMissing), z.maxLength(200)),
  reference: z.string().check(z.minLength(1, statementMessages.mappingMissing), z.maxLength(200)),
});
export type CsvMapping = z.infer<typeof csvMappingSchema>;
export const mappingFields = ['date', 'amount', 'currency', 'payer', 'reference'] as const;

/** One line of a statement as read: money in (or out, negative), in cents. */
export interface StatementLine {
  /** Where it is in the file (CSV: the line number; XML: the entry number), for messages and order. */
  row: number;
  /** YYYY-MM-DD. */
  date: string;
  amount: number;
  currency: string;
  payer: string;
  text: string;
}

export interface ParsedStatement {
  format: 'csv' | 'camt053';
  /** Money in: what is matched to orders. */
  lines: StatementLine[];
  /** Money out (and zero or empty amounts): skipped, only counted. */
  debits: number;
}

// ---------------------------------------------------------------------------------------------
// Bytes to text

/** The file as text: UTF-8 only (a BOM is dropped); anything else gets a message saying how to save it. */
export function decodeStatement(bytes: Uint8Array): string {
  if (bytes.length === 0) throw new StatementError(statementMessages.empty);
  if (bytes.length > statementLimits.maxBytes) throw new StatementError(statementMessages.tooLarge(bytes.length), 'too_large');
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) throw new StatementError(statementMessages.utf16);
  // Zip (xlsx), OLE (xls), PDF: a spreadsheet chosen instead of its CSV export.
  if ((bytes[0] === 0x50 && bytes[1] === 0x4b) || (bytes[0] === 0xd0 && bytes[1] === 0xcf) || (bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46)) {
    throw new StatementError(statementMessages.binary);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new StatementError(statementMessages.notUtf8);
  }
  // NUL bytes: UTF-16 without a BOM, or a binary file.
  if (text.includes('\u0000')) throw new StatementError(statementMessages.utf16);
  if (text.trim() === '') throw new StatementError(statementMessages.empty);
  return text;
}

export const isXml = (text: string) => text.trimStart().startsWith('<');

// ---------------------------------------------------------------------------------------------
// CSV

/** The separator of the header line: ; , or tab, whichever appears most outside quotes. */
function detectSeparator(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  let best = ',';
  let bestCount = -1;
  for (const sep of [',', ';', '\t']) {
    let count = 0;
    let quoted = false;
    for (const ch of firstLine) {
      if (ch === '"') quoted = !quoted;
      else if (ch === sep && !quoted) count++;
    }
    if (count > bestCount) [best, bestCount] = [sep, count];
  }
  return best;
}

/** RFC 4180 rows: quoted cells (with "" for a quote and line breaks inside), CRLF or LF; blank lines dropped. */
export function csvRows(text: string, maxRows = statementLimits.maxRows + 1): { rows: { line: number; cells: string[] }[]; total: number } {
  const sep = detectSeparator(text);
  const rows: { line: number; cells: string[] }[] = [];
  let total = 0;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let cellStarted = false;
  const endRow = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0]!.trim() !== '') {
      total++;
      if (rows.length < maxRows) rows.push({ line: rowLine, cells });
    }
    cells = [];
    cell = '';
    cellStarted = false;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && !cellStarted) {
      quoted = true;
      cellStarted = true;
    } else if (ch === sep) {
      cells.push(cell);
      cell = '';
      cellStarted = false;
    } else if (ch === '\r' && text[i + 1] === '\n') {
      continue;
    } else if (ch === '\n' || ch === '\r') {
      endRow();
      line++;
      rowLine = line;
    } else {
      cell += ch;
      if (ch !== ' ') cellStarted = true;
    }
  }
  if (quoted) throw new StatementError(statementMessages.unclosedQuote(rowLine));
  if (cell !== '' || cells.length > 0) endRow();
  return { rows, total };
}

/** The header row's column names (the page offers them for the mapping). */
export function csvHeader(text: string): string[] {
  const { rows } = csvRows(text, 1);
  const header = rows[0];
  if (!header) throw new StatementError(statementMessages.noHeader);
  return header.cells.map((c) => c.trim());
}

const MONTHS: Record<string, number> = { JAN: 1, FEB: 2, MAR: 3, APR: 4, MAY: 5, JUN: 6, JUL: 7, AUG: 8, SEP: 9, OCT: 10, NOV: 11, DEC: 12 };

/** A date as banks write it: 2024-08-05, 2024/08/05, 20240805, 05.08.2024, 05/08/2024 (day first unless that cannot be), 05-Aug-2024; a time after it is ignored. */
export function parseStatementDate(value: string): string | null {
  const v = value.trim().replace(/[T ].*$/, '');
  let y: number, m: number, d: number;
  let match: RegExpExecArray | null;
  if ((match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(v))) [y, m, d] = [+match[1]!, +match[2]!, +match[3]!];
  else if ((match = /^(\d{4})(\d{2})(\d{2})$/.exec(v))) [y, m, d] = [+match[1]!, +match[2]!, +match[3]!];
  else if ((match = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(v))) {
    const [a, b] = [+match[1]!, +match[2]!];
    // Day first (Europe, Asia) unless the first number cannot be a month's day order (08/25/2024).
    [d, m] = b > 12 && a <= 12 ? [b, a] : [a, b];
    y = +match[3]!;
  } else if ((match = /^(\d{1,2})[- ]([A-Za-z]{3})[- ](\d{4})$/.exec(v)) && MONTHS[match[2]!.toUpperCase()]) {
    [d, m, y] = [+match[1]!, MONTHS[match[2]!.toUpperCase()]!, +match[3]!];
  } else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || y < 2000 || y > 2100) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * An amount in cents, negative for money out: "1,040.00", "1040", "1.040,00", "650,00",
 * "-250.00", "250.00-", "(250.00)", "US$ 650.00". Null when it is not a number (a formula too).
 */
export function parseStatementAmount(value: string): number | null {
  let v = value.trim().replace(/[\s\u00a0\u202f']/g, '').replace(/^(US\$|USD|\$|CNY|RMB|¥|EUR|€)/i, '').replace(/(USD|CNY|RMB|EUR)$/i, '');
  let negative = false;
  if (/^\(.*\)$/.test(v)) [negative, v] = [true, v.slice(1, -1)];
  if (v.startsWith('-')) [negative, v] = [true, v.slice(1)];
  else if (v.endsWith('-')) [negative, v] = [true, v.slice(0, -1)];
  else if (v.startsWith('+')) v = v.slice(1);
  if (!/^\d[\d.,]*$/.test(v)) return null;
  const lastDot = v.lastIndexOf('.');
  const lastComma = v.lastIndexOf(',');
  let decimalAt = Math.max(lastDot, lastComma);
  // A single kind of separator followed by exactly three digits groups thousands ("1,040", "1.040").
  if (decimalAt >= 0 && (lastDot < 0 || lastComma < 0) && v.length - decimalAt - 1 === 3) decimalAt = -1;
  const grouped = decimalAt >= 0 ? v.slice(0, decimalAt) : v;
  if (!/^(\d+|\d{1,3}(,\d{3})+|\d{1,3}(\.\d{3})+)$/.test(grouped)) return null;
  const whole = grouped.replace(/[.,]/g, '');
  const fraction = decimalAt >= 0 ? v.slice(decimalAt + 1) : '';
  if (!/^\d+$/.test(whole) || !/^\d{0,2}$/.test(fraction) || whole.length > 10) return null;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -cents : cents;
}

const tidyText = (value: string) => value.replace(/\s+/g, ' ').trim();

function cellOf(cells: string[], index: number | undefined) {
  return index === undefined ? '' : (cells[index] ?? '');
}

/** Reads a CSV statement with the organiser's mapping; any unreadable row refuses the whole file. */
export function parseCsvStatement(text: string, mapping: CsvMapping): ParsedStatement {
  const { rows, total } = csvRows(text);
  const header = rows[0];
  if (!header) throw new StatementError(statementMessages.noHeader);
  if (total - 1 > statementLimits.maxRows) throw new StatementError(statementMessages.tooManyRows(total - 1), 'too_large');
  const names = header.cells.map((c) => c.trim());
  const wanted = mappingFields.filter((f) => f !== 'currency' || mapping.currency);
  const missing = wanted.map((f) => mapping[f]!.trim()).filter((name) => !names.includes(name));
  if (missing.length > 0) throw new StatementError(statementMessages.missingColumns([...new Set(missing)], names));
  const at = (f: (typeof mappingFields)[number]) => (mapping[f] ? names.indexOf(mapping[f].trim()) : undefined);
  const index = { date: at('date'), amount: at('amount'), currency: at('currency'), payer: at('payer'), reference: at('reference') };
  const needed = Math.max(...Object.values(index).filter((i): i is number => i !== undefined)) + 1;
  if (rows.length < 2) throw new StatementError(statementMessages.noRows);
  const lines: StatementLine[] = [];
  let debits = 0;
  for (const { line, cells } of rows.slice(1)) {
    if (cells.length < needed) throw new StatementError(statementMessages.shortRow(line, cells.length, names.length));
    const rawAmount = cellOf(cells, index.amount);
    // An empty amount is nothing in: banks that export credits and debits in two columns leave
    // the credit column empty on a debit line (map the credit column as the amount).
    const amount = rawAmount.trim() === '' ? 0 : parseStatementAmount(rawAmount);
    if (amount === null) throw new StatementError(statementMessages.badAmount(line, rawAmount));
    if (amount <= 0) {
      debits++;
      continue;
    }
    const rawDate = cellOf(cells, index.date);
    const date = parseStatementDate(rawDate);
    if (!date) throw new StatementError(statementMessages.badDate(line, rawDate));
    const rawCurrency = index.currency === undefined ? 'USD' : cellOf(cells, index.currency).trim().toUpperCase();
    const currency = rawCurrency === '' ? 'USD' : rawCurrency;
    if (!/^[A-Z]{3}$/.test(currency)) throw new StatementError(statementMessages.badCurrency(line, rawCurrency));
    lines.push({ row: line, date, amount, currency, payer: tidyText(cellOf(cells, index.payer)), text: tidyText(cellOf(cells, index.reference)) });
  }
  return { format: 'csv', lines, debits };
}

// ---------------------------------------------------------------------------------------------
// CAMT.053 (ISO 20022 bank-to-customer statement): only the elements the office needs

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (s: string) =>
  s
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (all, e: string) =>
      e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : (ENTITIES[e] ?? all),
    );

/** The inner XML of each `<name>` (any namespace prefix) in `xml`, in order. */
function elements(xml: string, name: string): { attrs: string; inner: string }[] {
  const re = new RegExp(`<(?:[\\w.-]+:)?${name}(\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w.-]+:)?${name}>`, 'g');
  return [...xml.matchAll(re)].map((m) => ({ attrs: m[1] ?? '', inner: m[2] ?? '' }));
}
const first = (xml: string, path: string[]) => {
  let scope: string | undefined = xml;
  for (const name of path) scope = scope === undefined ? undefined : elements(scope, name)[0]?.inner;
  return scope;
};
const textOf = (xml: string | undefined) => (xml === undefined ? '' : tidyText(unescapeXml(xml.replace(/<[^>]*>/g, ' '))));

export function parseCamtStatement(text: string): ParsedStatement {
  const entries = elements(text, 'Ntry');
  if (entries.length === 0) throw new StatementError(statementMessages.camtInvalid);
  if (entries.length > statementLimits.maxRows) throw new StatementError(statementMessages.tooManyRows(entries.length), 'too_large');
  const lines: StatementLine[] = [];
  let debits = 0;
  entries.forEach((entry, i) => {
    const n = i + 1;
    const amt = elements(entry.inner, 'Amt')[0];
    if (!amt) throw new StatementError(statementMessages.camtEntry(n, 'amount (<Amt>)'));
    const amount = parseStatementAmount(textOf(amt.inner));
    if (amount === null) throw new StatementError(statementMessages.camtEntry(n, 'readable amount'));
    const currency = /Ccy\s*=\s*["']([A-Za-z]{3})["']/.exec(amt.attrs)?.[1]?.toUpperCase() ?? 'USD';
    const booked = first(entry.inner, ['BookgDt']) ?? first(entry.inner, ['ValDt']);
    const date = parseStatementDate(textOf(booked === undefined ? undefined : (first(booked, ['Dt']) ?? first(booked, ['DtTm']))));
    if (!date) throw new StatementError(statementMessages.camtEntry(n, 'booking date (<BookgDt>)'));
    const credit = textOf(first(entry.inner, ['CdtDbtInd'])).toUpperCase() !== 'DBIT';
    if (!credit || amount <= 0) {
      debits++;
      return;
    }
    const parties = first(entry.inner, ['RltdPties']);
    const debtor = parties === undefined ? undefined : first(parties, ['Dbtr']);
    const payer = textOf(debtor === undefined ? undefined : first(debtor, ['Nm']));
    const remittance = elements(entry.inner, 'Ustrd').map((u) => textOf(u.inner));
    const structured = elements(entry.inner, 'Ref').map((r) => textOf(r.inner));
    const extra = textOf(first(entry.inner, ['AddtlNtryInf']));
    lines.push({ row: n, date, amount, currency, payer, text: tidyText([...remittance, ...structured, extra].join(' ')) });
  });
  return { format: 'camt053', lines, debits };
}

/** The file's bytes as the page sends them (base64), refusing a file over the limit before decoding it. */
export function statementBytes(base64: string): Uint8Array {
  const clean = base64.replace(/\s/g, '');
  const size = Math.floor((clean.length * 3) / 4) - (clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0);
  if (size > statementLimits.maxBytes) throw new StatementError(statementMessages.tooLarge(size), 'too_large');
  if (clean.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) throw new StatementError(statementMessages.unreadable);
  const binary = atob(clean);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Reads an uploaded statement: CAMT.053 XML, or CSV with the mapping (required for CSV). */
export function parseStatement(bytes: Uint8Array, mapping: CsvMapping | undefined): ParsedStatement {
  const text = decodeStatement(bytes);
  if (isXml(text)) return parseCamtStatement(text);
  if (!mapping) throw new StatementError(statementMessages.mappingMissing);
  return parseCsvStatement(text, mapping);
}

/**
 * What identifies a line whatever file it comes in (an overlapping export of the bank repeats
 * it): its content, normalised, and which occurrence of that content it is in its file, so two
 * equal transfers on one day are two lines. The import hashes this.
 */
export function lineIdentities(lines: StatementLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    const content = [l.date, String(l.amount), l.currency, l.payer.toUpperCase(), l.text.toUpperCase()].join('|');
    const n = (seen.get(content) ?? 0) + 1;
    seen.set(content, n);
    return `${content}|#${n}`;
  });
}
