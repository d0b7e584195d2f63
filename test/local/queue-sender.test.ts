/**
 * The queue sender (functions/lib/queue-sender.ts) against the local SQS, through the real SDK:
 * a FIFO queue's messages carry their group and deduplication id (a resend is one message), a
 * batch keeps its order, a standard queue's messages carry neither; the types ask for the group
 * and deduplication id exactly for a FIFO queue; batches hold 1 to 10; SendMessageBatch passes a
 * worker's sqs:SendMessage grant, as IAM lets it.
 */
import { CreateQueueCommand, DeleteMessageCommand, GetQueueAttributesCommand, ReceiveMessageCommand, SQSClient, type Message } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalSqs } from '../../infra/local/sqs';
import { deadLetterQueueNameOf, queueNameOf, queueUrlVariables } from '#core/workers';
import type * as QueueSender from '#lib/queue-sender';
import type * as Grants from '#lib/aws/grants';

let sqs: Awaited<ReturnType<typeof startLocalSqs>>;
let client: SQSClient;
let sender: typeof QueueSender;
let grants: typeof Grants;

beforeAll(async () => {
  sqs = await startLocalSqs({ port: 0, host: '127.0.0.1' });
  client = new SQSClient({ endpoint: sqs.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const dlq = (await client.send(new CreateQueueCommand({ QueueName: deadLetterQueueNameOf('local', 'money-events'), Attributes: { FifoQueue: 'true' } }))).QueueUrl!;
  const dlqArn = (await client.send(new GetQueueAttributesCommand({ QueueUrl: dlq, AttributeNames: ['QueueArn'] }))).Attributes!.QueueArn!;
  const money = await client.send(
    new CreateQueueCommand({
      QueueName: queueNameOf('local', 'money-events'),
      Attributes: { FifoQueue: 'true', ContentBasedDeduplication: 'false', RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount: 5 }) },
    }),
  );
  const jobs = await client.send(new CreateQueueCommand({ QueueName: queueNameOf('local', 'office-jobs') }));
  // The functions' settings are read once, when lib/env.ts loads: set them first, as the local runtime does.
  Object.assign(process.env, {
    AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
    SQS_ENDPOINT: sqs.endpoint,
    [queueUrlVariables['money-events']]: money.QueueUrl,
    [queueUrlVariables['office-jobs']]: jobs.QueueUrl,
  });
  sender = await import('#lib/queue-sender');
  grants = await import('#lib/aws/grants');
});
afterAll(() => sqs.stop());

const receiveAll = async (queue: 'money-events' | 'office-jobs') => {
  const url = process.env[queueUrlVariables[queue]]!;
  const got: Message[] = [];
  for (;;) {
    const { Messages = [] } = await client.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10, MessageSystemAttributeNames: ['All'] }));
    if (Messages.length === 0) return got;
    got.push(...Messages);
    for (const m of Messages) await client.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: m.ReceiptHandle! }));
  }
};

describe('the queue sender', () => {
  it('sends to a FIFO queue with the group and deduplication id: in order, one message per id', async () => {
    const money = sender.queueSender('money-events');
    await money.send({ body: { event: 'paid', ledger: 'L1' }, groupId: 'documents', deduplicationId: 'L1' });
    // The same event sent again (a retried webhook): accepted, not queued again.
    await money.send({ body: { event: 'paid', ledger: 'L1' }, groupId: 'documents', deduplicationId: 'L1' });
    await money.sendBatch(['L2', 'L3', 'L1'].map((ledger) => ({ body: { event: 'paid', ledger }, groupId: 'documents', deduplicationId: ledger })));
    const got = await receiveAll('money-events');
    expect(got.map((m) => JSON.parse(m.Body!) as unknown)).toEqual(['L1', 'L2', 'L3'].map((ledger) => ({ event: 'paid', ledger })));
    expect(got.map((m) => [m.Attributes!.MessageGroupId, m.Attributes!.MessageDeduplicationId])).toEqual([
      ['documents', 'L1'],
      ['documents', 'L2'],
      ['documents', 'L3'],
    ]);
  });

  it('sends to a standard queue with neither (the office jobs), in a batch too', async () => {
    const jobs = sender.queueSender('office-jobs');
    await jobs.send({ body: { job: 'j1' } });
    await jobs.sendBatch([{ body: { job: 'j2' } }, { body: { job: 'j3' } }]);
    const got = await receiveAll('office-jobs');
    expect(got.map((m) => JSON.parse(m.Body!) as unknown).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual([{ job: 'j1' }, { job: 'j2' }, { job: 'j3' }]);
    expect(got.every((m) => m.Attributes!.MessageGroupId === undefined)).toBe(true);
  });

  it('asks for the group and deduplication id exactly on a FIFO queue, and refuses a batch of 0 or more than 10', async () => {
    const money = sender.queueSender('money-events');
    const jobs = sender.queueSender('office-jobs');
    // @ts-expect-error a FIFO queue's message needs its group and deduplication id
    await expect(money.send({ body: 'x' })).rejects.toThrow(/needs a groupId and a deduplicationId/);
    // @ts-expect-error a standard queue's message takes none (and a cast that slips one in sends none)
    await jobs.send({ body: 'x', groupId: 'g', deduplicationId: 'd' });
    expect((await receiveAll('office-jobs')).map((m) => [m.Body, m.Attributes!.MessageGroupId])).toEqual([['"x"', undefined]]);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ body: i, groupId: 'documents', deduplicationId: `many-${i}` }));
    await expect(money.sendBatch(eleven)).rejects.toThrow(RangeError);
    await expect(money.sendBatch([])).rejects.toThrow(RangeError);
    expect(sqs.depth(queueNameOf('local', 'money-events'))).toBe(0);
  });

  it("passes a batch on a worker's sqs:SendMessage grant (IAM authorises SendMessageBatch by it), and refuses it without", async () => {
    const money = sender.queueSender('money-events');
    const batch = [{ body: 'granted', groupId: 'documents', deduplicationId: 'granted-1' }];
    await grants.asWorker({ id: 'moneyWorker', grants: ['sqs:SendMessage'] }, () => money.sendBatch(batch));
    const refused = await grants.asWorker({ id: 'moneyWorker', grants: [] }, () => money.sendBatch(batch)).catch((e: Error) => e);
    expect(refused).toBeInstanceOf(grants.AccessDeniedError);
    expect((refused as Error).message).toMatch(/sqs:SendMessage /);
    expect((await receiveAll('money-events')).map((m) => m.Body)).toEqual(['"granted"']);
  });
});
