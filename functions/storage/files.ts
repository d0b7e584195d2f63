/** Uploaded files: USER#owner / FILE#id, counted per purpose by USER#owner / COUNT#file:<purpose>. */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { FileStore, StoredFile } from '#core/uploads/ports';
import type { UploadPurpose } from '#core/uploads/rules';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { keys } from './keys';
import { auditPut } from './audit';
import { deleteFromPlace, placesTaken, putInPlace, type Items } from './claims';
import { endPending } from './pending';
import { statsWrites } from './stats';
import { fileCounts, countsDelta } from '#core/office/counters';

const counterOf = (purpose: UploadPurpose) => `file:${purpose}`;

function toFile(item: Record<string, unknown>): StoredFile {
  const { pk: _pk, sk: _sk, entity: _e, ...file } = item;
  return file as unknown as StoredFile;
}

export const fileStore: FileStore & { listAll(ownerId: string): Promise<StoredFile[]> } = {
  async get(ownerId, fileId) {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.file(ownerId, fileId), ConsistentRead: true }));
    return r.Item ? toFile(r.Item) : undefined;
  },

  async list(ownerId, purpose) {
    const r = await documentClient().send(
      new QueryCommand({
        TableName: env.tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        FilterExpression: 'purpose = :purpose',
        ExpressionAttributeValues: { ':pk': keys.file(ownerId, '').pk, ':prefix': keys.filePrefix, ':purpose': purpose },
        ConsistentRead: true,
      }),
    );
    return (r.Items ?? []).map(toFile);
  },

  count: (ownerId, purpose) => placesTaken(ownerId, counterOf(purpose)),

  add: async (file, max, audit) => {
    const item = { ...keys.file(file.owner_id, file.id), entity: 'file', ...file };
    const added = await putInPlace(file.owner_id, counterOf(file.purpose), max, item, [...endPending(file.owner_id, file.id), ...(audit ? [auditPut(audit)] : []), ...statsWrites(countsDelta(undefined, fileCounts(file)))]);
    return added === 'conflict' ? 'not-pending' : added;
  },

  async remove(ownerId, fileId, audit) {
    const file = await fileStore.get(ownerId, fileId);
    if (!file) return undefined;
    return (await deleteFromPlace(ownerId, counterOf(file.purpose), keys.file(ownerId, fileId), undefined, [...(audit ? [auditPut(audit)] : []), ...statsWrites(countsDelta(fileCounts(file), undefined))])) ? file : undefined;
  },

  /** All of an owner's files, every purpose, in one query (the office's view of a delegate). */
  async listAll(ownerId) {
    const r = await documentClient().send(
      new QueryCommand({
        TableName: env.tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.file(ownerId, '').pk, ':prefix': keys.filePrefix },
      }),
    );
    return (r.Items ?? []).map(toFile);
  },

};

/**
 * The writes that make an abstract hold its files, for the abstract's own transaction: each file
 * must still exist and be pending or already this abstract's, so two abstracts can never share one.
 */
export function attachFiles(ownerId: string, fileIds: string[], abstractId: string): Items {
  return fileIds.map((id) => ({
    Update: {
      TableName: env.tableName(),
      Key: keys.file(ownerId, id),
      UpdateExpression: 'SET abstract_id = :a',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(abstract_id) OR attribute_type(abstract_id, :null) OR abstract_id = :a)',
      ExpressionAttributeValues: { ':a': abstractId, ':null': 'NULL' },
    },
  }));
}
