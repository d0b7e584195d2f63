/**
 * The office imports the bank statement: each line that brought money is matched to an order
 * by the payment reference in its text and booked through the one path that books a transfer
 * (officeConfirmTransfer, confirm-transfer.ts: what arrived is a payment of that amount; the order is
 * Paid only when covered; a surplus is refunded). Lines that cannot be booked are listed with
 * their reason for an organiser to assign to an order (booked through the same path) or discard.
 *
 * Once only, whatever is re-run or interrupted, and whatever file a transfer comes in:
 * - each line is known by a checksum of its bank references (or its content) and its occurrence
 *   in the file (`lineIdentities`): a line already stored is never matched again (re-import,
 *   overlapping export);
 * - the same transfer in a file of another format (the day's CSV, then its CAMT.053) is known by
 *   the bank's references the line claims when it is stored, or else HELD for an organiser's
 *   decision when it agrees with a line of another file on date, amount, currency and reference
 *   (line-identity.ts, decision 0036): a line is first stored as `new` with its claims and its
 *   match keys in one write, then it looks for the lines it meets; of two such lines stored at
 *   the same moment, at least one sees the other, so one transfer is never booked twice. The
 *   organiser books a held line as a transfer of its own, or discards it (both audited);
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
import { text } from '../i18n/messages';
import { AppError, conflict, invalid, notFound } from '../errors';
import { formatMoney, wireAmount } from '../money';
import type { OrderStore, StoredOrder } from '../orders/ports';
import { parseTransferReference, transferReference } from '../orders/reference';
import { ORDER_STATUS, orderStatusNames } from '../orders/states';
import type { Payment, Subject } from '../payments/model';
import type { Ledger } from '../payments/ports';
import { findReference, parseOrderSearch, type ReferenceFound } from './statement-match';
import { claimKeys, claimMeansSame, matchKeys, possiblySameTransfer } from './line-identity';
import { lineIdentities, mappingFormat, parseStatement, statementBytes, StatementError, statementLimits, type CsvMapping, type StatementLine, type StatementReader } from './statement';

/** Work per request before answering "continuing" (the function's timeout is 10 s). */
export const IMPORT_BUDGET_MS = 5_000;

/** Why a line was not booked when it was read. */
export type LineReason =
  | 'no-reference'
  | 'check-digit'
  | 'several-references'
  | 'unknown-order'
  | 'not-awaiting'
  | 'already-paid'
  | 'cancelled'
  | 'currency'
  /** It may be a transfer another file brought already (`duplicate_of`): held for an organiser. */
  | 'possible-duplicate';
/** `new`: stored with its claims, not decided yet (a run that stopped there decides it when it meets it again). */
export type LineState = 'new' | 'open' | 'booking' | 'booked' | 'discarded';

/** The line of another file a held line may be the same transfer as. */
export interface DuplicateOf {
  line_id: string;
  import_id: string;
  file_name: string;
  row: number;
  /** What that line is (booked, open, discarded) when this one was held. */
  state: LineState;
  order_no?: string;
}

