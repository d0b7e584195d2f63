/**
 * The whole table, for admin commands (`npm run reconcile`, `npm run office -- counters`) and the
 * office's job worker (exports, mail recipients), off the request path: a paginated Scan with
 * consistent reads, never a request's read (no route grants dynamodb:Scan).
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';

export type Item = Record<string, unknown>;

/** Every item whose `entity` is one of `entities`. */
export async function* scanEntities(entities: readonly string[]): AsyncGenerator<Item> {
  const values = Object.fromEntries(entities.map((e, i) => [`:e${i}`, e]));
  let start: Item | undefined;
  do {
    const page = await documentClient().send(
      new ScanCommand({
        TableName: env.tableName(),
        FilterExpression: `#entity IN (${Object.keys(values).join(', ')})`,
        ExpressionAttributeNames: { '#entity': 'entity' },
        ExpressionAttributeValues: values,
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    yield* page.Items ?? [];
    start = page.LastEvaluatedKey;
  } while (start);
}
