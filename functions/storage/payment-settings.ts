/**
 * The office's payment settings (SETTINGS#payments / BANK_ACCOUNT): one item with a version; a
 * save is conditional on the version the form was opened on, with its audit entry in the same
 * transaction.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { BankAccount, PaymentSettingsStore } from '#core/office/payment-settings';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { auditPut } from './audit';
import { transact } from './claims';
import { keys } from './keys';

export const paymentSettingsStore: PaymentSettingsStore = {
  async bankAccount() {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.bankAccount(), ConsistentRead: true }));
    if (!r.Item) return undefined;
    const { pk: _pk, sk: _sk, entity: _e, ...account } = r.Item;
    return account as BankAccount;
  },
  async saveBankAccount(account, baseVersion, audit) {
    const result = await transact([
      {
        Put: {
          TableName: env.tableName(),
          Item: { ...keys.bankAccount(), entity: 'bank-account', ...account },
          ConditionExpression: baseVersion === 0 ? 'attribute_not_exists(pk)' : 'version = :base',
          ...(baseVersion === 0 ? {} : { ExpressionAttributeValues: { ':base': baseVersion } }),
        },
      },
      auditPut(audit),
    ]);
    if (result === 'ok') return true;
    if (result[0] === 'ConditionalCheckFailed') return false;
    throw new Error(`bank account save cancelled: ${result.join(', ')}`);
  },
};
