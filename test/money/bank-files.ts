/**
 * The money test at the bank-file edge (issue 29, items 1 and 2), kept apart from the other
 * commands so that additions elsewhere merge cleanly. The world keeps the bank's truth: every
 * transfer a delegate's bank sent (`bankTransfer`: amount, day, the bank's reference). The
 * office imports the bank's statements of some days in either format, as the bank exports them
 * (`importStatement`: CSV in one of the amount formats banks use, with or without a column of the
 * bank's reference, amounts sometimes with three decimals; CAMT.053 with or without AcctSvcrRef,
 * NtryRef numbered per statement as banks do, AddtlNtryInf added), overlapping days and the same
 * day re-exported in the other format, racing every other command; `bankDay` is the issue's day
 * (money arrives, then that day's CSV and its CAMT.053, in either order or at once); the
 * organiser decides the lines held as possible duplicates as a careful person would, from the
 * truth (`resolveHeld`).
 *
 * The oracle (`checkBank`), after each run: every transfer of the bank is booked from at most one
 * statement line, and a booked line carries the amount the bank sent. Together with the money
 * invariants (an overpaying transfer by import is given back) this finds the double booking of
 * one transfer across CSV and CAMT, and an amount read as thousands.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { amountFormats, formatAmount, type AmountFormat } from '#core/office/amount-format';
import type { StoredLine } from '#core/office/import-statement';
import { statementStore } from '#storage/statements';
import type { OrderCheck, OrderRef, World } from './world';
import { api, orderLedger, ownerMoney, type Answer } from './stack';

export type BankArrival = 'seen' | 'partial' | 'surplus' | 'rest' | 'tiny';

export type BankCommand =
  /** The delegate's bank sends money for the order on statement day `day` (0-2). */
  | { k: 'bankTransfer'; d: number; o: number; arrived: BankArrival; day: number }
  /**
   * The office imports the bank's statement of days from..to: CSV (amounts in `format`, the
   * mapping naming it or leaving it to the file; a bank reference column or not; three decimals
   * or two) or CAMT.053 (with the bank's AcctSvcrRef or without).
   */
  | { k: 'importStatement'; file: 'csv' | 'camt'; from: number; days: number; format: number; named: boolean; bankRef: boolean; threeDecimals: boolean }
  /**
   * The issue's day: money arrives for the order, then the office imports that day's CSV and its
   * CAMT.053 (one after the other in either order, or both at once), in `format` with or without
   * the bank's references, amounts with two or three decimals.
   */
  | { k: 'bankDay'; d: number; o: number; arrived: BankArrival; day: number; format: number; named: boolean; csvRef: boolean; camtRef: boolean; threeDecimals: boolean; order: 'csv-first' | 'camt-first' | 'together' }
  /** The organiser decides every line held as a possible duplicate: discards a transfer booked already, books one of its own. */
  | { k: 'resolveHeld' };

export const isBankCommand = (cmd: { k: string }): cmd is BankCommand => ['bankTransfer', 'importStatement', 'bankDay', 'resolveHeld'].includes(cmd.k);

/** The bank commands with their weights, for the program's `fc.oneof` (program.ts). */
export function bankCommandArbs(delegates: number) {
  const d = fc.nat({ max: delegates - 1 });
  const o = fc.constantFrom(0, 0, 0, 1, 2);
  const arrived = fc.constantFrom<BankArrival>('seen', 'seen', 'partial', 'surplus', 'rest', 'tiny');
  return [
    {
      weight: 4,
      arbitrary: fc.record({
        k: fc.constant('bankDay' as const),
        d,
        o,
        arrived,
        day: fc.nat({ max: 2 }),
        format: fc.nat({ max: amountFormats.length - 1 }),
        named: fc.boolean(),
        csvRef: fc.boolean(),
        camtRef: fc.boolean(),
        threeDecimals: fc.boolean(),
        order: fc.constantFrom('csv-first' as const, 'camt-first' as const, 'together' as const),
      }),
    },
    {
      weight: 4,
      arbitrary: fc.record({
        k: fc.constant('bankTransfer' as const),
        d,
        o,
        arrived,
        day: fc.nat({ max: 2 }),
      }),
    },
    {
      weight: 5,
      arbitrary: fc.record({
        k: fc.constant('importStatement' as const),
        file: fc.constantFrom('csv' as const, 'camt' as const),
        from: fc.nat({ max: 2 }),
        days: fc.integer({ min: 1, max: 3 }),
        format: fc.nat({ max: amountFormats.length - 1 }),
        named: fc.boolean(),
        bankRef: fc.boolean(),
        threeDecimals: fc.boolean(),
      }),
    },
    { weight: 2, arbitrary: fc.constant({ k: 'resolveHeld' as const }) },
  ];
}