export interface StoredLine {
  /** The checksum of the line's content and occurrence. */
  id: string;
  /** The import that first read it. */
  import_id: string;
  /** The format of the file that brought it (item 1 of issue 29; lines stored before: unknown). */
  format?: 'csv' | 'camt053';
  row: number;
  date: string;
  value_date?: string;
  amount: number;
  currency: string;
  payer: string;
  text: string;
  /** The bank's own references (CAMT AcctSvcrRef; the CSV's mapped column), normalised; and the less sure ones (EndToEndId, statement/NtryRef). */
  bank_refs?: string[];
  other_refs?: string[];
  state: LineState;
  reason?: LineReason;
  /** Held: the line of another file it may duplicate. */
  duplicate_of?: DuplicateOf;
  /** An organiser looked at it as a possible duplicate and booked it as a transfer of its own. */
  kept_distinct?: { by: string; at: string };
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
  /** Of its own lines: how many were booked, and how many listed to resolve (of them held as possible duplicates), when it read them. */
  booked: number;
  listed: number;
  held?: number;
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
  /**
   * Stores a new line with its claims of bank references and its match keys, in one write:
   * 'exists' when a line with its checksum exists, 'claimed' when another line holds one of its
   * claims (nothing stored then).
   */
  putLine(line: StoredLine, index: { claims: string[]; matches: string[] }): Promise<'stored' | 'exists' | 'claimed'>;
  /** The line that claimed a bank reference (line-identity.ts `claimKeys`). */
  claimOf(key: string): Promise<string | undefined>;
  /** The ids of the lines stored under these match keys (line-identity.ts `matchKeys`). */
  linesMatching(keys: string[]): Promise<string[]>;
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
  /** The CSV and XML libraries that read the file (lib/statements/statement-reader.ts). */
  reader: StatementReader;
  /** Milliseconds since the request began. */
  elapsedMs(): number;
}

export const statementResultMessages = {
  imported: (name: string, lines: number, booked: number, open: number, known: number, debits: number, held = 0) =>
    `${name}: ${count(lines, 'line')} of money in read; ${booked} booked, ${open} to resolve below${held === 1 ? ' (1 of them a possible duplicate of a line of another file)' : held > 1 ? ` (${held} of them possible duplicates of lines of other files)` : ''}, ${known} already imported before; ${count(debits, 'line')} of money out skipped.`,
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
  decideDuplicateFirst: 'This line may be a transfer another file brought already: book it as a transfer of its own or discard it first.',
  notHeld: 'This line is not held as a possible duplicate (any more). Please reload the page.',
  keptBooked: (message: string) => `Booked as a transfer of its own. ${message}`,
  keptListed: (reason: string) => `Kept as a transfer of its own; it is listed to resolve: ${reason}`,
};

const count = (n: number, what: string) => `${n.toLocaleString('en-US')} ${what}${n === 1 ? '' : 's'}`;

/** Why a line is listed, in the office's words. */
export function reasonText(line: Pick<StoredLine, 'reason' | 'found' | 'reference' | 'order_no' | 'order_status' | 'currency' | 'duplicate_of'>): string {
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
    case 'possible-duplicate': {
      const d = line.duplicate_of;
      const what = !d ? '' : d.state === 'booked' ? `, booked${d.order_no ? ` to ${d.order_no}` : ''}` : d.state === 'discarded' ? ', which was discarded' : '';
      return `Possible duplicate of line ${d?.row ?? '?'} of ${d?.file_name || 'another file'}${what}: the same date, amount, currency and reference. Book it if it is a transfer of its own; discard it if it is the same one.`;
    }
    default:
      return '';
  }
}

/** Which of the office's lists a line is in: to resolve, booked with another amount than awaited, booked, discarded. */
export type LineList = 'open' | 'differs' | 'booked' | 'discarded';
export function lineListOf(line: Pick<StoredLine, 'state' | 'amount' | 'awaited'>): LineList {
  if (line.state === 'open' || line.state === 'booking' || line.state === 'new') return 'open';
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
    value_date: line.value_date ?? null,
    bank_refs: line.bank_refs ?? [],
    format: line.format ?? null,
    state: line.state,
    /** Held as a possible duplicate of `duplicate_of`: the organiser books it or discards it. */
    held: line.state === 'open' && line.reason === 'possible-duplicate',
    duplicate_of: line.duplicate_of ?? null,
    kept_distinct: line.kept_distinct ?? null,
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
    held: imp.held ?? 0,
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

/** The line of another file this one may duplicate (a booked one first: it is what would be booked twice), or none. */
async function twinOf(deps: StatementDeps, line: StoredLine): Promise<StoredLine | undefined> {
  const ids = (await deps.statements.linesMatching(matchKeys(line))).filter((id) => id !== line.id);
  const others = (await Promise.all([...new Set(ids)].map((id) => deps.statements.getLine(id)))).filter((o): o is StoredLine => o !== undefined && possiblySameTransfer(line, o));
  return others.sort((a, b) => Number(b.state === 'booked') - Number(a.state === 'booked') || a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id))[0];
}

