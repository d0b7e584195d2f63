/** Unconfirmed uploads: USER#owner / PENDING#fileId, counted by USER#owner / COUNT#pending. */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { PendingStore, PendingUpload } from '#core/uploads/ports';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { deleteFromPlace, freePlace, putInPlace, type Items } from './claims';
import { epochSeconds, keys } from './keys';

const COUNTER = 'pending';
/** The record outlives its confirmation window by a day, then DynamoDB's TTL removes it (reads filter nothing: the domain decides). */
const TTL_SECONDS = 24 * 3600;

function toPending(item: Record<string, unknown>): PendingUpload {
  const { pk: _pk, sk: _sk, entity: _e, expires_at: _x, ...upload } = item;
  return upload as unknown as PendingUpload;
}

export const pendingStore: PendingStore = {
  async add(upload, max) {
    const item = {
      ...keys.pending(upload.owner_id, upload.id),
      entity: 'pending-upload',
      ...upload,
      expires_at: epochSeconds(new Date(upload.confirm_by)) + TTL_SECONDS,
    };
    const result = await putInPlace(upload.owner_id, COUNTER, max, item);
    if (result === 'full') return 'full';
    if (result !== 'added') throw new Error(`pending upload ${upload.id} not recorded: ${result}`);
    return 'added';
  },

  async get(ownerId, id) {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.pending(ownerId, id), ConsistentRead: true }));
    return r.Item ? toPending(r.Item) : undefined;
  },

  async list(ownerId) {
    const r = await documentClient().send(
      new QueryCommand({
        TableName: env.tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.pending(ownerId, '').pk, ':prefix': keys.pendingPrefix },
        ConsistentRead: true,
      }),
    );
    return (r.Items ?? []).map(toPending);
  },

  async remove(ownerId, id) {
    const upload = await pendingStore.get(ownerId, id);
    if (!upload) return undefined;
    return (await deleteFromPlace(ownerId, COUNTER, keys.pending(ownerId, id))) ? upload : undefined;
  },
};

/** The writes that end a pending upload inside another transaction (its confirmation): it must still be there. */
export function endPending(ownerId: string, id: string): Items {
  return [
    { Delete: { TableName: env.tableName(), Key: keys.pending(ownerId, id), ConditionExpression: 'attribute_exists(pk)' } },
    freePlace(ownerId, COUNTER),
  ];
}