// ---------------------------------------------------------------------------------------------
// The bank's truth, per run

interface BankTx {
  /** The bank's own reference of the transfer (AcctSvcrRef; the CSV's reference column). */
  ref: string;
  order: OrderRef;
  reference: string;
  amount: number;
  day: number;
  payer: string;
}

interface Bank {
  tag: string;
  txs: BankTx[];
  /** What each import of the run is: its rows (line number or entry number) and the transfer each row is. */
  imports: Map<string, Map<number, BankTx>>;
  files: number;
  /** The organiser decides one line at a time (a careful person, not two at once). */
  deciding: Promise<unknown>;
  figures: { files: Record<string, number>; refused: number; kept: number; discarded: number };
}

const banks = new WeakMap<World, Bank>();
function bankOf(w: World): Bank {
  let bank = banks.get(w);
  if (!bank) {
    bank = { tag: randomBytes(3).toString('hex').toUpperCase(), txs: [], imports: new Map(), files: 0, deciding: Promise.resolve(), figures: { files: {}, refused: 0, kept: 0, discarded: 0 } };
    banks.set(w, bank);
  }
  return bank;
}

/** The portal's clock for a request (as world.ts `at`). */
const at = (w: World) => new Date(w.clockBase + (Date.now() - w.started)).toISOString();
const dateOf = (day: number) => `2024-08-${String(5 + day).padStart(2, '0')}`;
const short = (a: Answer) => `${a.status}${a.status === 200 ? '' : ` ${a.message ?? ''}`}`;

function pick(w: World, d: number, o: number): OrderRef | undefined {
  const list = w.delegates[d]?.orders ?? [];
  return list.length ? list[list.length - 1 - (o % list.length)] : undefined;
}

/** What the delegate's bank sends: what the order awaits or costs, half of it, 100.00 more, 0.65. */
async function amountFor(w: World, order: OrderRef, arrived: BankArrival): Promise<number | undefined> {
  if (arrived === 'tiny') return 65;
  const userId = w.delegates[order.d]!.person.userId;
  const stored = (await ownerMoney(userId)).orders.get(order.id);
  if (!stored) return undefined;
  const waiting = (await orderLedger(userId, order.id)).payments.find((p) => p.method === 'transfer' && p.state === 'pending');
  const due = waiting?.amount ?? stored.amount_required;
  if (arrived === 'rest') return due;
  if (arrived === 'partial') return Math.max(1, Math.floor(due / 2));
  if (arrived === 'surplus') return due + 10000;
  return order.transferSeen ? Math.round(Number(order.transferSeen) * 100) : stored.amount_required;
}

async function referenceOf(w: World, order: OrderRef): Promise<string | undefined> {
  if (order.reference) return order.reference;
  const r = await api<{ order: { reference: string } }>(w.fig, 'GET', `/registration/submission/${order.id}`, { token: w.delegates[order.d]!.person.token, at: at(w) });
  if (r.status === 200) order.reference = r.data.order.reference;
  return order.reference;
}

// ---------------------------------------------------------------------------------------------
// The files, as banks write them

const CSV_HEADER = ['Buchungsdatum', 'Betrag', 'Waehrung', 'Auftraggeber', 'Verwendungszweck', 'Bankreferenz'];
const csvMapping = { date: 'Buchungsdatum', amount: 'Betrag', currency: 'Waehrung', payer: 'Auftraggeber', reference: 'Verwendungszweck' };

const quote = (cell: string) => `"${cell.replace(/"/g, '""')}"`;

