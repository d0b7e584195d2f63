/**
 * The office's overrides of computed conflicts of interest (core/review/conflict-overrides.ts):
 * one item per abstract and reviewer (REVIEWS#abstract / OVERRIDE#reviewer), in the reviewer's
 * list (byOwner: CONFLICTOVERRIDES#reviewer) and its review category's (byList:
 * CONFLICTOVERRIDES#category). A withdrawn override stays, its version moved on; each write is
 * conditioned on the version read and carries its audit entry.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ConflictOverrideStore, StoredConflictOverride } from '#core/review/conflict-overrides';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { auditPut } from './audit';
import { transact } from './claims';
import { keys } from './keys';
import { queryAll } from './query-all';

const itemOf = (o: StoredConflictOverride) => ({
  ...keys.conflictOverride(o.abstract_id, o.reviewer_id),
  entity: 'review-conflict-override',
  ...keys.conflictOverridesOfReviewer(o.reviewer_id, o.abstract_id),
  ...keys.conflictOverridesOfCategory(o.category, o.abstract_id, o.reviewer_id),
  ...o,
});

function toOverride(item: Record<string, unknown>): StoredConflictOverride {
  const { pk: _pk, sk: _sk, entity: _e, gsi1pk: _g1, gsi1sk: _s1, gsi3pk: _g3, gsi3sk: _s3, ...override } = item;
  return override as unknown as StoredConflictOverride;
}

const overridesWhere = (input: Parameters<typeof queryAll>[0]) => queryAll(input, toOverride);

export const conflictOverrideStore: ConflictOverrideStore = {
  async get(abstractId, reviewerId) {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.conflictOverride(abstractId, reviewerId), ConsistentRead: true }));
    return r.Item ? toOverride(r.Item) : undefined;
  },

  ofReviewer: (reviewerId) =>
    overridesWhere({ IndexName: 'byOwner', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': keys.conflictOverridesOfReviewer(reviewerId, '').gsi1pk } }),

  ofAbstract: (abstractId) =>
    overridesWhere({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :override)',
      ExpressionAttributeValues: { ':pk': keys.conflictOverride(abstractId, '').pk, ':override': keys.conflictOverridePrefix },
      ConsistentRead: true,
    }),

  ofCategory: (category) =>
    overridesWhere({ IndexName: 'byList', KeyConditionExpression: 'gsi3pk = :pk', ExpressionAttributeValues: { ':pk': keys.conflictOverridesOfCategory(category, '', '').gsi3pk } }),

  async save(next, readVersion, audit) {
    const result = await transact([
      {
        Put: {
          TableName: env.tableName(),
          Item: itemOf(next),
          ...(readVersion === 0
            ? { ConditionExpression: 'attribute_not_exists(pk)' }
            : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': readVersion } }),
        },
      },
      auditPut(audit),
    ]);
    if (result === 'ok') return true;
    if (result[0] === 'ConditionalCheckFailed') return false;
    throw new Error(`conflict override not saved: ${result.join(', ')}`);
  },
};
