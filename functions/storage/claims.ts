/**
 * Scarce places (5 abstracts, 5 posters, ...) are claimed atomically: the item and its owner's
 * counter change in one transaction, conditional on the counter being below the limit. Parallel
 * requests on the same counter may cancel each other (TransactionConflict); those are retried,
 * so only the limit - never a race - refuses a claim.
 */
import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { keys } from './keys';

export type Items = NonNullable<TransactWriteCommandInput['TransactItems']>;

/** 'ok', or the cancellation reason code of each item ('ConditionalCheckFailed', 'None', ...). */
export async function transact(items: Items, attempts = 12): Promise<'ok' | string[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
      return 'ok';
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = (error.CancellationReasons ?? []).map((r) => r.Code ?? 'None');
      if (!reasons.includes('TransactionConflict') || attempt >= attempts) return reasons;
      await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
    }
  }
}

/** The counter update that claims one place out of `max`. */
function claimPlace(ownerId: string, counter: string, max: number) {
  return {
    Update: {
      TableName: env.tableName(),
      Key: keys.counter(ownerId, counter),
      UpdateExpression: 'ADD #n :one',
      ConditionExpression: 'attribute_not_exists(#n) OR #n < :max',
      ExpressionAttributeNames: { '#n': 'n' },
      ExpressionAttributeValues: { ':one': 1, ':max': max },
    },
  } satisfies Items[number];
}

/** The counter update that frees one place (always in the transaction that deletes the item). */
export function freePlace(ownerId: string, counter: string) {
  return {
    Update: {
      TableName: env.tableName(),
      Key: keys.counter(ownerId, counter),
      UpdateExpression: 'ADD #n :minus',
      ExpressionAttributeNames: { '#n': 'n' },
      ExpressionAttributeValues: { ':minus': -1 },
    },
  } satisfies Items[number];
}

/**
 * The counter update that takes a place back without a limit (an item re-entering the places,
 * whose money must be recorded even beyond it).
 */
export function takePlace(ownerId: string, counter: string) {
  return {
    Update: {
      TableName: env.tableName(),
      Key: keys.counter(ownerId, counter),
      UpdateExpression: 'ADD #n :one',
      ExpressionAttributeNames: { '#n': 'n' },
      ExpressionAttributeValues: { ':one': 1 },
    },
  } satisfies Items[number];
}

export async function placesTaken(ownerId: string, counter: string): Promise<number> {
  const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.counter(ownerId, counter), ConsistentRead: true }));
  return (r.Item?.n as number | undefined) ?? 0;
}

type Key = { pk: string; sk: string };

/**
 * Stores a new item in one of `max` places, with `extra` writes in the same transaction:
 * 'added', 'full' (no place left), 'exists' (the item is already there) or 'conflict' (an extra
 * write's condition failed).
 */
export async function putInPlace(
  ownerId: string,
  counter: string,
  max: number,
  item: Key & Record<string, unknown>,
  extra: Items = [],
): Promise<'added' | 'full' | 'exists' | 'conflict'> {
  const result = await transact([
    claimPlace(ownerId, counter, max),
    { Put: { TableName: env.tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
    ...extra,
  ]);
  if (result === 'ok') return 'added';
  if (result[1] === 'ConditionalCheckFailed') return 'exists';
  if (result[0] === 'ConditionalCheckFailed') return 'full';
  if (result.slice(2).includes('ConditionalCheckFailed')) return 'conflict';
  throw new Error(`claim of ${counter} failed: ${result.join(', ')}`);
}

/** Deletes an item (if it still meets `also`) and frees its place; false if it was already gone (or no longer meets it). */
export async function deleteFromPlace(
  ownerId: string,
  counter: string,
  key: Key,
  also?: { condition: string; values: Record<string, unknown> },
  extra: Items = [],
): Promise<boolean> {
  const result = await transact([
    {
      Delete: {
        TableName: env.tableName(),
        Key: key,
        ConditionExpression: also ? `attribute_exists(pk) AND ${also.condition}` : 'attribute_exists(pk)',
        ...(also ? { ExpressionAttributeValues: also.values } : {}),
      },
    },
    freePlace(ownerId, counter),
    ...extra,
  ]);
  return result === 'ok';
}