function csvFile(bank: Bank, txs: BankTx[], f: AmountFormat, threeDecimals: boolean, bankRef: boolean) {
  const sep = f.decimal === ',' ? ';' : ',';
  const rows = txs.map((tx) => {
    const day = dateOf(tx.day);
    const cells = [`${day.slice(8)}.${day.slice(5, 7)}.${day.slice(0, 4)}`, formatAmount(tx.amount, f, threeDecimals ? 3 : 2), 'USD', tx.payer.toUpperCase(), `${tx.reference} ${bank.tag}`];
    return (bankRef ? [...cells, tx.ref] : cells).map(quote).join(sep);
  });
  // A bank fee: money out, skipped.
  const fee = [`0${5}.08.2024`, `-${formatAmount(1250, f)}`, 'USD', 'BANK', `Fee ${bank.tag}`, `FEE-${bank.tag}`].slice(0, bankRef ? 6 : 5).map(quote).join(sep);
  const header = (bankRef ? CSV_HEADER : CSV_HEADER.slice(0, 5)).join(sep);
  return { text: [header, ...rows, fee].join('\r\n'), rows: new Map(txs.map((tx, i) => [i + 2, tx])) };
}

/** A CAMT.053 statement of the period; its Id names the period (a re-export of it keeps the Id and its entries' NtryRef numbers). */
function camtFile(bank: Bank, txs: BankTx[], threeDecimals: boolean, bankRef: boolean, period: string) {
  const entry = (tx: BankTx, n: number) =>
    `<Ntry><NtryRef>${n}</NtryRef><Amt Ccy="USD">${formatAmount(tx.amount, { decimal: '.', grouping: '' }, threeDecimals ? 3 : 2)}</Amt><CdtDbtInd>CRDT</CdtDbtInd>` +
    `<BookgDt><Dt>${dateOf(tx.day)}</Dt></BookgDt><ValDt><Dt>${dateOf(tx.day)}</Dt></ValDt>${bankRef ? `<AcctSvcrRef>${tx.ref}</AcctSvcrRef>` : ''}` +
    `<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>${tx.payer}</Nm></Dbtr></RltdPties><RmtInf><Ustrd>${tx.reference} ${bank.tag}</Ustrd></RmtInf></TxDtls></NtryDtls>` +
    '<AddtlNtryInf>SEPA-GUTSCHRIFT</AddtlNtryInf></Ntry>';
  const fee = `<Ntry><NtryRef>${txs.length + 1}</NtryRef><Amt Ccy="USD">12.50</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>${dateOf(0)}</Dt></BookgDt></Ntry>`;
  const text = `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>${bank.tag}-${period}</Id>${txs.map((tx, i) => entry(tx, i + 1)).join('')}${fee}</Stmt></BkToCstmrStmt></Document>`;
  return { text, rows: new Map(txs.map((tx, i) => [i + 1, tx])) };
}

type ImportAnswer = { import: { id: string; state: string } } & Record<string, unknown>;

/** Imports a file as the office page does: sent again while the import is still working through it. */
async function sendFile(w: World, fileName: string, text: string, mapping?: object) {
  const body = { file_name: fileName, content_base64: Buffer.from(text, 'utf8').toString('base64'), ...(mapping ? { mapping } : {}) };
  let r: Answer<ImportAnswer>;
  let rounds = 0;
  do r = await api<ImportAnswer>(w.fig, 'POST', '/office/statements', { token: w.office.token, at: at(w), json: body });
  while (r.status === 200 && r.data.import?.state === 'running' && ++rounds < 30);
  return r;
}

// ---------------------------------------------------------------------------------------------
// Running the commands

