/**
 * The totals of the office's lists (issue 29, item 23): how many items one list holds, by a Query
 * of its partition (on its index) with Select COUNT, page after page. It reads the list's items
 * (capacity units), never the table; the pages ask for it once per list and keep it a minute
 * (docs/decisions/0049-office-list-totals-by-counting-the-list.md).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import type { IndexName } from './table';

export interface ListKey {
  /** The index the list lives on (absent: the table's own keys). */
  index?: IndexName;
  partitionKey: string;
  partition: string;
  /** The sort key and the prefix its values start with (a name search). */
  sortKey?: string;
  prefix?: string;
}

const condition = (key: ListKey) => ({
  TableName: env.tableName(),
  ...(key.index ? { IndexName: key.index } : {}),
  KeyConditionExpression: key.prefix ? '#pk = :pk AND begins_with(#sk, :prefix)' : '#pk = :pk',
  ExpressionAttributeNames: { '#pk': key.partitionKey, ...(key.prefix ? { '#sk': key.sortKey ?? 'sk' } : {}) },
  ExpressionAttributeValues: { ':pk': key.partition, ...(key.prefix ? { ':prefix': key.prefix } : {}) },
});

/** How many items the list holds. */
export async function countList(key: ListKey): Promise<number> {
  let total = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const r = await documentClient().send(new QueryCommand({ ...condition(key), Select: 'COUNT', ExclusiveStartKey: start }));
    total += r.Count ?? 0;
    start = r.LastEvaluatedKey;
  } while (start);
  return total;
}

/** Every item of the list, with only `attributes` (a search's rows, to count those a filter keeps). */
export async function listItems(key: ListKey, attributes: string[]): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  const names = Object.fromEntries(attributes.map((a, i) => [`#a${i}`, a]));
  do {
    const base = condition(key);
    const r = await documentClient().send(
      new QueryCommand({ ...base, ExpressionAttributeNames: { ...base.ExpressionAttributeNames, ...names }, ProjectionExpression: Object.keys(names).join(', '), ExclusiveStartKey: start }),
    );
    items.push(...(r.Items ?? []));
    start = r.LastEvaluatedKey;
  } while (start);
  return items;
}
