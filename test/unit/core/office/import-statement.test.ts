/**
 * The statement import on the in-memory world (the real order rules and payments module): lines
 * matched and booked through officeConfirmTransfer, re-imports and overlapping files change
 * nothing, an import cut off half way ends where an uninterrupted one ends, and lines are assigned
 * or discarded by the office.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { localise } from '#core/i18n/server-messages';
import type { Text } from '#core/i18n/messages';
/** An answer's message as the API gives it in English (a catalog text with values, or words). */
const english = (message: string | Text) => localise('en', message);
import type { AuditEntry } from '#core/audit/audit';
import {
  assignLine,
  bookHeldLine,
  discardLine,
  importStatement,
  lineListOf,
  searchOrdersForLine,
  statementOverview,
  type StatementDeps,
  type StatementImport,
  type StatementStore,
  type StoredLine,
} from '#core/office/import-statement';
import type { CsvMapping } from '#core/office/statement';
import { transfersBookedTwice } from '#core/office/line-identity';
import { statementReader } from '#lib/statements/statement-reader';
import { cancelOrder } from '#core/orders/cancel-order';
import { chooseTransfer } from '#core/orders/pay-by-transfer';
import { noteArrivedTransfer, officeConfirmTransfer } from '#core/office/confirm-transfer';
import { ORDER_STATUS } from '#core/orders/states';
import { OPEN, owner, placed, refusal } from '../orders/steps';
import { OFFICE, orderWorld } from '../orders/world';

const organiser = { kind: 'organiser' as const, id: 'o1', email: 'office@example.org' };
const mapping: CsvMapping = { date: 'Date', amount: 'Amount', currency: 'Currency', payer: 'Payer', reference: 'Text' };
const csv = (...rows: string[]) => btoa(String.fromCharCode(...new TextEncoder().encode(['Date;Amount;Currency;Payer;Text', ...rows].join('\n'))));

function fakeStatements() {
  const lines = new Map<string, StoredLine>();
  const claims = new Map<string, string>();
  const matches = new Map<string, string[]>();
  const imports = new Map<string, StatementImport>();
  const audit: AuditEntry[] = [];
  let saved: CsvMapping | undefined;
  const clone = <T>(v: T) => structuredClone(v);
  const store: StatementStore = {
    mapping: async () => clone(saved),
    saveMapping: async (m, a) => void ((saved = clone(m)), audit.push(a)),
    getImport: async (id) => clone(imports.get(id)),
    startImport: async (imp) => (imports.has(imp.id) ? false : (imports.set(imp.id, clone(imp)), true)),
    advanceImport: async (imp, from, a) => {
      const current = imports.get(imp.id);
      if (!current || current.next_row !== from || current.state !== 'running') return false;
      imports.set(imp.id, clone(imp));
      if (a) audit.push(a);
      return true;
    },
    listImports: async () => [...imports.values()].map(clone),
    getLine: async (id) => clone(lines.get(id)),
    // As the table's transaction: the line, its claims and its match keys, all or nothing.
    putLine: async (line, index) => {
      if (lines.has(line.id)) return 'exists';
      if (index.claims.some((k) => claims.has(k))) return 'claimed';
      lines.set(line.id, clone(line));
      for (const k of index.claims) claims.set(k, line.id);
      for (const k of index.matches) matches.set(k, [...(matches.get(k) ?? []), line.id]);
      return 'stored';
    },
    claimOf: async (key) => claims.get(key),
    linesMatching: async (keys) => keys.flatMap((k) => matches.get(k) ?? []),
    updateLine: async (line, expect, a) => {
      if (lines.get(line.id)?.version !== expect) return false;
      lines.set(line.id, clone(line));
      if (a) audit.push(a);
      return true;
    },
    linesOfImport: async (id) => [...lines.values()].filter((l) => l.import_id === id).map(clone),
    linesInList: async (list) => [...lines.values()].filter((l) => lineListOf(l) === list).map(clone),
  };
  return { store, lines, imports, audit };
}

