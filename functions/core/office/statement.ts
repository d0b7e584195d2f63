/**
 * A bank statement as the registration office uploads it: the bank's CSV (its columns mapped once
 * by an organiser: date, amount, currency, payer, reference text, optionally the bank's own
 * transaction reference, and how the file writes its amounts) or a CAMT.053 XML file. Read whole
 * before anything is imported: a file that is not UTF-8, too large, too long, or has a row that
 * cannot be read is refused with one clear message and nothing of it is imported.
 *
 * The file itself is read by well-kept libraries behind `StatementReader` (csv-parse and
 * fast-xml-parser with entity and depth limits, lib/statements/): this module turns their records
 * and elements into statement lines. Pure (no AWS, no HTTP, no Node modules): the office page
 * uses the same code to offer the column mapping and the amount format.
 */
import * as z from 'zod/mini';
import { text, type Text } from '../i18n/messages';
import { amountFormatExample, decimalSeparators, groupingSeparators, inferAmountFormat, readAmount, readCamtAmount, type AmountFormat, type AmountReading } from './amount-format';

export const statementLimits = {
  /** A congress's statement is well under 1 MB; base64 of 4 MB still fits one Lambda request (6 MB). */
  maxBytes: 4 * 1024 * 1024,
  maxRows: 20_000,
  /** The office page lists this many imports, newest first. */
  importsListed: 50,
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
  badCsv: (row: number) => `Line ${row} cannot be read as CSV: a quote stands where a cell should end. Export the statement from the bank again.`,
  shortRow: (row: number, cells: number, wanted: number) => `Line ${row} has ${cells} cells, the header has ${wanted}.`,
  badAmount: (row: number, value: string, format: AmountFormat) =>
    `Line ${row}: the amount "${clip(value)}" is not written as this file writes amounts (${amountFormatExample(format)}, as chosen in the column mapping).`,
  amountDecimals: (row: number, value: string) => `Line ${row}: the amount "${clip(value)}" has more than two decimals that are not zero; amounts are booked in cents.`,
  amountSize: (row: number, value: string) => `Line ${row}: the amount "${clip(value)}" is too large to be a transfer.`,
  amountFormatUnknown: (row: number, value: string) =>
    `The amounts of this file do not show which separator marks the cents (line ${row}: "${clip(value)}" could be read either way). Choose how the file writes amounts in the column mapping.`,
  amountFormatConflict: (a: { line: number; value: string }, b: { line: number; value: string }) =>
    `The file writes amounts in two ways (line ${a.line}: "${clip(a.value)}", line ${b.line}: "${clip(b.value)}"). Choose how the file writes amounts in the column mapping, or export it from the bank again.`,
  amountFormatInvalid: 'The decimal separator and the thousands separator must differ.',
  badDate: (row: number, value: string) => `Line ${row}: the date "${clip(value)}" is not a date (e.g. 2024-08-05, 05.08.2024 or 05/08/2024).`,
  badCurrency: (row: number, value: string) => `Line ${row}: the currency "${clip(value)}" is not a currency code (e.g. USD).`,
  camtInvalid: 'This XML file is not a CAMT.053 bank statement (no <Ntry> entries with an amount).',
  camtEntry: (n: number, what: string) => `Entry ${n} of the XML statement has no ${what}.`,
  camtAmount: (n: number, value: string, why: AmountReading & { ok: false }) =>
    why.why === 'decimals'
      ? `Entry ${n} of the XML statement has the amount ${clip(value)}, with more than two decimals that are not zero; amounts are booked in cents.`
      : `Entry ${n} of the XML statement has the amount "${clip(value)}", which is not an amount (CAMT writes e.g. 650.00).`,
  /** The XML library refused the file (lib/statements/camt-reader.ts says why, in these words). */
  xmlUnreadable: (why: string) => `This XML file cannot be read: ${why}. Export the statement from the bank again as CAMT.053.`,
} as const;

/**
 * The messages with values by their catalog ids (issue 32, catalogs/<lang>/office-money.json), for the
 * API to say in the reader's language; their English is `statementMessages`' word for word.
 */
