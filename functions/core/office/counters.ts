/**
 * The office dashboard's numbers, kept as counters (storage/stats.ts) that every write moves in
 * its own transaction, never by scanning the table. Each kind of record says what it contributes
 * in its current state; a write adds `after - before`. The rebuild command sums the same
 * contributions over every record (scripts/office.ts), so live counters and a rebuild agree by
 * construction and a test proves it after a mixed run.
 *
 * Names: `orders.<status>`, `received.<method>`, `refunded`, `transfers.awaited` (count and
 * `transfers.awaited_amount`), `refunds.waiting.<method>`, `accounts.created`,
 * `accounts.activated`, `abstracts.<category>`, `files.<purpose>`; per China Standard Time day
 * `day.<YYYY-MM-DD>.orders` and `day.<YYYY-MM-DD>.received`.
 */
import type { Payment, Refund } from '../payments/model';
import { orderStatusNames, type OrderStatus } from '../orders/states';
import { cstDate } from '../time';

export type Counts = Record<string, number>;

export const DAY_PREFIX = 'day.';

/** A contribution that counts nothing. */
const none: Counts = {};

export function orderStatusCounts(status: OrderStatus): Counts {
  return { [`orders.${orderStatusNames[status].toLowerCase()}`]: 1 };
}

/** An order: its status, and the day it was placed. */
export function orderCounts(order: { payment_status: OrderStatus; created_at: string }): Counts {
  return { ...orderStatusCounts(order.payment_status), [`${DAY_PREFIX}${cstDate(order.created_at)}.orders`]: 1 };
}

/**
 * A payment: money received once confirmed (a refund of it is counted by the refund, so a
 * refunded payment was still received), on the day it was confirmed; a bank transfer the
 * delegate announced is awaited until found.
 */
export function paymentCounts(p: Payment): Counts {
  if (p.state === 'confirmed' || p.state === 'refunded') {
    const day = cstDate(p.confirmed_at ?? p.updated_at);
    return { [`received.${p.method}`]: p.amount, [`${DAY_PREFIX}${day}.received`]: p.amount };
  }
  if (p.state === 'pending' && p.method === 'transfer') return { 'transfers.awaited': 1, 'transfers.awaited_amount': p.amount };
  return none;
}

/** A refund: money given back once done; waiting (for the card provider, or for the office to send a transfer) until then. */
export function refundCounts(r: Refund): Counts {
  if (r.state === 'done') return { refunded: r.amount };
  if (r.state === 'created' || r.state === 'pending') return { [`refunds.waiting.${r.method}`]: 1 };
  return none;
}

/** An account: created; activated once its status is past 0 (portal spec: 1 activated, 2 profile completed). */
export function accountCounts(account: { status: number }): Counts {
  return { 'accounts.created': 1, ...(account.status > 0 ? { 'accounts.activated': 1 } : {}) };
}

export function abstractCounts(abstract: { abstract_category: string }): Counts {
  return { [`abstracts.${abstract.abstract_category}`]: 1 };
}

/** A confirmed file of a purpose (abstract PDF, poster, oral). */
export function fileCounts(file: { purpose: string }): Counts {
  return { [`files.${file.purpose}`]: 1 };
}

/** The kinds of stored record (their `entity`) that count. */
export const countedEntities = ['order', 'payment', 'refund', 'user', 'abstract', 'file'] as const;

/**
 * What a stored record contributes, by its `entity` (the rebuild command's sum over the table);
 * records that count nothing contribute nothing.
 */
export function recordCounts(entity: unknown, record: Record<string, unknown>): Counts {
  switch (entity) {
    case 'order':
      return orderCounts(record as never);
    case 'payment':
      return paymentCounts(record as unknown as Payment);
    case 'refund':
      return refundCounts(record as unknown as Refund);
    case 'user':
      return accountCounts(record as never);
    case 'abstract':
      return abstractCounts(record as never);
    case 'file':
      return fileCounts(record as never);
    default:
      return none;
  }
}

/** What a write moves: `after - before` (either may be absent: created or deleted), zeros left out. */
export function countsDelta(before: Counts | undefined, after: Counts | undefined): Counts {
  const delta: Counts = {};
  for (const [name, n] of Object.entries(after ?? none)) delta[name] = (delta[name] ?? 0) + n;
  for (const [name, n] of Object.entries(before ?? none)) delta[name] = (delta[name] ?? 0) - n;
  return Object.fromEntries(Object.entries(delta).filter(([, n]) => n !== 0));
}

/** Adds `more` into `into` (sums of contributions, and of counter shards). */
export function addCounts(into: Counts, more: Counts): Counts {
  for (const [name, n] of Object.entries(more)) into[name] = (into[name] ?? 0) + n;
  return into;
}

/** Totals and per-day counts as one set of names (`day.<day>.<what>` for the days). */
export function flatCounts(stats: { totals: Counts; days: { day: string; counts: Counts }[] }): Counts {
  const flat: Counts = { ...stats.totals };
  for (const { day, counts } of stats.days) for (const [what, n] of Object.entries(counts)) flat[`${DAY_PREFIX}${day}.${what}`] = n;
  return flat;
}

/** Every counter whose live value differs from the one rebuilt from the records (a missing counter is 0). */
export function countsDiffer(live: Counts, rebuilt: Counts): { name: string; live: number; rebuilt: number }[] {
  const names = [...new Set([...Object.keys(live), ...Object.keys(rebuilt)])].sort();
  return names.map((name) => ({ name, live: live[name] ?? 0, rebuilt: rebuilt[name] ?? 0 })).filter((d) => d.live !== d.rebuilt);
}
