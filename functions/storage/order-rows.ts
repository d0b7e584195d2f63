/**
 * The office's lists of orders (core/office/order-rows.ts): ORDERROW#<order> / <slot>, one item
 * per slot, each carrying the order's row. The byList index holds it under ORDERLIST#<list>
 * sorted by `sort`; a slot whose list is null has no index keys and so is in no list. The items
 * are written in every transaction that writes the order, so a list never shows another state
 * than the order's (the index itself is eventually consistent, as every DynamoDB index).
 */
import { BatchGetCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { moneyListOf, orderListEntries, orderRow, type OrderRow } from '#core/office/order-rows';
import type { Payment, Refund } from '#core/payments/model';
import type { StoredOrder } from '#core/orders/ports';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import type { Items } from './claims';
import { keys } from './keys';
import type { IndexName } from './table';
import { countList, listItems } from './list-counts';

/** The puts that place the order (as it is after the write) in its lists. */
export function orderRowWrites(order: StoredOrder): Items {
  const row = orderRow(order);
  return Object.entries(orderListEntries(order)).map(([slot, entry]) => ({
    Put: {
      TableName: env.tableName(),
      Item: { ...keys.orderRow(order.id, slot), entity: 'order-row', ...(entry.list ? { gsi3pk: keys.orderList(entry.list), gsi3sk: entry.byWriteTime ? `${new Date().toISOString()}#${entry.sort}` : entry.sort } : {}), row, ...entry.data },
    },
  }));
}

/**
 * The money lists (core/office/order-rows.ts `moneyListOf`): one item per ledger record that puts
 * its order in one, in the order's ORDERROW partition, written in the record's own ledger write;
 * it names the order, whose row the page then reads.
 */
export function moneyListWrites(records: readonly (Payment | Refund)[]): Items {
  return records.flatMap((record) => {
    const money = moneyListOf(record);
    if (!money) return [];
    // Out of the list: put again without index keys (as a row slot), so a ledger write needs no DeleteItem.
    const listed = money.on ? { gsi3pk: keys.orderList(money.list), gsi3sk: `${record.created_at}#${record.id}` } : {};
    return [{ Put: { TableName: env.tableName(), Item: { ...keys.orderRow(record.subject.id, `${money.list}#${record.id}`), entity: 'order-money-list', ...listed, order_id: record.subject.id } } }];
  });
}

/** The deletes that take a deleted order out of every list. */
export function orderRowDeletes(order: StoredOrder): Items {
  return Object.keys(orderListEntries(order)).map((slot) => ({ Delete: { TableName: env.tableName(), Key: keys.orderRow(order.id, slot) } }));
}

/** A page's continuation as the client carries it: the index position, base64url JSON, read back strictly. */
const positionSchema = z.strictObject({ pk: z.string(), sk: z.string(), gsi3pk: z.string(), gsi3sk: z.string() });
const encode = (key: Record<string, unknown>) => Buffer.from(JSON.stringify(key)).toString('base64url');
function decode(cursor: string | undefined): z.infer<typeof positionSchema> | undefined | 'invalid' {
  if (!cursor) return undefined;
  try {
    const parsed = positionSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : 'invalid';
  } catch {
    return 'invalid';
  }
}

export interface RowPage {
  rows: OrderRow[];
  next: string | null;
  /** Items DynamoDB read for the page (the bench reports it). */
  itemsRead: number;
}

/**
 * One page of a list: newest first for lists by time (oldest first with `oldestFirst`: a queue), alphabetical for names (with `prefix`).
 * 'invalid-cursor' when the continuation was not one this gave (or names another list).
 */
export async function orderRowPage(list: string, options: { prefix?: string; cursor?: string; limit: number; oldestFirst?: boolean }): Promise<RowPage | 'invalid-cursor'> {
  const start = decode(options.cursor);
  if (start === 'invalid' || (start && start.gsi3pk !== keys.orderList(list))) return 'invalid-cursor';
  const r = await documentClient().send(
    new QueryCommand({
      TableName: env.tableName(),
      IndexName: 'byList' satisfies IndexName,
      KeyConditionExpression: options.prefix ? 'gsi3pk = :l AND begins_with(gsi3sk, :p)' : 'gsi3pk = :l',
      ExpressionAttributeValues: { ':l': keys.orderList(list), ...(options.prefix ? { ':p': options.prefix } : {}) },
      ScanIndexForward: Boolean(options.prefix) || Boolean(options.oldestFirst),
      Limit: options.limit,
      ExclusiveStartKey: start,
    }),
  );
  const items = r.Items ?? [];
  // A money list's items name their order: its row is read (one order once, however many records put it there).
  const named = [...new Set(items.filter((i) => !i.row).map((i) => i.order_id as string))];
  const rows = new Map<string, OrderRow>();
  if (named.length > 0) {
    // DynamoDB may leave keys unprocessed (throttling): they are asked again.
    let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = { [env.tableName()]: { Keys: named.map((id) => keys.orderRow(id, 'all')) } };
    for (let attempt = 0; request && Object.keys(request).length > 0 && attempt < 5; attempt++) {
      const got = await documentClient().send(new BatchGetCommand({ RequestItems: request }));
      for (const item of got.Responses?.[env.tableName()] ?? []) rows.set((item.row as OrderRow).id, item.row as OrderRow);
      request = got.UnprocessedKeys as typeof request;
    }
  }
  const seen = new Set<string>();
  const page = items.flatMap((i) => {
    const row = (i.row as OrderRow | undefined) ?? rows.get(i.order_id as string);
    if (!row || seen.has(row.id)) return [];
    seen.add(row.id);
    return [row];
  });
  return { rows: page, next: r.LastEvaluatedKey ? encode(r.LastEvaluatedKey) : null, itemsRead: (r.Count ?? 0) + rows.size };
}

/** The row of one order by its id (its owner is in it): one item read. */
export async function orderRowOf(orderId: string): Promise<OrderRow | undefined> {
  const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.orderRow(orderId, 'all'), ConsistentRead: true }));
  return r.Item?.row as OrderRow | undefined;
}

const orderListKey = (list: string, prefix?: string) => ({ index: 'byList' as const, partitionKey: 'gsi3pk', partition: keys.orderList(list), sortKey: 'gsi3sk', prefix });

/** How many orders a list holds (its index partition counted). */
export const countOrderList = (list: string) => countList(orderListKey(list));

/** How many orders a money list names: its items are ledger records, several may name one order. */
export async function countMoneyList(list: string): Promise<number> {
  return new Set((await listItems(orderListKey(list), ['order_id'])).map((i) => i.order_id as string)).size;
}

/** Every row of a search's list (a name's prefix, an address): a search names few orders. */
export async function searchRows(list: string, prefix?: string): Promise<OrderRow[]> {
  return (await listItems(orderListKey(list, prefix), ['row'])).map((i) => i.row as OrderRow).filter(Boolean);
}