export const statementTexts = {
  tooLarge: (bytes: number) => text('api.office.statement.tooLarge', { size: megabytes(bytes), max: megabytes(statementLimits.maxBytes) }),
  tooManyRows: (rows: number) => text('api.office.statement.tooManyRows', { rows: rows.toLocaleString('en-US'), max: statementLimits.maxRows.toLocaleString('en-US') }),
  missingColumns: (names: string[], available: string[]) =>
    text('api.office.statement.missingColumns', { names: names.map((n) => `"${n}"`).join(', '), available: available.map((n) => `"${n}"`).join(', ') }),
  unclosedQuote: (row: number) => text('api.office.statement.unclosedQuote', { row: String(row) }),
  badCsv: (row: number) => text('api.office.statement.badCsv', { row: String(row) }),
  shortRow: (row: number, cells: number, wanted: number) => text('api.office.statement.shortRow', { row: String(row), cells: String(cells), wanted: String(wanted) }),
  badAmount: (row: number, value: string, format: AmountFormat) =>
    text('api.office.statement.badAmount', { row: String(row), value: clip(value), example: amountFormatExample(format) }),
  amountDecimals: (row: number, value: string) => text('api.office.statement.amountDecimals', { row: String(row), value: clip(value) }),
  amountSize: (row: number, value: string) => text('api.office.statement.amountSize', { row: String(row), value: clip(value) }),
  amountFormatUnknown: (row: number, value: string) => text('api.office.statement.amountFormatUnknown', { row: String(row), value: clip(value) }),
  amountFormatConflict: (a: { line: number; value: string }, b: { line: number; value: string }) =>
    text('api.office.statement.amountFormatConflict', { lineA: String(a.line), valueA: clip(a.value), lineB: String(b.line), valueB: clip(b.value) }),
  badDate: (row: number, value: string) => text('api.office.statement.badDate', { row: String(row), value: clip(value) }),
  badCurrency: (row: number, value: string) => text('api.office.statement.badCurrency', { row: String(row), value: clip(value) }),
  camtEntry: (n: number, what: 'amount' | 'date') => text('api.office.statement.camtEntry', { n: String(n), what }),
  camtAmount: (n: number, value: string, why: AmountReading & { ok: false }) =>
    text(why.why === 'decimals' ? 'api.office.statement.camtAmountDecimals' : 'api.office.statement.camtAmountInvalid', { n: String(n), value: clip(value) }),
  xmlUnreadable: (why: string) => text('api.office.statement.xmlUnreadable', { why }),
};

function clip(value: string) {
  return value.length > 40 ? `${value.slice(0, 40)}...` : value;
}

export class StatementError extends Error {
  constructor(
    message: string,
    readonly kind: 'invalid' | 'too_large' = 'invalid',
    /** The message by its catalog id, when it has values (`statementTexts`): said in the reader's language. */
    readonly text?: Text,
  ) {
    super(message);
    this.name = 'StatementError';
  }
}

/**
 * Which header columns hold what; currency may be absent (then every line is in USD), and so may
 * the bank's own transaction reference (then a line is known by its content, decision 0036).
 * `decimal` and `grouping` say how the file writes amounts (decision 0037); absent, the import
 * reads it from the file's amounts and refuses a file whose amounts do not say it.
 */
export const csvMappingSchema = z
  .object({
    date: z.string().check(z.minLength(1, statementMessages.mappingMissing), z.maxLength(200)),
    amount: z.string().check(z.minLength(1, statementMessages.mappingMissing), z.maxLength(200)),
    currency: z.optional(z.string().check(z.maxLength(200))),
    payer: z.string().check(z.minLength(1, statementMessages.mappingMissing), z.maxLength(200)),
    reference: z.string().check(z.minLength(1, statementMessages.mappingMissing), z.maxLength(200)),
    bank_reference: z.optional(z.string().check(z.maxLength(200))),
    decimal: z.optional(z.enum(decimalSeparators)),
    grouping: z.optional(z.enum(groupingSeparators)),
  })
  .check(z.refine((m) => m.grouping === undefined || m.grouping === '' || m.grouping !== m.decimal, { message: statementMessages.amountFormatInvalid, path: ['grouping'] }));
export type CsvMapping = z.infer<typeof csvMappingSchema>;
/** The columns of the mapping (the amount format is not a column). */
export const mappingFields = ['date', 'amount', 'currency', 'payer', 'reference', 'bank_reference'] as const;
export type MappingField = (typeof mappingFields)[number];
const optionalFields: readonly MappingField[] = ['currency', 'bank_reference'];

