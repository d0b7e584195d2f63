/**
 * Audit entries are put in the same transaction as the change they record: `auditPut(entry)` is
 * one more item of that transaction. An entry is created once (its key includes a random id) and
 * nothing updates or deletes it.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditEntry } from '#core/audit/audit';
import type { AuditLogReader } from '#core/office/audit-log';
import { decodeCursor, encodeCursor } from '#core/office/search';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { secrets } from '#lib/crypto';
import { keys } from './keys';
import { transact, type Items } from './claims';

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
    for (const item of r.Items ?? []) entries.push(toEntry(item));
    start = r.LastEvaluatedKey;
  } while (start);
  return entries;
}

function toEntry(item: Record<string, unknown>): AuditEntry {
  return { action: item.action, actor: item.actor, at: item.at, object: item.object, before: item.before, after: item.after, reason: item.reason } as AuditEntry;
}

/** At most this many entries are read for one page of a filtered day (the page then says "more"). */
const MAX_READ_PER_PAGE = 400;

/**
 * One day of the log, newest first, through the byOwner index (AUDITLOG#<UTC day>): the parts of
 * the day in order, each a key range of one partition. Filters are applied by DynamoDB to what it
 * reads; a page stops at `limit` matches or after MAX_READ_PER_PAGE entries read, whichever is
 * first, and its link continues from there.
 */
async function dayPage(parts: Parameters<AuditLogReader['dayPage']>[0], filter: Parameters<AuditLogReader['dayPage']>[1], limit: number, cursor?: string) {
  const at = decodeCursor(cursor, ['part', 'pk', 'sk', 'gsi1sk']);
  let part = at ? Math.min(Number(at.part), parts.length) : 0;
  // A position with an empty key is the start of its part.
  let start: Record<string, unknown> | undefined = at && at.pk !== '' ? { pk: at.pk, sk: at.sk, gsi1sk: at.gsi1sk } : undefined;
  const items: AuditEntry[] = [];
  let read = 0;
  const conditions: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (filter.actionPrefix) {
    conditions.push('begins_with(#action, :action)');
    names['#action'] = 'action';
    values[':action'] = filter.actionPrefix;
  }
  if (filter.actor) {
    conditions.push('(#actor.#id = :actor OR #actor.#email = :actor OR #actor.#kind = :actor)');
    Object.assign(names, { '#actor': 'actor', '#id': 'id', '#email': 'email', '#kind': 'kind' });
    values[':actor'] = filter.actor;
  }
  while (part < parts.length && items.length < limit && read < MAX_READ_PER_PAGE) {
    const p = parts[part]!;
    const partition = keys.auditDay(p.partitionDay);
    const r = await documentClient().send(
      new QueryCommand({
        TableName: env.tableName(),
        IndexName: 'byOwner',
        KeyConditionExpression: `gsi1pk = :day AND ${p.before ? 'gsi1sk < :edge' : 'gsi1sk >= :edge'}`,
        ...(conditions.length ? { FilterExpression: conditions.join(' AND '), ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: { ':day': partition, ':edge': p.before ?? p.from, ...values },
        ScanIndexForward: false,
        // Unfiltered, a page reads a page; filtered, it reads ahead (bounded) to find its matches.
        Limit: conditions.length ? MAX_READ_PER_PAGE - read : limit - items.length,
        ...(start ? { ExclusiveStartKey: { ...start, gsi1pk: partition } } : {}),
      }),
    );
    read += r.ScannedCount ?? 0;
    const found = r.Items ?? [];
    const taken = found.slice(0, limit - items.length);
    items.push(...taken.map(toEntry));
    if (taken.length < found.length) {
      const last = taken[taken.length - 1]!;
      start = { pk: last.pk, sk: last.sk, gsi1sk: last.gsi1sk };
      break;
    }
    start = r.LastEvaluatedKey;
    if (!start) part += 1;
  }
  if (part >= parts.length) return { items, cursor: null };
  return { items, cursor: encodeCursor({ part, pk: (start?.pk as string) ?? '', sk: (start?.sk as string) ?? '', gsi1sk: (start?.gsi1sk as string) ?? '' }) };
}

export const auditLogReader: AuditLogReader = { dayPage, auditOf };

/** One audit entry on its own: for an action that changes nothing in the table (a mail sent again). */
export async function recordAudit(entry: AuditEntry): Promise<void> {
  const result = await transact([auditPut(entry)]);
  if (result !== 'ok') throw new Error(`audit entry not written: ${result.join(', ')}`);
}
