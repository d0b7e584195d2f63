/**
 * The office imports the bank statement: each line that brought money is matched to an order
 * by the payment reference in its text and booked through the one path that books a transfer
 * (officeConfirmTransfer, confirm-transfer.ts: what arrived is a payment of that amount; the order is
 * Paid only when covered; a surplus is refunded). Lines that cannot be booked are listed with
 * their reason for an organiser to assign to an order (booked through the same path) or discard.
 *
 * Once only, whatever is re-run or interrupted:
 * - each line is known by a checksum of its content and its occurrence in the file
 *   (`lineIdentities`): a line already stored is never matched again (re-import, overlapping
 *   export);
 * - a line to book is first stored as `booking` with the pending transfer payment it will
 *   confirm; the booking marks that payment with the line (`statement_line`); then the line is
 *   `booked`. A run that finds a line still `booking` looks at that payment: confirmed with this
 *   line's mark means booked (only the line is finished), still pending means book it now; two
 *   runs booking it at once confirm it once (the ledger writes a payment only over the version
 *   read);
 * - an import is known by the hash of its file and mapping, and keeps a cursor: it works through
 *   its lines for a few seconds per request (a Lambda answers in 10 s) and the page sends it
 *   again until it is done; a request cut off half way is simply sent again.
 */
import { auditEntry, type Actor, type AuditEntry } from '../audit/audit';
import { AppError, conflict, invalid, notFound } from '../errors';
import { formatMoney, wireAmount } from '../money';
import type { OrderStore, StoredOrder } from '../orders/ports';
import { parseTransferReference, transferReference } from '../orders/reference';
import { ORDER_STATUS, orderStatusNames } from '../orders/states';
import type { Payment, Subject } from '../payments/model';
import type { Ledger } from '../payments/ports';
import { findReference, parseOrderSearch, type ReferenceFound } from './statement-match';
import { lineIdentities, parseStatement, statementBytes, StatementError, type CsvMapping, type StatementLine } from './statement';

/** Work per request before answering "continuing" (the function's timeout is 10 s). */
export const IMPORT_BUDGET_MS = 5_000;

/** Why a line was not booked when it was read. */
export type LineReason = 'no-reference' | 'check-digit' | 'several-references' | 'unknown-order' | 'not-awaiting' | 'already-paid' | 'cancelled' | 'currency';
export type LineState = 'open' | 'booking' | 'booked' | 'discarded';

export interface StoredLine {
  /** The checksum of the line's content and occurrence. */
  id: string;
  /** The import that first read it. */
  import_id: string;
  row: number;
  date: string;
  amount: number;
  currency: string;
  payer: string;
  text: string;
  state: LineState;
  reason?: LineReason;
  /** What the text held when it was not a valid reference (a wrong check digit), or the references when several. */
  found?: string;
  /** The order it was matched or assigned to (or that its reference names, when that order cannot take it). */
  reference?: string;
  order_no?: string;
  order_id?: string;
  owner_id?: string;
  delegate?: string;
  order_status?: string;
  /** The pending transfer payment it books, and what that payment awaited (cents). */
  payment_id?: string;
  awaited?: number;
  /** Booked: the order's status after, and what the booking said. */
  result?: { status_name: string; message: string };
  assigned?: boolean;
  note?: string;
  resolved_by?: string;
  resolved_at?: string;
  /** The account of its order was deleted: the payer, the text and the delegate's name were emptied (core/accounts/account-copies.ts). */
  account_deleted_at?: string;
  created_at: string;
  updated_at: string;
  version: number;
}

export interface StatementImport {
  id: string;
  file_name: string;
  format: 'csv' | 'camt053';
  /** Lines that brought money, and lines of money out (skipped). */
  lines: number;
  debits: number;
  state: 'running' | 'done';
  /** How many of its lines have been worked through. */
  next_row: number;
  /** Lines stored by this import, and lines another import had stored already. */
  new_lines: number;
  known: number;
  /** Of its own lines: how many were booked, and how many listed to resolve, when it read them. */
  booked: number;
  listed: number;
  created_at: string;
  created_by: string;
  finished_at?: string;
}

