/**
 * The audit log as the office reads it: one day (China Standard Time), newest first, paged,
 * filtered by the start of the action (`order.`, `transfer.`) and by who acted; or everything
 * about one object (AUDIT#type#id, read directly). An order is named as people name it (its
 * number R24-000123 or its payment reference) or by its id. Reading is all there is: no route
 * changes or deletes an entry.
 */
import type { AuditEntry } from '../audit/audit';
import { invalid, notFound } from '../errors';
import { text } from '../i18n/messages';
import { orderNumber, parseTransferReference } from '../orders/reference';
import { registration2024 } from '../config/conference';
import { cstDate } from '../time';
import type { Page } from './delegates';
import { readOrderSearch } from './order-rows';
import { cstDayParts, normaliseActorFilter } from './search';

export interface AuditLogFilter {
  /** Entries whose action starts with this (`account.`, `order.paid`). */
  actionPrefix?: string;
  /** Entries by this actor: an account id, an address, or a kind (`stripe`, `system`, `command-line`). */
  actor?: string;
}

export interface AuditLogReader {
  /** One day's entries newest first (the day's parts in order), at most `limit` matches a page. */
  dayPage(parts: ReturnType<typeof cstDayParts>, filter: AuditLogFilter, limit: number, cursor?: string): Promise<Page<AuditEntry>>;
  auditOf(type: string, id: string): Promise<AuditEntry[]>;
}

/** An order as the history names it: its id and number. */
export interface AuditOrderNames {
  byReference(reference: string): Promise<{ id: string; order_no: string } | undefined>;
  /** The order's office row (its number), by id. */
  rowOf(id: string): Promise<{ order_no: string } | undefined>;
}

export const AUDIT_PAGE_SIZE = 50;

export const auditLogMessages = {
  badAction: 'An action is written in lower case with dots and underscores, e.g. order. or transfer.confirmed.',
  noOrder: (named: string) => `There is no order ${named}.`,
  badCheckDigit: (named: string) => `There is no order ${named}. A payment reference ends with a check digit: please check it.`,
} as const;
/** The same by their catalog ids (office.json), in the reader's language. */
export const auditLogTexts = {
  noOrder: (named: string) => text('api.office.auditLog.noOrder', { named }),
  badCheckDigit: (named: string) => text('api.office.auditLog.badCheckDigit', { named }),
};

/** Looks like a payment reference (IACR24-000123-7) whatever its check digit says. */
const REFERENCE_SHAPE = new RegExp(`^${registration2024.transferReferencePrefix}-?\\d{6}-?\\d$`, 'i');

export async function readAuditLog(deps: { log: AuditLogReader }, input: { day?: string; action?: string; actor?: string; cursor?: string }, now: Date) {
  const day = input.day || cstDate(now);
  const action = (input.action ?? '').trim().toLowerCase();
  if (action && !/^[a-z_.]{1,60}$/.test(action)) throw invalid(auditLogMessages.badAction, { action: auditLogMessages.badAction });
  const page = await deps.log.dayPage(cstDayParts(day), { actionPrefix: action || undefined, actor: normaliseActorFilter(input.actor) }, AUDIT_PAGE_SIZE, input.cursor);
  return { day, items: page.items, cursor: page.cursor };
}

/** The order the office named: by its number or payment reference (404 when none has it), else by its id. */
async function namedOrder(orders: AuditOrderNames, named: string): Promise<{ id: string; order_no?: string }> {
  const search = readOrderSearch(named);
  if (search.kind === 'reference') {
    const order = await orders.byReference(search.reference);
    // Said back as it was typed: an order number, or a payment reference.
    const typed = /^R?24/i.test(named.trim()) ? orderNumber(parseTransferReference(search.reference)!) : search.reference;
    if (!order) throw notFound(auditLogTexts.noOrder(typed));
    return { id: order.id, order_no: order.order_no };
  }
  if (REFERENCE_SHAPE.test(named.trim())) throw notFound(auditLogTexts.badCheckDigit(named.trim().toUpperCase()));
  const row = await orders.rowOf(named);
  return { id: named, ...(row ? { order_no: row.order_no } : {}) };
}

/** Everything the log says about one object, newest first, and which object that is (an order with its number). */
export async function auditTrail(deps: { log: AuditLogReader; orders: AuditOrderNames }, type: string, id: string) {
  const object = type === 'order' ? { type, ...(await namedOrder(deps.orders, id)) } : { type, id };
  const entries = await deps.log.auditOf(type, object.id);
  return { items: entries.sort((a, b) => b.at.localeCompare(a.at)), object };
}
