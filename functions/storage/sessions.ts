/** Sessions, keyed by the hash of their api_token (SESSION#hash). Expired ones are ignored on read. */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SessionRecord, SessionStore } from '#core/accounts/ports';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { epochSeconds, keys } from './keys';

export const sessionStore: SessionStore = {
  async create(tokenHash, session) {
    await documentClient().send(
      new PutCommand({
        TableName: env.tableName(),
        Item: {
          ...keys.session(tokenHash),
          entity: 'session',
          user_id: session.userId,
          epoch: session.epoch,
          expires_at: epochSeconds(session.expiresAt),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  },
  async get(tokenHash): Promise<SessionRecord | undefined> {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.session(tokenHash) }));
    if (!r.Item) return undefined;
    return { userId: r.Item.user_id as string, epoch: r.Item.epoch as number, expiresAt: new Date((r.Item.expires_at as number) * 1000) };
  },
  async delete(tokenHash) {
    await documentClient().send(new DeleteCommand({ TableName: env.tableName(), Key: keys.session(tokenHash) }));
  },
};
