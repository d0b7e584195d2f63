/**
 * The publication of the decisions (core/review/publishing.ts): each abstract's in one
 * transaction — its summary's `published` (conditioned on the decision's version read and on
 * what was published before), the abstract's `review_outcome` and `presentation`, the type's
 * number counter (REVIEWSTATE / NUMBERS, conditioned on the value read) and the audit entry.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { AbstractSummary } from '#core/review/deciding';
import type { PublicationStore, PublishedDecision } from '#core/review/publishing';
import { reviewCategoryValues } from '#core/review/team';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { auditPut } from './audit';
import { transact } from './claims';
import { keys } from './keys';
import { queryAll } from './query-all';

type Summary = AbstractSummary & { published?: PublishedDecision; rank: string };

function toSummary(item: Record<string, unknown>): Summary {
  const { pk: _pk, sk: _sk, entity: _e, gsi3pk: _g, gsi3sk, ...rest } = item;
  const found = rest as unknown as Summary;
  return { ...found, decision: found.decision ?? null, decision_v: found.decision_v ?? 0, rank: String(gsi3sk ?? '') };
}

/** Every summary of every category (the ranking index, a category at a time). */
async function allSummaries(): Promise<Summary[]> {
  const all: Summary[] = [];
  for (const category of reviewCategoryValues) {
    all.push(
      ...(await queryAll(
        { IndexName: 'byList', KeyConditionExpression: 'gsi3pk = :p', ExpressionAttributeValues: { ':p': keys.reviewRanking(category, '', '').gsi3pk } },
        toSummary,
      )),
    );
  }
  return all;
}

async function summary(abstractId: string) {
  const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.reviewSummary(abstractId), ConsistentRead: true }));
  return r.Item ? toSummary(r.Item) : undefined;
}

export const publicationStore: PublicationStore = {
  async decided() {
    return (await allSummaries()).filter((s) => s.decision);
  },
  summary,
  async lastNumbers() {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.reviewNumbers(), ConsistentRead: true }));
    return { oral: typeof r.Item?.oral === 'number' ? r.Item.oral : 0, poster: typeof r.Item?.poster === 'number' ? r.Item.poster : 0 };
  },
  async publish({ summary: s, published, previous, slot, audit }) {
    const outcome = {
      outcome: published.outcome,
      ...(published.number ? { number: published.number } : {}),
      ...(published.duplicate_of ? { duplicate_of: published.duplicate_of } : {}),
      published_at: published.published_at,
    };
    const accepted = slot && published.number ? { type: slot.type, accepted_at: published.published_at, number: published.number } : null;
    const items: Parameters<typeof transact>[0] = [
      {
        Update: {
          TableName: env.tableName(),
          Key: keys.reviewSummary(s.abstract_id),
          UpdateExpression: 'SET published = :p',
          // Nothing published yet, or (the re-check of a revision) exactly what was read.
          ConditionExpression: previous ? 'decision_v = :v AND published.published_at = :prev' : 'decision_v = :v AND attribute_not_exists(published)',
          ExpressionAttributeValues: { ':p': published, ':v': s.decision_v, ...(previous ? { ':prev': previous.published_at } : {}) },
        },
      },
      {
        Update: {
          TableName: env.tableName(),
          Key: keys.abstract(s.owner_id, s.abstract_id),
          UpdateExpression: 'SET review_outcome = :o, presentation = :a',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':o': outcome, ':a': accepted },
        },
      },
      auditPut(audit),
    ];
    if (slot) {
      items.push({
        Update: {
          TableName: env.tableName(),
          Key: keys.reviewNumbers(),
          UpdateExpression: 'SET entity = :entity, #t = :n',
          ConditionExpression: slot.n === 1 ? 'attribute_not_exists(#t)' : '#t = :before',
          ExpressionAttributeNames: { '#t': slot.type },
          ExpressionAttributeValues: { ':entity': 'review-numbers', ':n': slot.n, ...(slot.n === 1 ? {} : { ':before': slot.n - 1 }) },
        },
      });
    }
    const result = await transact(items);
    if (result === 'ok') return 'published';
    if (result[0] === 'ConditionalCheckFailed') return 'changed';
    if (result[1] === 'ConditionalCheckFailed') return 'gone';
    if (result[3] === 'ConditionalCheckFailed') return 'number-taken';
    throw new Error(`decision not published: ${result.join(', ')}`);
  },
  async publishedBy(jobId) {
    return (await allSummaries()).filter((s): s is Summary & { published: PublishedDecision } => s.published?.job === jobId);
  },
};
