/**
 * Every registration order with its payments and refunds (and its documents and pending money
 * events), for the reconciliation (`npm run reconcile`, core/payments/reconcile.ts).
 *
 * An ADMIN COMMAND's read, never a request's: it Scans the whole table (paginated, consistent
 * reads), which no route may do; no route grants dynamodb:Scan. Orders (USER#owner / ORDER#id)
 * and ledger records (USER#owner / LEDGER#order#<orderId>#PAYMENT#id, ...#REFUND#id) are grouped
 * by order id; ledger records whose order is gone come with `order: undefined` (a deleted order
 * must hold no money).
 */
import type { StoredOrder } from '#core/orders/ports';
import type { Payment, Refund, Subject } from '#core/payments/model';
import type { OrderMoney } from '#core/payments/reconcile';
import type { BookedLine } from '#core/office/line-identity';
import type { IssuedDocument } from '#core/documents/model';
import type { StoredMoneyEvent } from '#core/payments/money-events';
import { scanEntities, type Item } from './scan';

/** The record without its table attributes; a ledger record written before versions reads as version 0 (as storage/ledger.ts reads it). */
function recordOf<T>(item: Item): T {
  const { pk: _pk, sk: _sk, entity: _e, gsi1pk: _g1, gsi1sk: _s1, gsi2pk: _g2, gsi2sk: _s2, ...rest } = item;
  return rest as T;
}
const ledgerRecord = <T>(item: Item) => ({ ...recordOf<T>(item), version: typeof item.version === 'number' ? item.version : 0 }) as T;

/** Oldest first, as a subject's ledger is read (ties in key order): the invariants look at the last cancellation. */
const byTime = (a: { created_at: string; id: string }, b: { created_at: string; id: string }) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id);

/**
 * Every order and every order's ledger in the table, by order id (orders without money too); with
 * `documents`, each order's receipts and credit notes and its money events still pending too.
 */
export async function allOrdersWithMoney({ documents = false }: { documents?: boolean } = {}): Promise<OrderMoney[]> {
  const byOrder = new Map<string, { order?: StoredOrder; payments: Payment[]; refunds: Refund[]; issued: IssuedDocument[]; pending: { id: string; created_at: string }[] }>();
  const entry = (id: string) => {
    let found = byOrder.get(id);
    if (!found) byOrder.set(id, (found = { payments: [], refunds: [], issued: [], pending: [] }));
    return found;
  };
  for await (const item of scanEntities(['order', 'payment', 'refund', ...(documents ? ['document', 'money-event'] : [])])) {
    if (item.entity === 'order') {
      const order = recordOf<StoredOrder>(item);
      entry(order.id).order = order;
      continue;
    }
    if (item.entity === 'money-event') {
      const event = recordOf<StoredMoneyEvent>(item);
      const orderId = event.kind === 'order-placed' ? event.order_id : event.mail.payable.subject.kind === 'order' ? event.mail.payable.subject.id : undefined;
      if (orderId && event.state === 'pending') entry(orderId).pending.push({ id: event.id, created_at: event.created_at });
      continue;
    }
    const subject = item.subject as Subject | undefined;
    if (subject?.kind !== 'order') continue;
    if (item.entity === 'payment') entry(subject.id).payments.push(ledgerRecord<Payment>(item));
    else if (item.entity === 'refund') entry(subject.id).refunds.push(ledgerRecord<Refund>(item));
    else entry(subject.id).issued.push(recordOf<IssuedDocument>(item));
  }
  return [...byOrder].map(([order_id, { order, payments, refunds, issued, pending }]) => ({
    order_id,
    order,
    ledger: { payments: payments.sort(byTime), refunds: refunds.sort(byTime) },
    ...(documents ? { documents: { issued, pending_events: pending } } : {}),
  }));
}

/**
 * Every bank statement line and the file name of every import, for the reconciliation's check
 * that no transfer was booked from two lines (core/office/line-identity.ts).
 */
export async function allStatementLines(): Promise<{ lines: BookedLine[]; fileNames: Map<string, string> }> {
  const lines: BookedLine[] = [];
  const fileNames = new Map<string, string>();
  for await (const item of scanEntities(['statement-line', 'statement-import'])) {
    if (item.entity === 'statement-import') fileNames.set(String(item.id), String(item.file_name));
    else lines.push(recordOf<BookedLine>(item));
  }
  return { lines, fileNames };
}
