/**
 * The office's order table: what each order contributes to the lists the office pages through,
 * and how a search is read. DynamoDB has no full-text search, so every filter and every search
 * is one list an order is written into when it changes (storage/order-rows.ts keeps them, in the
 * order's own transaction), read newest first, a page at a time:
 *
 *   all orders, by status, by payment method, by rate, visa needed, hotel needed, Local rate to
 *   check (country not China), exact e-mail (the account's and the order's contact), and names
 *   by prefix (first-last and last-first, normalised); an order number or payment reference is
 *   an exact key (the byReference index).
 *
 * Each list entry carries the whole row, so a page of 25 rows reads about 25 items.
 */
import { registration2024 } from '../config/conference';
import { ORDER_STATUS, orderStatusNames, type OrderStatus } from '../orders/states';
import type { Fapiao } from '../orders/fapiao';
import { chineseName } from '../orders/chinese-names';
import type { StoredOrder } from '../orders/ports';
import { parseTransferReference, transferReference } from '../orders/reference';
import { roomFields } from '../orders/form-fields';
import { wireAmount } from '../money';
import { nameKeys, normaliseName } from '../accounts/name-key';
import type { Payment, Refund } from '../payments/model';
import { inVisaQueue, visaReviewOf } from '../orders/visa-review';
import { hasTickets, ticketsOf } from '../checkin/tickets';

/** The list of orders with tickets, by their last change (the doors' devices sync from it). */
export const TICKETS_LIST = 'tickets';

/** The one country whose delegates the Local rate is for (docs/decisions/0017-the-offices-dashboard-and-orders-table.md, "Local rate"). */
export const LOCAL_RATE_COUNTRY = 'China';
const LOCAL_RATE = registration2024.rates.find((r) => r.id === 'local')!.value;

export const orderFilters = {
  status: (s: OrderStatus) => `status:${s}`,
  method: (m: 'card' | 'transfer') => `method:${m}`,
  rate: (r: number) => `rate:${r}`,
  visa: 'visa',
  hotel: 'hotel',
  localCheck: 'local-check',
  all: 'all',
  partial: 'money:partial',
  overpaid: 'money:overpaid',
  /** Paid orders whose fapiao the finance office is to issue (oldest request first), and those issued. */
  fapiaoRequested: 'fapiao:requested',
  fapiaoIssued: 'fapiao:issued',
} as const;

/**
 * The money lists an order is in because of one of its ledger records (written in the ledger
 * write of that record, so each is a function of the record alone): "partially paid" while a
 * transfer for the rest of a part that arrived is awaited; "overpaid" while money that arrived
 * beyond what the order costs (a surplus refund) has not gone back.
 */
export function moneyListOf(record: Payment | Refund): { list: string; on: boolean } | null {
  if ('payment_id' in record) return record.reason === 'surplus' ? { list: orderFilters.overpaid, on: record.state !== 'done' } : null;
  return record.rest_of ? { list: orderFilters.partial, on: record.state === 'pending' } : null;
}

export const needsHotel = (o: Pick<StoredOrder, (typeof roomFields)[number]>) => roomFields.some((f) => Number(o[f] ?? 0) > 0);
export const localRateToCheck = (o: Pick<StoredOrder, 'rate' | 'primary_address_country'>) => o.rate === LOCAL_RATE && o.primary_address_country !== LOCAL_RATE_COUNTRY;

