/**
 * Abstracts: USER#owner / ABSTRACT#id, counted by USER#owner / COUNT#abstracts, and listed for
 * the office by category and submission time (byList: ABSTRACTS#<category>, on the item). Each
 * write carries its audit entries (`audited`) in its own transaction.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditEntry } from '#core/audit/audit';
import type { AbstractStore, StoredAbstract } from '#core/abstracts/ports';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { keys } from './keys';
import { auditPut } from './audit';
import { deleteFromPlace, putInPlace, transact, type Items } from './claims';
import { attachFiles } from './files';
import { statsWrites } from './stats';
import { abstractCounts, countsDelta } from '#core/office/counters';

const COUNTER = 'abstracts';

export function toAbstract(item: Record<string, unknown>): StoredAbstract {
  const { pk: _pk, sk: _sk, entity: _e, gsi3pk: _g3, gsi3sk: _s3, ...abstract } = item;
  return abstract as unknown as StoredAbstract;
}

const audited = (entries: AuditEntry[] = []): Items => entries.map(auditPut);

/** The stored item: the abstract with its keys and its place in the office's list of its category (the review bench seeds with it). */
export const itemOf = (abstract: StoredAbstract) => ({
  ...keys.abstract(abstract.owner_id, abstract.id),
  entity: 'abstract',
  ...keys.abstractsByCategory(abstract.abstract_category, abstract.created_at, abstract.id),
  ...abstract,
});

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

  async create(abstract, max, audit) {
    const result = await putInPlace(abstract.owner_id, COUNTER, max, itemOf(abstract), [
      ...attachFiles(abstract.owner_id, abstract.upload_files, abstract.id),
      ...audited(audit),
      ...statsWrites(countsDelta(undefined, abstractCounts(abstract))),
    ]);
    // A fresh id never 'exists'; the cap or a file taken meanwhile refuses.
    return result === 'full' ? 'full' : result === 'conflict' ? 'files-taken' : 'created';
  },

  async update(abstract, previous, audit) {
    const base = previous.updated_at;
    const result = await transact([
      {
        Put: {
          TableName: env.tableName(),
          Item: itemOf(abstract),
          // Only over the version the change was made on: of two saves from one version, one wins.
          // The committee's publication writes the outcome without a new version: a save made on
          // an outcome that was published again since is refused too (it would put back the old one).
          ConditionExpression: previous.review_outcome
            ? 'attribute_exists(pk) AND updated_at = :base AND review_outcome.published_at = :published'
            : 'attribute_exists(pk) AND updated_at = :base AND (attribute_not_exists(review_outcome) OR review_outcome = :none)',
          ExpressionAttributeValues: { ':base': base, ...(previous.review_outcome ? { ':published': previous.review_outcome.published_at } : { ':none': null }) },
        },
      },
      ...attachFiles(abstract.owner_id, abstract.upload_files, abstract.id),
      ...audited(audit),
      ...statsWrites(countsDelta(abstractCounts(previous), abstractCounts(abstract))),
    ]);
    if (result === 'ok') return 'updated';
    if (result[0] === 'ConditionalCheckFailed') return (await abstractStore.get(abstract.owner_id, abstract.id)) ? 'changed' : 'missing';
    if (result.includes('ConditionalCheckFailed')) return 'files-taken';
    throw new Error(`abstract update failed: ${result.join(', ')}`);
  },

  async remove(ownerId, id, audit) {
    const abstract = await abstractStore.get(ownerId, id);
    if (!abstract) return undefined;
    // Only the version read, whose category the counters give back.
    const also = { condition: 'updated_at = :read', values: { ':read': abstract.updated_at } };
    const extra = [...audited(audit && [audit]), ...statsWrites(countsDelta(abstractCounts(abstract), undefined))];
    return (await deleteFromPlace(ownerId, COUNTER, keys.abstract(ownerId, id), also, extra)) ? abstract : undefined;
  },
};
