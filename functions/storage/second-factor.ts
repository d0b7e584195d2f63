/**
 * An organiser's second factor (USER#id / SECOND_FACTOR): the TOTP secret, the last time step
 * accepted, the hashes of the unused recovery codes (a map, so one can be removed atomically)
 * and the enrolment's id (factor_id, which sessions' passes name). Each change is one
 * conditional write, with its audit entry in the same transaction.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditEntry } from '#core/audit/audit';
import type { SecondFactorRecord, SecondFactorStore } from '#core/office/ports';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { auditPut } from './audit';
import { transact } from './claims';
import { keys } from './keys';

interface Change {
  UpdateExpression: string;
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}
const update = (userId: string, change: Change) => ({ Update: { TableName: env.tableName(), Key: keys.secondFactor(userId), ...change } });

/** One change and its audit entry; false when the change's condition failed. */
async function changeWithAudit(change: ReturnType<typeof update>, audit: AuditEntry) {
  const result = await transact([change, auditPut(audit)]);
  if (result === 'ok') return true;
  if (result[0] === 'ConditionalCheckFailed') return false;
  throw new Error(`second factor write cancelled: ${result.join(', ')}`);
}

export const secondFactorStore: SecondFactorStore = {
  async get(userId): Promise<SecondFactorRecord | undefined> {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.secondFactor(userId), ConsistentRead: true }));
    if (!r.Item) return undefined;
    return {
      userId,
      secret: r.Item.secret as string | undefined,
      pendingSecret: r.Item.pending_secret as string | undefined,
      lastStep: r.Item.last_step as number | undefined,
      recoveryCodes: Object.keys((r.Item.recovery_codes as Record<string, boolean> | undefined) ?? {}),
      enrolledAt: r.Item.enrolled_at as string | undefined,
      factorId: r.Item.factor_id as string | undefined,
    };
  },

  async savePending(userId, secret, audit) {
    const saved = await changeWithAudit(
      update(userId, {
        UpdateExpression: 'SET pending_secret = :s, entity = :e, user_id = :u',
        ConditionExpression: 'attribute_not_exists(secret)',
        ExpressionAttributeValues: { ':s': secret, ':e': 'second-factor', ':u': userId },
      }),
      audit,
    );
    return saved ? 'saved' : 'already-enrolled';
  },

  async confirm(userId, pendingSecret, step, recoveryCodeHashes, factorId, audit) {
    return changeWithAudit(
      update(userId, {
        UpdateExpression: 'SET secret = :s, last_step = :step, recovery_codes = :codes, enrolled_at = :at, factor_id = :factor REMOVE pending_secret',
        ConditionExpression: 'pending_secret = :s AND attribute_not_exists(secret)',
        ExpressionAttributeValues: { ':s': pendingSecret, ':step': step, ':codes': Object.fromEntries(recoveryCodeHashes.map((h) => [h, true])), ':at': audit.at, ':factor': factorId },
      }),
      audit,
    );
  },

  async useStep(userId, step) {
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: env.tableName(),
          Key: keys.secondFactor(userId),
          UpdateExpression: 'SET last_step = :step',
          ConditionExpression: 'attribute_exists(secret) AND (attribute_not_exists(last_step) OR last_step < :step)',
          ExpressionAttributeValues: { ':step': step },
        }),
      );
      return true;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  },

  async useRecoveryCode(userId, hash, audit) {
    return changeWithAudit(
      update(userId, {
        UpdateExpression: 'REMOVE recovery_codes.#h',
        ConditionExpression: 'attribute_exists(recovery_codes.#h)',
        ExpressionAttributeNames: { '#h': hash },
      }),
      audit,
    );
  },

  async reset(userId, audit) {
    await changeWithAudit(
      update(userId, {
        UpdateExpression: 'REMOVE secret, last_step, recovery_codes, enrolled_at, pending_secret, factor_id',
      }),
      audit,
    );
  },
};