async function world() {
  const w = orderWorld();
  const statements = fakeStatements();
  let elapsed = 0;
  const deps: StatementDeps = {
    statements: statements.store,
    orders: w.deps.orders,
    ledger: w.deps.payments.ledger,
    findAccountByEmail: async (email) => (email === owner.email ? { id: owner.id } : undefined),
    book: async (reference, amount, line) => {
      const booked = await officeConfirmTransfer(w.deps, reference, amount, OPEN, line);
      return { ...booked, message: english(booked.message) };
    },
    awaitTransfer: (order) => noteArrivedTransfer(w.deps, order, OPEN),
    hash: (content) => createHash('sha256').update(content).digest('hex'),
    reader: statementReader,
    elapsedMs: () => elapsed,
  };
  /** An order of 650.00 whose delegate chose bank transfer and pressed Done. */
  const checking = async () => {
    const { id } = await placed(w);
    await chooseTransfer(w.deps, owner.id, id, 'done', OPEN, OFFICE);
    return w.orders.orders.get(id)!;
  };
  return { w, statements, deps, checking, setElapsed: (ms: number) => void (elapsed = ms) };
}

const usd = (cents: number) => (cents / 100).toFixed(2);
const run = (deps: StatementDeps, content: string, file = 'august.csv') => importStatement(deps, organiser, { file_name: file, content_base64: content, mapping }, OPEN);