/** The fapiao list the order is in: requested while paid and not issued; issued whatever the order became (a cancelled order's fapiao is the finance office's to reverse). */
export function fapiaoListOf(o: Pick<StoredOrder, 'fapiao' | 'payment_status'>): string | null {
  if (!o.fapiao) return null;
  if (o.fapiao.issued) return orderFilters.fapiaoIssued;
  return o.payment_status === ORDER_STATUS.paid ? orderFilters.fapiaoRequested : null;
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The row the office's table shows (and every list entry carries). */
export interface OrderRow {
  id: string;
  owner_id: string;
  order_no: string;
  reference: string;
  first_name: string;
  last_name: string;
  email: string;
  country: string;
  status: OrderStatus;
  status_name: string;
  amount: string;
  payment_method: 'card' | 'transfer' | null;
  rate: number;
  visa: boolean;
  hotel: boolean;
  local_check: boolean;
  created_at: string;
  /** The order's version when the row was written (an action from a list is written over it). */
  updated_at?: string;
  /** The fapiao asked for on the order (core/orders/fapiao.ts), if any. */
  fapiao?: Fapiao | null;
  /** The name in Chinese characters, family name first (王小明), if given. */
  chinese_name?: string | null;
}

export function orderRow(o: StoredOrder): OrderRow {
  return {
    id: o.id,
    owner_id: o.owner_id,
    order_no: o.order_no,
    reference: o.reference,
    first_name: o.first_name,
    last_name: o.last_name,
    email: o.owner_email,
    country: o.primary_address_country,
    status: o.payment_status,
    status_name: orderStatusNames[o.payment_status],
    amount: wireAmount(o.amount_required),
    payment_method: o.payment_method,
    rate: o.rate,
    visa: o.visa_required === 1,
    hotel: needsHotel(o),
    local_check: localRateToCheck(o),
    created_at: o.created_at,
    updated_at: o.updated_at,
    fapiao: o.fapiao ?? null,
    chinese_name: chineseName(o),
  };
}

/**
 * An order's entry in one list. `byWriteTime`: the list is read by position since a reader's last
 * read (the doors' devices), so storage puts the moment of the write before `sort` (positions only
 * grow); the order's version would not do, being the portal's clock, which tests pin to any day.
 */
export interface OrderListEntry {
  list: string | null;
  sort: string;
  byWriteTime?: true;
  data?: Record<string, unknown>;
}

/**
 * Every list the order is in, by its slot: one entry per slot and order, so a change moves the
 * entry to its new list (or out of every list: null) without knowing where it was.
 */
export function orderListEntries(o: StoredOrder): Record<string, OrderListEntry> {
  const byTime = `${o.created_at}#${o.id}`;
  // The same name keys as an account's (given family, family given), so one search reads both ways.
  const [first, last] = nameKeys(o);
  const contact = normaliseEmail(o.primary_email ?? '');
  const chinese = normaliseName(chineseName(o) ?? '');
  return {
    all: { list: orderFilters.all, sort: byTime },
    status: { list: orderFilters.status(o.payment_status), sort: byTime },
    method: { list: o.payment_method ? orderFilters.method(o.payment_method) : null, sort: byTime },
    rate: { list: orderFilters.rate(o.rate), sort: byTime },
    visa: { list: o.visa_required === 1 ? orderFilters.visa : null, sort: byTime },
    hotel: { list: needsHotel(o) ? orderFilters.hotel : null, sort: byTime },
    local: { list: localRateToCheck(o) ? orderFilters.localCheck : null, sort: byTime },
    fapiao: { list: fapiaoListOf(o), sort: `${o.fapiao?.issued?.at ?? o.fapiao?.requested_at ?? ''}#${o.id}` },
    email: { list: `email:${normaliseEmail(o.owner_email)}`, sort: byTime },
    contact: { list: contact && contact !== normaliseEmail(o.owner_email) ? `email:${contact}` : null, sort: byTime },
    // Names by their first character (a partition per letter), sorted by the whole name.
    name: { list: first ? `name:${[...first][0]}` : null, sort: `${first ?? ''}#${o.id}` },
    nameReversed: { list: last ? `name:${[...last][0]}` : null, sort: `${last ?? ''}#${o.id}` },
    // The name in Chinese characters, family name first (王小明): found by 王 or 王小明.
    chineseName: { list: chinese ? `name:${[...chinese][0]}` : null, sort: `${chinese}#${o.id}` },
    // The visa letters' review queue (core/office/visa-letters.ts), read oldest first.
    visaReview: { list: inVisaQueue(o) ? 'visa-review' : null, sort: `${visaReviewOf(o)?.pending_since ?? o.created_at}#${o.id}` },
    // The doors' devices read the tickets changed since their last sync (core/checkin/device-sync.ts), the entry carrying them.
    tickets: { list: hasTickets(o) ? TICKETS_LIST : null, sort: o.id, byWriteTime: true, data: { tickets: ticketsOf(o) } },
  };
}

/** What the office typed into the search box, read as the one list or key it names. */
export type OrderSearch = { kind: 'reference'; reference: string } | { kind: 'list'; list: string; prefix?: string } | { kind: 'none' };

export function readOrderSearch(text: string): OrderSearch {
  const q = text.trim();
  if (!q) return { kind: 'none' };
  const orderNo = /^R?24-?0*(\d{1,6})$/i.exec(q.replace(/\s/g, ''));
  if (orderNo) return { kind: 'reference', reference: transferReference(Number(orderNo[1])) };
  const sequence = parseTransferReference(q);
  if (sequence !== null) return { kind: 'reference', reference: transferReference(sequence) };
  if (q.includes('@')) return { kind: 'list', list: `email:${normaliseEmail(q)}` };
  const name = normaliseName(q);
  if (!name) return { kind: 'none' };
  return { kind: 'list', list: `name:${[...name][0]}`, prefix: name };
}