export interface StatementStore {
  mapping(): Promise<CsvMapping | undefined>;
  saveMapping(mapping: CsvMapping, audit: AuditEntry): Promise<void>;
  getImport(id: string): Promise<StatementImport | undefined>;
  /** Stores a new import; false when it exists (the same file again). */
  startImport(imp: StatementImport): Promise<boolean>;
  /** Moves the import's cursor and counts, only from the cursor it was read at; with its audit entry when it ends. */
  advanceImport(imp: StatementImport, fromRow: number, audit?: AuditEntry): Promise<boolean>;
  listImports(limit: number): Promise<StatementImport[]>;
  getLine(id: string): Promise<StoredLine | undefined>;
  /** Stores a new line; false when a line with its checksum exists. */
  putLine(line: StoredLine): Promise<boolean>;
  /** Replaces a line over the version read, with an audit entry in the same write; false when it changed. */
  updateLine(line: StoredLine, expectVersion: number, audit?: AuditEntry): Promise<boolean>;
  linesOfImport(importId: string): Promise<StoredLine[]>;
  linesInList(list: LineList, limit: number): Promise<StoredLine[]>;
}

export interface StatementDeps {
  statements: StatementStore;
  orders: Pick<OrderStore, 'findByReference' | 'list' | 'get'>;
  ledger: Pick<Ledger, 'ofSubject' | 'payment'>;
  findAccountByEmail(email: string): Promise<{ id: string } | undefined>;
  /**
   * Books money that arrived for an order: officeConfirmTransfer (confirm-transfer.ts) confirming exactly
   * `line.paymentId` and marking it with the line; audited with the organiser.
   */
  book(reference: string, amount: number, line: { paymentId: string; statementLine: string }): Promise<{ message: string; data?: { status_name?: string } }>;
  /** An Unpaid order's transfer noted by the office (confirm-transfer.ts `noteArrivedTransfer`): its pending payment. */
  awaitTransfer(order: StoredOrder): Promise<Payment | undefined>;
  hash(content: Uint8Array | string): string;
  /** Milliseconds since the request began. */
  elapsedMs(): number;
}

export const statementResultMessages = {
  imported: (name: string, lines: number, booked: number, open: number, known: number, debits: number) =>
    `${name}: ${count(lines, 'line')} of money in read; ${booked} booked, ${open} to resolve below, ${known} already imported before; ${count(debits, 'line')} of money out skipped.`,
  continuing: (done: number, total: number) => `Imported ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} lines so far; continuing...`,
  alreadyImported: (name: string, at: string) => `${name} was imported already (${at.slice(0, 10)}): nothing has changed.`,
  noFile: 'Please choose the bank statement file (CSV or CAMT.053 XML).',
  lineNotFound: 'This statement line was not found.',
  lineResolved: 'This line has been resolved already (booked or discarded). Please reload the page.',
  lineChanged: 'This line was changed by another organiser meanwhile. Please reload the page.',
  importNotFound: 'This import was not found.',
  assigned: (reference: string, message: string) => `Assigned to ${reference}. ${message}`,
  discarded: 'The line is discarded with your note.',
  searchHelp: 'Search by order number (R24-000123), payment reference or the delegate\'s e-mail address.',
  notAssignable: (reason: string) => `This order cannot take the money: ${reason}`,
};

const count = (n: number, what: string) => `${n.toLocaleString('en-US')} ${what}${n === 1 ? '' : 's'}`;

