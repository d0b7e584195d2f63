/**
 * The statement import on the in-memory world (the real order rules and payments module): lines
 * matched and booked through officeConfirmTransfer, re-imports and overlapping files change
 * nothing, an import cut off half way ends where an uninterrupted one ends, and lines are assigned
 * or discarded by the office.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '#core/audit/audit';
import {
  assignLine,
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
    putLine: async (line) => (lines.has(line.id) ? false : (lines.set(line.id, clone(line)), true)),
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
    book: (reference, amount, line) => officeConfirmTransfer(w.deps, reference, amount, OPEN, line),
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
    expect(first.message).toBe('august.csv: 3 lines of money in read; 2 booked, 1 to resolve below, 0 already imported before; 1 line of money out skipped.');
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
    expect(again.message).toMatch(/^august\.csv was imported already \(2024-08-01\): nothing has changed\.$/);
    // The same lines in another file (a later export that overlaps): known, nothing booked again.
    const overlap = await run(deps, csv(`2024-08-05;${usd(total - 5000)};USD;Smith;${short.reference.replace(/-/g, '')}`, `2024-08-07;50.00;USD;Smith;rest of ${short.reference}`), 'september.csv');
    expect(overlap.message).toBe('september.csv: 2 lines of money in read; 1 booked, 0 to resolve below, 1 already imported before; 0 lines of money out skipped.');
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
    expect(rerun.message).toBe('august.csv: 2 lines of money in read; 1 booked, 1 to resolve below, 0 already imported before; 0 lines of money out skipped.');
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
