/**
 * Reading a bank statement (CSV with the office's mapping, CAMT.053) with the libraries behind the
 * domain (lib/statements/), and finding references in its text.
 */
import { describe, expect, it } from 'vitest';
import { dammDigit, transferReference } from '#core/orders/reference';
import { findReference, parseOrderSearch } from '#core/office/statement-match';
import { decodeStatement, lineIdentities, parseStatementDate, statementBytes, statementLimits, statementMessages, type CsvMapping } from '#core/office/statement';
import { csvColumns } from '#lib/statements/csv-reader';
import { readStatement as parseStatement } from '#lib/statements/statement-reader';
import { readXml } from '#lib/statements/xml-reader';

const utf8 = (text: string) => new TextEncoder().encode(text);
const mapping: CsvMapping = { date: 'Booking date', amount: 'Amount', currency: 'Currency', payer: 'Payer', reference: 'Details' };
const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return { message: (error as Error).message, kind: (error as { kind?: string }).kind };
  }
  throw new Error('expected a refusal');
};

describe('the check digit and the reference in free text', () => {
  it('accepts the reference in any case, spacing and separators, with text around it', () => {
    const ref = transferReference(123); // IACR24-000123-x
    const digit = ref.at(-1)!;
    for (const text of [ref, ref.toLowerCase(), `iacr24 000123 ${digit}`, `IACR24000123-${digit}`, `IACR24000123${digit}`, `payment IACR-24-000123-${digit} thanks`, `Ref:IACR24/000123/${digit}.`, `INV IACR 24 0001 23 ${digit} 650.00`, `PAYMENTIACR24000123${digit}REGISTRATION`]) {
      expect(findReference(text), text).toEqual({ kind: 'found', sequence: 123, reference: ref });
    }
  });

  it('reports a wrong or missing check digit, never guesses, and finds nothing in other text', () => {
    const wrong = (Number(transferReference(123).at(-1)) + 1) % 10;
    expect(findReference(`payment IACR24-000123-${wrong}`)).toEqual({ kind: 'check-digit', written: `IACR24-000123-${wrong}` });
    expect(findReference('IACR24-000123 registration')).toEqual({ kind: 'check-digit', written: 'IACR24-000123' });
    // Two neighbouring digits swapped: the same check digit would not fit.
    expect(findReference(transferReference(123).replace('000123', '000213')).kind).toBe('check-digit');
    expect(findReference('Conference fee Dr Wang')).toEqual({ kind: 'none' });
    expect(findReference('IACR 2024 membership')).toEqual({ kind: 'none' });
    expect(dammDigit('0001230'.slice(0, 6) + String(dammDigit('000123')))).toBe(0);
  });

  it('lists several orders in one text as such', () => {
    expect(findReference(`${transferReference(5)} and ${transferReference(6)}`)).toEqual({ kind: 'several', references: [transferReference(5), transferReference(6)] });
    expect(findReference(`${transferReference(5)} ${transferReference(5).toLowerCase()}`).kind).toBe('found');
  });

  it('reads what an organiser types to find an order', () => {
    expect(parseOrderSearch('R24-000123')).toEqual({ kind: 'sequence', sequence: 123 });
    expect(parseOrderSearch(' 123 ')).toEqual({ kind: 'sequence', sequence: 123 });
    expect(parseOrderSearch('iacr24 000123 9')).toEqual({ kind: 'sequence', sequence: 123 });
    expect(parseOrderSearch('Wang@Example.org')).toEqual({ kind: 'email', email: 'wang@example.org' });
    expect(parseOrderSearch('Wang')).toEqual({ kind: 'none' });
  });
});