/** The amount format a mapping names, if it names one. */
export const mappingFormat = (m: Pick<CsvMapping, 'decimal' | 'grouping'> | undefined): AmountFormat | undefined =>
  m?.decimal ? { decimal: m.decimal, grouping: m.grouping ?? '' } : undefined;

/** One line of a statement as read: money in (or out, negative), in cents. */
export interface StatementLine {
  /** Where it is in the file (CSV: the line number; XML: the entry number), for messages and order. */
  row: number;
  /** YYYY-MM-DD: the booking date (CAMT: BookgDt, else ValDt; CSV: the mapped date column). */
  date: string;
  /** CAMT: the value date (ValDt) when it differs from the booking date. */
  value_date?: string;
  amount: number;
  currency: string;
  payer: string;
  text: string;
  /**
   * The bank's own references of the transfer, normalised (upper case, no spaces): CAMT
   * AcctSvcrRef (of the entry and its transaction details), a CSV's mapped bank reference
   * column. Unique for the bank: what makes a transfer one line whatever file it comes in
   * (line-identity.ts, decision 0036).
   */
  bank_refs?: string[];
  /**
   * References that name the transfer less surely: the payer's EndToEndId (payers reuse theirs)
   * and NtryRef qualified by its statement's Id (it is unique only within one statement). A line
   * of another file with one of them is the same transfer only if it also names the same order.
   */
  other_refs?: string[];
}

export interface ParsedStatement {
  format: 'csv' | 'camt053';
  /** Money in: what is matched to orders. */
  lines: StatementLine[];
  /** Money out (and zero or empty amounts): skipped, only counted. */
  debits: number;
  /** CSV: the amount format its amounts were read in (the mapping's, or the one they show). */
  amount_format?: AmountFormat;
}

// ---------------------------------------------------------------------------------------------
// What the libraries give (lib/statements/)

/** A CSV's records that are not blank, each with the line it starts on (the header first). */
export interface CsvTable {
  rows: { line: number; cells: string[] }[];
  /** How many records (lines) the file has, the header included, when it has more than were read. */
  total: number;
}

/**
 * An XML document as a tree: each element an object whose keys are its child elements' names
 * (namespace prefixes dropped), each with the list of those children in document order; `@name`
 * an attribute, `#text` its own text. A leaf element may be its text alone.
 */
export type XmlNode = string | XmlElement;
export interface XmlElement {
  [name: string]: XmlNode[] | string;
}

/** Reads the file with the libraries; refuses what they cannot read with a StatementError. */
export interface StatementReader {
  /** At most `maxRows` records (the header included); `total` counts them all. */
  csv(text: string, maxRows: number): CsvTable;
  xml(text: string): XmlElement;
}

// ---------------------------------------------------------------------------------------------
// Bytes to text

