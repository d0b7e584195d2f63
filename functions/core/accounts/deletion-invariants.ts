/**
 * The invariants of an account's deletion (issue 29; docs/decisions/0041-account-deletion-and-money-in-flight.md):
 * what must hold between an account, its orders, their ledgers and the office's lists after ANY
 * interleaving of deletions with checkouts, transfers, the provider's events, the office's
 * confirmations and refunds, once nothing is in flight any more. Stated once, for the
 * model-based money test (test/money/deletion.ts), which checks them over real data.
 */
import { received } from '../payments/model';
import type { OrderRow } from '../office/order-rows';
import { deletionBlocker, ledgerOf, moneyReceived, type OwnRecords } from './own-data';

export const deletionRules = {
  'deletion-whole': 'An account is whole or deleted: marked for deletion only while money in flight keeps the deletion from finishing.',
  'lease-given-back': 'No deletion holds an account once every request has been answered.',
  'deleted-keeps-only-paid': 'A deleted account keeps only orders that received money, each anonymised.',
  'no-money-after-deletion': 'No payment starts for an account after its deletion began, and none is left open in a deleted account.',
  'deleted-is-anonymous': "Nothing a deleted account keeps holds its address (receipts and credit notes, kept as issued, aside).",
  'order-in-its-lists': "Every order is in the office's lists as it is, and a deleted order in none.",
} as const;
export type DeletionRule = keyof typeof deletionRules;

export interface DeletionViolation {
  rule: DeletionRule;
  detail: string;
}

/** An account as read once nothing is in flight. */
export interface AccountAfter {
  records: OwnRecords;
  /** The address the account had (the tombstone's is empty). */
  email: string;
  /** The row the office's lists hold for each order id the account has or had (undefined: none), and how many list items each has. */
  rows: Map<string, { row: OrderRow | undefined; items: number }>;
  /** Every item of the account's partition but its receipts and credit notes, as stored (JSON). */
  keptText: string;
  /** The instant the answers are checked at (a lease still holding then was never given back). */
  now: Date;
}

export function deletionViolations({ records, email, rows, keptText, now }: AccountAfter): DeletionViolation[] {
  const out: DeletionViolation[] = [];
  const flag = (rule: DeletionRule, detail: string) => out.push({ rule, detail });
  const { user } = records;
  const deleted = Boolean(user.deleted_at);

  if (user.deleting_at && !deleted && deletionBlocker(records) === null)
    flag('deletion-whole', `marked for deletion at ${user.deleting_at} and not deleted, with nothing in flight (asking again finishes it)`);
  if (user.deletion_until && user.deletion_until > now.toISOString()) flag('lease-given-back', `run ${user.deletion_run ?? '?'} holds it until ${user.deletion_until}`);

  if (deleted) {
    for (const order of records.orders) {
      const ledger = ledgerOf(records.ledger, 'order', order.id);
      if (!order.anonymised_at) flag('deleted-keeps-only-paid', `order ${order.order_no} is not anonymised`);
      if (!moneyReceived(ledger)) flag('deleted-keeps-only-paid', `order ${order.order_no} is kept with no money received`);
    }
    if (records.registration && !records.registration.anonymised_at) flag('deleted-keeps-only-paid', `registration ${records.registration.register_code} is not anonymised`);
    for (const p of records.ledger.payments) {
      if (p.state === 'created' || p.state === 'pending') flag('no-money-after-deletion', `payment ${p.id} (${p.method}) is ${p.state}`);
      if (p.created_at >= user.deleted_at!) flag('no-money-after-deletion', `payment ${p.id} (${p.method}, ${p.state}, received ${received(p)}) was started at ${p.created_at}, after the deletion began (${user.deleted_at})`);
    }
    for (const r of records.ledger.refunds) if ((r.state === 'created' || r.state === 'pending') && r.requested_by === 'delegate') flag('no-money-after-deletion', `refund ${r.id} asked by the delegate is ${r.state}`);
    if (email && keptText.toLowerCase().includes(email.toLowerCase())) flag('deleted-is-anonymous', `the address ${email} is still in the account's items`);
  }

  const live = new Map(records.orders.map((o) => [o.id, o] as const));
  for (const [id, { row, items }] of rows) {
    const order = live.get(id);
    if (!order) {
      if (items > 0) flag('order-in-its-lists', `order ${id} is gone, ${items} list items are left`);
      continue;
    }
    if (!row) flag('order-in-its-lists', `order ${order.order_no} (${order.payment_status}) has no row in the office's lists`);
    else if (row.status !== order.payment_status) flag('order-in-its-lists', `order ${order.order_no} is ${order.payment_status}, its row says ${row.status}`);
    else if (order.anonymised_at && (row.first_name || row.last_name || row.email)) flag('order-in-its-lists', `the row of anonymised order ${order.order_no} names ${row.first_name} ${row.last_name} <${row.email}>`);
  }
  return out;
}
