/** Every item a Query answers, page after page (partitions the review keeps small: a team, an abstract's reviews, a queue). */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';

export async function queryAll<T>(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>, toItem: (item: Record<string, unknown>) => T): Promise<T[]> {
  const found: T[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const r = await documentClient().send(new QueryCommand({ TableName: env.tableName(), ...input, ExclusiveStartKey: start }));
    found.push(...(r.Items ?? []).map(toItem));
    start = r.LastEvaluatedKey;
  } while (start);
  return found;
}
