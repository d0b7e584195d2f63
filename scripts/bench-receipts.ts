/**
 * The receipts of the orders bench (scripts/bench-orders.ts), read from the table, not through
 * the API: a paid order's receipt may be issued after the payment (by the job worker), so the
 * bench waits for them, then checks what was issued.
 *
 * Waiting reads little: the documents' sequence item (its `n` is the last number used,
 * storage/document-numbers.ts) every half second; the partitions of the delegates still without
 * a receipt only when that number reaches the receipts expected, or every 5 s (a numbering that
 * left that item would still be seen). Then one Query per order's partition (USER#<id>: the
 * order ORDER#<id>, documents DOC#..., payments LEDGER#order#<order>#PAYMENT#...) gives the figures.
 */
import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { documentSequence } from '../functions/core/documents/receipt';
import { ORDER_STATUS } from '../functions/core/orders/states';
import { keys } from '../functions/storage/keys';
import { TABLE_NAME } from '../infra/local/portal';
import { receiptFigures, receiptsOf, type DocumentItem, type EventItem, type PaymentItem } from './bench-checks';

/** An order of the bench and the delegate whose partition holds it. */
export interface BenchOrder {
  userId: string;
  orderId: string;
}

const POLL_MS = 500;
const CHECK_EVERY_MS = 5_000;
const PARALLEL_QUERIES = 16;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function inParallel<T, R>(xs: readonly T[], limit: number, f: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(xs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, xs.length) }, async () => {
      while (next < xs.length) {
        const i = next++;
        out[i] = await f(xs[i]!);
      }
    }),
  );
  return out;
}

/** The last number the documents' sequence gave, or null when it has none yet. */
async function lastNumber(db: DynamoDBDocumentClient): Promise<number | null> {
  const r = await db.send(new GetCommand({ TableName: TABLE_NAME, Key: keys.sequence(documentSequence), ConsistentRead: true }));
  return (r.Item?.n as number | undefined) ?? null;
}

/** One order's delegate's documents, the order's payments and whether it is paid (one Query of the partition, paginated; a few items). */
async function readOrder(db: DynamoDBDocumentClient, { userId, orderId }: BenchOrder) {
  const docs: DocumentItem[] = [];
  const payments: PaymentItem[] = [];
  const events: EventItem[] = [];
  let paid = false;
  let start: Record<string, unknown> | undefined;
  let reads = 0;
  do {
    const r = await db.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.user(userId).pk },
        ProjectionExpression: 'sk, kind, #number, issued_at, subject, replaced_by, #state, confirmed_at, payment_status, done_at',
        ExpressionAttributeNames: { '#number': 'number', '#state': 'state' },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    reads += 1;
    for (const item of r.Items ?? []) {
      const sk = item.sk as string;
      if (sk.startsWith(keys.documentPrefix)) docs.push(item as DocumentItem);
      else if (sk.startsWith(keys.moneyEventPrefix)) events.push(item as EventItem);
      else if (sk.startsWith(keys.ledgerPrefix('order', orderId)) && sk.includes('#PAYMENT#')) payments.push(item as PaymentItem);
      else if (sk === keys.order(userId, orderId).sk) paid = item.payment_status === ORDER_STATUS.paid;
    }
    start = r.LastEvaluatedKey;
  } while (start);
  return { orderId, paid, docs, payments, events, reads };
}

/**
 * Waits until every order the table says is paid has its receipt, or `timeoutMs` passed. An
 * order found unpaid is not waited for (the final check reads every order again). `paidSeen`:
 * the orders the clients saw paid, the receipts expected at least.
 */
export async function waitForReceipts(db: DynamoDBDocumentClient, orders: readonly BenchOrder[], paidSeen: number, timeoutMs: number) {
  const started = performance.now();
  const waiting = new Map(orders.map((o) => [o.orderId, o]));
  let reads = 0;
  let lastCheck = started;
  let seen: number | null = null;
  while (waiting.size && performance.now() - started < timeoutMs) {
    const n = await lastNumber(db);
    reads += 1;
    const reached = n !== null && n !== seen && n >= paidSeen;
    seen = n;
    if (reached || performance.now() - lastCheck >= CHECK_EVERY_MS) {
      lastCheck = performance.now();
      await inParallel([...waiting.values()], PARALLEL_QUERIES, async (o) => {
        const read = await readOrder(db, o);
        reads += read.reads;
        if (!read.paid || receiptsOf(read.docs, o.orderId).length) waiting.delete(o.orderId);
      });
    }
    if (waiting.size) await sleep(POLL_MS);
  }
  return { seconds: (performance.now() - started) / 1000, complete: waiting.size === 0, reads };
}

/** Reads every order's partition and the sequence, and says what was issued (bench-checks.ts). */
export async function checkReceipts(db: DynamoDBDocumentClient, orders: readonly BenchOrder[]) {
  const read = await inParallel(orders, PARALLEL_QUERIES, (o) => readOrder(db, o));
  return { ...receiptFigures(read, await lastNumber(db)), paidInTable: read.filter((o) => o.paid).length };
}