/** Why a line is listed, in the office's words. */
export function reasonText(line: Pick<StoredLine, 'reason' | 'found' | 'reference' | 'order_no' | 'order_status' | 'currency'>): string {
  const order = line.order_no ? `Order ${line.order_no} (${line.reference})` : `The order ${line.reference}`;
  switch (line.reason) {
    case 'no-reference':
      return 'No payment reference in the text.';
    case 'check-digit':
      return `"${line.found}" is not a valid reference: its check digit is wrong or missing (a digit is mistyped).`;
    case 'several-references':
      return `The text names several orders (${line.found}): one transfer for several orders is assigned by hand.`;
    case 'unknown-order':
      return `No order has the reference ${line.reference}.`;
    case 'not-awaiting':
      return `${order} is ${line.order_status ?? 'not waiting'}: no bank transfer is awaited for it now.`;
    case 'already-paid':
      return `${order} is already paid.`;
    case 'cancelled':
      return `${order} is ${line.order_status ?? 'cancelled'}.`;
    case 'currency':
      return `The money arrived in ${line.currency}; orders are paid in USD.`;
    default:
      return '';
  }
}

/** Which of the office's lists a line is in: to resolve, booked with another amount than awaited, booked, discarded. */
export type LineList = 'open' | 'differs' | 'booked' | 'discarded';
export function lineListOf(line: Pick<StoredLine, 'state' | 'amount' | 'awaited'>): LineList {
  if (line.state === 'open' || line.state === 'booking') return 'open';
  if (line.state === 'discarded') return 'discarded';
  return line.awaited !== undefined && line.awaited !== line.amount ? 'differs' : 'booked';
}

/** A line as the office page shows it. */
export function lineView(line: StoredLine) {
  const difference = line.state === 'booked' && line.awaited !== undefined ? line.amount - line.awaited : 0;
  return {
    id: line.id,
    import_id: line.import_id,
    row: line.row,
    date: line.date,
    amount: wireAmount(line.amount),
    currency: line.currency,
    payer: line.payer,
    text: line.text,
    state: line.state,
    reason: line.reason ?? null,
    reason_text: line.reason ? reasonText(line) : null,
    reference: line.reference ?? null,
    order_no: line.order_no ?? null,
    delegate: line.delegate ?? null,
    awaited: line.awaited === undefined ? null : wireAmount(line.awaited),
    /** Booked: what arrived less what the order awaited (negative: short; positive: a surplus, refunded). */
    difference: wireAmount(difference),
    outcome: line.state !== 'booked' ? null : difference < 0 ? 'shortfall' : difference > 0 ? 'surplus' : 'matched',
    status_name: line.result?.status_name ?? line.order_status ?? null,
    message: line.result?.message ?? null,
    assigned: Boolean(line.assigned),
    note: line.note ?? null,
    resolved_by: line.resolved_by ?? null,
    resolved_at: line.resolved_at ?? null,
  };
}
export type StatementLineView = ReturnType<typeof lineView>;

export function importView(imp: StatementImport) {
  return {
    id: imp.id,
    file_name: imp.file_name,
    format: imp.format,
    state: imp.state,
    lines: imp.lines,
    debits: imp.debits,
    done_lines: imp.next_row,
    new_lines: imp.new_lines,
    known: imp.known,
    booked: imp.booked ?? 0,
    listed: imp.listed ?? 0,
    created_at: imp.created_at,
    created_by: imp.created_by,
    finished_at: imp.finished_at ?? null,
  };
}
export type StatementImportView = ReturnType<typeof importView>;

// ---------------------------------------------------------------------------------------------
// Matching a line to an order

type Decision =
  | { state: 'open'; reason: LineReason; found?: string; reference?: string; order?: StoredOrder }
  /** `payment` undefined: an Unpaid order's transfer, noted once the line is stored as booking (settleLine). */
  | { state: 'booking'; order: StoredOrder; payment?: Payment };

const subjectOf = (order: Pick<StoredOrder, 'id' | 'owner_id'>): Subject => ({ kind: 'order', id: order.id, owner_id: order.owner_id });

