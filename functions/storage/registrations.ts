/**
 * Registrations by category: one per delegate, USER#owner / REGISTRATION, numbered by one
 * sequence for all of them (SEQUENCE#registrations). The summary the account shows (spec "User
 * info") is written on the profile item in the same transaction, so person info stays one read.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { decodeCursor, encodeCursor } from '#core/office/search';
import { REGISTER_STATUS, type RegistrationList, type RegistrationStore, type StoredRegistration } from '#core/registration-by-category/ports';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { auditPut } from './audit';
import { transact } from './claims';
import { keys } from './keys';
import { countList } from './list-counts';
import { leaseFreeCondition, leaseFreeNames, leaseFreeValues } from './deletion-lease';
import { moveNameKeys } from './users';

export function toRegistration(item: Record<string, unknown>): StoredRegistration {
  const { pk: _pk, sk: _sk, entity: _e, gsi1pk: _g1, gsi1sk: _s1, gsi3pk: _g3, gsi3sk: _s3, ...registration } = item;
  return registration as unknown as StoredRegistration;
}

/**
 * The registration's places in the office's lists: every registration by creation time (byList,
 * REGISTRATIONS), and while under review the review queue by hand-in time (byOwner,
 * REGISTRATIONS#review), so neither list reads the table.
 */
function listKeys(r: StoredRegistration) {
  return {
    ...keys.registrationsAll(r.created_at, r.owner_id),
    ...(r.register_status === REGISTER_STATUS.inReview ? keys.registrationsInReview(r.submitted_at ?? r.created_at, r.owner_id) : {}),
  };
}


/** Where a list of registrations lives: the review queue by hand-in time, or every registration. */
const listIndex = (list: RegistrationList) =>
  list === 'review'
    ? { name: 'byOwner' as const, pk: 'gsi1pk', sk: 'gsi1sk', partition: keys.registrationsInReviewList }
    : { name: 'byList' as const, pk: 'gsi3pk', sk: 'gsi3sk', partition: keys.registrationsAllList };

export const registrationStore: RegistrationStore = {
  async nextSequence() {
    const r = await documentClient().send(
      new UpdateCommand({
        TableName: env.tableName(),
        Key: keys.sequence('registrations'),
        UpdateExpression: 'ADD n :one',
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return r.Attributes!.n as number;
  },

  async create(registration, profile, audit) {
    const entries = Object.entries(profile.fields);
    const result = await transact([
      {
        Put: {
          TableName: env.tableName(),
          Item: { ...keys.registration(registration.owner_id), entity: 'registration', ...registration, ...listKeys(registration) },
          // One per delegate: a second submit (another tab) finds the first.
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Update: {
          TableName: env.tableName(),
          Key: keys.user(registration.owner_id),
          UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
          // Not while a deletion of the account is under way (core/accounts/deletion-lease.ts).
          ConditionExpression: `attribute_exists(pk) AND ${leaseFreeCondition}`,
          ExpressionAttributeNames: { ...Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])), ...leaseFreeNames },
          ExpressionAttributeValues: { ...Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])), ...leaseFreeValues(registration.created_at) },
        },
      },
      ...moveNameKeys(registration.owner_id, profile.names),
      auditPut(audit),
    ]);
    if (result === 'ok') return 'created';
    if (result[0] === 'ConditionalCheckFailed') return 'exists';
    if (result[1] === 'ConditionalCheckFailed') return 'account-deleting';
    throw new Error(`registration of ${registration.owner_id} not stored: ${result.join(', ')}`);
  },

  async saveDinners(registration, base, profile, audit) {
    const result = await transact([
      {
        Put: {
          TableName: env.tableName(),
          // The list keys again: a Put replaces the item, and without them the registration would leave the office's lists.
          Item: { ...keys.registration(registration.owner_id), entity: 'registration', ...registration, ...listKeys(registration) },
          // Over the version read, and only while the dinners are unpaid (a payment confirmed meanwhile wins).
          ConditionExpression: 'attribute_exists(pk) AND updated_at = :base AND (repast_status = :unpaid OR attribute_not_exists(repast_status))',
          ExpressionAttributeValues: { ':base': base, ':unpaid': 1 },
        },
      },
      {
        Update: {
          TableName: env.tableName(),
          Key: keys.user(registration.owner_id),
          UpdateExpression: 'SET dinner_fee = :fee',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':fee': profile.dinner_fee },
        },
      },
      auditPut(audit),
    ]);
    if (result === 'ok') return 'ok';
    if (result[0] === 'ConditionalCheckFailed' || result.includes('TransactionConflict')) return 'conflict';
    throw new Error(`dinners of ${registration.owner_id} not stored: ${result.join(', ')}`);
  },

  async get(ownerId) {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.registration(ownerId), ConsistentRead: true }));
    return r.Item ? toRegistration(r.Item) : undefined;
  },

  // --- Review and voucher ---
  async replace(registration, expectedVersion, profile, audit) {
    const entries = Object.entries(profile);
    const result = await transact([
      {
        Put: {
          TableName: env.tableName(),
          Item: { ...keys.registration(registration.owner_id), entity: 'registration', ...registration, ...listKeys(registration) },
          ConditionExpression: 'updated_at = :read',
          ExpressionAttributeValues: { ':read': expectedVersion },
        },
      },
      {
        Update: {
          TableName: env.tableName(),
          Key: keys.user(registration.owner_id),
          UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
          ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
        },
      },
      auditPut(audit),
    ]);
    if (result === 'ok') return 'ok';
    if (result[0] === 'ConditionalCheckFailed') return 'stale';
    throw new Error(`registration of ${registration.owner_id} not written: ${result.join(', ')}`);
  },

  async count(list: RegistrationList) {
    const index = listIndex(list);
    return countList({ index: index.name, partitionKey: index.pk, partition: index.partition });
  },

  async page(list: RegistrationList, limit, cursor) {
    const index = listIndex(list);
    const at = decodeCursor(cursor, ['pk', 'sk', index.sk]);
    const r = await documentClient().send(
      new QueryCommand({
        TableName: env.tableName(),
        IndexName: index.name,
        KeyConditionExpression: `${index.pk} = :p`,
        ExpressionAttributeValues: { ':p': index.partition },
        // The review queue oldest first (first come, first served); the whole list newest first.
        ScanIndexForward: list === 'review',
        Limit: limit,
        ...(at ? { ExclusiveStartKey: { ...at, [index.pk]: index.partition } } : {}),
      }),
    );
    const last = r.LastEvaluatedKey;
    return {
      items: (r.Items ?? []).map(toRegistration),
      cursor: last ? encodeCursor({ pk: last.pk as string, sk: last.sk as string, [index.sk]: last[index.sk] as string }) : null,
    };
  },
};
