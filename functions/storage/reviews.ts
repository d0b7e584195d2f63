/**
 * Reviews: one item per reviewer and abstract (REVIEWS#abstract / REVIEWER#reviewer), in the
 * reviewer's queue (byOwner: REVIEWQUEUE#reviewer) and its review category's list (byList:
 * REVIEWASSIGNMENTS#category). Each write is conditioned on the version read and carries its audit
 * entry; new assignments only where the pair does not exist yet. The assignment run holds a lease.
 * The committee's change by hand (core/review/manual-assignment.ts) takes one away (state
 * 'removed', the item stays) and makes one, in one transaction.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ReviewStore, StoredReview } from '#core/review/reviewing';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { auditPut } from './audit';
import { transact } from './claims';
import { keys } from './keys';
import { queryAll } from './query-all';
import { scoresWrite } from './review-decisions';

const itemOf = (r: StoredReview) => ({
  ...keys.review(r.abstract_id, r.reviewer_id),
  entity: 'review',
  ...keys.reviewQueue(r.reviewer_id, r.abstract_id),
  ...keys.reviewsOfCategory(r.category, r.abstract_id, r.reviewer_id),
  ...r,
});

function toReview(item: Record<string, unknown>): StoredReview {
  const { pk: _pk, sk: _sk, entity: _e, gsi1pk: _g1, gsi1sk: _s1, gsi3pk: _g3, gsi3sk: _s3, ...review } = item;
  return review as unknown as StoredReview;
}

const reviewsWhere = (input: Parameters<typeof queryAll>[0]) => queryAll(input, toReview);

/** How many new assignments go in one transaction (each with its audit entry: two items). */
const PER_TRANSACTION = 40;
const RUN_LEASE_MS = 15 * 60_000;

export const reviewStore: ReviewStore = {
  queue: (reviewerId) =>
    reviewsWhere({ IndexName: 'byOwner', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': keys.reviewQueue(reviewerId, '').gsi1pk } }),

  async get(abstractId, reviewerId) {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.review(abstractId, reviewerId), ConsistentRead: true }));
    return r.Item ? toReview(r.Item) : undefined;
  },

  ofAbstract: (abstractId) =>
    reviewsWhere({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :reviewer)',
      ExpressionAttributeValues: { ':pk': keys.review(abstractId, '').pk, ':reviewer': keys.reviewerPrefix },
      ConsistentRead: true,
    }),

  ofCategory: (category) =>
    reviewsWhere({ IndexName: 'byList', KeyConditionExpression: 'gsi3pk = :pk', ExpressionAttributeValues: { ':pk': keys.reviewsOfCategory(category, '', '').gsi3pk } }),

  async save(next, readVersion, audit, scores) {
    const result = await transact([
      { Put: { TableName: env.tableName(), Item: itemOf(next), ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': readVersion } } },
      auditPut(audit),
      ...(scores ? [scoresWrite(scores.summary, scores.readScoresV)] : []),
    ]);
    if (result === 'ok') return true;
    if (result.includes('ConditionalCheckFailed')) return false;
    throw new Error(`review not saved: ${result.join(', ')}`);
  },

  async move({ remove, add }, audit) {
    const result = await transact([
      ...(remove ? [{ Put: { TableName: env.tableName(), Item: itemOf(remove.next), ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': remove.readVersion } } }] : []),
      ...(add
        ? [
            {
              Put: {
                TableName: env.tableName(),
                Item: itemOf(add.next),
                ...(add.readVersion === undefined
                  ? { ConditionExpression: 'attribute_not_exists(pk)' }
                  : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': add.readVersion } }),
              },
            },
          ]
        : []),
      auditPut(audit),
    ]);
    if (result === 'ok') return true;
    if (result.includes('ConditionalCheckFailed')) return false;
    throw new Error(`assignment not moved: ${result.join(', ')}`);
  },

  async addAssignments(items) {
    let written = 0;
    for (let i = 0; i < items.length; i += PER_TRANSACTION) {
      const chunk = items.slice(i, i + PER_TRANSACTION);
      const result = await transact(
        chunk.flatMap(({ review, audit }) => [
          { Put: { TableName: env.tableName(), Item: itemOf(review), ConditionExpression: 'attribute_not_exists(pk)' } },
          auditPut(audit),
        ]),
      );
      if (result === 'ok') {
        written += chunk.length;
        continue;
      }
      // A pair made meanwhile (by hand, or a run whose lease had lapsed): the others of the chunk one by one.
      for (const { review, audit } of chunk) {
        const one = await transact([{ Put: { TableName: env.tableName(), Item: itemOf(review), ConditionExpression: 'attribute_not_exists(pk)' } }, auditPut(audit)]);
        if (one === 'ok') written++;
        else if (one[0] !== 'ConditionalCheckFailed') throw new Error(`assignment not written: ${one.join(', ')}`);
      }
    }
    return written;
  },

  async claimRun(runId, now) {
    const result = await transact([
      {
        Put: {
          TableName: env.tableName(),
          Item: { ...keys.reviewAssignmentRun(), entity: 'review-assignment-run', run_id: runId, until: now.getTime() + RUN_LEASE_MS },
          ConditionExpression: 'attribute_not_exists(pk) OR #until < :now',
          ExpressionAttributeNames: { '#until': 'until' },
          ExpressionAttributeValues: { ':now': now.getTime() },
        },
      },
    ]);
    if (result === 'ok') return true;
    if (result[0] === 'ConditionalCheckFailed') return false;
    throw new Error(`assignment run not claimed: ${result.join(', ')}`);
  },

  async releaseRun(runId) {
    await transact([{ Delete: { TableName: env.tableName(), Key: keys.reviewAssignmentRun(), ConditionExpression: 'run_id = :id', ExpressionAttributeValues: { ':id': runId } } }]).catch(() => undefined);
  },
};
