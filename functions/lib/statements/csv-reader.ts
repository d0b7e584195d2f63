/**
 * A bank's CSV read with csv-parse (RFC 4180: quoted cells, "" for a quote, line breaks inside
 * quotes, a byte-order mark), never by hand. The separator is the header's: of ";", "," and tab,
 * the one that splits the header into the most cells. Records are returned with the line they
 * start on, for the messages that name a line. Used by the import (server) and the office page
 * (browser: vite.config.ts points `csv-parse/sync` at the library's browser build there).
 */
import { CsvError, parse, type Options } from 'csv-parse/sync';
import { StatementError, statementMessages, statementTexts, type CsvTable } from '#core/office/statement';

const SEPARATORS = [';', ',', '\t'] as const;

const options = (delimiter: string): Options => ({
  delimiter,
  bom: true,
  // Rows may be shorter or longer than the header: the domain says which row lacks a mapped cell.
  relax_column_count: true,
  // A quote inside an unquoted cell (Smith "Jr") is text, as spreadsheets write it.
  relax_quotes: true,
  skip_empty_lines: true,
  trim: true,
});

/** The header's separator: the candidate that splits the first record into the most cells. */
function separatorOf(text: string): string {
  // The header is near the top: csv-parse takes the whole input as bytes, so only the top is given.
  const top = text.slice(0, 64 * 1024);
  let best: string = SEPARATORS[1];
  let most = 0;
  for (const sep of SEPARATORS) {
    try {
      const [first] = parse(top, { ...options(sep), to: 1 }) as string[][];
      if (first && first.length > most) [best, most] = [sep, first.length];
    } catch {
      // A header this separator cannot read: another will (or the full read says why).
    }
  }
  return best;
}

const blank = (cells: string[]) => cells.every((c) => c.trim() === '');

/** Non-blank physical lines: how many records a file too long to read whole has, for its message. */
function countLines(text: string): number {
  let count = 0;
  let start = 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    const line = text.slice(start, end < 0 ? undefined : end);
    if (line.trim() !== '') count++;
    if (end < 0) return count;
    start = end + 1;
  }
}

/** The first non-blank line after line `after` (1-based): where the record that follows it starts. */
function nextLine(lines: string[], after: number) {
  let line = after + 1;
  while (line <= lines.length && lines[line - 1]!.trim() === '') line++;
  return line;
}

/**
 * At most `maxRows` non-blank records (the header first) and how many the file has. Line
 * endings are made LF first (a CRLF inside a quoted cell is one line break), so that a record's
 * first line is the line csv-parse ends it on less the line breaks inside its cells.
 */
export function readCsvTable(text: string, maxRows: number): CsvTable {
  const lf = text.replaceAll('\r\n', '\n').replaceAll('\r', '\n');
  let lastEnd = 0;
  // Where each record ends, in the order csv-parse hands them over.
  const ends: number[] = [];
  let records: string[][];
  try {
    records = parse(lf, {
      ...options(separatorOf(lf)),
      to: maxRows + 1,
      on_record: (cells, context) => {
        lastEnd = context.lines;
        ends.push(context.lines);
        return cells;
      },
    });
  } catch (error) {
    if (error instanceof CsvError) {
      // The record that cannot be read starts after the last one read.
      const line = nextLine(lf.split('\n'), lastEnd);
      throw error.code === 'CSV_QUOTE_NOT_CLOSED'
        ? new StatementError(statementMessages.unclosedQuote(line), 'invalid', statementTexts.unclosedQuote(line))
        : new StatementError(statementMessages.badCsv(line), 'invalid', statementTexts.badCsv(line));
    }
    throw error;
  }
  const rows = records
    .map((cells, i) => ({ line: ends[i]! - cells.reduce((n, cell) => n + cell.split('\n').length - 1, 0), cells }))
    .filter((r) => !blank(r.cells));
  const total = records.length > maxRows ? countLines(lf) : rows.length;
  return { rows: rows.slice(0, maxRows), total };
}

/** The column names of a CSV's header (the office page offers them for the mapping). */
export const csvColumns = (text: string) => readCsvTable(text, 1).rows[0]?.cells.map((c) => c.trim()) ?? [];