/**
 * Decides a `new` line: held when it meets a line of another file that may be the same
 * transfer, else matched to its order as always. A run that loses the write to another one
 * carries on from what that one decided.
 */
async function classify(deps: StatementDeps, start: StoredLine, now: Date): Promise<StoredLine> {
  let line = start;
  for (let attempt = 1; attempt <= 6 && line.state === 'new'; attempt++) {
    const twin = await twinOf(deps, line);
    let next: StoredLine;
    if (twin) {
      const file = (await deps.statements.getImport(twin.import_id))?.file_name ?? '';
      const duplicate_of: DuplicateOf = { line_id: twin.id, import_id: twin.import_id, file_name: file, row: twin.row, state: twin.state, ...(twin.order_no ? { order_no: twin.order_no } : {}) };
      next = bump(line, now, { state: 'open', reason: 'possible-duplicate', duplicate_of });
    } else next = applyDecision(bump(line, now), await decide(deps, line, findReference(line.text)));
    if (await deps.statements.updateLine(next, line.version)) line = next;
    else line = (await deps.statements.getLine(line.id))!;
  }
  return line;
}

/** A stored line brought as far as it can go: a `new` one decided, a `booking` one booked. */
async function carryOn(deps: StatementDeps, line: StoredLine, now: Date): Promise<StoredLine> {
  const decided = line.state === 'new' ? await classify(deps, line, now) : line;
  return decided.state === 'booking' ? settleLine(deps, decided, now) : decided;
}

/**
 * One line of a file: stored and matched if new, else left as it is ('known' when another import
 * stored it, or when a line of another file claimed its bank reference: the same transfer); with
 * the line's state after.
 */
async function importLine(deps: StatementDeps, imp: StatementImport, id: string, read: StatementLine, now: Date, depth = 0): Promise<{ known: boolean; state: LineState; held: boolean }> {
  const outcome = (line: StoredLine, known: boolean) => ({ known, state: line.state, held: line.reason === 'possible-duplicate' && line.state === 'open' });
  const existing = await deps.statements.getLine(id);
  if (existing) return outcome(await carryOn(deps, existing, now), existing.import_id !== imp.id);
  const claims: string[] = [];
  for (const key of claimKeys(read)) {
    const holder = await deps.statements.claimOf(key);
    const other = holder === undefined ? undefined : await deps.statements.getLine(holder);
    if (!other) claims.push(key);
    // The bank's reference, with this amount and date, in another file: this very transfer.
    else if (other.import_id !== imp.id && claimMeansSame(read, other)) return outcome(await carryOn(deps, other, now), true);
    // Two entries of one file under one reference (the file lists them as two), or a payer's
    // reference used again for another order: not this claim, the line goes on without it.
  }
  const at = now.toISOString();
  const line: StoredLine = { id, import_id: imp.id, format: imp.format, ...read, state: 'new', created_at: at, updated_at: at, version: 1 };
  const stored = await deps.statements.putLine(line, { claims, matches: matchKeys(read) });
  // Stored or claimed by another request meanwhile: looked at again (a write that lost is never repeated blindly).
  if (stored !== 'stored') {
    if (depth > 5) throw conflict(statementResultMessages.lineChanged);
    return importLine(deps, imp, id, read, now, depth + 1);
  }
  return outcome(await carryOn(deps, line, now), false);
}

// ---------------------------------------------------------------------------------------------
// The office's actions

const actorName = (actor: Actor) => actor.email ?? actor.id;

