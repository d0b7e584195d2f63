/**
 * The lease a deletion under way holds on its account's profile (core/accounts/deletion-lease.ts):
 * `deletion_run` (the run) and `deletion_until` (when it lapses), and the condition every write
 * that starts something for the account carries: no live lease at the write's instant.
 */
import { env } from '#lib/env';
import type { Items } from './claims';
import { keys } from './keys';

/** No deletion holds the account at `:deletionAt` (a tombstone has no lease: its kept orders can still be refunded). */
export const leaseFreeCondition = '(attribute_not_exists(#deletionUntil) OR #deletionUntil <= :deletionAt)';
export const leaseFreeNames = { '#deletionUntil': 'deletion_until' } as const;
export const leaseFreeValues = (at: string) => ({ ':deletionAt': at });

/** The check, as one item of a transaction. */
export const noDeletionUnderWay = (ownerId: string, at: string): Items[number] => ({
  ConditionCheck: {
    TableName: env.tableName(),
    Key: keys.user(ownerId),
    ConditionExpression: leaseFreeCondition,
    ExpressionAttributeNames: { ...leaseFreeNames },
    ExpressionAttributeValues: leaseFreeValues(at),
  },
});

/** The deletion's own steps: only while its run still holds the lease. */
export const leaseHeldBy = (ownerId: string, run: string): Items[number] => ({
  ConditionCheck: {
    TableName: env.tableName(),
    Key: keys.user(ownerId),
    ConditionExpression: '#run = :run',
    ExpressionAttributeNames: { '#run': 'deletion_run' },
    ExpressionAttributeValues: { ':run': run },
  },
});
