/**
 * "My programme" (core/programme/my-programme.ts): USER#owner / MYPROGRAMME holds the picks as a
 * string set (each added or removed by itself: ADD and DELETE, never a rewrite of the list) and the
 * calendar's key; MYCALENDAR#<hash of the key> / KEY names the account for the calendar's address.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { MyProgrammeStore } from '#core/programme/my-programme';
import { documentClient } from '#lib/aws/clients';
import { hashToken } from '#lib/crypto';
import { env } from '#lib/env';
import { transact } from './claims';
import { keys } from './keys';

const isConditionFailure = (error: unknown) => (error as { name?: string }).name === 'ConditionalCheckFailedException';

async function mine(userId: string) {
  const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.myProgramme(userId), ConsistentRead: true }));
  const picks = r.Item?.picks as Set<string> | undefined;
  return { picks: picks ? [...picks] : [], ...(r.Item?.calendar_key ? { calendar_key: r.Item.calendar_key as string } : {}) };
}

const keyItem = (key: string, userId: string) => ({ ...keys.myCalendarKey(hashToken(key)), entity: 'my-calendar-key', user_id: userId });

export const myProgrammeStore: MyProgrammeStore = {
  mine,
  async pick(userId, word, max) {
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: env.tableName(),
          Key: keys.myProgramme(userId),
          UpdateExpression: 'ADD picks :w SET entity = :e',
          // Full: refused, unless it is already there (adding it again changes nothing).
          ConditionExpression: 'attribute_not_exists(picks) OR size(picks) < :max OR contains(picks, :word)',
          ExpressionAttributeValues: { ':w': new Set([word]), ':word': word, ':max': max, ':e': 'my-programme' },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  },
  async unpick(userId, word) {
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: env.tableName(),
          Key: keys.myProgramme(userId),
          UpdateExpression: 'DELETE picks :w',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':w': new Set([word]) },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  },
  async keepCalendarKey(userId, key) {
    const result = await transact([
      {
        Update: {
          TableName: env.tableName(),
          Key: keys.myProgramme(userId),
          UpdateExpression: 'SET calendar_key = :k, entity = :e',
          ConditionExpression: 'attribute_not_exists(calendar_key)',
          ExpressionAttributeValues: { ':k': key, ':e': 'my-programme' },
        },
      },
      { Put: { TableName: env.tableName(), Item: keyItem(key, userId), ConditionExpression: 'attribute_not_exists(pk)' } },
    ]);
    if (result === 'ok') return key;
    // Another request gave it one first: that one stays.
    const now = await mine(userId);
    if (now.calendar_key) return now.calendar_key;
    throw new Error(`calendar key not kept: ${result.join(', ')}`);
  },
  async replaceCalendarKey(userId, key) {
    const before = await mine(userId);
    const result = await transact([
      {
        Update: {
          TableName: env.tableName(),
          Key: keys.myProgramme(userId),
          UpdateExpression: 'SET calendar_key = :k, entity = :e',
          ...(before.calendar_key
            ? { ConditionExpression: 'calendar_key = :old', ExpressionAttributeValues: { ':k': key, ':e': 'my-programme', ':old': before.calendar_key } }
            : { ConditionExpression: 'attribute_not_exists(calendar_key)', ExpressionAttributeValues: { ':k': key, ':e': 'my-programme' } }),
        },
      },
      { Put: { TableName: env.tableName(), Item: keyItem(key, userId), ConditionExpression: 'attribute_not_exists(pk)' } },
      ...(before.calendar_key ? [{ Delete: { TableName: env.tableName(), Key: keys.myCalendarKey(hashToken(before.calendar_key)) } }] : []),
    ]);
    if (result !== 'ok') throw new Error(`calendar key not replaced: ${result.join(', ')}`);
  },
  async ownerOfKey(key) {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.myCalendarKey(hashToken(key)) }));
    return r.Item?.user_id as string | undefined;
  },
};
