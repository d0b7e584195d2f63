/**
 * The office's orders: the paged table (filters and search, core/office/order-rows.ts) and one
 * order in full, with its money, its passport scan and its audit trail. Reads only: every action
 * on an order goes through the orders and payments modules' own use cases.
 */
import type { AuditEntry } from '../audit/audit';
import { invalid, notFound } from '../errors';
import { formatMoney, wireAmount } from '../money';
import { formatCstInstant } from '../time';
import type { StoredOrder } from '../orders/ports';
import { orderActions, orderStatusNames } from '../orders/states';
import { cancellationPreview } from '../orders/cancellation-preview';
import { refundableOf } from '../payments/refunds';
import type { SubjectLedger } from '../payments/ports';
import type { OrderDocumentsShown } from '../documents/order-documents';
import { orderRow, readOrderSearch, type OrderRow } from './order-rows';
import { resendableMails } from './resend-order-mail';
import { cursorMessage, type OrderFilter } from './schemas';
import { attendanceMarking } from './attendance';
import { awaitedByOffice } from './confirm-transfer';
import { retryPlan } from './retry-refund';

export const officeOrderMessages = {
  staleCursor: cursorMessage,
  notFound: 'No such order.',
  moneyWithSearch: 'The partially paid and overpaid lists cannot be searched: clear the search, or choose another filter.',
  deletedAccount: (orderNo: string) => `Deleted account, order ${orderNo}`,
  deletedAccountNote: (at: string) =>
    `The delegate deleted their account on ${at}. The order is kept for accounting without their personal data (names, addresses, passport), so no mail can be sent about it and attendance is no longer recorded.`,
} as const;

/**
 * Who the order is for, as the office's heading names it: the delegate and the address, or, for
 * an order kept after its account was deleted (nobody's name left), that and the order number.
 */
export function officeOrderHeading(order: Pick<StoredOrder, 'first_name' | 'last_name' | 'owner_email' | 'order_no' | 'anonymised_at'>): string {
  if (order.anonymised_at) return officeOrderMessages.deletedAccount(order.order_no);
  const name = [order.first_name, order.last_name].filter(Boolean).join(' ');
  return order.owner_email ? `${name || '(no name)'} (${order.owner_email})` : name || order.order_no;
}

/** "Paid, not confirmed": the delegate says the transfer is made, the office has not found it (Checking). */
const listOf = (filter: OrderFilter) => (filter === 'money:unconfirmed' ? 'status:2' : filter);

export interface OfficeOrderReads {
  rowPage(list: string, options: { prefix?: string; cursor?: string; limit: number }): Promise<{ rows: OrderRow[]; next: string | null; itemsRead: number } | 'invalid-cursor'>;
  findByReference(reference: string): Promise<StoredOrder | undefined>;
  /** The order's row as its lists hold it (its owner is in it), by order id. */
  rowOf(orderId: string): Promise<OrderRow | undefined>;
  get(ownerId: string, id: string): Promise<StoredOrder | undefined>;
  ledger(order: StoredOrder): Promise<SubjectLedger>;
  /** The entries about each object, oldest first. */
  audit(objects: { type: string; id: string }[]): Promise<AuditEntry[]>;
  passport(order: StoredOrder): Promise<{ name: string; url: string } | null>;
  /** The order's receipts and credit notes as issued, and whether one is still being issued (read only: core/documents/order-documents.ts). */
  documents(order: StoredOrder, ledger: SubjectLedger): Promise<OrderDocumentsShown>;
  /** How many orders a list holds. */
  countList(list: string): Promise<number>;
  /** How many orders a money list names (each once, however many of its records put it there). */
  countMoneyList(list: string): Promise<number>;
  /** Every row of a search's list (its key starting with `prefix`): a search names few orders. */
  searchRows(list: string, prefix?: string): Promise<OrderRow[]>;
}

/** A row matches a filter (a search's rows are filtered on the page: a search names few orders). */
function matches(row: OrderRow, filter: OrderFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'visa') return row.visa;
  if (filter === 'hotel') return row.hotel;
  if (filter === 'local-check') return row.local_check;
  const [kind, value] = listOf(filter).split(':') as [string, string];
  if (kind === 'status') return row.status === Number(value);
  if (kind === 'method') return row.payment_method === value;
  return row.rate === Number(value);
}

/**
 * How many orders the table shows for `filter` and the search, over all its pages (issue 29,
 * item 23): the list's items counted (a name is in a name list twice, given-family and
 * family-given: counted once), a search's rows filtered as its pages are.
 */
export async function countOfficeOrders(deps: OfficeOrderReads, query: { filter: OrderFilter; q: string }): Promise<number> {
  const search = readOrderSearch(query.q);
  if (search.kind !== 'none' && (query.filter === 'money:partial' || query.filter === 'money:overpaid')) throw invalid(officeOrderMessages.moneyWithSearch, { filter: officeOrderMessages.moneyWithSearch });
  if (search.kind === 'reference') {
    const order = await deps.findByReference(search.reference);
    return order && matches(orderRow(order), query.filter) ? 1 : 0;
  }
  if (search.kind === 'list') {
    const rows = (await deps.searchRows(search.list, search.prefix)).filter((r) => matches(r, query.filter));
    return new Set(rows.map((r) => r.id)).size;
  }
  const list = listOf(query.filter);
  return list.startsWith('money:') ? deps.countMoneyList(list) : deps.countList(list);
}

/** GET /office/orders: one page of the table; with count=1 also its total over all the pages. */
export async function listOfficeOrders(deps: OfficeOrderReads, query: { filter: OrderFilter; q: string; cursor?: string; limit: number; count?: string }) {
  if (!query.count) return officeOrdersPage(deps, query);
  const [page, total] = await Promise.all([officeOrdersPage(deps, query), countOfficeOrders(deps, query)]);
  return { ...page, total };
}

