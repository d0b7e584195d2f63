/**
 * The statement reader of the import: the CSV and the XML libraries behind the domain's
 * `StatementReader` port (core/office/statement.ts).
 */
import { parseStatement, type CsvMapping, type StatementReader } from '#core/office/statement';
import { readCsvTable } from './csv-reader';
import { readXml } from './xml-reader';

export const statementReader: StatementReader = { csv: readCsvTable, xml: readXml };

/** An uploaded statement's lines, read with the libraries (CAMT.053, or CSV with the mapping). */
export const readStatement = (bytes: Uint8Array, mapping: CsvMapping | undefined) => parseStatement(bytes, mapping, statementReader);
