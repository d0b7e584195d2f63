/**
 * An order's fapiao (core/orders/fapiao.ts, core/office/fapiao.ts): the order's item set to the
 * order as it is after the change (over the version read), its office list rows and the audit
 * entry, one transaction.
 */
import type { FapiaoDeps } from '#core/orders/fapiao';
import { env } from '#lib/env';
import { transact } from './claims';
import { keys } from './keys';
import { auditPut } from './audit';
import { orderRowWrites } from './order-rows';

export const saveFapiao: FapiaoDeps['saveFapiao'] = async (order, base, audit) => {
  const result = await transact([
    {
      Update: {
        TableName: env.tableName(),
        Key: keys.order(order.owner_id, order.id),
        UpdateExpression: 'SET #fapiao = :fapiao, #version = :next',
        ConditionExpression: 'attribute_exists(pk) AND #version = :base',
        ExpressionAttributeNames: { '#fapiao': 'fapiao', '#version': 'updated_at' },
        ExpressionAttributeValues: { ':fapiao': order.fapiao ?? null, ':next': order.updated_at, ':base': base },
      },
    },
    ...orderRowWrites(order),
    auditPut(audit),
  ]);
  if (result === 'ok') return 'saved';
  if (result[0] === 'ConditionalCheckFailed' || result.includes('TransactionConflict')) return 'changed';
  throw new Error(`fapiao of order ${order.id} not saved: ${result.join(', ')}`);
};
