/**
 * The account a delegate gave for refunds by bank transfer: USER#owner / REFUND_ACCOUNT, one per
 * delegate, written with its audit entry (which names the account only by its last characters).
 * Deleted with the account (storage/own-data.ts: the account's own bookkeeping).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { RefundAccount, RefundAccountStore } from '#core/orders/refund-account';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { auditPut } from './audit';
import { transact } from './claims';
import { keys } from './keys';

export const refundAccountStore: RefundAccountStore = {
  async get(ownerId) {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.refundAccount(ownerId), ConsistentRead: true }));
    if (!r.Item) return undefined;
    const { holder, account, kind, bank, bic, updated_at } = r.Item as RefundAccount;
    return { holder, account, kind, bank, bic, updated_at };
  },
  async put(ownerId, account, audit) {
    const result = await transact([{ Put: { TableName: env.tableName(), Item: { ...keys.refundAccount(ownerId), entity: 'refund-account', ...account } } }, auditPut(audit)]);
    if (result !== 'ok') throw new Error(`refund account not saved: ${result.join(', ')}`);
  },
};