describe('importing a statement', () => {
  it('books a matched line, lists a wrong amount and an unknown reference, and a re-import changes nothing', async () => {
    const { w, deps, statements, checking } = await world();
    const exact = await checking();
    const short = await checking();
    const total = exact.amount_required;
    const file = csv(
      `2024-08-05;${usd(total)};USD;Wang Li;payment ${exact.reference.toLowerCase().replace(/-/g, ' ')} thanks`,
      `2024-08-05;${usd(total - 5000)};USD;Smith;${short.reference.replace(/-/g, '')}`,
      '2024-08-06;650.00;USD;Nobody;IACR24-999999-' + '0',
      '2024-08-06;-20.00;USD;Bank;fee',
    );
    const first = await run(deps, file);
    expect(english(first.message)).toBe('august.csv: 3 lines of money in read; 2 booked, 1 to resolve below, 0 already imported before; 1 line of money out skipped.');
    const lines = first.data.lines;
    expect(lines.map((l) => [l.state, l.outcome, l.status_name, l.difference])).toEqual([
      ['booked', 'matched', 'Paid', '0.00'],
      ['booked', 'shortfall', 'Checking', '-50.00'],
      ['open', null, null, '0.00'],
    ]);
    expect(lines[2]!.reason_text).toMatch(/^("IACR24-999999-0" is not a valid reference|No order has the reference)/);
    expect(w.orders.orders.get(exact.id)!.payment_status).toBe(ORDER_STATUS.paid);
    expect(w.orders.orders.get(short.id)!.payment_status).toBe(ORDER_STATUS.checking);
    const mails = w.outbox.length;
    const ledgerWrites = w.ledger.writes.length;

    const again = await run(deps, file);
    expect(english(again.message)).toMatch(/^august\.csv was imported already \(2024-08-01\): nothing has changed\.$/);
    // The same lines in another file (a later export that overlaps): known, nothing booked again.
    const overlap = await run(deps, csv(`2024-08-05;${usd(total - 5000)};USD;Smith;${short.reference.replace(/-/g, '')}`, `2024-08-07;50.00;USD;Smith;rest of ${short.reference}`), 'september.csv');
    expect(english(overlap.message)).toBe('september.csv: 2 lines of money in read; 1 booked, 0 to resolve below, 1 already imported before; 0 lines of money out skipped.');
    expect(w.orders.orders.get(short.id)!.payment_status).toBe(ORDER_STATUS.paid);
    expect(w.ledger.writes.length).toBe(ledgerWrites + 1);
    expect(w.outbox.length).toBeGreaterThan(mails);
    expect(statements.lines.size).toBe(4);
    expect(statements.audit.map((a) => a.action)).toEqual(['statement.mapping_saved', 'statement.imported', 'statement.imported']);
    expect((await statementOverview(deps)).differs.map((l) => l.outcome)).toEqual(['shortfall']);
  });

  it('keeps two equal transfers in one file as two lines, and books a surplus as what arrived', async () => {
    const { w, deps, checking } = await world();
    const order = await checking();
    const part = order.amount_required - 24000; // two equal transfers of (total - 240.00)
    const result = await run(deps, csv(`2024-08-05;${usd(part)};USD;A;${order.reference}`, `2024-08-05;${usd(part)};USD;A;${order.reference}`));
    expect(result.data.lines.map((l) => [l.state, l.outcome, l.difference, l.status_name])).toEqual([
      ['booked', 'shortfall', '-240.00', 'Checking'],
      ['booked', 'surplus', usd(part - 24000), 'Paid'],
    ]);
    const money = await w.deps.payments.ledger.ofSubject({ kind: 'order', id: order.id, owner_id: owner.id });
    expect(money.payments.filter((p) => p.state === 'confirmed').map((p) => p.amount)).toEqual([part, part]);
    expect(money.refunds.map((r) => [r.reason, r.amount])).toEqual([['surplus', part - 24000]]);
  });

  it('lists lines for a paid or a cancelled order, another currency and a wrong check digit, each with its reason; books an Unpaid order whose delegate never pressed Done', async () => {
    const { w, deps, checking } = await world();
    const paid = await checking();
    await officeConfirmTransfer(w.deps, paid.reference, paid.amount_required, OPEN);
    const { id: unpaidId } = await placed(w);
    const unpaid = w.orders.orders.get(unpaidId)!;
    const cancelled = await checking();
    await officeConfirmTransfer(w.deps, cancelled.reference, cancelled.amount_required, OPEN);
    await cancelOrder(w.deps, owner.id, cancelled.id, undefined, OPEN);
    const other = await checking();
    const wrongDigit = other.reference.slice(0, -1) + String((Number(other.reference.at(-1)) + 1) % 10);
    const result = await run(deps, csv(`2024-08-05;650.00;USD;A;${paid.reference}`, `2024-08-05;${(unpaid.amount_required / 100).toFixed(2)};USD;B;${unpaid.reference}`, `2024-08-05;650.00;EUR;C;${other.reference}`, `2024-08-05;650.00;USD;D;${wrongDigit}`, '2024-08-05;650.00;USD;E;conference', `2024-08-05;650.00;USD;F;${cancelled.reference}`));
    expect(result.data.lines.filter((l) => l.state === 'open').map((l) => [l.reason, l.reason_text])).toEqual([
      ['already-paid', `Order ${paid.order_no} (${paid.reference}) is already paid.`],
      ['currency', 'The money arrived in EUR; orders are paid in USD.'],
      ['check-digit', `"${wrongDigit}" is not a valid reference: its check digit is wrong or missing (a digit is mistyped).`],
      ['no-reference', 'No payment reference in the text.'],
      ['cancelled', `Order ${cancelled.order_no} (${cancelled.reference}) is Refunding.`],
    ]);
    expect(w.orders.orders.get(other.id)!.payment_status).toBe(ORDER_STATUS.checking);
    // The Unpaid order's transfer arrived without "Done": noted by the office and booked, the order paid.
    expect(result.data.lines.find((l) => l.reference === unpaid.reference)?.state).toBe('booked');
    expect([w.orders.orders.get(unpaidId)!.payment_status, w.orders.orders.get(unpaidId)!.payment_method]).toEqual([ORDER_STATUS.paid, 'transfer']);
  });

  it('refuses a malformed file whole: nothing stored, no mapping remembered', async () => {
    const { deps, statements, checking } = await world();
    const order = await checking();
    const e = await refusal(run(deps, csv(`2024-08-05;650.00;USD;A;${order.reference}`, '2024-08-05;=SUM(A1);USD;B;x')));
    expect([e.kind, e.message]).toEqual(['validation', 'Line 3: the amount "=SUM(A1)" is not written as this file writes amounts (1234.56, as chosen in the column mapping).']);
    expect(statements.lines.size + statements.imports.size).toBe(0);
    expect(await statements.store.mapping()).toBeUndefined();
  });

  it('works through a long file in steps (the page sends it again) and ends where one run ends', async () => {
    const { deps, checking, setElapsed } = await world();
    const orders = [await checking(), await checking(), await checking()];
    const file = csv(...orders.map((o, i) => `2024-08-0${i + 1};650.00;USD;P${i};${o.reference}`));
    setElapsed(60_000); // out of time after each line
    const steps = [];
    for (let i = 0; i < 5; i++) {
      const r = await run(deps, file);
      steps.push([r.data.import.state, r.data.import.done_lines]);
      if (r.data.import.state === 'done') break;
    }
    expect(steps).toEqual([
      ['running', 1],
      ['running', 2],
      ['done', 3],
    ]);
  });

  it('finishes an import cut off between booking a line and recording it: booked once, mailed once', async () => {
    const { w, deps, statements, checking } = await world();
    const order = await checking();
    const file = csv(`2024-08-05;${usd(order.amount_required)};USD;A;${order.reference}`, '2024-08-05;10.00;USD;B;nothing');
    // The store fails once when the booked line would be recorded (the Lambda stopped there).
    const update = statements.store.updateLine;
    let failOnce = true;
    statements.store.updateLine = async (line, expect, audit) => {
      if (failOnce && line.state === 'booked') {
        failOnce = false;
        throw new Error('timed out');
      }
      return update(line, expect, audit);
    };
    await expect(run(deps, file)).rejects.toThrow('timed out');
    expect([...statements.lines.values()].map((l) => l.state)).toEqual(['booking']);
    expect(w.orders.orders.get(order.id)!.payment_status).toBe(ORDER_STATUS.paid);
    const mails = w.outbox.length;

    const rerun = await run(deps, file);
    expect(english(rerun.message)).toBe('august.csv: 2 lines of money in read; 1 booked, 1 to resolve below, 0 already imported before; 0 lines of money out skipped.');
    expect(rerun.data.lines.map((l) => [l.state, l.status_name])).toEqual([
      ['booked', 'Paid'],
      ['open', null],
    ]);
    expect(w.outbox.length).toBe(mails);
    const money = await w.deps.payments.ledger.ofSubject({ kind: 'order', id: order.id, owner_id: owner.id });
    expect(money.payments.map((p) => [p.state, p.amount, Boolean(p.statement_line)])).toEqual([['confirmed', order.amount_required, true]]);
  });

  it('decides again when the payment a line was going to book was confirmed by hand meanwhile', async () => {
    const { w, deps, statements, checking } = await world();
    const order = await checking();
    const book = deps.book;
    deps.book = async (reference, amount, line) => {
      await officeConfirmTransfer(w.deps, reference, order.amount_required, OPEN); // an organiser, on the transfers page, just before
      return book(reference, amount, line);
    };
    const result = await run(deps, csv(`2024-08-05;${usd(order.amount_required)};USD;A;${order.reference}`));
    expect(result.data.lines.map((l) => [l.state, l.reason])).toEqual([['open', 'already-paid']]);
    const money = await w.deps.payments.ledger.ofSubject({ kind: 'order', id: order.id, owner_id: owner.id });
    expect(money.payments.filter((p) => p.state === 'confirmed')).toHaveLength(1);
    void statements;
  });
});