async function decide(deps: StatementDeps, line: Pick<StatementLine, 'currency'>, found: ReferenceFound): Promise<Decision> {
  if (found.kind === 'none') return { state: 'open', reason: 'no-reference' };
  if (found.kind === 'check-digit') return { state: 'open', reason: 'check-digit', found: found.written };
  if (found.kind === 'several') return { state: 'open', reason: 'several-references', found: found.references.join(', ') };
  const order = await deps.orders.findByReference(found.reference);
  if (!order) return { state: 'open', reason: 'unknown-order', reference: found.reference };
  if (line.currency !== order.currency) return { state: 'open', reason: 'currency', reference: found.reference, order };
  const status = order.payment_status;
  if (status === ORDER_STATUS.paid) return { state: 'open', reason: 'already-paid', reference: order.reference, order };
  if (status === ORDER_STATUS.cancelled || status === ORDER_STATUS.refunding) return { state: 'open', reason: 'cancelled', reference: order.reference, order };
  // Paid without pressing "Done": the money is here; the transfer is noted once the line is stored.
  if (status === ORDER_STATUS.unpaid) return { state: 'booking', order };
  const pending = status === ORDER_STATUS.checking ? (await deps.ledger.ofSubject(subjectOf(order))).payments.find((p) => p.method === 'transfer' && p.state === 'pending') : undefined;
  if (!pending) return { state: 'open', reason: 'not-awaiting', reference: order.reference, order };
  return { state: 'booking', order, payment: pending };
}

const orderFields = (order: StoredOrder | undefined) =>
  order
    ? {
        reference: order.reference,
        order_no: order.order_no,
        order_id: order.id,
        owner_id: order.owner_id,
        delegate: `${order.first_name} ${order.last_name}`.trim(),
        order_status: orderStatusNames[order.payment_status],
      }
    : {};

/** The line as the decision makes it (a new line, or one decided again). */
function applyDecision(line: StoredLine, decision: Decision): StoredLine {
  const { reason: _r, found: _f, payment_id: _p, awaited: _a, result: _res, ...rest } = line;
  if (decision.state === 'open') {
    // Back to the list (an assignment that lost its order meanwhile is no assignment).
    const { assigned: _as, resolved_by: _by, resolved_at: _at, ...listed } = rest;
    return { ...listed, ...orderFields(decision.order), state: 'open', reason: decision.reason, ...(decision.found ? { found: decision.found } : {}), ...(decision.reference ? { reference: decision.reference } : {}) };
  }
  const payment = decision.payment ? { payment_id: decision.payment.id, awaited: decision.payment.amount } : { awaited: decision.order.amount_required };
  return { ...rest, ...orderFields(decision.order), state: 'booking', ...payment, ...(line.reason ? { reason: line.reason } : {}) };
}

const bump = (line: StoredLine, now: Date, set: Partial<StoredLine> = {}): StoredLine => ({ ...line, ...set, version: line.version + 1, updated_at: now.toISOString() });

/**
 * Brings a `booking` line to its end: booked once, or (when its payment was settled otherwise
 * meanwhile, e.g. confirmed by hand) decided again from the order as it is now.
 */
/** Someone else moved the order meanwhile (a checkout paid, the order saved): decided again. */
function ignoreConflict(error: unknown): undefined {
  if (error instanceof AppError && error.kind === 'conflict') return undefined;
  throw error;
}

async function settleLine(deps: StatementDeps, start: StoredLine, now: Date): Promise<StoredLine> {
  let line = start;
  for (let attempt = 1; attempt <= 6 && line.state === 'booking'; attempt++) {
    if (!line.payment_id) {
      // An Unpaid order's line, stored as booking: the transfer is noted now, and booked next.
      const order = await deps.orders.get(line.owner_id!, line.order_id!);
      const noted = order && (await deps.awaitTransfer(order).catch(ignoreConflict));
      const next = noted
        ? bump(line, now, { payment_id: noted.id, awaited: noted.amount })
        : applyDecision(bump(line, now), await decide(deps, line, { kind: 'found', sequence: 0, reference: line.reference! }));
      if (await deps.statements.updateLine(next, line.version)) line = next;
      else line = (await deps.statements.getLine(line.id))!;
      continue;
    }
    const subject = subjectOf({ id: line.order_id!, owner_id: line.owner_id! });
    const payment = await deps.ledger.payment(subject, line.payment_id);
    let result: StoredLine['result'];
    if (payment?.state === 'confirmed' && payment.statement_line === line.id) {
      // Booked by an earlier run that stopped before it could say so.
      const order = await deps.orders.get(line.owner_id!, line.order_id!);
      result = { status_name: order ? orderStatusNames[order.payment_status] : '', message: 'Booked.' };
    } else if (payment?.state === 'pending') {
      try {
        const booked = await deps.book(line.reference!, line.amount, { paymentId: payment.id, statementLine: line.id });
        result = { status_name: booked.data?.status_name ?? '', message: booked.message };
      } catch (error) {
        // Someone else moved the order or its payment meanwhile: look again.
        if (error instanceof AppError && error.kind === 'conflict') continue;
        throw error;
      }
    }
    const next = result
      ? bump(line, now, { state: 'booked', result, order_status: result.status_name })
      : applyDecision(bump(line, now), await decide(deps, line, { kind: 'found', sequence: 0, reference: line.reference! }));
    if (await deps.statements.updateLine(next, line.version)) line = next;
    else line = (await deps.statements.getLine(line.id))!;
  }
  return line;
}

