/**
 * Abuse limits in the table: fixed-window counters (THROTTLE#key#windowStart) and cool-downs
 * (COOLDOWN#key). Both expire by themselves (TTL), so no limit outlives its window.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Limit, Throttle } from '#core/accounts/ports';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { epochSeconds, keys } from './keys';

function window(at: Date, windowSeconds: number) {
  const now = epochSeconds(at);
  const start = now - (now % windowSeconds);
  return { start, end: start + windowSeconds, retryAfter: start + windowSeconds - now };
}

export const throttle: Throttle = {
  async hit(key, limit, windowSeconds, at): Promise<Limit> {
    const w = window(at, windowSeconds);
    const r = await documentClient().send(
      new UpdateCommand({
        TableName: env.tableName(),
        Key: keys.throttle(key, w.start),
        UpdateExpression: 'ADD hits :one SET expires_at = :end',
        ExpressionAttributeValues: { ':one': 1, ':end': w.end },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const hits = (r.Attributes?.hits as number | undefined) ?? 1;
    return { allowed: hits <= limit, retryAfterSeconds: w.retryAfter };
  },
  async peek(key, limit, windowSeconds, at): Promise<Limit> {
    const w = window(at, windowSeconds);
    const r = await documentClient().send(
      new GetCommand({ TableName: env.tableName(), Key: keys.throttle(key, w.start), ConsistentRead: true }),
    );
    const hits = (r.Item?.hits as number | undefined) ?? 0;
    return { allowed: hits < limit, retryAfterSeconds: w.retryAfter };
  },
  async cooldown(key, seconds, at): Promise<Limit> {
    const now = epochSeconds(at);
    try {
      await documentClient().send(
        new PutCommand({
          TableName: env.tableName(),
          Item: { ...keys.cooldown(key), entity: 'cooldown', expires_at: now + seconds },
          ConditionExpression: 'attribute_not_exists(pk) OR expires_at <= :now',
          ExpressionAttributeValues: { ':now': now },
        }),
      );
      return { allowed: true, retryAfterSeconds: 0 };
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.cooldown(key), ConsistentRead: true }));
      return { allowed: false, retryAfterSeconds: Math.max(1, ((r.Item?.expires_at as number) ?? now) - now) };
    }
  },
};
