/**
 * The committee's side of the review: an abstract's summary (REVIEWS#abstract / SUMMARY: its
 * scores under `scores_v`, its pending decision under `decision_v`, ranked in its category by
 * byList REVIEWRANKING#category), the category's decided counts (REVIEWSTATE / DECIDED#category)
 * and the slots (REVIEWSTATE / QUOTAS). The two parts of a summary are written with UpdateItem of
 * their own fields only, each conditioned on its own version, so a review and a decision never
 * overwrite each other.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditEntry } from '#core/audit/audit';
import { emptyCounts, type AbstractSummary, type Counts, type DecisionStore, type Outcome, type Quotas } from '#core/review/deciding';
import type { AbstractScore } from '#core/review/scoring';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { auditPut } from './audit';
import { transact } from './claims';
import { keys } from './keys';
import { listPage } from './office-directory';

const pad = (n: number, width: number) => String(Math.max(0, n)).padStart(width, '0');

/** Best first in ascending order: the higher mean, then median, then more reviews; unreviewed after all. */
export function rankOf(score: AbstractScore): string {
  if (score.mean === null) return 'z';
  return `${pad(1000 - Math.round(score.mean * 100), 4)}.${pad(1000 - Math.round((score.median ?? 0) * 100), 4)}.${pad(999 - score.reviews, 3)}`;
}

function toSummary(item: Record<string, unknown>): AbstractSummary {
  const { pk: _pk, sk: _sk, entity: _e, gsi3pk: _g, gsi3sk: _s, ...summary } = item;
  const found = summary as unknown as AbstractSummary;
  return { ...found, decision: found.decision ?? null, decision_v: found.decision_v ?? 0 };
}

async function summary(abstractId: string) {
  const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.reviewSummary(abstractId), ConsistentRead: true }));
  return r.Item ? toSummary(r.Item) : undefined;
}

async function ranking(category: string, limit: number, cursor?: string) {
  const page = await listPage(keys.reviewRanking(category, '', '').gsi3pk, limit, cursor, 'ascending');
  return { items: page.items.map(toSummary), cursor: page.cursor };
}

/** The scores part (and the facts a new summary needs), as one Update: the item's other fields stay. */
export function scoresWrite(s: AbstractSummary, readScoresV: number | undefined) {
  const ranked = keys.reviewRanking(s.category, rankOf(s.score), s.abstract_id);
  return {
    Update: {
      TableName: env.tableName(),
      Key: keys.reviewSummary(s.abstract_id),
      UpdateExpression: 'SET entity = :entity, abstract_id = :id, owner_id = :owner, category = :category, title = :title, score = :score, scores_v = :next, gsi3pk = :rankpk, gsi3sk = :ranksk',
      ConditionExpression: readScoresV === undefined ? 'attribute_not_exists(scores_v)' : 'scores_v = :v',
      ExpressionAttributeValues: {
        ':entity': 'review-summary',
        ':id': s.abstract_id,
        ':owner': s.owner_id,
        ':category': s.category,
        ':title': s.title,
        ':score': s.score,
        ':next': s.scores_v,
        ':rankpk': ranked.gsi3pk,
        ':ranksk': ranked.gsi3sk,
        ...(readScoresV === undefined ? {} : { ':v': readScoresV }),
      },
    },
  };
}

async function saveScores(s: AbstractSummary, readScoresV: number | undefined) {
  const result = await transact([scoresWrite(s, readScoresV)]);
  if (result === 'ok') return true;
  if (result[0] === 'ConditionalCheckFailed') return false;
  throw new Error(`summary not saved: ${result.join(', ')}`);
}

async function saveDecision(s: AbstractSummary, readDecisionV: number, before: Outcome | null, quota: number | null, audit: AuditEntry) {
  const after = s.decision?.outcome ?? null;
  const countsKey = keys.reviewDecided(s.category);
  const items: Parameters<typeof transact>[0] = [
    {
      Update: {
        TableName: env.tableName(),
        Key: keys.reviewSummary(s.abstract_id),
        UpdateExpression: s.decision ? 'SET decision = :d, decision_v = :next' : 'SET decision_v = :next REMOVE decision',
        // A published decision is final (a "revise" one is decided again): publication does not move
        // decision_v, so the write checks what is published itself.
        ConditionExpression: `${readDecisionV === 0 ? 'attribute_exists(pk) AND (attribute_not_exists(decision_v) OR decision_v = :v)' : 'decision_v = :v'} AND (attribute_not_exists(published) OR published.outcome = :revise)`,
        ExpressionAttributeValues: { ...(s.decision ? { ':d': s.decision } : {}), ':next': s.decision_v, ':v': readDecisionV, ':revise': 'revise' },
      },
    },
    auditPut(audit),
  ];
  if (before !== after) {
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = { ':entity': 'review-decided' };
    const adds: string[] = [];
    if (before) {
      names['#b'] = before;
      values[':minus'] = -1;
      adds.push('#b :minus');
    }
    if (after) {
      names['#a'] = after;
      values[':one'] = 1;
      adds.push('#a :one');
    }
    const underQuota = after && quota !== null;
    if (underQuota) values[':quota'] = quota;
    items.push({
      Update: {
        TableName: env.tableName(),
        Key: countsKey,
        UpdateExpression: `SET entity = :entity ADD ${adds.join(', ')}`,
        ...(underQuota ? { ConditionExpression: 'attribute_not_exists(#a) OR #a < :quota' } : {}),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    });
  }
  const result = await transact(items);
  if (result === 'ok') return 'ok' as const;
  if (result[0] === 'ConditionalCheckFailed') return 'changed' as const;
  if (result[2] === 'ConditionalCheckFailed') return 'full' as const;
  throw new Error(`decision not saved: ${result.join(', ')}`);
}

async function counts(category: string): Promise<Counts> {
  const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.reviewDecided(category), ConsistentRead: true }));
  const found = emptyCounts();
  for (const outcome of Object.keys(found) as Outcome[]) {
    const value = r.Item?.[outcome];
    if (typeof value === 'number') found[outcome] = value;
  }
  return found;
}

async function quotas(): Promise<{ quotas: Quotas; version: number }> {
  const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.reviewQuotas(), ConsistentRead: true }));
  return { quotas: (r.Item?.quotas as Quotas | undefined) ?? {}, version: (r.Item?.version as number | undefined) ?? 0 };
}

async function saveQuotas(next: Quotas, readVersion: number, audit: AuditEntry) {
  const result = await transact([
    {
      Put: {
        TableName: env.tableName(),
        Item: { ...keys.reviewQuotas(), entity: 'review-quotas', quotas: next, version: readVersion + 1 },
        ConditionExpression: readVersion === 0 ? 'attribute_not_exists(pk)' : 'version = :v',
        ...(readVersion === 0 ? {} : { ExpressionAttributeValues: { ':v': readVersion } }),
      },
    },
    auditPut(audit),
  ]);
  if (result === 'ok') return true;
  if (result[0] === 'ConditionalCheckFailed') return false;
  throw new Error(`slots not saved: ${result.join(', ')}`);
}

export const decisionStore: DecisionStore = { summary, ranking, saveScores, saveDecision, counts, quotas, saveQuotas };