/**
 * One line of a file: stored and matched if new, else left as it is ('known' when another import
 * stored it); with the line's state after.
 */
async function importLine(deps: StatementDeps, importId: string, id: string, read: StatementLine, now: Date): Promise<{ known: boolean; state: LineState }> {
  const existing = await deps.statements.getLine(id);
  if (existing) {
    const line = existing.state === 'booking' ? await settleLine(deps, existing, now) : existing;
    return { known: existing.import_id !== importId, state: line.state };
  }
  const at = now.toISOString();
  const blank: StoredLine = { id, import_id: importId, ...read, state: 'open', created_at: at, updated_at: at, version: 1 };
  const line = applyDecision(blank, await decide(deps, read, findReference(read.text)));
  if (!(await deps.statements.putLine(line))) return importLine(deps, importId, id, read, now);
  return { known: false, state: line.state === 'booking' ? (await settleLine(deps, line, now)).state : line.state };
}

// ---------------------------------------------------------------------------------------------
// The office's actions

const actorName = (actor: Actor) => actor.email ?? actor.id;

function refuse(error: unknown): never {
  if (error instanceof StatementError) {
    throw new AppError(error.kind === 'too_large' ? 'too_large' : 'validation', error.message, { errors: { file: error.message } });
  }
  throw error;
}

const sameMapping = (a: CsvMapping | undefined, b: CsvMapping) =>
  a !== undefined && a.date === b.date && a.amount === b.amount && (a.currency ?? '') === (b.currency ?? '') && a.payer === b.payer && a.reference === b.reference;

async function summary(deps: StatementDeps, imp: StatementImport) {
  const lines = (await deps.statements.linesOfImport(imp.id)).sort((a, b) => a.row - b.row);
  return { import: importView(imp), lines: lines.map(lineView) };
}

/**
 * POST /office/statements: reads the whole file first (any fault refuses it, nothing stored),
 * remembers the CSV mapping, then works through the lines from the import's cursor for up to
 * IMPORT_BUDGET_MS; `import.state` says whether the page must send it again to continue.
 */