describe('dates as banks write them', () => {
  it('reads dates day first, ISO, compact and with month names; refuses impossible ones', () => {
    expect(parseStatementDate('2024-08-05')).toBe('2024-08-05');
    expect(parseStatementDate('2024/8/5 10:22')).toBe('2024-08-05');
    expect(parseStatementDate('20240805')).toBe('2024-08-05');
    expect(parseStatementDate('05.08.2024')).toBe('2024-08-05');
    expect(parseStatementDate('05/08/2024')).toBe('2024-08-05');
    expect(parseStatementDate('08/25/2024')).toBe('2024-08-25');
    expect(parseStatementDate('5-Aug-2024')).toBe('2024-08-05');
    expect(parseStatementDate('2024-02-30')).toBeNull();
    expect(parseStatementDate('yesterday')).toBeNull();
  });
});

describe('a CSV statement', () => {
  const csv = [
    '\ufeffBooking date;Amount;Currency;Payer;Details;Balance',
    '05.08.2024;650,00;USD;"Wang, Li";"IACR24-000123-9 registration";1000',
    '05.08.2024;-20,00;USD;Bank;Fee;980',
    '06.08.2024;"1.040,00";usd;"Smith ""Jr""";"=HYPERLINK(""http://x"")";2020',
    '',
    '07.08.2024;100,00;;Müller 张;"two',
    'lines";2120',
  ].join('\r\n');

  it('reads quotes, a BOM, ; as separator, debits skipped and counted, formulas kept as text', () => {
    expect(csvColumns(decodeStatement(utf8(csv)))).toEqual(['Booking date', 'Amount', 'Currency', 'Payer', 'Details', 'Balance']);
    const parsed = parseStatement(utf8(csv), mapping);
    expect(parsed.debits).toBe(1);
    expect(parsed.lines).toEqual([
      { row: 2, date: '2024-08-05', amount: 65000, currency: 'USD', payer: 'Wang, Li', text: 'IACR24-000123-9 registration' },
      { row: 4, date: '2024-08-06', amount: 104000, currency: 'USD', payer: 'Smith "Jr"', text: '=HYPERLINK("http://x")' },
      { row: 6, date: '2024-08-07', amount: 10000, currency: 'USD', payer: 'Müller 张', text: 'two lines' },
    ]);
  });

  it('reads a credit column as the amount: debit lines (empty there) are skipped, their dates not read', () => {
    const text = 'Date;Credit;Debit;Payer;Text\n2024-08-05;650.00;;A;ref\nclosing;;20.00;Bank;fee\n';
    const parsed = parseStatement(utf8(text), { date: 'Date', amount: 'Credit', payer: 'Payer', reference: 'Text' });
    expect([parsed.lines.length, parsed.debits]).toEqual([1, 1]);
  });

  it('reads , as separator and works without a currency column (USD)', () => {
    const parsed = parseStatement(utf8('Date,Amount,Payer,Text\n2024-08-05,"1,040.00",A,ref\n'), { date: 'Date', amount: 'Amount', payer: 'Payer', reference: 'Text' });
    expect(parsed.lines).toEqual([{ row: 2, date: '2024-08-05', amount: 104000, currency: 'USD', payer: 'A', text: 'ref' }]);
  });

  it('refuses the whole file with one clear message for any fault', () => {
    const latin1 = Uint8Array.from([...'Date;Amount;Payer;Details\n05.08.2024;1;M'].map((c) => c.charCodeAt(0)).concat([0xfc, 0x6c, 0x6c, 0x65, 0x72]));
    expect(failure(() => parseStatement(latin1, mapping)).message).toBe(statementMessages.notUtf8);
    expect(failure(() => parseStatement(Uint8Array.from([0xff, 0xfe, 0x41, 0x00]), mapping)).message).toBe(statementMessages.utf16);
    expect(failure(() => parseStatement(Uint8Array.from([0x50, 0x4b, 3, 4]), mapping)).message).toBe(statementMessages.binary);
    expect(failure(() => parseStatement(new Uint8Array(), mapping)).message).toBe(statementMessages.empty);
    expect(failure(() => parseStatement(utf8('Date;Amount\n2024-08-05;1\n'), mapping)).message).toBe(
      'The file has no column "Booking date", "Currency", "Payer", "Details" (its columns: "Date", "Amount"). Check the column mapping.',
    );
    const header = 'Booking date;Amount;Currency;Payer;Details\n';
    expect(failure(() => parseStatement(utf8(`${header}05.08.2024;1,00;USD;A;B\n05.08.2024;=1+1;USD;A;B\n`), mapping)).message).toBe(
      'Line 3: the amount "=1+1" is not written as this file writes amounts (1234,56, as chosen in the column mapping).',
    );
    expect(failure(() => parseStatement(utf8(`${header}soon;1;USD;A;B\n`), mapping)).message).toBe('Line 2: the date "soon" is not a date (e.g. 2024-08-05, 05.08.2024 or 05/08/2024).');
    expect(failure(() => parseStatement(utf8(`${header}05.08.2024;1;USD\n`), mapping)).message).toBe('Line 2 has 3 cells, the header has 5.');
    expect(failure(() => parseStatement(utf8(`${header}05.08.2024;1;USD;A;"B\n`), mapping)).message).toBe('Line 2: a quoted cell is not closed (a " is missing).');
    expect(failure(() => parseStatement(utf8(header), mapping)).message).toBe(statementMessages.noRows);
    expect(failure(() => parseStatement(utf8(`${header}05.08.2024;1;US Dollar;A;B\n`), mapping)).message).toBe('Line 2: the currency "US DOLLAR" is not a currency code (e.g. USD).');
    expect(failure(() => parseStatement(utf8(`${header}05.08.2024;1;USD;A;B\n`), undefined)).message).toBe(statementMessages.mappingMissing);
  });

  it('refuses too many lines and too many bytes as too large, saying how many', () => {
    const many = `Booking date;Amount;Currency;Payer;Details\n${'05.08.2024;1;USD;A;B\n'.repeat(100_000)}`;
    expect(failure(() => parseStatement(utf8(many), mapping))).toEqual({
      kind: 'too_large',
      message: 'The file has 100,000 lines; at most 20,000 can be imported at once. Export a shorter period from the bank and import each file.',
    });
    const big = 'x'.repeat(statementLimits.maxBytes + 1);
    expect(failure(() => statementBytes(btoa(big)))).toMatchObject({ kind: 'too_large', message: expect.stringMatching(/^The file is 4\.0 MB; at most 4\.0 MB can be imported at once/) });
    expect(failure(() => statementBytes(btoa('x'.repeat(50 * 1024 * 1024))))).toMatchObject({ message: expect.stringMatching(/^The file is 50 MB; at most 4\.0 MB/) });
    expect(failure(() => statementBytes('not base64!')).message).toBe(statementMessages.unreadable);
    expect(new TextDecoder().decode(statementBytes(btoa('ok')))).toBe('ok');
    // (The test's own btoa of 50 MB takes seconds on a busy machine.)
  }, 30_000);

  it('knows a line by its content and its occurrence: two equal transfers are two lines, an export in another column order the same', () => {
    const a = { row: 2, date: '2024-08-05', amount: 65000, currency: 'USD', payer: 'Wang', text: 'IACR24-000123-9' };
    const ids = lineIdentities([a, { ...a, row: 3 }, { ...a, row: 4, payer: 'WANG ' .trim() }]);
    expect(new Set(ids).size).toBe(3);
    expect(lineIdentities([{ ...a, row: 40 }])[0]).toBe(ids[0]);
  });
});

