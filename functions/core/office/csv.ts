/**
 * CSV for the office's exports (orders, registrations, delegates, abstracts): what each cell
 * says. Written by csv-stringify (lib/csv-writer.ts) as UTF-8 with a byte-order mark, so that
 * Excel opens Chinese names intact (without it Excel reads the file in the machine's ANSI code
 * page), with EVERY cell quoted and lines ended by CRLF: a cell like `Ann;=1+2` stays one cell
 * in Excel in locales whose list separator is ";" (there a "," file is split on ";" when a cell
 * is not quoted). Cells are safe from formula injection: a cell whose text starts with = + - @,
 * a tab or a carriage return is prefixed with an apostrophe, which spreadsheet programs read as
 * "this is text" (OWASP, "CSV Injection"). A name or an abstract title typed by a delegate can
 * never become a formula in an organiser's spreadsheet.
 */
export const CSV_BOM = '\uFEFF';

/** The characters that make a spreadsheet read a cell as a formula (or strip to one that does). */
const FORMULA_START = /^[=+\-@\t\r]/;

export type CellValue = string | number | boolean | null | undefined;

/** One cell's text: as typed, neutralised if it could be read as a formula (the writer quotes it). */
export function cellText(value: CellValue): string {
  const text = value === null || value === undefined ? '' : typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A column of an export: its header and how a row gives its cell. */
export interface Column<Row> {
  header: string;
  cell: (row: Row) => CellValue;
}

/** The records of the document: the header, then one per row, each cell's text neutralised. */
export function* csvRecords<Row>(columns: readonly Column<Row>[], rows: Iterable<Row>): Generator<string[]> {
  yield columns.map((c) => cellText(c.header));
  for (const row of rows) yield columns.map((c) => cellText(c.cell(row)));
}

/** Writes records as the document's chunks (BOM first, every cell quoted, CRLF): lib/csv-writer.ts. */
export type CsvWriter = (records: Iterable<string[]>) => Iterable<string>;