export async function runBankCommand(w: World, cmd: BankCommand, note: (what: string) => void, skip: () => void): Promise<void> {
  const bank = bankOf(w);
  switch (cmd.k) {
    case 'bankTransfer': {
      const order = pick(w, cmd.d, cmd.o);
      const reference = order && (await referenceOf(w, order));
      const amount = order && (await amountFor(w, order, cmd.arrived));
      if (!order || !reference || amount === undefined) return skip();
      const tx: BankTx = { ref: `${bank.tag}${String(bank.txs.length + 1).padStart(4, '0')}`, order, reference, amount, day: cmd.day, payer: `Wang Li ${bank.tag}` };
      bank.txs.push(tx);
      return note(`tx ${tx.ref} ${(amount / 100).toFixed(2)} for ${reference} on ${dateOf(cmd.day)}`);
    }
    case 'importStatement': {
      const done = await importSpan(w, bank, cmd);
      return done ? note(done) : skip();
    }
    case 'bankDay': {
      const order = pick(w, cmd.d, cmd.o);
      const reference = order && (await referenceOf(w, order));
      const amount = order && (await amountFor(w, order, cmd.arrived));
      if (!order || !reference || amount === undefined) return skip();
      const tx: BankTx = { ref: `${bank.tag}${String(bank.txs.length + 1).padStart(4, '0')}`, order, reference, amount, day: cmd.day, payer: `Wang Li ${bank.tag}` };
      bank.txs.push(tx);
      const span = { from: cmd.day, days: 1, format: cmd.format, named: cmd.named, threeDecimals: cmd.threeDecimals };
      const csv = () => importSpan(w, bank, { ...span, file: 'csv', bankRef: cmd.csvRef });
      const camt = () => importSpan(w, bank, { ...span, file: 'camt', bankRef: cmd.camtRef });
      const said =
        cmd.order === 'together' ? await Promise.all([csv(), camt()]) : cmd.order === 'csv-first' ? [await csv(), await camt()] : [await camt(), await csv()];
      return note(`tx ${tx.ref} ${(amount / 100).toFixed(2)} for ${reference} on ${dateOf(cmd.day)}; ${said.join('; ')}`);
    }
    case 'resolveHeld': {
      const decided: string[] = [];
      const work = bank.deciding.then(async () => {
        const lines = await runLines(bank);
        for (const line of lines.filter((l) => l.state === 'open' && l.reason === 'possible-duplicate')) {
          const tx = txOf(bank, line);
          if (!tx) continue;
          const fresh = await runLines(bank);
          const bookedElsewhere = fresh.some((l) => l.id !== line.id && l.state === 'booked' && txOf(bank, l) === tx);
          const r = bookedElsewhere
            ? await api(w.fig, 'POST', `/office/statement_lines/${line.id}/discard`, { token: w.office.token, at: at(w), json: { note: `The same transfer ${tx.ref}` } })
            : await api(w.fig, 'POST', `/office/statement_lines/${line.id}/book`, { token: w.office.token, at: at(w), json: {} });
          if (r.status === 200) bank.figures[bookedElsewhere ? 'discarded' : 'kept'] += 1;
          decided.push(`${bookedElsewhere ? 'discard' : 'book'} ${tx.ref} ${short(r)}`);
        }
      });
      bank.deciding = work.catch(() => undefined);
      await work;
      return decided.length ? note(decided.join(', ')) : skip();
    }
  }
}

/** Imports the bank's statement of days from..from+days-1 in one format; what the portal said, or undefined when no transfer fell in those days. */
async function importSpan(w: World, bank: Bank, cmd: { file: 'csv' | 'camt'; from: number; days: number; format: number; named: boolean; bankRef: boolean; threeDecimals: boolean }) {
  const txs = bank.txs.filter((tx) => tx.day >= cmd.from && tx.day < cmd.from + cmd.days);
  if (!txs.length) return undefined;
  const format = amountFormats[cmd.format]!;
  const made = cmd.file === 'csv' ? csvFile(bank, txs, format, cmd.threeDecimals, cmd.bankRef) : camtFile(bank, txs, cmd.threeDecimals, cmd.bankRef, `${cmd.from}-${cmd.days}`);
  const mapping = cmd.file === 'csv' ? { ...csvMapping, ...(cmd.bankRef ? { bank_reference: 'Bankreferenz' } : {}), ...(cmd.named ? { decimal: format.decimal, grouping: format.grouping } : {}) } : undefined;
  bank.files += 1;
  const name = `bank-${bank.tag}-${bank.files}.${cmd.file === 'csv' ? 'csv' : 'xml'}`;
  const r = await sendFile(w, name, made.text, mapping);
  const kind = `${cmd.file}${cmd.bankRef ? '+ref' : ''}`;
  bank.figures.files[kind] = (bank.figures.files[kind] ?? 0) + 1;
  if (r.status !== 200) {
    // A CSV whose amounts do not say their format, left to the file: the office is asked to choose.
    bank.figures.refused += 1;
    return `${name}: ${short(r)}`;
  }
  bank.imports.set(r.data.import.id, made.rows);
  return `${name} (${txs.map((t) => t.ref).join(' ')}): ${r.message ?? ''}`;
}

