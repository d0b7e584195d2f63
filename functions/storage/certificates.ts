/**
 * Issuing a certificate of attendance (core/documents/issue-certificate.ts): the document and its
 * audit entry, in one transaction conditional on the order still being paid with its attendance
 * marked, at the version read. The document's id is the order's, so it is stored once.
 */
import type { CertificateDeps } from '#core/documents/issue-certificate';
import { ORDER_STATUS } from '#core/orders/states';
import { env } from '#lib/env';
import { auditPut } from './audit';
import { transact } from './claims';
import { documentPut } from './documents';
import { keys } from './keys';

export const issueCertificate: CertificateDeps['issue'] = async (doc, audit, order) => {
  const result = await transact([
    {
      ConditionCheck: {
        TableName: env.tableName(),
        Key: keys.order(order.owner_id, order.id),
        ConditionExpression: 'attribute_exists(pk) AND #version = :base AND payment_status = :paid AND #attendance.#attended = :yes',
        ExpressionAttributeNames: { '#version': 'updated_at', '#attendance': 'attendance', '#attended': 'attended' },
        ExpressionAttributeValues: { ':base': order.updated_at, ':paid': ORDER_STATUS.paid, ':yes': true },
      },
    },
    documentPut(doc),
    auditPut(audit),
  ]);
  if (result === 'ok') return 'issued';
  if (result[1] === 'ConditionalCheckFailed') return 'exists';
  if (result[0] === 'ConditionalCheckFailed' || result.includes('TransactionConflict')) return 'changed';
  throw new Error(`certificate ${doc.id} not issued: ${result.join(', ')}`);
};
