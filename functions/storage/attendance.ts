/**
 * The office's attendance mark on an order (core/office/attendance.ts): the order's item set to
 * the order as it is after the mark (over the version read), its office list rows and the audit
 * entry, one transaction.
 */
import type { AttendanceDeps } from '#core/office/attendance';
import { env } from '#lib/env';
import { transact } from './claims';
import { keys } from './keys';
import { auditPut } from './audit';
import { orderRowWrites } from './order-rows';

export const saveAttendance: AttendanceDeps['saveAttendance'] = async (order, base, audit) => {
  const result = await transact([
    {
      Update: {
        TableName: env.tableName(),
        Key: keys.order(order.owner_id, order.id),
        UpdateExpression: 'SET #attendance = :attendance, #version = :next',
        ConditionExpression: 'attribute_exists(pk) AND #version = :base',
        ExpressionAttributeNames: { '#attendance': 'attendance', '#version': 'updated_at' },
        ExpressionAttributeValues: { ':attendance': order.attendance ?? null, ':next': order.updated_at, ':base': base },
      },
    },
    ...orderRowWrites(order),
    auditPut(audit),
  ]);
  if (result === 'ok') return 'saved';
  if (result[0] === 'ConditionalCheckFailed' || result.includes('TransactionConflict')) return 'changed';
  throw new Error(`attendance of order ${order.id} not saved: ${result.join(', ')}`);
};
