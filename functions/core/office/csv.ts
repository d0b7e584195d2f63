/**
 * CSV for the office's exports (orders, delegates, abstracts): UTF-8 with a byte-order mark, so
 * that Excel opens Chinese names intact (without it Excel reads the file in the machine's ANSI
 * code page); RFC 4180 quoting (a cell holding a comma, a quote or a line break is quoted, quotes
 * doubled; lines end in CRLF); and cells safe from formula injection: a cell whose text starts
 * with = + - @, a tab or a carriage return is prefixed with an apostrophe, which spreadsheet
 * programs read as "this is text" (OWASP, "CSV Injection"). A name or an abstract title typed by a
 * delegate can never become a formula in an organiser's spreadsheet.
 */
export const CSV_BOM = '\uFEFF';

/** The characters that make a spreadsheet read a cell as a formula (or strip to one that does). */
const FORMULA_START = /^[=+\-@\t\r]/;

export type CellValue = string | number | boolean | null | undefined;

/** One cell: text as typed, neutralised if it could be read as a formula, quoted where RFC 4180 needs it. */
export function csvCell(value: CellValue): string {
  let text = value === null || value === undefined ? '' : typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record: cells separated by commas, ended by CRLF. */
export const csvLine = (cells: readonly CellValue[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** A column of an export: its header and how a row gives its cell. */
export interface Column<Row> {
  header: string;
  cell: (row: Row) => CellValue;
}

/** The whole document as chunks (BOM + header line, then one line per row): joined or streamed by the caller. */
export function* csvChunks<Row>(columns: readonly Column<Row>[], rows: Iterable<Row>): Generator<string> {
  yield CSV_BOM + csvLine(columns.map((c) => c.header));
  for (const row of rows) yield csvLine(columns.map((c) => c.cell(row)));
}
