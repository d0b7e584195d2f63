/**
 * Bounce and complaint marks, one item per address (MAILMARK#address): written by the mail-events
 * worker, read before a notification is sent and by the delegate's user info, removed when a link
 * mailed after a bounce is followed. The conditions make each write safe in any order.
 */
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { MailMark, MailMarkStore } from '#core/mail/delivery';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { keys } from './keys';

const conditionFailed = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

export const mailMarkStore: MailMarkStore = {
  async get(address) {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.mailMark(address) }));
    const item = r.Item;
    if (!item || (item.kind !== 'bounced' && item.kind !== 'complained') || typeof item.at !== 'string') return undefined;
    return {
      address,
      kind: item.kind,
      at: item.at,
      diagnostic: typeof item.diagnostic === 'string' ? item.diagnostic : '',
      ...(typeof item.message_id === 'string' ? { messageId: item.message_id } : {}),
    } satisfies MailMark;
  },

  async mark(mark, recordedAt) {
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: env.tableName(),
          Key: keys.mailMark(mark.address),
          // ISO instants of one format compare as strings: an older notification arriving late changes nothing.
          ConditionExpression: 'attribute_not_exists(pk) OR #at < :at',
          UpdateExpression:
            'SET entity = :entity, address = :address, kind = :kind, #at = :at, diagnostic = :diagnostic, message_id = :message_id, recorded_at = :recorded ADD events :one',
          ExpressionAttributeNames: { '#at': 'at' },
          ExpressionAttributeValues: {
            ':entity': 'mail-mark',
            ':address': mark.address,
            ':kind': mark.kind,
            ':at': mark.at,
            ':diagnostic': mark.diagnostic,
            ':message_id': mark.messageId ?? null,
            ':recorded': recordedAt.toISOString(),
            ':one': 1,
          },
        }),
      );
      return true;
    } catch (error) {
      if (conditionFailed(error)) return false;
      throw error;
    }
  },

  async clearBounceBefore(address, before) {
    try {
      await documentClient().send(
        new DeleteCommand({
          TableName: env.tableName(),
          Key: keys.mailMark(address),
          ConditionExpression: 'kind = :bounced AND #at < :before',
          ExpressionAttributeNames: { '#at': 'at' },
          ExpressionAttributeValues: { ':bounced': 'bounced', ':before': before.toISOString() },
        }),
      );
      return true;
    } catch (error) {
      if (conditionFailed(error)) return false;
      throw error;
    }
  },
};
