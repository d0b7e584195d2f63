/**
 * A mail job's recipients (OFFICEJOB#<job> / BATCH#<n>): one item per queue message, each
 * recipient's outcome written as it happens (a second delivery skips who is done), the batch
 * counted in its job once (`counted`), and the job finished with its audit entry in one transaction.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { OfficeJob } from '#core/office/jobs';
import type { RecipientResult } from '#core/office/mail-jobs';
import type { MailBatchStore } from '#core/office/send-mail';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { auditPut } from './audit';
import { transact } from './claims';
import { keys } from './keys';

const conditional = async (run: () => Promise<unknown>) => {
  try {
    await run();
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
};

export const mailBatchStore: MailBatchStore = {
  async putBatch(jobId, index, recipients) {
    await conditional(() =>
      documentClient().send(
        new PutCommand({
          TableName: env.tableName(),
          Item: { ...keys.mailBatch(jobId, index), entity: 'mail-batch', recipients },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
  },
  async getBatch(jobId, index) {
    const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: keys.mailBatch(jobId, index), ConsistentRead: true }));
    return r.Item ? { recipients: r.Item.recipients as RecipientResult[] } : undefined;
  },
  async setRecipient(jobId, index, position, result) {
    await documentClient().send(
      new UpdateCommand({
        TableName: env.tableName(),
        Key: keys.mailBatch(jobId, index),
        UpdateExpression: `SET recipients[${position}].#state = :state${result.error ? `, recipients[${position}].#error = :error` : ''}`,
        ExpressionAttributeNames: { '#state': 'state', ...(result.error ? { '#error': 'error' } : {}) },
        ExpressionAttributeValues: { ':state': result.state, ...(result.error ? { ':error': result.error } : {}) },
      }),
    );
  },
  async countBatch(jobId, index) {
    return conditional(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: env.tableName(),
          Key: keys.mailBatch(jobId, index),
          UpdateExpression: 'SET counted = :yes',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(counted)',
          ExpressionAttributeValues: { ':yes': true },
        }),
      ),
    );
  },
  async addToJob(jobId, counts) {
    const r = await documentClient().send(
      new UpdateCommand({
        TableName: env.tableName(),
        Key: keys.officeJob(jobId),
        UpdateExpression: 'SET counts.sent = counts.sent + :sent, counts.withheld = counts.withheld + :withheld, counts.opted_out = counts.opted_out + :opted, counts.failed = counts.failed + :failed ADD batches_done :one',
        ExpressionAttributeValues: { ':sent': counts.sent, ':withheld': counts.withheld, ':opted': counts.opted_out, ':failed': counts.failed, ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const { pk: _pk, sk: _sk, entity: _e, ...job } = r.Attributes!;
    return job as OfficeJob;
  },
  async finish(jobId, finishedAt, audit) {
    const result = await transact([
      {
        Update: {
          TableName: env.tableName(),
          Key: keys.officeJob(jobId),
          UpdateExpression: 'SET #state = :done, finished_at = :at',
          // Sending once the organiser confirmed it; running: nobody to send to (or a job from before the confirmation).
          ConditionExpression: '#state IN (:running, :sending)',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':done': 'done', ':running': 'running', ':sending': 'sending', ':at': finishedAt },
        },
      },
      auditPut(audit),
    ]);
    return result === 'ok';
  },
  async recipients(jobId) {
    const all: RecipientResult[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const r = await documentClient().send(
        new QueryCommand({
          TableName: env.tableName(),
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :batch)',
          ExpressionAttributeValues: { ':pk': keys.mailBatch(jobId, 0).pk, ':batch': keys.mailBatchPrefix },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of r.Items ?? []) all.push(...(item.recipients as RecipientResult[]));
      start = r.LastEvaluatedKey;
    } while (start);
    return all;
  },
};