function refuse(error: unknown): never {
  if (error instanceof StatementError) {
    // The message in the reader's language (by its catalog id when it has values); the field's error stays the English words.
    throw new AppError(error.kind === 'too_large' ? 'too_large' : 'validation', error.text ?? error.message, { errors: { file: error.message } });
  }
  throw error;
}

const mappingKeys = ['date', 'amount', 'currency', 'payer', 'reference', 'bank_reference', 'decimal', 'grouping'] as const;
const sameMapping = (a: CsvMapping | undefined, b: CsvMapping) => a !== undefined && mappingKeys.every((k) => (a[k] ?? '') === (b[k] ?? ''));

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
    parsed = parseStatement(content, input.mapping, deps.reader);
  } catch (error) {
    refuse(error);
  }
  const before = parsed.format === 'csv' ? await deps.statements.mapping() : undefined;
  // Remembered with the amount format its amounts were read in (or, when they showed none, the one remembered).
  const format = parsed.amount_format ?? mappingFormat(before);
  const mapping = parsed.format === 'csv' && input.mapping ? { ...input.mapping, ...(format ? { decimal: format.decimal, grouping: format.grouping } : {}) } : undefined;
  if (mapping) {
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
    held: 0,
    created_at: now.toISOString(),
    created_by: actorName(actor),
  };
  let imp = (await deps.statements.startImport(fresh)) ? fresh : (await deps.statements.getImport(id))!;
  if (imp.state === 'done') return { message: text('api.office.import.alreadyImported', { name: imp.file_name, day: (imp.finished_at ?? imp.created_at).slice(0, 10) }), data: await summary(deps, imp) };

  const ids = lineIdentities(parsed.lines).map((identity) => deps.hash(identity));
  const from = imp.next_row;
  let { new_lines: created, known } = imp;
  let booked = imp.booked ?? 0;
  let listed = imp.listed ?? 0;
  let held = imp.held ?? 0;
  let row = from;
  while (row < parsed.lines.length && (row === from || deps.elapsedMs() < IMPORT_BUDGET_MS)) {
    const outcome = await importLine(deps, imp, ids[row]!, parsed.lines[row]!, now);
    if (outcome.known) known++;
    else {
      // Counted by what the line was when read (a line of this import read again after an interruption counts again from the cursor).
      created++;
      if (outcome.state === 'booked') booked++;
      else if (outcome.state !== 'discarded') listed++;
      if (outcome.held) held++;
    }
    row++;
  }
  const done = row >= parsed.lines.length;
  const next: StatementImport = { ...imp, next_row: row, new_lines: created, known, booked, listed, held, state: done ? 'done' : 'running', ...(done ? { finished_at: now.toISOString() } : {}) };
  const audit = done
    ? auditEntry({
        action: 'statement.imported',
        actor,
        at: now,
        object: { type: 'statement_import', id },
        after: { file_name: next.file_name, format: next.format, lines: next.lines, debits: next.debits, new_lines: next.new_lines, known: next.known, booked: next.booked, listed: next.listed, held: next.held },
      })
    : undefined;
  // Another request moved the cursor meanwhile (the same file sent twice): its counts stand.
  imp = (await deps.statements.advanceImport(next, from, audit)) ? next : ((await deps.statements.getImport(id)) ?? next);
  const result = await summary(deps, imp);
  if (imp.state !== 'done') return { message: text('api.office.import.continuing', { done: imp.next_row, total: imp.lines }), data: result };
  return {
    // The words of statementResultMessages.imported, in the reader's language.
    message: text('api.office.import.imported', { name: imp.file_name, lines: imp.lines, booked: imp.booked ?? 0, open: imp.listed ?? 0, known: imp.known, debits: imp.debits, held: imp.held ?? 0 }),
    data: result,
  };
}

