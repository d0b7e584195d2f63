/**
 * Audit entries are put in the same transaction as the change they record: `auditPut(entry)` is
 * one more item of that transaction. An entry is created once (its key includes a random id) and
 * nothing updates or deletes it.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditEntry } from '#core/audit/audit';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { secrets } from '#lib/crypto';
import { keys } from './keys';
import type { Items } from './claims';

export function auditPut(entry: AuditEntry): Items[number] {
  const id = secrets.newId();
  return {
    Put: {
      TableName: env.tableName(),
      Item: {
        ...keys.audit(entry.object.type, entry.object.id, entry.at, id),
        entity: 'audit',
        gsi1pk: keys.auditDay(entry.at),
        gsi1sk: `${entry.at}#${id}`,
        ...entry,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The entries about one object, oldest first. */
export async function auditOf(objectType: string, objectId: string): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const r = await documentClient().send(
      new QueryCommand({
        TableName: env.tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `AUDIT#${objectType}#${objectId}` },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of r.Items ?? []) {
      entries.push({ action: item.action, actor: item.actor, at: item.at, object: item.object, before: item.before, after: item.after, reason: item.reason } as AuditEntry);
    }
    start = r.LastEvaluatedKey;
  } while (start);
  return entries;
}
