/**
 * Mails that go once (core/documents/certificate-mail.ts): USER#owner / MAILONCE#name, put only if
 * absent, so that two runs at once (the schedule's message redelivered, an organiser marking the
 * attendance meanwhile) send one mail. Removed again when the mail could not be sent.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { keys } from './keys';

export const mailOnce = {
  async claim(ownerId: string, name: string, at: Date): Promise<boolean> {
    try {
      await documentClient().send(
        new PutCommand({
          TableName: env.tableName(),
          Item: { ...keys.mailOnce(ownerId, name), entity: 'mail-once', at: at.toISOString() },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return true;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  },
  async release(ownerId: string, name: string): Promise<void> {
    await documentClient().send(new DeleteCommand({ TableName: env.tableName(), Key: keys.mailOnce(ownerId, name) }));
  },
};
