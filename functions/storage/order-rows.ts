/**
 * The office's lists of orders (core/office/order-rows.ts): ORDERROW#<order> / <slot>, one item
 * per slot, each carrying the order's row. The byList index holds it under ORDERLIST#<list>
 * sorted by `sort`; a slot whose list is null has no index keys and so is in no list. The items
 * are written in every transaction that writes the order, so a list never shows another state
 * than the order's (the index itself is eventually consistent, as every DynamoDB index).
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { orderListEntries, orderRow, type OrderRow } from '#core/office/order-rows';
import type { StoredOrder } from '#core/orders/ports';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import type { Items } from './claims';
import { keys } from './keys';
import type { IndexName } from './table';

/** The puts that place the order (as it is after the write) in its lists. */
export function orderRowWrites(order: StoredOrder): Items {
  const row = orderRow(order);
  return Object.entries(orderListEntries(order)).map(([slot, entry]) => ({
    Put: {
      TableName: env.tableName(),
      Item: { ...keys.orderRow(order.id, slot), entity: 'order-row', ...(entry.list ? { gsi3pk: keys.orderList(entry.list), gsi3sk: entry.sort } : {}), row },
    },
  }));
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
 * One page of a list: newest first for lists by time, alphabetical for names (with `prefix`).
 * 'invalid-cursor' when the continuation was not one this gave (or names another list).
 */
export async function orderRowPage(list: string, options: { prefix?: string; cursor?: string; limit: number }): Promise<RowPage | 'invalid-cursor'> {
  const start = decode(options.cursor);
  if (start === 'invalid' || (start && start.gsi3pk !== keys.orderList(list))) return 'invalid-cursor';
  const r = await documentClient().send(
    new QueryCommand({
      TableName: env.tableName(),
      IndexName: 'byList' satisfies IndexName,
      KeyConditionExpression: options.prefix ? 'gsi3pk = :l AND begins_with(gsi3sk, :p)' : 'gsi3pk = :l',
      ExpressionAttributeValues: { ':l': keys.orderList(list), ...(options.prefix ? { ':p': options.prefix } : {}) },
      ScanIndexForward: Boolean(options.prefix),
      Limit: options.limit,
      ExclusiveStartKey: start,
    }),
  );
  return {
    rows: (r.Items ?? []).map((i) => i.row as OrderRow),
    next: r.LastEvaluatedKey ? encode(r.LastEvaluatedKey) : null,
    itemsRead: r.Count ?? 0,
  };
}

/** The row of one order by its id (its owner is in it): one item read. */
export async function orderRowOf(orderId: string): Promise<OrderRow | undefined> {
  const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.orderRow(orderId, 'all'), ConsistentRead: true }));
  return r.Item?.row as OrderRow | undefined;
}
