/**
 * Registration orders: USER#owner / ORDER#id, counted by USER#owner / COUNT#orders (5 places),
 * numbered by one sequence for all orders (SEQUENCE#orders). A delegate's orders are one Query.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { OrderStore, StoredOrder } from '#core/orders/ports';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { deleteFromPlace, freePlace, putInPlace, takePlace, transact, type Items } from './claims';
import { orderRowDeletes, orderRowWrites } from './order-rows';
import { keys } from './keys';
import { statsWrites } from './stats';
import { noDeletionUnderWay } from './deletion-lease';
import { moneyEventPut } from './money-events';
import { orderNamesWrites } from './name-keys';
import { countsDelta, orderCounts } from '#core/office/counters';
import type { IndexName } from './table';

const COUNTER = 'orders';

export function toOrder(item: Record<string, unknown>): StoredOrder {
  const { pk: _pk, sk: _sk, entity: _e, gsi2pk: _g, gsi2sk: _h, ...order } = item;
  return order as unknown as StoredOrder;
}

/** The order's item as every write puts it (the bench seeds the table with it). */
export const itemOf = (order: StoredOrder) => ({
  ...keys.order(order.owner_id, order.id),
  entity: 'order',
  // The office finds an order by its transfer reference (byReference index).
  gsi2pk: keys.orderReference(order.reference),
  gsi2sk: 'ORDER',
  ...order,
});

/**
 * The order counter's move when an order leaves or re-enters the places (a cancellation frees
 * one; a refund that fails after the cancellation takes it again, unconditionally: the money
 * that came back must be recorded even if the delegate has placed other orders since).
 */
export function orderPlaceMove(ownerId: string, move: 'free' | 'take'): Items[number] {
  return move === 'free' ? freePlace(ownerId, COUNTER) : takePlace(ownerId, COUNTER);
}

export const orderStore: OrderStore = {
  async nextSequence() {
    const r = await documentClient().send(
      new UpdateCommand({
        TableName: env.tableName(),
        Key: keys.sequence('orders'),
        UpdateExpression: 'ADD n :one',
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return r.Attributes!.n as number;
  },

  async create(order, max, also) {
    // The account's item comes first of the extra writes: its names with their condition, or the check that no deletion holds it.
    const account = also.names ? orderNamesWrites(order.owner_id, also.names.read, also.names.after, order.created_at) : [noDeletionUnderWay(order.owner_id, order.created_at)];
    const result = await putInPlace(order.owner_id, COUNTER, max, itemOf(order), [
      ...account,
      moneyEventPut(also.placed),
      ...statsWrites(countsDelta(undefined, orderCounts(order))),
      ...orderRowWrites(order),
    ]);
    if (result === 'full') return 'full';
    // The only extra write with a condition is the account's: a deletion holds it (or its names changed since they were read).
    if (result === 'conflict') return also.names ? 'names-changed' : 'account-deleting';
    if (result !== 'added') throw new Error(`order ${order.id} not stored: ${result}`);
    return 'created';
  },

  async list(ownerId) {
    const r = await documentClient().send(
      new QueryCommand({
        TableName: env.tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.order(ownerId, '').pk, ':prefix': keys.orderPrefix },
        ConsistentRead: true,
      }),
    );
    return (r.Items ?? []).map(toOrder);
  },

  async get(ownerId, id) {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.order(ownerId, id), ConsistentRead: true }));
    return r.Item ? toOrder(r.Item) : undefined;
  },

  async update(order, base, status) {
    const result = await transact([
      {
        Put: {
          TableName: env.tableName(),
          Item: itemOf(order),
          // Over the version it was made on, and only while the order is still in that status.
          ConditionExpression: 'attribute_exists(pk) AND updated_at = :base AND payment_status = :status',
          ExpressionAttributeValues: { ':base': base, ':status': status },
        },
      },
      ...orderRowWrites(order),
    ]);
    if (result === 'ok') return 'updated';
    if (result[0] === 'ConditionalCheckFailed' || result.includes('TransactionConflict')) return 'changed';
    throw new Error(`order ${order.id} not updated: ${result.join(', ')}`);
  },

  async findByReference(reference) {
    const r = await documentClient().send(
      new QueryCommand({
        TableName: env.tableName(),
        IndexName: 'byReference' satisfies IndexName,
        KeyConditionExpression: 'gsi2pk = :ref',
        ExpressionAttributeValues: { ':ref': keys.orderReference(reference) },
      }),
    );
    const item = r.Items?.[0];
    // The index is eventually consistent: read the order itself for its current state.
    return item ? orderStore.get(item.owner_id as string, item.id as string) : undefined;
  },

  async remove(order, status) {
    return deleteFromPlace(
      order.owner_id,
      COUNTER,
      keys.order(order.owner_id, order.id),
      { condition: 'payment_status = :status AND updated_at = :base', values: { ':status': status, ':base': order.updated_at } },
      [...statsWrites(countsDelta(orderCounts(order), undefined)), ...orderRowDeletes(order)],
    );
  },
};
