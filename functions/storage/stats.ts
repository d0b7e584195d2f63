/**
 * The office's counters (core/office/counters.ts) in one partition, STATS: the totals spread over
 * a few shards (a write picks one at random, so busy moments do not queue on one item), and one
 * item per China Standard Time day. The dashboard reads the partition with one Query; every
 * write that changes a counted record adds its delta in its own transaction (`statsWrites`).
 */
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { addCounts, countedEntities, DAY_PREFIX, recordCounts, type Counts } from '#core/office/counters';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import type { Items } from './claims';
import { keys } from './keys';
import { scanEntities } from './scan';

export const STAT_SHARDS = 8;

function addTo(key: { pk: string; sk: string }, delta: Counts): Items[number] {
  const names = Object.keys(delta);
  return {
    Update: {
      TableName: env.tableName(),
      Key: key,
      UpdateExpression: `ADD ${names.map((_, i) => `#c${i} :c${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#c${i}`, n])),
      ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:c${i}`, delta[n]])),
    },
  };
}

/** The counter updates of a write's delta: none when nothing counted changed. */
export function statsWrites(delta: Counts): Items {
  const totals: Counts = {};
  const days = new Map<string, Counts>();
  for (const [name, n] of Object.entries(delta)) {
    if (n === 0) continue;
    if (!name.startsWith(DAY_PREFIX)) {
      totals[name] = n;
      continue;
    }
    const [day, what] = [name.slice(DAY_PREFIX.length, DAY_PREFIX.length + 10), name.slice(DAY_PREFIX.length + 11)];
    days.set(day, { ...days.get(day), [what]: n });
  }
  const items: Items = [];
  if (Object.keys(totals).length > 0) items.push(addTo(keys.statsShard(Math.floor(Math.random() * STAT_SHARDS)), totals));
  for (const [day, counts] of days) items.push(addTo(keys.statsDay(day), counts));
  return items;
}

const attributesOf = (item: Record<string, unknown>): Counts =>
  Object.fromEntries(Object.entries(item).filter((e): e is [string, number] => typeof e[1] === 'number'));

/** Every counter: totals summed over the shards, and the counts of each day (oldest first). One Query. */
export async function readStats(): Promise<{ totals: Counts; days: { day: string; counts: Counts }[]; itemsRead: number }> {
  const totals: Counts = {};
  const days: { day: string; counts: Counts }[] = [];
  let itemsRead = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const r = await documentClient().send(
      new QueryCommand({ TableName: env.tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.statsShard(0).pk }, ExclusiveStartKey: start }),
    );
    for (const item of r.Items ?? []) {
      itemsRead++;
      const sk = item.sk as string;
      if (sk.startsWith(keys.statsDayPrefix)) days.push({ day: sk.slice(keys.statsDayPrefix.length), counts: attributesOf(item) });
      else addCounts(totals, attributesOf(item));
    }
    start = r.LastEvaluatedKey;
  } while (start);
  return { totals, days, itemsRead };
}

/**
 * Replaces every counter with `counts` (the rebuild command, run while nobody writes: the office
 * says so). Shard 0 takes the totals; the other shards and days no longer counted are cleared.
 */
export async function replaceStats(counts: Counts) {
  const current = await documentClient().send(
    new QueryCommand({ TableName: env.tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.statsShard(0).pk }, ProjectionExpression: 'pk, sk' }),
  );
  const deletes = (current.Items ?? []).map((i) => ({ DeleteRequest: { Key: { pk: i.pk, sk: i.sk } } }));
  const totals: Counts = {};
  const days = new Map<string, Counts>();
  for (const [name, n] of Object.entries(counts)) {
    if (n === 0) continue;
    if (name.startsWith(DAY_PREFIX)) {
      const day = name.slice(DAY_PREFIX.length, DAY_PREFIX.length + 10);
      days.set(day, { ...days.get(day), [name.slice(DAY_PREFIX.length + 11)]: n });
    } else totals[name] = n;
  }
  const puts = [
    { PutRequest: { Item: { ...keys.statsShard(0), entity: 'stats', ...totals } } },
    ...[...days].map(([day, c]) => ({ PutRequest: { Item: { ...keys.statsDay(day), entity: 'stats', ...c } } })),
  ];
  const written = new Set(puts.map((p) => p.PutRequest.Item.sk));
  for (const batch of chunks([...deletes.filter((d) => !written.has(d.DeleteRequest.Key.sk as string)), ...puts], 25)) {
    let request: Record<string, typeof batch> | undefined = { [env.tableName()]: batch };
    while (request && Object.keys(request).length > 0) {
      const r = await documentClient().send(new BatchWriteCommand({ RequestItems: request }));
      request = r.UnprocessedItems as typeof request;
    }
  }
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** The counters summed from every counted record in the table (an admin command's Scan). */
export async function countEverything(): Promise<Counts> {
  const sum: Counts = {};
  for await (const item of scanEntities(countedEntities)) addCounts(sum, recordCounts(item.entity, item));
  return sum;
}
