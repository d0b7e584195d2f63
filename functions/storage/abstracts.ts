/** Abstracts: USER#owner / ABSTRACT#id, counted by USER#owner / COUNT#abstracts. */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AbstractStore, StoredAbstract } from '#core/abstracts/ports';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { keys } from './keys';
import { deleteFromPlace, putInPlace, transact } from './claims';
import { attachFiles } from './files';

const COUNTER = 'abstracts';

function toAbstract(item: Record<string, unknown>): StoredAbstract {
  const { pk: _pk, sk: _sk, entity: _e, ...abstract } = item;
  return abstract as unknown as StoredAbstract;
}

export const abstractStore: AbstractStore = {
  async list(ownerId) {
    const r = await documentClient().send(
      new QueryCommand({
        TableName: env.tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.abstract(ownerId, '').pk, ':prefix': keys.abstractPrefix },
        ConsistentRead: true,
      }),
    );
    return (r.Items ?? []).map(toAbstract);
  },

  async get(ownerId, id) {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.abstract(ownerId, id), ConsistentRead: true }));
    return r.Item ? toAbstract(r.Item) : undefined;
  },

  async create(abstract, max) {
    const item = { ...keys.abstract(abstract.owner_id, abstract.id), entity: 'abstract', ...abstract };
    const result = await putInPlace(abstract.owner_id, COUNTER, max, item, attachFiles(abstract.owner_id, abstract.upload_files, abstract.id));
    // A fresh id never 'exists'; the cap or a file taken meanwhile refuses.
    return result === 'full' ? 'full' : result === 'conflict' ? 'files-taken' : 'created';
  },

  async update(abstract, base) {
    const result = await transact([
      {
        Put: {
          TableName: env.tableName(),
          Item: { ...keys.abstract(abstract.owner_id, abstract.id), entity: 'abstract', ...abstract },
          // Only over the version the change was made on: of two saves from one version, one wins.
          ConditionExpression: 'attribute_exists(pk) AND updated_at = :base',
          ExpressionAttributeValues: { ':base': base },
        },
      },
      ...attachFiles(abstract.owner_id, abstract.upload_files, abstract.id),
    ]);
    if (result === 'ok') return 'updated';
    if (result[0] === 'ConditionalCheckFailed') return (await abstractStore.get(abstract.owner_id, abstract.id)) ? 'changed' : 'missing';
    if (result.includes('ConditionalCheckFailed')) return 'files-taken';
    throw new Error(`abstract update failed: ${result.join(', ')}`);
  },

  async remove(ownerId, id) {
    const abstract = await abstractStore.get(ownerId, id);
    if (!abstract) return undefined;
    return (await deleteFromPlace(ownerId, COUNTER, keys.abstract(ownerId, id))) ? abstract : undefined;
  },
};
