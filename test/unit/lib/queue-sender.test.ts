/**
 * The queue sender's answer to a batch SQS takes only in part (functions/lib/queue-sender.ts): the
 * refused entries are named, by their place in the batch, in a QueueBatchError. SQS answers that
 * with Failed entries and status 200; the local SQS never does, so a fake client plays it here.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as QueueSender from '#lib/queue-sender';

const sent: unknown[] = [];
vi.mock(import('../../../functions/lib/aws/clients'), async (importOriginal) => ({
  ...(await importOriginal()),
  loadSqs: async () => ({
    ...(await import('../../../functions/lib/aws/sqs')),
    sqsClient: () =>
      ({
        send: async (command: { input: { Entries: { Id: string }[] } }) => {
          sent.push(command.input);
          return { Successful: [{ Id: '0' }], Failed: [{ Id: '1', Code: 'InternalError', Message: 'try again', SenderFault: false }] };
        },
      }) as never,
  }),
}));

let sender: typeof QueueSender;
beforeAll(async () => {
  process.env.MONEY_EVENTS_QUEUE_URL = 'http://127.0.0.1:9/000000000000/congress-unit-money-events.fifo';
  sender = await import('#lib/queue-sender');
});

describe('a batch SQS takes in part', () => {
  it('throws a QueueBatchError naming the refused entries by their place in the batch', async () => {
    const error = (await sender
      .queueSender('money-events')
      .sendBatch([
        { body: { ledger: 'L1' }, groupId: 'documents', deduplicationId: 'L1' },
        { body: { ledger: 'L2' }, groupId: 'documents', deduplicationId: 'L2' },
      ])
      .catch((e: unknown) => e)) as InstanceType<typeof sender.QueueBatchError>;
    expect(error).toBeInstanceOf(sender.QueueBatchError);
    expect(error.failed).toEqual([{ index: 1, code: 'InternalError', message: 'try again', senderFault: false }]);
    expect(error.message).toMatch(/1 message\(s\) of a batch to money-events were not queued: #1 InternalError try again/);
    expect(sent).toEqual([
      {
        QueueUrl: 'http://127.0.0.1:9/000000000000/congress-unit-money-events.fifo',
        Entries: [
          { Id: '0', MessageBody: '{"ledger":"L1"}', MessageGroupId: 'documents', MessageDeduplicationId: 'L1' },
          { Id: '1', MessageBody: '{"ledger":"L2"}', MessageGroupId: 'documents', MessageDeduplicationId: 'L2' },
        ],
      },
    ]);
  });
});
