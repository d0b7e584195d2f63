/**
 * The money events' outbox (core/payments/money-events.ts): USER#owner / MONEYEVENT#<id>, put in
 * the ledger write's own transaction; while pending it is in a byOwner-index partition of its
 * shard (MONEYEVENTS#pending#0..7: the repair reads them; eight shards keep a registration day's
 * burst of payments off one index partition). Done events stay 30 days (TTL), then go.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Actor } from '#core/audit/audit';
import { storedMoneyEvent, type MoneyEventRef, type MoneyEventStore, type StoredMoneyEvent } from '#core/payments/money-events';
import type { PaymentMail } from '#core/payments/ports';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import type { Items } from './claims';
import { keys } from './keys';

const SHARDS = 8;
const KEEP_DONE_DAYS = 30;

const shardOf = (id: string) => {
  let h = 0;
  for (const c of id) h = (h * 31 + c.charCodeAt(0)) | 0;
  return Math.abs(h) % SHARDS;
};

/** An event's outbox item, pending (in its shard of the pending index). */
export function moneyEventPut(event: StoredMoneyEvent): Items[number] {
  return {
    Put: {
      TableName: env.tableName(),
      Item: {
        ...keys.moneyEvent(event.owner_id, event.id),
        entity: 'money-event',
        ...event,
        gsi1pk: keys.pendingMoneyEvents(shardOf(event.id)),
        gsi1sk: `${event.created_at}#${event.owner_id}#${event.id}`,
      },
    },
  };
}

/** The outbox items of a ledger write's events (its transaction puts them). */
export function moneyEventPuts(events: readonly PaymentMail[], actor: Actor, now: Date): Items {
  return events.map((mail) => moneyEventPut(storedMoneyEvent(mail, actor, now)));
}

function strip(item: Record<string, unknown>): StoredMoneyEvent {
  const { pk: _pk, sk: _sk, entity: _e, gsi1pk: _g, gsi1sk: _s, expires_at: _x, ...rest } = item;
  return rest as unknown as StoredMoneyEvent;
}

export const moneyEventStore: MoneyEventStore & { ofOwner(ownerId: string): Promise<StoredMoneyEvent[]> } = {
  async get(ref) {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.moneyEvent(ref.owner_id, ref.id), ConsistentRead: true }));
    return r.Item ? strip(r.Item) : undefined;
  },

  async claimMail(ref, at) {
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: env.tableName(),
          Key: keys.moneyEvent(ref.owner_id, ref.id),
          UpdateExpression: 'SET mailed_at = :at',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(mailed_at)',
          ExpressionAttributeValues: { ':at': at.toISOString() },
        }),
      );
      return true;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  },

  async done(ref, at) {
    await documentClient().send(
      new UpdateCommand({
        TableName: env.tableName(),
        Key: keys.moneyEvent(ref.owner_id, ref.id),
        UpdateExpression: 'SET #state = :done, done_at = :at, expires_at = :expires REMOVE gsi1pk, gsi1sk',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':done': 'done', ':at': at.toISOString(), ':expires': Math.floor(at.getTime() / 1000) + KEEP_DONE_DAYS * 86_400 },
      }),
    );
  },

  async ofOwner(ownerId) {
    const out: StoredMoneyEvent[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const r = await documentClient().send(
        new QueryCommand({
          TableName: env.tableName(),
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': keys.user(ownerId).pk, ':prefix': keys.moneyEventPrefix },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      out.push(...(r.Items ?? []).map(strip));
      start = r.LastEvaluatedKey;
    } while (start);
    return out;
  },

  async pending(before, limit) {
    const out: (MoneyEventRef & { at: string })[] = [];
    for (let shard = 0; shard < SHARDS; shard++) {
      const r = await documentClient().send(
        new QueryCommand({
          TableName: env.tableName(),
          IndexName: 'byOwner',
          KeyConditionExpression: 'gsi1pk = :p AND gsi1sk < :before',
          ExpressionAttributeValues: { ':p': keys.pendingMoneyEvents(shard), ':before': before.toISOString() },
          Limit: limit,
        }),
      );
      for (const item of r.Items ?? []) out.push({ owner_id: item.owner_id as string, id: item.id as string, at: item.created_at as string });
    }
    return out
      .sort((a, b) => a.at.localeCompare(b.at))
      .slice(0, limit)
      .map(({ owner_id, id }) => ({ owner_id, id }));
  },
};
