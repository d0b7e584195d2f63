/**
 * Single-use link tokens (activation, password reset), keyed by hash; consumed atomically. A used
 * activation token is kept, marked used, for a while (see consume's rememberUntil).
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TokenRecord, TokenStore } from '#core/accounts/ports';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { auditPut } from './audit';
import { transact } from './claims';
import { epochSeconds, keys } from './keys';

export const tokenStore: TokenStore = {
  async create(tokenHash, token, audit) {
    const put = {
      TableName: env.tableName(),
      Item: {
        ...keys.token(tokenHash),
        entity: 'token',
        purpose: token.purpose,
        user_id: token.userId,
        epoch: token.epoch,
        expires_at: epochSeconds(token.expiresAt),
        ...(token.issuedAt ? { issued_at: token.issuedAt.toISOString() } : {}),
      },
    };
    if (!audit) {
      await documentClient().send(new PutCommand(put));
      return;
    }
    // An office action that issued the link is recorded with it.
    const result = await transact([{ Put: put }, auditPut(audit)]);
    if (result !== 'ok') throw new Error(`token not stored: ${result.join(', ')}`);
  },
  async consume(tokenHash, purpose, at, rememberUntil): Promise<TokenRecord | undefined> {
    // Deleting (or marking used) is the claim: of two requests with one link, exactly one gets the item back.
    const claim = {
      TableName: env.tableName(),
      Key: keys.token(tokenHash),
      ConditionExpression: 'attribute_exists(pk) AND purpose = :purpose AND expires_at > :now AND attribute_not_exists(used_at)',
      ReturnValues: 'ALL_OLD' as const,
    };
    try {
      const r = rememberUntil
        ? await documentClient().send(
            new UpdateCommand({
              ...claim,
              // Kept, marked used, until rememberUntil (also its TTL): findUsed answers it meanwhile.
              UpdateExpression: 'SET used_at = :now, expires_at = :keep',
              ExpressionAttributeValues: { ':purpose': purpose, ':now': epochSeconds(at), ':keep': epochSeconds(rememberUntil) },
            }),
          )
        : await documentClient().send(new DeleteCommand({ ...claim, ExpressionAttributeValues: { ':purpose': purpose, ':now': epochSeconds(at) } }));
      return record(r.Attributes!);
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return undefined;
      throw error;
    }
  },
  async findUsed(tokenHash, purpose, at) {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.token(tokenHash), ConsistentRead: true }));
    const item = r.Item;
    // Expired items may linger until TTL deletes them: the expiry decides, not their presence.
    if (!item || item.used_at === undefined || item.purpose !== purpose || (item.expires_at as number) <= epochSeconds(at)) return undefined;
    return record(item);
  },
};

function record(item: Record<string, unknown>): TokenRecord {
  return {
    purpose: item.purpose as TokenRecord['purpose'],
    userId: item.user_id as string,
    epoch: item.epoch as number,
    expiresAt: new Date((item.expires_at as number) * 1000),
    ...(typeof item.issued_at === 'string' ? { issuedAt: new Date(item.issued_at) } : {}),
  };
}