export async function importStatement(deps: StatementDeps, actor: Actor, input: { file_name: string; content_base64: string; mapping?: CsvMapping }, now: Date) {
  let parsed;
  let content: Uint8Array;
  try {
    content = statementBytes(input.content_base64);
    parsed = parseStatement(content, input.mapping);
  } catch (error) {
    refuse(error);
  }
  const mapping = parsed.format === 'csv' ? input.mapping : undefined;
  if (mapping) {
    const before = await deps.statements.mapping();
    if (!sameMapping(before, mapping)) {
      await deps.statements.saveMapping(
        mapping,
        auditEntry({ action: 'statement.mapping_saved', actor, at: now, object: { type: 'statement_settings', id: 'csv_mapping' }, before: before ? { ...before } : undefined, after: { ...mapping } }),
      );
    }
  }
  const id = deps.hash(`${parsed.format}\n${JSON.stringify(mapping ?? null)}\n${deps.hash(content)}`);
  const fresh: StatementImport = {
    id,
    file_name: input.file_name.slice(0, 200),
    format: parsed.format,
    lines: parsed.lines.length,
    debits: parsed.debits,
    state: 'running',
    next_row: 0,
    new_lines: 0,
    known: 0,
    booked: 0,
    listed: 0,
    created_at: now.toISOString(),
    created_by: actorName(actor),
  };
  let imp = (await deps.statements.startImport(fresh)) ? fresh : (await deps.statements.getImport(id))!;
  if (imp.state === 'done') return { message: statementResultMessages.alreadyImported(imp.file_name, imp.finished_at ?? imp.created_at), data: await summary(deps, imp) };

  const ids = lineIdentities(parsed.lines).map((identity) => deps.hash(identity));
  const from = imp.next_row;
  let { new_lines: created, known } = imp;
  let booked = imp.booked ?? 0;
  let listed = imp.listed ?? 0;
  let row = from;
  while (row < parsed.lines.length && (row === from || deps.elapsedMs() < IMPORT_BUDGET_MS)) {
    const outcome = await importLine(deps, id, ids[row]!, parsed.lines[row]!, now);
    if (outcome.known) known++;
    else {
      // Counted by what the line was when read (a line of this import read again after an interruption counts again from the cursor).
      created++;
      if (outcome.state === 'booked') booked++;
      else if (outcome.state !== 'discarded') listed++;
    }
    row++;
  }
  const done = row >= parsed.lines.length;
  const next: StatementImport = { ...imp, next_row: row, new_lines: created, known, booked, listed, state: done ? 'done' : 'running', ...(done ? { finished_at: now.toISOString() } : {}) };
  const audit = done
    ? auditEntry({
        action: 'statement.imported',
        actor,
        at: now,
        object: { type: 'statement_import', id },
        after: { file_name: next.file_name, format: next.format, lines: next.lines, debits: next.debits, new_lines: next.new_lines, known: next.known, booked: next.booked, listed: next.listed },
      })
    : undefined;
  // Another request moved the cursor meanwhile (the same file sent twice): its counts stand.
  imp = (await deps.statements.advanceImport(next, from, audit)) ? next : ((await deps.statements.getImport(id)) ?? next);
  const result = await summary(deps, imp);
  if (imp.state !== 'done') return { message: statementResultMessages.continuing(imp.next_row, imp.lines), data: result };
  return {
    message: statementResultMessages.imported(imp.file_name, imp.lines, imp.booked ?? 0, imp.listed ?? 0, imp.known, imp.debits),
    data: result,
  };
}

/** GET /office/statements: the remembered mapping, the imports (newest first), the lines to resolve and those booked with another amount. */
export async function statementOverview(deps: StatementDeps) {
  const [mapping, imports, open, differs] = await Promise.all([
    deps.statements.mapping(),
    deps.statements.listImports(50),
    deps.statements.linesInList('open', 500),
    deps.statements.linesInList('differs', 500),
  ]);
  return {
    mapping: mapping ?? null,
    imports: imports.map(importView),
    open: open.map(lineView),
    differs: differs.map(lineView),
  };
}

/** GET /office/statements/{id}: one import with its lines. */
export async function statementImport(deps: StatementDeps, id: string) {
  const imp = await deps.statements.getImport(id);
  if (!imp) throw notFound(statementResultMessages.importNotFound);
  return summary(deps, imp);
}

/** GET /office/statement_lines/orders?q=: orders a line could be assigned to, by order number, reference or e-mail. */
export async function searchOrdersForLine(deps: StatementDeps, q: string) {
  const term = parseOrderSearch(q);
  let orders: StoredOrder[] = [];
  if (term.kind === 'sequence') {
    const order = await deps.orders.findByReference(transferReference(term.sequence));
    orders = order ? [order] : [];
  } else if (term.kind === 'email') {
    const account = await deps.findAccountByEmail(term.email);
    orders = account ? await deps.orders.list(account.id) : [];
  } else {
    throw invalid(statementResultMessages.searchHelp, { q: statementResultMessages.searchHelp });
  }
  const items = await Promise.all(
    orders
      .sort((a, b) => a.sequence - b.sequence)
      .map(async (order) => {
        const pending =
          order.payment_status === ORDER_STATUS.checking ? (await deps.ledger.ofSubject(subjectOf(order))).payments.find((p) => p.method === 'transfer' && p.state === 'pending') : undefined;
        return {
          reference: order.reference,
          order_no: order.order_no,
          delegate: `${order.first_name} ${order.last_name}`.trim(),
          email: order.owner_email,
          status_name: orderStatusNames[order.payment_status],
          amount_required: wireAmount(order.amount_required),
          awaited: pending ? wireAmount(pending.amount) : null,
          can_assign: Boolean(pending),
        };
      }),
  );
  return { items };
}