async function officeOrdersPage(deps: OfficeOrderReads, query: { filter: OrderFilter; q: string; cursor?: string; limit: number }) {
  const search = readOrderSearch(query.q);
  // Those lists are kept by the ledger's records, not in the row: a search's rows cannot be filtered by them.
  if (search.kind !== 'none' && (query.filter === 'money:partial' || query.filter === 'money:overpaid')) throw invalid(officeOrderMessages.moneyWithSearch, { filter: officeOrderMessages.moneyWithSearch });
  if (search.kind === 'reference') {
    const order = await deps.findByReference(search.reference);
    const rows = order ? [orderRow(order)].filter((r) => matches(r, query.filter)) : [];
    return { rows, next: null, items_read: order ? 2 : 1, search: 'reference' as const };
  }
  const page =
    search.kind === 'list'
      ? await deps.rowPage(search.list, { prefix: search.prefix, cursor: query.cursor, limit: query.limit })
      : await deps.rowPage(listOf(query.filter), { cursor: query.cursor, limit: query.limit });
  if (page === 'invalid-cursor') throw invalid(officeOrderMessages.staleCursor, { cursor: officeOrderMessages.staleCursor });
  const rows = search.kind === 'list' ? page.rows.filter((r) => matches(r, query.filter)) : page.rows;
  return { rows, next: page.next, items_read: page.itemsRead, search: search.kind === 'list' ? (search.prefix ? ('name' as const) : ('email' as const)) : null };
}

const money = (cents: number) => wireAmount(cents);

/**
 * An order's balance (what it holds less what it costs; a cancelled order costs nothing) as the
 * office reads it: what is still to pay, what is to give back, or settled.
 */
export function balanceText(balance: number): string {
  if (balance < 0) return `${formatMoney(-balance)} still to pay`;
  if (balance > 0) return `${formatMoney(balance)} more than the order costs: to give back`;
  return 'settled';
}

export async function officeOrder(deps: OfficeOrderReads, orderId: string, now: Date) {
  const row = await deps.rowOf(orderId);
  const order = row && (await deps.get(row.owner_id, orderId));
  if (!order) throw notFound(officeOrderMessages.notFound);
  const [ledger, passport] = await Promise.all([deps.ledger(order), deps.passport(order)]);
  const shown = await deps.documents(order, ledger);
  // The order's trail is its own entries and those of its payments and refunds.
  const audit = await deps.audit([
    { type: 'order', id: order.id },
    ...ledger.payments.map((p) => ({ type: 'payment', id: p.id })),
    ...ledger.refunds.map((r) => ({ type: 'refund', id: r.id })),
  ]);
  const received = ledger.payments.filter((p) => p.state === 'confirmed' || p.state === 'refunded').reduce((s, p) => s + p.amount, 0);
  const refunded = ledger.refunds.filter((r) => r.state === 'done').reduce((s, r) => s + r.amount, 0);
  const balance = received - refunded - (order.payment_status === -1 ? 0 : order.amount_required);
  const awaited = awaitedByOffice(order, ledger);
  const retry = retryPlan(order, ledger);
  return {
    order: { ...order, status_name: orderStatusNames[order.payment_status], amount: money(order.amount_required) },
    /** Whom the order is for, for the page's heading (core: `officeOrderHeading`). */
    heading: officeOrderHeading(order),
    /** Kept after its account was deleted: no mail, no attendance (what is about the person is gone). */
    account_deleted: order.anonymised_at ? { at: order.anonymised_at, note: officeOrderMessages.deletedAccountNote(formatCstInstant(order.anonymised_at)) } : null,
    row: orderRow(order),
    money: { required: money(order.amount_required), received: money(received), refunded: money(refunded), balance: money(balance), balance_text: balanceText(balance) },
    payments: ledger.payments.map((p) => ({ id: p.id, method: p.method, state: p.state, amount: money(p.amount), created_at: p.created_at, confirmed_at: p.confirmed_at ?? null, surplus: p.surplus ?? null })),
    refunds: ledger.refunds.map((r) => ({ id: r.id, method: r.method, state: r.state, amount: money(r.amount), reason: r.reason, requested_by: r.requested_by, created_at: r.created_at, done_at: r.done_at ?? null, failure_reason: r.failure_reason ?? null, note: r.note ?? null })),
    audit: [...audit].reverse(),
    passport,
    documents: shown.documents,
    /** The ledger calls for a receipt or credit note the money-events worker has not issued yet. */
    documents_being_issued: shown.being_issued,
    /** What cancelling would refund now (the delegate's policy), when the order can be cancelled. */
    cancellation: cancellationPreview(order, ledger, now),
    /** The order's mails the office can send again. */
    mails: resendableMails(order, ledger),
    /** The most another refund can be: what the order's payments can still give back. */
    refundable: money(refundableOf(ledger.payments, ledger.refunds)),
    can_cancel: orderActions(order.payment_status, Boolean(order.refund_failed_at)).cancel && !order.refund_failed_at,
    /** What a transfer confirmed now is measured against (confirm-transfer.ts), or null: none can be confirmed. */
    transfer_awaited: awaited === null ? null : money(awaited),
    /** What "Try the refund again" would do now (retry-refund.ts), or null: nothing to try. */
    retry_refund: retry && { kind: retry.kind, amount: money(retry.amount), method: retry.method },
    /** Whether attendance can be marked now, which choices, and if none, why (attendance.ts: the rule markAttendance applies). */
    attendance_marking: attendanceMarking(order, now),
  };
}