describe('a CAMT.053 statement', () => {
  const entry = (amount: string, indicator: string, text: string, payer: string) => `
    <Ntry><Amt Ccy="USD">${amount}</Amt><CdtDbtInd>${indicator}</CdtDbtInd><BookgDt><Dt>2024-08-05</Dt></BookgDt>
      <NtryDtls><TxDtls><RltdPties><Dbtr><Nm>${payer}</Nm></Dbtr></RltdPties><RmtInf><Ustrd>${text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt>
    ${entry('650.00', 'CRDT', 'IACR24-000123-9 &amp; thanks', 'WANG LI')}${entry('20.00', 'DBIT', 'fee', 'BANK')}${entry('1040.00', 'CRDT', 'no ref', 'M&#252;ller')}
  </Stmt></BkToCstmrStmt></Document>`;

  it('reads the entries (amount, currency, booking date, debtor, remittance text), skipping debits', () => {
    const parsed = parseStatement(utf8(xml), undefined);
    expect(parsed.format).toBe('camt053');
    expect(parsed.debits).toBe(1);
    expect(parsed.lines).toEqual([
      { row: 1, date: '2024-08-05', amount: 65000, currency: 'USD', payer: 'WANG LI', text: 'IACR24-000123-9 & thanks' },
      { row: 3, date: '2024-08-05', amount: 104000, currency: 'USD', payer: 'Müller', text: 'no ref' },
    ]);
  });

  it('refuses XML that is not a statement, and an entry without its date', () => {
    expect(failure(() => parseStatement(utf8('<html><body>hello</body></html>'), undefined)).message).toBe(statementMessages.camtInvalid);
    expect(failure(() => parseStatement(utf8('<Ntry><Amt Ccy="USD">1.00</Amt></Ntry>'), undefined)).message).toBe('Entry 1 of the XML statement has no booking date (<BookgDt>).');
  });
});

