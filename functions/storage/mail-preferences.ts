/**
 * A delegate's choice about the office's announcements (USER#id / MAIL_PREFERENCES; absent: they
 * are sent) and the unsubscribe links' tokens (UNSUBSCRIBE#<hash>: the account they opt out,
 * expiring after a year; the token itself is only in the mail).
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { MailPreferences, UnsubscribeTokens } from '#core/office/send-mail';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { secrets } from '#lib/crypto';
import { epochSeconds, keys } from './keys';

const YEAR_S = 365 * 24 * 3600;

export const mailPreferences: MailPreferences = {
  async optedOut(userId) {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.mailPreferences(userId), ConsistentRead: true }));
    return r.Item?.announcements === 'opted-out';
  },
  async setOptedOut(userId, optedOut, at) {
    await documentClient().send(
      new PutCommand({
        TableName: env.tableName(),
        Item: { ...keys.mailPreferences(userId), entity: 'mail-preferences', announcements: optedOut ? 'opted-out' : 'subscribed', changed_at: at.toISOString() },
      }),
    );
  },
};

export const unsubscribeTokens: UnsubscribeTokens = {
  async issue(userId, at) {
    const { token, hash } = secrets.newToken();
    await documentClient().send(
      new PutCommand({
        TableName: env.tableName(),
        Item: { ...keys.unsubscribeToken(hash), entity: 'unsubscribe-token', user_id: userId, expires_at: epochSeconds(at) + YEAR_S },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return token;
  },
  async userOf(token, at) {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.unsubscribeToken(secrets.hashToken(token)) }));
    // Expired items may linger until DynamoDB's TTL removes them: the expiry is checked here.
    return r.Item && (r.Item.expires_at as number) > epochSeconds(at) ? (r.Item.user_id as string) : undefined;
  },
};
