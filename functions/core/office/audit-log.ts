/**
 * The audit log as the office reads it: one day (China Standard Time), newest first, paged,
 * filtered by the start of the action (`order.`, `transfer.`) and by who acted; or everything
 * about one object (AUDIT#type#id, read directly). Reading is all there is: no route changes or
 * deletes an entry.
 */
import type { AuditEntry } from '../audit/audit';
import { invalid } from '../errors';
import { cstDate } from '../time';
import type { Page } from './delegates';
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

export const AUDIT_PAGE_SIZE = 50;

export const auditLogMessages = {
  badAction: 'An action is written in lower case with dots and underscores, e.g. order. or transfer.confirmed.',
} as const;

export async function readAuditLog(deps: { log: AuditLogReader }, input: { day?: string; action?: string; actor?: string; cursor?: string }, now: Date) {
  const day = input.day || cstDate(now);
  const action = (input.action ?? '').trim().toLowerCase();
  if (action && !/^[a-z_.]{1,60}$/.test(action)) throw invalid(auditLogMessages.badAction, { action: auditLogMessages.badAction });
  const page = await deps.log.dayPage(cstDayParts(day), { actionPrefix: action || undefined, actor: normaliseActorFilter(input.actor) }, AUDIT_PAGE_SIZE, input.cursor);
  return { day, items: page.items, cursor: page.cursor };
}

/** Everything the log says about one object, newest first. */
export async function auditTrail(deps: { log: AuditLogReader }, type: string, id: string) {
  const entries = await deps.log.auditOf(type, id);
  return { items: entries.sort((a, b) => b.at.localeCompare(a.at)) };
}
