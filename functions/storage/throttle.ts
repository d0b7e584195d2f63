/**
 * Abuse limits in the table: fixed-window counters (THROTTLE#key#windowStart) and cool-downs
 * (COOLDOWN#key). Both expire by themselves (TTL), so no limit outlives its window.
 *
 * A claim is one conditional ADD: the counter only moves while it is below the limit, so of any
 * burst of parallel claims exactly the free places succeed (check-then-count would let them all in).
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Claim, Limit, Throttle } from '#core/accounts/ports';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { epochSeconds, keys } from './keys';

function window(at: Date, windowSeconds: number) {
  const now = epochSeconds(at);
  const start = now - (now % windowSeconds);
  return { start, end: start + windowSeconds, retryAfter: start + windowSeconds - now };
}

const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

export const throttle: Throttle = {
  async claim(key, limit, windowSeconds, at): Promise<Claim> {
    const w = window(at, windowSeconds);
    const claim = { key, windowStart: w.start, retryAfterSeconds: w.retryAfter };
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: env.tableName(),
          Key: keys.throttle(key, w.start),
          UpdateExpression: 'ADD hits :one SET expires_at = :end',
          ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
          ExpressionAttributeValues: { ':one': 1, ':end': w.end, ':limit': limit },
        }),
      );
      return { ...claim, allowed: true };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      return { ...claim, allowed: false };
    }
  },

  async release(claim) {
    if (!claim.allowed) return;
    await documentClient()
      .send(
        new UpdateCommand({
          TableName: env.tableName(),
          Key: keys.throttle(claim.key, claim.windowStart),
          UpdateExpression: 'ADD hits :minus',
          ConditionExpression: 'hits > :zero',
          ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
        }),
      )
      .catch((error: unknown) => {
        // The window has ended (the item expired) or was already given back: nothing to free.
        if (!isConditionFailure(error)) throw error;
      });
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
      if (!isConditionFailure(error)) throw error;
      const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.cooldown(key), ConsistentRead: true }));
      return { allowed: false, retryAfterSeconds: Math.max(1, ((r.Item?.expires_at as number) ?? now) - now) };
    }
  },
};