describe('a CAMT.053 statement from a hostile or broken file (issue 29, item 9)', () => {
  const camt = (entries: string, prolog = '<?xml version="1.0"?>') => `${prolog}<Document><BkToCstmrStmt><Stmt><Id>STMT-0805</Id>${entries}</Stmt></BkToCstmrStmt></Document>`;
  const entry = (amount: string, extra = '') => `<Ntry><Amt Ccy="USD">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2024-08-05</Dt></BookgDt>${extra}</Ntry>`;
  const refusal = (xml: string) => failure(() => parseStatement(utf8(xml), undefined));

  it('refuses a character reference that is not a character with a message (it was a RangeError: a 500)', () => {
    for (const ref of ['&#99999999;', '&#x110000;', '&#0;', '&#xD800;', '&#1;']) {
      expect(refusal(camt(entry('1.00', `<AddtlNtryInf>pay ${ref}</AddtlNtryInf>`))), ref).toEqual({
        kind: 'invalid',
        message: `This XML file cannot be read: the character reference "${ref}" is not a character. Export the statement from the bank again as CAMT.053.`,
      });
    }
    // Character references that are characters are read as such.
    expect(parseStatement(utf8(camt(entry('1.00', '<AddtlNtryInf>M&#252;ller &#x4E2D; &amp; &lt;3</AddtlNtryInf>'))), undefined).lines[0]!.text).toBe('Müller 中 & <3');
  });

  it('refuses 64k unclosed <Ntry> (384 kB) at once, and 4 MB of them within the time of one request (it was quadratic: 4-10 s for 384 kB)', () => {
    let started = Date.now();
    expect(refusal(`<Document>${'<Ntry>'.repeat(65_536)}`).message).toBe(
      'This XML file cannot be read: its elements are nested more than 40 deep, which a bank statement never is. Export the statement from the bank again as CAMT.053.',
    );
    expect(Date.now() - started).toBeLessThan(1000);
    started = Date.now();
    expect(refusal(`<Document><BkToCstmrStmt><Stmt>${'<Ntry><Amt Ccy="USD">1.00'.repeat(4 * 1024 * 1024 / 26)}`).kind).toBe('invalid');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('refuses entities of its own (billion laughs, an external file), a file cut short, crossed tags and an unknown entity', () => {
    const lol = '<!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>';
    expect(refusal(camt(entry('1.00', '<AddtlNtryInf>&c;</AddtlNtryInf>'), `<?xml version="1.0"?>${lol}`)).message).toMatch(/^This XML file cannot be read: it declares entities of its own/);
    expect(refusal(camt(entry('1.00', '<AddtlNtryInf>&x;</AddtlNtryInf>'), '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>')).message).toMatch(
      /^This XML file cannot be read: (it refers to an external entity|it declares entities of its own)/,
    );
    expect(refusal(camt(entry('1.00')).slice(0, -11)).message).toBe("This XML file cannot be read: line 1: Unclosed tag 'Document'. Export the statement from the bank again as CAMT.053.");
    expect(refusal(camt(entry('1.00')).slice(0, -20)).message).toBe('This XML file cannot be read: Closing Tag is not closed. Export the statement from the bank again as CAMT.053.');
    expect(refusal('<Document><Ntry><Amt Ccy="USD">1.00</Ntry></Amt></Document>').message).toBe(
      "This XML file cannot be read: line 1: Expected closing tag 'Amt' (opened in line 1, col 17) instead of closing tag 'Ntry'. Export the statement from the bank again as CAMT.053.",
    );
    expect(refusal(camt(entry('1.00', '<AddtlNtryInf>&eacute;</AddtlNtryInf>'))).message).toBe(
      'This XML file cannot be read: "&eacute;" is not an entity XML knows (write & as &amp;). Export the statement from the bank again as CAMT.053.',
    );
  });

  it('follows no inherited property: prototype names as elements are refused or read as any other, and pollute nothing', () => {
    expect(refusal(camt(entry('1.00', '<__proto__><polluted>yes</polluted></__proto__>'))).message).toMatch(/^This XML file cannot be read: /);
    const odd = parseStatement(utf8(camt(entry('1.00', '<toString>x</toString><AddtlNtryInf>ok</AddtlNtryInf>'))), undefined);
    expect(odd.lines[0]!.text).toBe('ok');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The tree has only what the file says: no inherited key is read as an element.
    expect(Object.keys(readXml('<Document><Ntry/></Document>'))).toEqual(['Document']);
  });

  it('reads the bank references (AcctSvcrRef, NtryRef, EndToEndId) and the value date, also in camt.053.001.08 (Dbtr/Pty/Nm)', () => {
    const xml = camt(
      `<Ntry><NtryRef>0001</NtryRef><Amt Ccy="USD">400.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2024-08-05</Dt></BookgDt><ValDt><Dt>2024-08-03</Dt></ValDt><AcctSvcrRef>BANK 2024 0805 77</AcctSvcrRef>` +
        `<NtryDtls><TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId><AcctSvcrRef>bank20240805 77</AcctSvcrRef></Refs><RltdPties><Dbtr><Pty><Nm>WANG LI</Nm></Pty></Dbtr></RltdPties><RmtInf><Ustrd>IACR24-000123-9</Ustrd></RmtInf></TxDtls></NtryDtls>` +
        '<AddtlNtryInf>SEPA CREDIT</AddtlNtryInf></Ntry>',
    );
    expect(parseStatement(utf8(xml), undefined).lines).toEqual([
      { row: 1, date: '2024-08-05', value_date: '2024-08-03', amount: 40000, currency: 'USD', payer: 'WANG LI', text: 'IACR24-000123-9 SEPA CREDIT', bank_refs: ['BANK2024080577'], other_refs: ['STMT-0805/0001'] },
    ]);
  });
});

describe('amounts read in the file\'s format (issue 29, item 2)', () => {
  const camt = (...amounts: string[]) =>
    utf8(`<Document><BkToCstmrStmt><Stmt>${amounts.map((a) => `<Ntry><Amt Ccy="USD">${a}</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2024-08-05</Dt></BookgDt></Ntry>`).join('')}</Stmt></BkToCstmrStmt></Document>`);
  const csvMapping: CsvMapping = { date: 'Date', amount: 'Amount', payer: 'Payer', reference: 'Text' };
  const csvOf = (sep: string, ...amounts: string[]) => utf8(`Date${sep}Amount${sep}Payer${sep}Text\n${amounts.map((a, i) => `2024-08-05${sep}"${a}"${sep}P${i}${sep}x`).join('\n')}\n`);
  const amounts = (bytes: Uint8Array, mapping?: CsvMapping) => parseStatement(bytes, mapping).lines.map((l) => l.amount);

  it('reads CAMT amounts as decimals with a point: 0.650 is 0.65 and 650.000 is 650.00 (they were 650.00 and 650,000.00)', () => {
    expect(amounts(camt('0.650', '650.000', '650', '1040.5', '0.01'))).toEqual([65, 65000, 65000, 104050, 1]);
    expect(failure(() => amounts(camt('0.655'))).message).toBe('Entry 1 of the XML statement has the amount 0.655, with more than two decimals that are not zero; amounts are booked in cents.');
    expect(failure(() => amounts(camt('1,040.00'))).message).toBe('Entry 1 of the XML statement has the amount "1,040.00", which is not an amount (CAMT writes e.g. 650.00).');
  });

  it('reads a CSV in the format the mapping says, remembered with it', () => {
    expect(amounts(csvOf(',', '0.650', '650.000', '1,234.56'), { ...csvMapping, decimal: '.', grouping: ',' })).toEqual([65, 65000, 123456]);
    expect(amounts(csvOf(';', '0,650', '650.000', '1.234,56'), { ...csvMapping, decimal: ',', grouping: '.' })).toEqual([65, 65000000, 123456]);
    expect(amounts(csvOf(';', '1 234,56', '1\u00a0234,56', '1\u202f234,56'), { ...csvMapping, decimal: ',', grouping: ' ' })).toEqual([123456, 123456, 123456]);
    expect(amounts(csvOf(',', "1'234.56"), { ...csvMapping, decimal: '.', grouping: "'" })).toEqual([123456]);
    expect(parseStatement(csvOf(',', '1,234.56'), csvMapping).amount_format).toEqual({ decimal: '.', grouping: ',' });
  });

  it('refuses an amount that does not fit the file\'s format, naming its line', () => {
    expect(failure(() => amounts(csvOf(',', '650.00', '650,00'), { ...csvMapping, decimal: '.', grouping: ',' })).message).toBe(
      'Line 3: the amount "650,00" is not written as this file writes amounts (1,234.56, as chosen in the column mapping).',
    );
    expect(failure(() => amounts(csvOf(',', '0,650'), { ...csvMapping, decimal: '.', grouping: ',' })).message).toMatch(/^Line 2: the amount "0,650" is not written as/);
    expect(failure(() => amounts(csvOf(',', '0.655'), { ...csvMapping, decimal: '.', grouping: '' })).message).toBe('Line 2: the amount "0.655" has more than two decimals that are not zero; amounts are booked in cents.');
  });

  it('reads the format from the unambiguous amounts of a new file, and refuses a file whose amounts do not say it or say two things', () => {
    expect(amounts(csvOf(',', '0.650', '1040.50'), csvMapping)).toEqual([65, 104050]);
    expect(amounts(csvOf(';', '650.000', '12,50'), csvMapping)).toEqual([65000000, 1250]);
    expect(failure(() => amounts(csvOf(',', '1,040', '650.000'), csvMapping)).message).toBe(
      'The amounts of this file do not show which separator marks the cents (line 2: "1,040" could be read either way). Choose how the file writes amounts in the column mapping.',
    );
    expect(failure(() => amounts(csvOf(',', '1,234.56', '1.234,56'), csvMapping)).message).toBe(
      'The file writes amounts in two ways (line 2: "1,234.56", line 3: "1.234,56"). Choose how the file writes amounts in the column mapping, or export it from the bank again.',
    );
  });
});