/** GET /office/statements: the remembered mapping, the imports (newest first), the lines to resolve and those booked with another amount. */
export async function statementOverview(deps: StatementDeps) {
  const [mapping, imports, open, differs] = await Promise.all([
    deps.statements.mapping(),
    deps.statements.listImports(statementLimits.importsListed),
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

/** A line an organiser acts on (one a run left `new` is decided first). */
async function openLine(deps: StatementDeps, id: string, now: Date) {
  const line = await deps.statements.getLine(id);
  if (!line) throw notFound(statementResultMessages.lineNotFound);
  return line.state === 'new' ? classify(deps, line, now) : line;
}

/**
 * POST /office/statement_lines/{id}/assign { reference }: books a listed line for the order an
 * organiser chose, through the same path as a matched line (audited as statement.line.assigned,
 * then the ledger's own entries). A line still being booked is finished instead.
 */
export async function assignLine(deps: StatementDeps, actor: Actor, id: string, reference: string, now: Date) {
  const line = await openLine(deps, id, now);
  if (line.state === 'booking') {
    const settled = await settleLine(deps, line, now);
    return { message: settled.result?.message ?? statementResultMessages.lineChanged, data: lineView(settled) };
  }
  if (line.state !== 'open') throw conflict(statementResultMessages.lineResolved);
  if (line.reason === 'possible-duplicate') throw conflict(statementResultMessages.decideDuplicateFirst);
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
  const line = await openLine(deps, id, now);
  if (line.state !== 'open') throw conflict(statementResultMessages.lineResolved);
  const next = bump(line, now, { state: 'discarded', note: note.trim(), resolved_by: actorName(actor), resolved_at: now.toISOString() });
  const audit = auditEntry({
    action: 'statement.line.discarded',
    actor,
    at: now,
    object: { type: 'statement_line', id },
    before: { state: line.state, reason: line.reason, ...(line.duplicate_of ? { duplicate_of: line.duplicate_of.line_id } : {}) },
    after: { state: next.state, note: next.note, amount: wireAmount(line.amount), currency: line.currency },
  });
  if (!(await deps.statements.updateLine(next, line.version, audit))) throw conflict(statementResultMessages.lineChanged);
  return { message: statementResultMessages.discarded, data: lineView(next) };
}

export const describeAmount = (line: Pick<StoredLine, 'amount' | 'currency'>) => (line.currency === 'USD' ? formatMoney(line.amount) : `${line.currency} ${wireAmount(line.amount)}`);

/**
 * POST /office/statement_lines/{id}/book: a line held as a possible duplicate is a transfer of
 * its own, the organiser says: it is matched and booked as any line (or listed with its reason),
 * the decision kept on the line (`kept_distinct`, which the reconciliation respects) and audited
 * as statement.line.kept_distinct. The other answer is to discard it (discardLine).
 */
export async function bookHeldLine(deps: StatementDeps, actor: Actor, id: string, now: Date) {
  const line = await openLine(deps, id, now);
  if (line.state !== 'open' || line.reason !== 'possible-duplicate') throw conflict(line.state === 'open' ? statementResultMessages.notHeld : statementResultMessages.lineResolved);
  const kept = { by: actorName(actor), at: now.toISOString() };
  const decision = await decide(deps, line, findReference(line.text));
  const next = applyDecision(bump(line, now, { kept_distinct: kept }), decision);
  const audit = auditEntry({
    action: 'statement.line.kept_distinct',
    actor,
    at: now,
    object: { type: 'statement_line', id },
    before: { state: line.state, reason: line.reason, duplicate_of: line.duplicate_of?.line_id },
    after: { state: next.state, reason: next.reason, reference: next.reference, order_no: next.order_no, amount: wireAmount(line.amount), currency: line.currency },
  });
  if (!(await deps.statements.updateLine(next, line.version, audit))) throw conflict(statementResultMessages.lineChanged);
  const settled = next.state === 'booking' ? await settleLine(deps, next, now) : next;
  if (settled.state === 'booked') return { message: statementResultMessages.keptBooked(settled.result!.message), data: lineView(settled) };
  return { message: statementResultMessages.keptListed(reasonText(settled)), data: lineView(settled) };
}