async function openLine(deps: StatementDeps, id: string) {
  const line = await deps.statements.getLine(id);
  if (!line) throw notFound(statementResultMessages.lineNotFound);
  return line;
}

/**
 * POST /office/statement_lines/{id}/assign { reference }: books a listed line for the order an
 * organiser chose, through the same path as a matched line (audited as statement.line.assigned,
 * then the ledger's own entries). A line still being booked is finished instead.
 */
export async function assignLine(deps: StatementDeps, actor: Actor, id: string, reference: string, now: Date) {
  const line = await openLine(deps, id);
  if (line.state === 'booking') {
    const settled = await settleLine(deps, line, now);
    return { message: settled.result?.message ?? statementResultMessages.lineChanged, data: lineView(settled) };
  }
  if (line.state !== 'open') throw conflict(statementResultMessages.lineResolved);
  const sequence = parseTransferReference(reference);
  if (sequence === null) throw invalid('This is not a valid payment reference.', { reference: 'This is not a valid payment reference.' });
  const decision = await decide(deps, line, { kind: 'found', sequence, reference: transferReference(sequence) });
  if (decision.state === 'open') {
    throw conflict(statementResultMessages.notAssignable(reasonText({ ...orderFields(decision.order), reason: decision.reason, reference: decision.reference, currency: line.currency })));
  }
  const next = applyDecision(bump(line, now, { assigned: true, resolved_by: actorName(actor), resolved_at: now.toISOString() }), decision);
  const audit = auditEntry({
    action: 'statement.line.assigned',
    actor,
    at: now,
    object: { type: 'statement_line', id },
    before: { state: line.state, reason: line.reason, reference: line.reference },
    after: { state: next.state, reference: next.reference, order_no: next.order_no, amount: wireAmount(line.amount) },
  });
  if (!(await deps.statements.updateLine(next, line.version, audit))) throw conflict(statementResultMessages.lineChanged);
  const settled = await settleLine(deps, next, now);
  if (settled.state !== 'booked') throw conflict(statementResultMessages.notAssignable(reasonText(settled)));
  return { message: statementResultMessages.assigned(settled.reference!, settled.result!.message), data: lineView(settled) };
}

/** POST /office/statement_lines/{id}/discard { note }: a listed line is set aside with why (audited as statement.line.discarded). */
export async function discardLine(deps: StatementDeps, actor: Actor, id: string, note: string, now: Date) {
  const line = await openLine(deps, id);
  if (line.state !== 'open') throw conflict(statementResultMessages.lineResolved);
  const next = bump(line, now, { state: 'discarded', note: note.trim(), resolved_by: actorName(actor), resolved_at: now.toISOString() });
  const audit = auditEntry({
    action: 'statement.line.discarded',
    actor,
    at: now,
    object: { type: 'statement_line', id },
    before: { state: line.state, reason: line.reason },
    after: { state: next.state, note: next.note, amount: wireAmount(line.amount), currency: line.currency },
  });
  if (!(await deps.statements.updateLine(next, line.version, audit))) throw conflict(statementResultMessages.lineChanged);
  return { message: statementResultMessages.discarded, data: lineView(next) };
}

export const describeAmount = (line: Pick<StoredLine, 'amount' | 'currency'>) => (line.currency === 'USD' ? formatMoney(line.amount) : `${line.currency} ${wireAmount(line.amount)}`);