describe('resolving listed lines', () => {
  it('assigns a line to an order found by number or e-mail (booked through the same path), or discards it with a note; both audited', async () => {
    const { w, deps, statements, checking } = await world();
    const order = await checking();
    const result = await run(deps, csv(`2024-08-05;${usd(order.amount_required)};USD;Wang;registration fee`, '2024-08-05;30.00;USD;Someone;donation?'));
    const [unknown, stray] = result.data.lines;

    expect((await searchOrdersForLine(deps, order.order_no)).items).toMatchObject([{ reference: order.reference, can_assign: true, awaited: usd(order.amount_required), status_name: 'Checking' }]);
    expect((await searchOrdersForLine(deps, owner.email.toUpperCase())).items.map((i) => i.reference)).toContain(order.reference);
    expect((await refusal(searchOrdersForLine(deps, 'Wang'))).message).toMatch(/^Search by order number/);

    const assigned = await assignLine(deps, organiser, unknown!.id, order.reference, OPEN);
    expect(assigned.message).toBe(`Assigned to ${order.reference}. The transfer is confirmed: the order is paid and the delegate has been told.`);
    expect(assigned.data).toMatchObject({ state: 'booked', assigned: true, status_name: 'Paid', resolved_by: organiser.email });
    expect(w.orders.orders.get(order.id)!.payment_status).toBe(ORDER_STATUS.paid);
    expect((await refusal(assignLine(deps, organiser, unknown!.id, order.reference, OPEN))).message).toBe('This line has been resolved already (booked or discarded). Please reload the page.');
    // An order that is paid now cannot take more.
    expect((await refusal(assignLine(deps, organiser, stray!.id, order.reference, OPEN))).message).toBe(`This order cannot take the money: Order ${order.order_no} (${order.reference}) is already paid.`);

    const discarded = await discardLine(deps, organiser, stray!.id, 'Sent back to the payer', OPEN);
    expect(discarded.data).toMatchObject({ state: 'discarded', note: 'Sent back to the payer' });
    expect(statements.audit.map((a) => a.action)).toEqual(['statement.mapping_saved', 'statement.imported', 'statement.line.assigned', 'statement.line.discarded']);
    expect((await statementOverview(deps)).open).toEqual([]);
  });
});

