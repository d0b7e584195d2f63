/** Single-use link tokens (activation, password reset), keyed by hash; consumed atomically. */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TokenRecord, TokenStore } from '#core/accounts/ports';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { epochSeconds, keys } from './keys';

export const tokenStore: TokenStore = {
  async create(tokenHash, token) {
    await documentClient().send(
      new PutCommand({
        TableName: env.tableName(),
        Item: {
          ...keys.token(tokenHash),
          entity: 'token',
          purpose: token.purpose,
          user_id: token.userId,
          epoch: token.epoch,
          expires_at: epochSeconds(token.expiresAt),
        },
      }),
    );
  },
  async consume(tokenHash, purpose, at): Promise<TokenRecord | undefined> {
    try {
      // The delete is the claim: of two requests with one link, exactly one gets the item back.
      const r = await documentClient().send(
        new DeleteCommand({
          TableName: env.tableName(),
          Key: keys.token(tokenHash),
          ConditionExpression: 'attribute_exists(pk) AND purpose = :purpose AND expires_at > :now',
          ExpressionAttributeValues: { ':purpose': purpose, ':now': epochSeconds(at) },
          ReturnValues: 'ALL_OLD',
        }),
      );
      const item = r.Attributes!;
      return {
        purpose: item.purpose as TokenRecord['purpose'],
        userId: item.user_id as string,
        epoch: item.epoch as number,
        expiresAt: new Date((item.expires_at as number) * 1000),
      };
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return undefined;
      throw error;
    }
  },
};
