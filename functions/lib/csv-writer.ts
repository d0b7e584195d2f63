/**
 * The office's CSV files written by csv-stringify (core/office/csv.ts says what the cells hold
 * and why every one is quoted): the byte-order mark, then the records in chunks of a few hundred,
 * each cell quoted (empty ones too), quotes doubled, lines ended by CRLF.
 */
import { stringify, type Options } from 'csv-stringify/sync';
import { CSV_BOM, type CsvWriter } from '#core/office/csv';

const options: Options = { quoted: true, quoted_empty: true, record_delimiter: 'windows', delimiter: ',' };
const CHUNK = 500;

export const writeCsv: CsvWriter = function* (records) {
  yield CSV_BOM;
  let batch: string[][] = [];
  for (const record of records) {
    batch.push(record);
    if (batch.length === CHUNK) {
      yield stringify(batch, options);
      batch = [];
    }
  }
  if (batch.length) yield stringify(batch, options);
};