/** The file as text: UTF-8 only (a BOM is dropped); anything else gets a message saying how to save it. */
export function decodeStatement(bytes: Uint8Array): string {
  if (bytes.length === 0) throw new StatementError(statementMessages.empty);
  if (bytes.length > statementLimits.maxBytes) throw new StatementError(statementMessages.tooLarge(bytes.length), 'too_large', statementTexts.tooLarge(bytes.length));
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

/** The header row's column names (the page offers them for the mapping). */
export function csvHeader(table: CsvTable): string[] {
  const header = table.rows[0];
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

const tidyText = (value: string) => value.replace(/\s+/g, ' ').trim();

/** A bank's reference as it identifies a transfer: upper case, no spaces; none for the placeholders banks write. */
export function normaliseBankRef(value: string): string | undefined {
  const ref = value.replace(/\s+/g, '').toUpperCase();
  return ref === '' || ref === 'NOTPROVIDED' || ref === 'NONREF' || ref === 'NONE' || ref === 'N/A' ? undefined : ref.slice(0, 140);
}

function cellOf(cells: string[], index: number | undefined) {
  return index === undefined ? '' : (cells[index] ?? '');
}

/** The amount format of the file: the mapping's, else what its amounts show; refused when they do not say it. */
function csvAmountFormat(mapping: CsvMapping, amounts: { line: number; value: string }[]): AmountFormat | undefined {
  const given = mappingFormat(mapping);
  if (given) return given;
  const inferred = inferAmountFormat(amounts);
  if (inferred.kind === 'known') return inferred.format;
  if (inferred.kind === 'ambiguous') throw new StatementError(statementMessages.amountFormatUnknown(inferred.example.line, inferred.example.value), 'invalid', statementTexts.amountFormatUnknown(inferred.example.line, inferred.example.value));
  if (inferred.kind === 'conflict') throw new StatementError(statementMessages.amountFormatConflict(inferred.a, inferred.b), 'invalid', statementTexts.amountFormatConflict(inferred.a, inferred.b));
  return undefined;
}

function amountError(line: number, raw: string, reading: AmountReading & { ok: false }, format: AmountFormat) {
  if (reading.why === 'decimals') return new StatementError(statementMessages.amountDecimals(line, raw), 'invalid', statementTexts.amountDecimals(line, raw));
  if (reading.why === 'size') return new StatementError(statementMessages.amountSize(line, raw), 'invalid', statementTexts.amountSize(line, raw));
  return new StatementError(statementMessages.badAmount(line, raw, format), 'invalid', statementTexts.badAmount(line, raw, format));
}

/** Reads a CSV statement's records with the organiser's mapping; any unreadable row refuses the whole file. */
export function linesOfCsv(table: CsvTable, mapping: CsvMapping): ParsedStatement {
  const { rows, total } = table;
  const names = csvHeader(table);
  if (total - 1 > statementLimits.maxRows) throw new StatementError(statementMessages.tooManyRows(total - 1), 'too_large', statementTexts.tooManyRows(total - 1));
  const wanted = mappingFields.filter((f) => !optionalFields.includes(f) || mapping[f]);
  const missing = wanted.map((f) => mapping[f]!.trim()).filter((name) => !names.includes(name));
  if (missing.length > 0) throw new StatementError(statementMessages.missingColumns([...new Set(missing)], names), 'invalid', statementTexts.missingColumns([...new Set(missing)], names));
  const at = (f: MappingField) => (mapping[f] ? names.indexOf(mapping[f].trim()) : undefined);
  const index = { date: at('date'), amount: at('amount'), currency: at('currency'), payer: at('payer'), reference: at('reference'), bank: at('bank_reference') };
  const needed = Math.max(...Object.values(index).filter((i): i is number => i !== undefined)) + 1;
  if (rows.length < 2) throw new StatementError(statementMessages.noRows);
  for (const { line, cells } of rows.slice(1)) {
    if (cells.length < needed) throw new StatementError(statementMessages.shortRow(line, cells.length, names.length), 'invalid', statementTexts.shortRow(line, cells.length, names.length));
  }
  const amounts = rows.slice(1).map(({ line, cells }) => ({ line, value: cellOf(cells, index.amount) })).filter((a) => a.value.trim() !== '');
  const format = csvAmountFormat(mapping, amounts);
  const reading = format ?? { decimal: '.', grouping: '' };
  const lines: StatementLine[] = [];
  let debits = 0;
  for (const { line, cells } of rows.slice(1)) {
    const rawAmount = cellOf(cells, index.amount);
    // An empty amount is nothing in: banks that export credits and debits in two columns leave
    // the credit column empty on a debit line (map the credit column as the amount).
    const read: AmountReading = rawAmount.trim() === '' ? { ok: true, cents: 0 } : readAmount(rawAmount, reading);
    if (!read.ok) throw amountError(line, rawAmount, read, reading);
    if (read.cents <= 0) {
      debits++;
      continue;
    }
    const rawDate = cellOf(cells, index.date);
    const date = parseStatementDate(rawDate);
    if (!date) throw new StatementError(statementMessages.badDate(line, rawDate), 'invalid', statementTexts.badDate(line, rawDate));
    const rawCurrency = index.currency === undefined ? 'USD' : cellOf(cells, index.currency).trim().toUpperCase();
    const currency = rawCurrency === '' ? 'USD' : rawCurrency;
    if (!/^[A-Z]{3}$/.test(currency)) throw new StatementError(statementMessages.badCurrency(line, rawCurrency), 'invalid', statementTexts.badCurrency(line, rawCurrency));
    const bankRef = index.bank === undefined ? undefined : normaliseBankRef(cellOf(cells, index.bank));
    lines.push({
      row: line,
      date,
      amount: read.cents,
      currency,
      payer: tidyText(cellOf(cells, index.payer)),
      text: tidyText(cellOf(cells, index.reference)),
      ...(bankRef ? { bank_refs: [bankRef] } : {}),
    });
  }
  return { format: 'csv', lines, debits, ...(format ? { amount_format: format } : {}) };
}

// ---------------------------------------------------------------------------------------------
// CAMT.053 (ISO 20022 bank-to-customer statement): only the elements the office needs

/** The children of an element named `name` (own keys only: an element named "constructor" is not Object's). */
function kids(node: XmlNode | undefined, name: string): XmlNode[] {
  if (node === undefined || typeof node === 'string' || !Object.hasOwn(node, name)) return [];
  const value = node[name];
  return Array.isArray(value) ? value : [];
}
const first = (node: XmlNode | undefined, path: string[]) => path.reduce<XmlNode | undefined>((scope, name) => kids(scope, name)[0], node);
const attribute = (node: XmlNode | undefined, name: string) => {
  const value = node !== undefined && typeof node !== 'string' && Object.hasOwn(node, `@${name}`) ? node[`@${name}`] : undefined;
  return typeof value === 'string' ? value : undefined;
};

/** All the text of an element and its descendants, in document order, tidied. */
function textOf(node: XmlNode | undefined): string {
  if (node === undefined) return '';
  if (typeof node === 'string') return tidyText(node);
  const parts: string[] = [];
  for (const key of Object.keys(node)) {
    if (key.startsWith('@')) continue;
    const value = node[key]!;
    if (typeof value === 'string') parts.push(value);
    else for (const child of value) parts.push(textOf(child));
  }
  return tidyText(parts.join(' '));
}

/** Every element named `name` below `node`, in document order, not looking inside the ones found. */
function descendants(node: XmlNode, name: string, out: XmlNode[] = []): XmlNode[] {
  if (typeof node === 'string') return out;
  for (const key of Object.keys(node)) {
    if (key.startsWith('@') || key === '#text') continue;
    if (key === name) out.push(...kids(node, key));
    else for (const child of kids(node, key)) descendants(child, name, out);
  }
  return out;
}

const dateOf = (node: XmlNode | undefined) => parseStatementDate(textOf(first(node, ['Dt']) ?? first(node, ['DtTm'])));

/** Normalised, without placeholders and repeats; at most a few (an entry batching many transactions is not one transfer to know by them). */
const refsOf = (values: string[]) => [...new Set(values.map(normaliseBankRef).filter((r): r is string => r !== undefined))].slice(0, 4);

/** The references of an entry: the bank's AcctSvcrRef, and the payer's EndToEndId and the statement's NtryRef. */
function camtRefs(entry: XmlNode, statementId: string | undefined): { bank: string[]; other: string[] } {
  const bank = [textOf(first(entry, ['AcctSvcrRef']))];
  const other: string[] = [];
  const entryRef = textOf(first(entry, ['NtryRef']));
  if (statementId && entryRef) other.push(`${statementId}/${entryRef}`);
  for (const details of kids(entry, 'NtryDtls')) {
    for (const tx of kids(details, 'TxDtls')) {
      const refs = first(tx, ['Refs']);
      bank.push(textOf(first(refs, ['AcctSvcrRef'])));
      other.push(textOf(first(refs, ['EndToEndId'])));
    }
  }
  return { bank: refsOf(bank), other: refsOf(other) };
}

/** Every <Ntry> of the document in document order, with the Id of the statement (Stmt, Rpt or Ntfctn) it is in. */
function entriesOf(node: XmlNode, statementId?: string, out: { entry: XmlNode; statementId?: string }[] = []) {
  if (typeof node === 'string') return out;
  for (const key of Object.keys(node)) {
    if (key.startsWith('@') || key === '#text') continue;
    for (const child of kids(node, key)) {
      if (key === 'Ntry') out.push({ entry: child, ...(statementId ? { statementId } : {}) });
      else entriesOf(child, key === 'Stmt' || key === 'Rpt' || key === 'Ntfctn' ? textOf(first(child, ['Id'])) || undefined : statementId, out);
    }
  }
  return out;
}

export function linesOfCamt(doc: XmlElement): ParsedStatement {
  // Under Stmt (camt.053), Rpt (camt.052) or Ntfctn (camt.054): wherever the bank puts them.
  const entries = entriesOf(doc);
  if (entries.length === 0) throw new StatementError(statementMessages.camtInvalid);
  if (entries.length > statementLimits.maxRows) throw new StatementError(statementMessages.tooManyRows(entries.length), 'too_large', statementTexts.tooManyRows(entries.length));
  const lines: StatementLine[] = [];
  let debits = 0;
  entries.forEach(({ entry, statementId }, i) => {
    const n = i + 1;
    const amt = first(entry, ['Amt']);
    if (amt === undefined) throw new StatementError(statementMessages.camtEntry(n, 'amount (<Amt>)'), 'invalid', statementTexts.camtEntry(n, 'amount'));
    const read = readCamtAmount(textOf(amt));
    if (!read.ok) throw new StatementError(statementMessages.camtAmount(n, textOf(amt), read), 'invalid', statementTexts.camtAmount(n, textOf(amt), read));
    const currency = /^[A-Za-z]{3}$/.test(attribute(amt, 'Ccy') ?? '') ? attribute(amt, 'Ccy')!.toUpperCase() : 'USD';
    const booked = dateOf(first(entry, ['BookgDt']));
    const value = dateOf(first(entry, ['ValDt']));
    const date = booked ?? value;
    if (!date) throw new StatementError(statementMessages.camtEntry(n, 'booking date (<BookgDt>)'), 'invalid', statementTexts.camtEntry(n, 'date'));
    const credit = textOf(first(entry, ['CdtDbtInd'])).toUpperCase() !== 'DBIT';
    if (!credit || read.cents <= 0) {
      debits++;
      return;
    }
    const parties = descendants(entry, 'RltdPties')[0];
    const debtor = first(parties, ['Dbtr', 'Nm']) ?? first(parties, ['Dbtr', 'Pty', 'Nm']);
    // The remittance texts, then the structured creditor references, as the payer wrote them.
    const remittance = [...descendants(entry, 'Ustrd'), ...descendants(entry, 'Ref')].map(textOf);
    const extra = textOf(first(entry, ['AddtlNtryInf']));
    const refs = camtRefs(entry, statementId);
    lines.push({
      row: n,
      date,
      ...(value && value !== date ? { value_date: value } : {}),
      amount: read.cents,
      currency,
      payer: textOf(debtor),
      text: tidyText([...remittance, extra].join(' ')),
      ...(refs.bank.length ? { bank_refs: refs.bank } : {}),
      ...(refs.other.length ? { other_refs: refs.other } : {}),
    });
  });
  return { format: 'camt053', lines, debits };
}

/** The file's bytes as the page sends them (base64), refusing a file over the limit before decoding it. */
export function statementBytes(base64: string): Uint8Array {
  const clean = base64.replace(/\s/g, '');
  const size = Math.floor((clean.length * 3) / 4) - (clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0);
  if (size > statementLimits.maxBytes) throw new StatementError(statementMessages.tooLarge(size), 'too_large', statementTexts.tooLarge(size));
  if (clean.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) throw new StatementError(statementMessages.unreadable);
  const binary = atob(clean);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Reads an uploaded statement with the libraries: CAMT.053 XML, or CSV with the mapping (required for CSV). */
export function parseStatement(bytes: Uint8Array, mapping: CsvMapping | undefined, reader: StatementReader): ParsedStatement {
  const text = decodeStatement(bytes);
  if (isXml(text)) return linesOfCamt(reader.xml(text));
  if (!mapping) throw new StatementError(statementMessages.mappingMissing);
  return linesOfCsv(reader.csv(text, statementLimits.maxRows + 1), mapping);
}

/**
 * What identifies a line within its format (a re-import, an overlapping export of the same kind
 * repeats it): the bank's own references when the file has them, else its content, normalised;
 * and which occurrence of that it is in its file, so two equal transfers on one day are two
 * lines. The import hashes this. The same transfer in a file of ANOTHER format is found by its
 * bank references or held as a possible duplicate (import-statement.ts, decision 0036).
 */
export function lineIdentities(lines: StatementLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    const content = l.bank_refs?.length
      ? ['bank', l.date, String(l.amount), l.currency, ...[...l.bank_refs].sort()].join('|')
      : [l.date, String(l.amount), l.currency, l.payer.toUpperCase(), l.text.toUpperCase()].join('|');
    const n = (seen.get(content) ?? 0) + 1;
    seen.set(content, n);
    return `${content}|#${n}`;
  });
}
