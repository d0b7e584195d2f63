/**
 * What decides whether the orders bench (scripts/bench-orders.ts) passed, as plain functions over
 * what it read (unit-tested: test/unit/scripts/bench-checks.test.ts): its `--delegates=N`, the
 * receipts of the paid orders and their numbers, and the reasons it failed.
 */
import { keys } from '../functions/storage/keys';

/** `--delegates=N` among the bench's arguments: N (200 when absent), or why it is not a positive integer. */
export function parseDelegates(args: readonly string[]): { delegates: number } | { error: string } {
  const given = args.filter((a) => a === '--delegates' || a.startsWith('--delegates='));
  if (!given.length) return { delegates: 200 };
  const value = given.at(-1)!.slice('--delegates='.length);
  if (!/^[1-9]\d*$/.test(value) || !Number.isSafeInteger(Number(value))) {
    return { error: `--delegates must be a positive integer (--delegates=1000), not ${JSON.stringify(given.at(-1))}` };
  }
  return { delegates: Number(value) };
}

/** A document item as the bench reads it from a delegate's partition (storage/documents.ts). */
export interface DocumentItem {
  sk: string;
  kind: string;
  number: string | null;
  issued_at: string;
  subject: { kind: string; id: string };
  replaced_by: string | null;
}

/** A payment record of the ledger (LEDGER#order#<order>#PAYMENT#<id>). */
export interface PaymentItem {
  sk: string;
  state: string;
  confirmed_at?: string;
}

/** A money event of the delegate (MONEYEVENT#<kind>.<record>.<version>): when the worker was done with it. */
export interface EventItem {
  sk: string;
  done_at?: string;
}

/** An order of the bench as read from its delegate's partition: paid or not, the delegate's documents, the order's payments, the delegate's money events. */
export interface OrderRead {
  orderId: string;
  /** The order item says Paid (it then needs its receipt). */
  paid: boolean;
  docs: readonly DocumentItem[];
  payments: readonly PaymentItem[];
  events?: readonly EventItem[];
}

/** The order's receipts in force (not replaced by a later one). */
export const receiptsOf = (docs: readonly DocumentItem[], orderId: string) =>
  docs.filter((d) => d.kind === 'receipt' && d.subject?.kind === 'order' && d.subject.id === orderId && !d.replaced_by);

/** The sequence value of a document number ("IACR2024-0007" -> 7); NaN when it has none. */
const numberValue = (number: string) => Number(/(\d+)$/.exec(number)?.[1] ?? NaN);

/**
 * What was issued for the orders paid (as the table says): how many have their receipt (and how
 * many more than one), the numbers of every numbered document of every order's delegate (receipts
 * and credit notes share one sequence: gap-free from 1 up to the sequence's last number, each
 * once), and the time from the payment's confirmation until the money-events worker was done with
 * it (its receipt issued and its mail sent).
 */
export function receiptFigures(read: readonly OrderRead[], lastNumber: number | null) {
  const numbers: string[] = [];
  const fromPaymentMs: number[] = [];
  let withReceipt = 0;
  let twice = 0;
  for (const { orderId, paid, docs, payments, events = [] } of read) {
    for (const d of docs) if (d.number) numbers.push(d.number);
    if (!paid) continue;
    const receipts = receiptsOf(docs, orderId);
    if (!receipts.length) continue;
    withReceipt += 1;
    if (receipts.length > 1) twice += 1;
    // The payment that paid it: the order's last confirmed one (the bench pays each order once).
    const confirmed = payments
      .filter((p) => p.sk.startsWith(keys.ledgerPrefix('order', orderId)) && p.confirmed_at)
      .sort((a, b) => Date.parse(b.confirmed_at!) - Date.parse(a.confirmed_at!))[0];
    // A receipt is dated at the payment's instant; it was issued when the worker was done with the payment's event.
    const followed = confirmed && events.find((e) => e.sk.startsWith(`${keys.moneyEventPrefix}payment-received.${confirmed.sk.split('#PAYMENT#')[1]}.`) && e.done_at);
    if (confirmed && followed) fromPaymentMs.push(Date.parse(followed.done_at!) - Date.parse(confirmed.confirmed_at!));
  }
  const counts = new Map<number, number>();
  const unreadable: string[] = [];
  for (const number of numbers) {
    const n = numberValue(number);
    if (Number.isInteger(n) && n > 0) counts.set(n, (counts.get(n) ?? 0) + 1);
    else unreadable.push(number);
  }
  const duplicates = [...counts].filter(([, c]) => c > 1).map(([n]) => n).sort((a, b) => a - b);
  const top = Math.max(0, lastNumber ?? 0, ...counts.keys());
  const gaps: number[] = [];
  for (let n = 1; n <= top; n++) if (!counts.has(n)) gaps.push(n);
  return {
    /** Orders the table says are paid: each needs its receipt. */
    expected: read.filter((o) => o.paid).length,
    withReceipt,
    /** Paid orders holding more than one receipt in force. */
    twice,
    numbered: numbers.length,
    /** The sequence's last number (null: the sequence item is absent). */
    lastNumber,
    duplicates,
    gaps,
    /** Numbers without a sequence value at their end. */
    unreadable,
    fromPaymentMs,
  };
}

export type ReceiptFigures = ReturnType<typeof receiptFigures>;

/** Why the run failed (empty: it passed): any error, an order left unpaid, a receipt missing, a number missing or used twice. */
export function failuresOf(o: { delegates: number; errors: number; paid: number; webhookQueued: number; receipts: ReceiptFigures; receiptsWithinS: number }) {
  const r = o.receipts;
  const few = (ns: readonly (number | string)[]) => ns.slice(0, 10).join(', ') + (ns.length > 10 ? `, ... (${ns.length})` : '');
  return [
    ...(o.errors ? [`${o.errors} request(s) failed`] : []),
    ...(o.paid < o.delegates ? [`${o.delegates - o.paid} of ${o.delegates} orders left unpaid`] : []),
    ...(o.webhookQueued ? [`${o.webhookQueued} webhook event(s) still waiting for delivery`] : []),
    ...(r.withReceipt < r.expected ? [`${r.expected - r.withReceipt} of ${r.expected} paid orders without a receipt after ${o.receiptsWithinS} s`] : []),
    ...(r.twice ? [`${r.twice} paid order(s) hold more than one receipt`] : []),
    ...(r.duplicates.length ? [`document numbers used twice: ${few(r.duplicates)}`] : []),
    ...(r.gaps.length ? [`document numbers missing (gaps): ${few(r.gaps)}`] : []),
    ...(r.unreadable.length ? [`document numbers without a sequence value: ${few(r.unreadable)}`] : []),
  ];
}