describe('one transfer in the CSV and the CAMT.053 export of the same day (issue 29, item 1)', () => {
  const camtOf = (...entries: { amount: string; text: string; payer?: string; ref?: string; date?: string }[]) =>
    btoa(
      `<?xml version="1.0"?><Document><BkToCstmrStmt><Stmt>${entries
        .map(
          (e) =>
            `<Ntry><Amt Ccy="USD">${e.amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>${e.date ?? '2024-08-05'}</Dt></BookgDt>${e.ref ? `<AcctSvcrRef>${e.ref}</AcctSvcrRef>` : ''}<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>${e.payer ?? 'Wang Li'}</Nm></Dbtr></RltdPties><RmtInf><Ustrd>${e.text}</Ustrd></RmtInf></TxDtls></NtryDtls><AddtlNtryInf>SEPA CREDIT TRANSFER</AddtlNtryInf></Ntry>`,
        )
        .join('')}</Stmt></BkToCstmrStmt></Document>`,
    );
  const camt = (deps: StatementDeps, content: string, file = 'day.xml') => importStatement(deps, organiser, { file_name: file, content_base64: content }, OPEN);
  const confirmed = async (w: Awaited<ReturnType<typeof world>>['w'], orderId: string) =>
    (await w.deps.payments.ledger.ofSubject({ kind: 'order', id: orderId, owner_id: owner.id })).payments.filter((p) => p.state === 'confirmed').map((p) => p.amount);

  it('holds the CAMT line of a transfer the CSV booked (the CSV has no bank reference): booked once, not Paid, no surplus (failed before: booked twice)', async () => {
    const { w, deps, statements, checking } = await world();
    const order = await checking(); // awaits more than 400.00; 400.00 arrives once
    await run(deps, csv(`2024-08-05;400.00;USD;WANG LI;${order.reference}`), 'day.csv');
    const second = await camt(deps, camtOf({ amount: '400.00', text: order.reference }));
    expect(english(second.message)).toBe('day.xml: 1 line of money in read; 0 booked, 1 to resolve below (1 of them a possible duplicate of a line of another file), 0 already imported before; 0 lines of money out skipped.');
    expect(second.data.lines.map((l) => [l.state, l.reason, l.held])).toEqual([['open', 'possible-duplicate', true]]);
    expect(second.data.lines[0]!.reason_text).toBe(
      `Possible duplicate of line 2 of day.csv, booked to ${order.order_no}: the same date, amount, currency and reference. Book it if it is a transfer of its own; discard it if it is the same one.`,
    );
    expect(await confirmed(w, order.id)).toEqual([40000]);
    expect(w.orders.orders.get(order.id)!.payment_status).toBe(ORDER_STATUS.checking);
    // It cannot be assigned before the organiser decides; discarding it is audited.
    expect((await refusal(assignLine(deps, organiser, second.data.lines[0]!.id, order.reference, OPEN))).message).toBe(
      'This line may be a transfer another file brought already: book it as a transfer of its own or discard it first.',
    );
    const discarded = await discardLine(deps, organiser, second.data.lines[0]!.id, 'The same transfer as in day.csv', OPEN);
    expect(discarded.data).toMatchObject({ state: 'discarded', held: false });
    expect(statements.audit.map((a) => a.action).at(-1)).toBe('statement.line.discarded');
    expect(await confirmed(w, order.id)).toEqual([40000]);
  });

  it('holds the CSV line of a transfer the CAMT booked, whichever file comes first', async () => {
    const { w, deps, checking } = await world();
    const order = await checking();
    await camt(deps, camtOf({ amount: '400.00', text: `Registration ${order.reference}`, ref: 'BANK-77' }));
    const second = await run(deps, csv(`05.08.2024;400,00;USD;Wang Li;${order.reference.replace(/-/g, ' ')}`), 'day.csv');
    expect(second.data.lines.map((l) => l.reason)).toEqual(['possible-duplicate']);
    expect(await confirmed(w, order.id)).toEqual([40000]);
  });

  it('knows the transfer by the bank reference both files give (a CSV column mapped as the bank reference): not even held', async () => {
    const { w, deps, statements, checking } = await world();
    const order = await checking();
    const withRef: CsvMapping = { ...mapping, bank_reference: 'Ref' };
    const content = btoa(['Date;Amount;Currency;Payer;Text;Ref', `2024-08-05;400.00;USD;WANG LI;${order.reference};bank 77`].join('\n'));
    await importStatement(deps, organiser, { file_name: 'day.csv', content_base64: content, mapping: withRef }, OPEN);
    const second = await camt(deps, camtOf({ amount: '400.00', text: `${order.reference} thanks`, payer: 'LI WANG', ref: 'BANK77' }));
    expect(english(second.message)).toBe('day.xml: 1 line of money in read; 0 booked, 0 to resolve below, 1 already imported before; 0 lines of money out skipped.');
    expect(statements.lines.size).toBe(1);
    expect(await confirmed(w, order.id)).toEqual([40000]);
  });

  it('books both when the bank says they are two (other references in the same format), and holds nothing within one file', async () => {
    const { w, deps, checking } = await world();
    const order = await checking();
    await camt(deps, camtOf({ amount: '200.00', text: order.reference, ref: 'R1' }, { amount: '200.00', text: order.reference, ref: 'R1-B' }), 'a.xml');
    await camt(deps, camtOf({ amount: '200.00', text: order.reference, ref: 'R2' }, { amount: '200.00', text: order.reference, ref: 'R1' }), 'b.xml');
    // R1 again (b.xml re-exports it) is known; R2 is a third transfer: 200 + 200 + 200 >= 650? No: 600, the order waits for 50.00.
    expect(await confirmed(w, order.id)).toEqual([20000, 20000, 20000]);
    expect(w.orders.orders.get(order.id)!.payment_status).toBe(ORDER_STATUS.checking);
  });

  it('books a held line when the organiser says it is a transfer of its own (audited; the reconciliation leaves it alone)', async () => {
    const { w, deps, statements, checking } = await world();
    const order = await checking();
    const half = usd(order.amount_required / 2);
    await run(deps, csv(`2024-08-05;${half};USD;WANG LI;${order.reference}`), 'day.csv');
    const held = (await camt(deps, camtOf({ amount: half, text: order.reference }))).data.lines[0]!;
    const kept = await bookHeldLine(deps, organiser, held.id, OPEN);
    expect(kept.message).toBe('Booked as a transfer of its own. The transfer is confirmed: the order is paid and the delegate has been told.');
    expect(kept.data).toMatchObject({ state: 'booked', kept_distinct: { by: organiser.email } });
    expect(statements.audit.map((a) => a.action).at(-1)).toBe('statement.line.kept_distinct');
    expect(await confirmed(w, order.id)).toEqual([order.amount_required / 2, order.amount_required / 2]);
    expect(transfersBookedTwice(statements.lines.values(), () => undefined)).toEqual([]);
    expect((await refusal(bookHeldLine(deps, organiser, held.id, OPEN))).message).toBe('This line has been resolved already (booked or discarded). Please reload the page.');
  });

  it('books a transfer once when its CSV and its CAMT are imported at the same moment', async () => {
    for (let i = 0; i < 5; i++) {
      const { w, deps, checking } = await world();
      const order = await checking();
      await Promise.all([run(deps, csv(`2024-08-05;400.00;USD;WANG LI;${order.reference}`), 'day.csv'), camt(deps, camtOf({ amount: '400.00', text: order.reference }))]);
      expect(await confirmed(w, order.id)).toEqual([40000]);
    }
  });

  it('the reconciliation reports a transfer booked from two lines (as the import booked it before)', () => {
    const base = { import_id: 'i1', format: 'csv' as const, row: 2, date: '2024-08-05', amount: 40000, currency: 'USD', payer: 'WANG LI', text: 'IACR24-000123-9', state: 'booked', order_id: 'o1', payment_id: 'p1' };
    const lines = [base, { ...base, id: 'b', import_id: 'i2', format: 'camt053' as const, row: 1, payer: 'Wang Li', text: 'IACR24-000123-9 SEPA', payment_id: 'p2' }].map((l, i) => ({ id: 'ab'[i]!, ...l }));
    const names: Record<string, string> = { i1: 'day.csv', i2: 'day.xml' };
    expect(transfersBookedTwice(lines, (id) => names[id])).toEqual([
      { order_id: 'o1', payment_id: 'p2', rule: 'transfer-booked-once', detail: 'line 1 of day.xml and line 2 of day.csv are one bank transfer of 400.00 USD on 2024-08-05 booked twice (payments p1 and p2)' },
    ]);
    // Two lines of one file (two equal transfers), or kept by an organiser, or other days: none.
    expect(transfersBookedTwice([lines[0]!, { ...lines[1]!, import_id: 'i1' }], () => undefined)).toEqual([]);
    expect(transfersBookedTwice([lines[0]!, { ...lines[1]!, kept_distinct: { by: 'o' } }], () => undefined)).toEqual([]);
    expect(transfersBookedTwice([lines[0]!, { ...lines[1]!, date: '2024-08-06' }], () => undefined)).toEqual([]);
  });
});
