/**
 * The receipts of the orders bench (scripts/bench-orders.ts), read from the table, not through
 * the API: a paid order's receipt may be issued after the payment (by the job worker), so the
 * bench waits for them, then checks what was issued.
 *
 * Waiting reads little: the documents' sequence item (its `n` is the last number used,
 * storage/document-numbers.ts) every half second; the partitions of the delegates still without
 * a receipt only when that number reaches the receipts expected, or every 5 s (a numbering that
 * left that item would still be seen). Then one Query per paid delegate's partition
 * (USER#<id>: documents DOC#..., payments LEDGER#order#<order>#PAYMENT#...) gives the figures.
 */
import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { documentSequence } from '../functions/core/documents/receipt';
import { keys } from '../functions/storage/keys';
import { TABLE_NAME } from '../infra/local/portal';
import { receiptFigures, receiptsOf, type DocumentItem, type PaymentItem } from './bench-checks';

/** A paid order of the bench and the delegate whose partition holds it. */
export interface PaidOrder {
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

/** One delegate's documents and order payments (one Query of the partition, paginated; a few items). */
async function partition(db: DynamoDBDocumentClient, userId: string) {
  const docs: DocumentItem[] = [];
  const payments: PaymentItem[] = [];
  let start: Record<string, unknown> | undefined;
  let reads = 0;
  do {
    const r = await db.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.user(userId).pk },
        ProjectionExpression: 'sk, kind, #number, issued_at, subject, replaced_by, #state, confirmed_at',
        ExpressionAttributeNames: { '#number': 'number', '#state': 'state' },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    reads += 1;
    for (const item of r.Items ?? []) {
      const sk = item.sk as string;
      if (sk.startsWith(keys.documentPrefix)) docs.push(item as DocumentItem);
      else if (sk.startsWith(keys.ledgerKindPrefix('order')) && sk.includes('#PAYMENT#')) payments.push(item as PaymentItem);
    }
    start = r.LastEvaluatedKey;
  } while (start);
  return { docs, payments, reads };
}

/** Waits until every paid order has its receipt, or `timeoutMs` passed. */
export async function waitForReceipts(db: DynamoDBDocumentClient, paid: readonly PaidOrder[], timeoutMs: number) {
  const started = performance.now();
  const missing = new Map(paid.map((p) => [p.userId, p]));
  let reads = 0;
  let lastCheck = started;
  let seen: number | null = null;
  while (missing.size && performance.now() - started < timeoutMs) {
    const n = await lastNumber(db);
    reads += 1;
    const reached = n !== null && n !== seen && n >= paid.length;
    seen = n;
    if (reached || performance.now() - lastCheck >= CHECK_EVERY_MS) {
      lastCheck = performance.now();
      await inParallel([...missing.values()], PARALLEL_QUERIES, async (p) => {
        const { docs, reads: r } = await partition(db, p.userId);
        reads += r;
        if (receiptsOf(docs, p.orderId).length) missing.delete(p.userId);
      });
    }
    if (missing.size) await sleep(POLL_MS);
  }
  return { seconds: (performance.now() - started) / 1000, complete: missing.size === 0, reads };
}

/** Reads every paid order's partition and the sequence, and says what was issued (bench-checks.ts). */
export async function checkReceipts(db: DynamoDBDocumentClient, paid: readonly PaidOrder[]) {
  const read = await inParallel(paid, PARALLEL_QUERIES, async (p) => ({ orderId: p.orderId, ...(await partition(db, p.userId)) }));
  return receiptFigures(read, await lastNumber(db));
}
