/**
 * An office's or a delegate's mark on an order that is one field of its item (the attendance,
 * the fapiao): the field set to the order's value after the change, over the version read, with
 * the order's list rows and the audit entry, one transaction.
 */
import type { AuditEntry } from '#core/audit/audit';
import type { StoredOrder } from '#core/orders/ports';
import { env } from '#lib/env';
import { transact } from './claims';
import { keys } from './keys';
import { auditPut } from './audit';
import { orderRowWrites } from './order-rows';

export function orderMarkWriter(field: 'attendance' | 'fapiao') {
  return async (order: StoredOrder, base: string, audit: AuditEntry): Promise<'saved' | 'changed'> => {
    const result = await transact([
      {
        Update: {
          TableName: env.tableName(),
          Key: keys.order(order.owner_id, order.id),
          UpdateExpression: 'SET #field = :value, #version = :next',
          ConditionExpression: 'attribute_exists(pk) AND #version = :base',
          ExpressionAttributeNames: { '#field': field, '#version': 'updated_at' },
          ExpressionAttributeValues: { ':value': order[field] ?? null, ':next': order.updated_at, ':base': base },
        },
      },
      ...orderRowWrites(order),
      auditPut(audit),
    ]);
    if (result === 'ok') return 'saved';
    if (result[0] === 'ConditionalCheckFailed' || result.includes('TransactionConflict')) return 'changed';
    throw new Error(`${field} of order ${order.id} not saved: ${result.join(', ')}`);
  };
}