/** Every line the run's imports stored. */
async function runLines(bank: Bank): Promise<StoredLine[]> {
  return (await Promise.all([...bank.imports.keys()].map((id) => statementStore.linesOfImport(id)))).flat();
}

const txOf = (bank: Bank, line: Pick<StoredLine, 'import_id' | 'row'>) => bank.imports.get(line.import_id)?.get(line.row);

// ---------------------------------------------------------------------------------------------
// The oracle

/** Each bank transfer of the run booked from at most one line, each booked line with the amount the bank sent. */
export async function checkBank(w: World): Promise<OrderCheck[]> {
  const bank = banks.get(w);
  if (!bank) return [];
  const lines = await runLines(bank);
  const booked = new Map<BankTx, StoredLine[]>();
  const out: OrderCheck[] = [];
  const violation = (tx: BankTx | undefined, line: StoredLine, rule: string, detail: string) => {
    w.fig.violations += 1;
    out.push({
      userId: tx ? w.delegates[tx.order.d]!.person.userId : (line.owner_id ?? ''),
      orderId: line.order_id ?? tx?.order.id ?? '',
      status: `bank ${tx?.ref ?? '?'}`,
      violations: [{ rule, detail }],
      disagreements: [],
      money: lines
        .filter((l) => txOf(bank, l) === tx)
        .map((l) => `  line ${l.row} of import ${l.import_id.slice(0, 8)} (${l.format ?? '?'}): ${l.state}${l.reason ? ` ${l.reason}` : ''} ${(l.amount / 100).toFixed(2)}${l.payment_id ? ` payment ${l.payment_id}` : ''}`)
        .join('\n'),
    });
  };
  const totals = totalsOf(w);
  totals.transfers += bank.txs.length;
  totals.refused += bank.figures.refused;
  totals.kept += bank.figures.kept;
  totals.discarded += bank.figures.discarded;
  for (const [kind, n] of Object.entries(bank.figures.files)) totals.files[kind] = (totals.files[kind] ?? 0) + n;
  for (const line of lines) {
    const tx = txOf(bank, line);
    totals.lines += 1;
    if (line.state === 'booked') {
      totals.booked += 1;
      if (!tx) violation(tx, line, 'line-of-a-transfer', `booked line ${line.id} (row ${line.row}) is no transfer the bank sent`);
      else {
        booked.set(tx, [...(booked.get(tx) ?? []), line]);
        if (line.amount !== tx.amount) violation(tx, line, 'amount-as-sent', `transfer ${tx.ref} of ${(tx.amount / 100).toFixed(2)} was booked as ${(line.amount / 100).toFixed(2)}`);
      }
    }
    if (line.reason === 'possible-duplicate' || line.kept_distinct) totals.held += 1;
  }
  for (const [tx, ls] of booked) {
    if (ls.length > 1) violation(tx, ls[1]!, 'transfer-booked-once', `transfer ${tx.ref} of ${(tx.amount / 100).toFixed(2)} for ${tx.reference} was booked from ${ls.length} lines (${ls.map((l) => `${l.format ?? '?'} row ${l.row}`).join(', ')})`);
  }
  const t = totals;
  if (t.note) w.fig.notes.delete(t.note);
  t.note = `bank files: ${t.transfers} transfers sent, files imported ${JSON.stringify(t.files)} (${t.refused} refused: amounts that do not say their format), ${t.lines} lines stored, ${t.booked} booked, ${t.held} held as possible duplicates (the organiser booked ${t.kept} as transfers of their own, discarded ${t.discarded})`;
  w.fig.notes.add(t.note);
  return out;
}

/** The bank figures of all runs of one Figures (printed with them). */
const totals = new WeakMap<World['fig'], { transfers: number; files: Record<string, number>; refused: number; lines: number; booked: number; held: number; kept: number; discarded: number; note?: string }>();
function totalsOf(w: World) {
  let t = totals.get(w.fig);
  if (!t) totals.set(w.fig, (t = { transfers: 0, files: {}, refused: 0, lines: 0, booked: 0, held: 0, kept: 0, discarded: 0 }));
  return t;
}
