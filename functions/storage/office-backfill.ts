/**
 * One-off: gives accounts and abstracts written before the office's lists their list keys
 * (byList), accounts their name keys (storage/office-directory.ts) and the names given in their
 * orders (order_names, with their keys: storage/users.ts refreshOrderNames), and payments and
 * refunds their money-list items (storage/order-rows.ts; a transfer awaited for a rest is known
 * as such only if it was recorded after `rest_of` was), and paid orders their tickets' entry for
 * the doors' devices (decision 0070). Reads the table once
 * (a Scan: a maintenance job, never a route) and writes only what is missing; running it again
 * writes nothing new. The data itself does not change, so there is no audit entry.
 */
import { PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { nameKeys } from '#core/accounts/name-key';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import type { Payment, Refund } from '#core/payments/model';
import { keys } from './keys';
import { moneyListWrites, orderRowWrites } from './order-rows';
import { toOrder } from './orders';
import { hasTickets } from '#core/checkin/tickets';
import { owedRefundIndex } from './ledger';
import { refreshOrderNames } from './users';

async function setListKeys(key: { pk: string; sk: string }, list: { gsi3pk: string; gsi3sk: string }) {
  await documentClient()
    .send(
      new UpdateCommand({
        TableName: env.tableName(),
        Key: key,
        UpdateExpression: 'SET gsi3pk = :p, gsi3sk = :s',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(gsi3pk)',
        ExpressionAttributeValues: { ':p': list.gsi3pk, ':s': list.gsi3sk },
      }),
    )
    .catch((error: Error) => {
      if (error.name !== 'ConditionalCheckFailedException') throw error;
    });
}

/** Whether the account took names from its orders now (an account without orders is only marked as done). */
async function tookOrderNames(userId: string) {
  const r = await refreshOrderNames(userId);
  return r.outcome === 'updated' && r.names > 0;
}

/**
 * The doors' list entry of an order paid before the doors existed (decision 0070), only if it is
 * missing: an order written since has it from its own write, which this must never overwrite.
 */
async function putTicketsEntry(item: Record<string, unknown>): Promise<boolean> {
  const order = toOrder(item);
  if (!hasTickets(order)) return false;
  const put = orderRowWrites(order).find((w) => w.Put?.Item?.sk === 'tickets')?.Put;
  if (!put) return false;
  return documentClient()
    .send(new PutCommand({ TableName: put.TableName, Item: put.Item, ConditionExpression: 'attribute_not_exists(pk)' }))
    .then(() => true)
    .catch((error: Error) => {
      if (error.name !== 'ConditionalCheckFailedException') throw error;
      return false;
    });
}

export async function backfillOfficeKeys(): Promise<{ accounts: number; abstracts: number; nameKeys: number; moneyLists: number; orderNames: number; tickets: number }> {
  const counts = { accounts: 0, abstracts: 0, nameKeys: 0, moneyLists: 0, orderNames: 0, tickets: 0 };
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new ScanCommand({
        TableName: env.tableName(),
        FilterExpression:
          '((entity = :user OR entity = :abstract) AND attribute_not_exists(gsi3pk)) OR (entity = :user AND attribute_not_exists(order_names)) OR entity = :payment OR entity = :refund OR entity = :order',
        ExpressionAttributeValues: { ':user': 'user', ':abstract': 'abstract', ':payment': 'payment', ':refund': 'refund', ':order': 'order' },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const key = { pk: item.pk as string, sk: item.sk as string };
      if (item.entity === 'order') {
        if (await putTicketsEntry(item)) counts.tickets += 1;
      } else if (item.entity === 'payment' || item.entity === 'refund') {
        // The money lists (ledger writes keep them from now on): each item only if it is missing.
        for (const write of moneyListWrites([item as unknown as Payment | Refund])) {
          const put = write.Put!;
          const done = await documentClient()
            .send(new PutCommand({ TableName: put.TableName, Item: put.Item, ConditionExpression: 'attribute_not_exists(pk)' }))
            .then(() => true)
            .catch((error: Error) => {
              if (error.name !== 'ConditionalCheckFailedException') throw error;
              return false;
            });
          if (done) counts.moneyLists += 1;
        }
        // A refund by bank transfer still owed, recorded before the office listed them: into REFUNDS#owed.
        const owed = item.entity === 'refund' && !item.gsi1pk ? owedRefundIndex(item as unknown as Refund) : {};
        if ('gsi1pk' in owed) {
          await documentClient()
            .send(new UpdateCommand({ TableName: env.tableName(), Key: key, UpdateExpression: 'SET gsi1pk = :p, gsi1sk = :s', ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(gsi1pk) AND #state = :state', ExpressionAttributeNames: { '#state': 'state' }, ExpressionAttributeValues: { ':p': owed.gsi1pk, ':s': owed.gsi1sk, ':state': item.state } }))
            .then(() => (counts.moneyLists += 1))
            .catch((error: Error) => {
              if (error.name !== 'ConditionalCheckFailedException') throw error;
            });
        }
      } else if (item.entity === 'user' && item.gsi3pk) {
        // Listed already, from before accounts kept the names given in their orders.
        if (await tookOrderNames(item.id as string)) counts.orderNames += 1;
      } else if (item.entity === 'user') {
        if (!item.order_names && (await tookOrderNames(item.id as string))) counts.orderNames += 1;
        // Name keys first: the list keys mark the account done, so a run stopped between the two is finished by the next.
        for (const k of nameKeys(item as { first_name?: string; last_name?: string })) {
          await documentClient().send(new PutCommand({ TableName: env.tableName(), Item: { ...keys.nameKey(k, item.id as string), entity: 'name-key', user_id: item.id } }));
          counts.nameKeys += 1;
        }
        await setListKeys(key, keys.accountsBySignUp(item.created_at as string, item.id as string));
        counts.accounts += 1;
      } else {
        await setListKeys(key, keys.abstractsByCategory(item.abstract_category as string, item.created_at as string, item.id as string));
        counts.abstracts += 1;
      }
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return counts;
}
