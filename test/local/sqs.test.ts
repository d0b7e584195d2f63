/**
 * The local SQS (infra/local/sqs.ts) through the real @aws-sdk/client-sqs, and the local event
 * source mapping (infra/local/workers.ts pollQueue): what partial batch failures rely on, and
 * FIFO queues as SQS runs them (the money-events queue numbers receipts in one message group).
 */
import {
  ChangeMessageVisibilityCommand,
  CreateQueueCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  SQSClient,
  type Message,
} from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalSqs } from '../../infra/local/sqs';
import { pollQueue } from '../../infra/local/workers';
import type { WorkerId } from '#core/workers';

let sqs: Awaited<ReturnType<typeof startLocalSqs>>;
let client: SQSClient;
let n = 0;

beforeAll(async () => {
  sqs = await startLocalSqs({ port: 0, host: '127.0.0.1' });
  client = new SQSClient({ endpoint: sqs.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
});
afterAll(() => sqs.stop());

async function queueWithDlq(visibility: number, maxReceiveCount = 2) {
  n += 1;
  const dlq = (await client.send(new CreateQueueCommand({ QueueName: `q${n}-failed` }))).QueueUrl!;
  const dlqArn = (await client.send(new GetQueueAttributesCommand({ QueueUrl: dlq, AttributeNames: ['QueueArn'] }))).Attributes!.QueueArn!;
  const url = (
    await client.send(
      new CreateQueueCommand({
        QueueName: `q${n}`,
        Attributes: { VisibilityTimeout: String(visibility), RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount }) },
      }),
    )
  ).QueueUrl!;
  const arn = (await client.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['QueueArn'] }))).Attributes!.QueueArn!;
  return { url, arn, dlq };
}

const receive = (url: string, options: { max?: number; wait?: number } = {}) =>
  client.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: options.max ?? 10, WaitTimeSeconds: options.wait ?? 0, MessageSystemAttributeNames: ['All'] })).then((r) => r.Messages ?? []);

describe('local SQS', () => {
  it('sends and receives through the SDK (body MD5 checked by the SDK), hides a received message for its visibility timeout', async () => {
    const q = await queueWithDlq(1);
    await client.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: '{"job":"导出"}' }));
    const [first] = await receive(q.url);
    expect(first!.Body).toBe('{"job":"导出"}');
    expect(first!.Attributes!.ApproximateReceiveCount).toBe('1');
    expect(await receive(q.url)).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 1100));
    const [again] = await receive(q.url);
    expect(again!.MessageId).toBe(first!.MessageId);
    expect(again!.Attributes!.ApproximateReceiveCount).toBe('2');
    // The first receipt handle is no longer the message's.
    await expect(client.send(new DeleteMessageCommand({ QueueUrl: q.url, ReceiptHandle: first!.ReceiptHandle! }))).rejects.toThrow(/expired/);
    await client.send(new DeleteMessageCommand({ QueueUrl: q.url, ReceiptHandle: again!.ReceiptHandle! }));
    expect(sqs.depth(`q${n}`)).toBe(0);
  });

  it('long-polls: a receive waiting up to WaitTimeSeconds answers as soon as a message arrives', async () => {
    const q = await queueWithDlq(30);
    const started = Date.now();
    const waiting = receive(q.url, { wait: 5 });
    setTimeout(() => void client.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: 'late' })), 300);
    const got = await waiting;
    expect(got.map((m) => m.Body)).toEqual(['late']);
    expect(Date.now() - started).toBeLessThan(2000);
    const empty = Date.now();
    expect(await receive(q.url, { wait: 1 })).toHaveLength(0);
    expect(Date.now() - empty).toBeGreaterThanOrEqual(900);
  });

  it('gives each message of a batch its own receipt handle; ChangeMessageVisibility 0 makes one visible again', async () => {
    const q = await queueWithDlq(30);
    for (const body of ['a', 'b', 'c']) await client.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: body }));
    const batch = await receive(q.url, { max: 3 });
    expect(new Set(batch.map((m) => m.ReceiptHandle)).size).toBe(3);
    await client.send(new DeleteMessageCommand({ QueueUrl: q.url, ReceiptHandle: batch[0]!.ReceiptHandle! }));
    await client.send(new ChangeMessageVisibilityCommand({ QueueUrl: q.url, ReceiptHandle: batch[1]!.ReceiptHandle!, VisibilityTimeout: 0 }));
    expect((await receive(q.url)).map((m) => m.Body)).toEqual(['b']);
    expect(sqs.depth(`q${n}`)).toBe(2);
  });

  it('moves a message to the dead-letter queue after maxReceiveCount receives', async () => {
    const q = await queueWithDlq(0, 2);
    await client.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: 'poison' }));
    expect(await receive(q.url)).toHaveLength(1);
    expect(await receive(q.url)).toHaveLength(1);
    expect(await receive(q.url)).toHaveLength(0);
    const dead = await receive(q.dlq);
    expect(dead.map((m) => m.Body)).toEqual(['poison']);
  });

  it('refuses what it does not implement instead of pretending', async () => {
    const q = await queueWithDlq(30);
    await expect(client.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: 'x', DelaySeconds: 5 }))).rejects.toThrow(/does not support DelaySeconds/);
    const answer = await fetch(sqs.endpoint, { method: 'POST', headers: { 'x-amz-target': 'AmazonSQS.ListQueues', 'content-type': 'application/x-amz-json-1.0' }, body: '{}' });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ __type: 'com.amazonaws.sqs#UnsupportedOperation' });
  });
});

describe('local event source mapping (pollQueue)', () => {
  it('deletes what the worker did, leaves the batchItemFailures for redelivery, then the dead-letter queue', async () => {
    const q = await queueWithDlq(0, 2);
    for (const body of ['ok-1', 'fail', 'ok-2']) await client.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: body }));
    const seen: string[] = [];
    const handler = async (event: SQSEvent) => {
      const records = event.Records;
      seen.push(...records.map((r) => `${r.body}#${r.attributes.ApproximateReceiveCount}`));
      return { batchItemFailures: records.filter((r) => r.body === 'fail').map((r) => ({ itemIdentifier: r.messageId })) };
    };
    const stop = new AbortController();
    const loop = pollQueue(new Map([['runOfficeJob' as WorkerId, handler as never]]), 'office-jobs', { client, queueUrl: q.url, queueArn: q.arn, signal: stop.signal });
    const until = Date.now() + 10_000;
    while ((await client.send(new GetQueueAttributesCommand({ QueueUrl: q.dlq, AttributeNames: ['All'] }))).Attributes!.ApproximateNumberOfMessages !== '1' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
    }
    stop.abort();
    await loop;
    expect(seen).toContain('ok-1#1');
    expect(seen).toContain('ok-2#1');
    expect(seen.filter((s) => s.startsWith('fail'))).toEqual(['fail#1', 'fail#2']);
    expect(sqs.depth(`q${n}`)).toBe(0);
    expect((await receive(q.dlq)).map((m) => m.Body)).toEqual(['fail']);
  });
});

/** A FIFO queue (and its FIFO dead-letter queue) as core/workers.ts makes them: the sender gives the deduplication id. */
async function fifoQueueWithDlq(visibility: number, maxReceiveCount = 2, contentBased = false) {
  n += 1;
  const dlq = (await client.send(new CreateQueueCommand({ QueueName: `f${n}-failed.fifo`, Attributes: { FifoQueue: 'true' } }))).QueueUrl!;
  const dlqArn = (await client.send(new GetQueueAttributesCommand({ QueueUrl: dlq, AttributeNames: ['QueueArn'] }))).Attributes!.QueueArn!;
  const url = (
    await client.send(
      new CreateQueueCommand({
        QueueName: `f${n}.fifo`,
        Attributes: {
          FifoQueue: 'true',
          ContentBasedDeduplication: String(contentBased),
          VisibilityTimeout: String(visibility),
          RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount }),
        },
      }),
    )
  ).QueueUrl!;
  return { url, dlq, name: `f${n}.fifo` };
}

let dedup = 0;
/** Sends `body` to a FIFO queue in `group`, with a fresh deduplication id unless one is given. */
const sendFifo = (url: string, group: string, body: string, deduplicationId = `d${++dedup}`) =>
  client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: body, MessageGroupId: group, MessageDeduplicationId: deduplicationId }));
const bodies = (messages: Message[]) => messages.map((m) => m.Body);
const remove = (url: string, message: Message) => client.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: message.ReceiptHandle! }));

describe('local SQS: FIFO queues', () => {
  afterEach(() => vi.useRealTimers());

  it('creates a FIFO queue only with FifoQueue=true and a .fifo name, and says so in its attributes', async () => {
    const q = await fifoQueueWithDlq(30);
    const { Attributes } = await client.send(new GetQueueAttributesCommand({ QueueUrl: q.url, AttributeNames: ['All'] }));
    expect(Attributes).toMatchObject({ FifoQueue: 'true', ContentBasedDeduplication: 'false', VisibilityTimeout: '30' });
    const standard = await queueWithDlq(30);
    const plain = (await client.send(new GetQueueAttributesCommand({ QueueUrl: standard.url, AttributeNames: ['All'] }))).Attributes!;
    expect(plain.FifoQueue).toBeUndefined();
    expect(plain.ContentBasedDeduplication).toBeUndefined();

    // SQS's own errors (seen through CloudFormation and the SDKs): a FIFO queue needs the suffix, the suffix needs FifoQueue.
    await expect(client.send(new CreateQueueCommand({ QueueName: 'money', Attributes: { FifoQueue: 'true' } }))).rejects.toMatchObject({
      name: 'InvalidParameterValue',
      message: 'The name of a FIFO queue can only include alphanumeric characters, hyphens, or underscores, must end with .fifo suffix and be 1 to 80 in length.',
    });
    await expect(client.send(new CreateQueueCommand({ QueueName: 'money.fifo' }))).rejects.toMatchObject({
      name: 'InvalidParameterValue',
      message: 'Can only include alphanumeric characters, hyphens, or underscores. 1 to 80 in length',
    });
    await expect(client.send(new CreateQueueCommand({ QueueName: 'money', Attributes: { FifoQueue: 'false' } }))).rejects.toMatchObject({
      name: 'InvalidAttributeName',
      message: 'Unknown Attribute FifoQueue.',
    });
    await expect(client.send(new CreateQueueCommand({ QueueName: 'money', Attributes: { ContentBasedDeduplication: 'false' } }))).rejects.toMatchObject({
      name: 'InvalidAttributeName',
      message: 'Unknown Attribute ContentBasedDeduplication.',
    });
    // The .fifo suffix counts towards the 80 characters.
    await expect(client.send(new CreateQueueCommand({ QueueName: `${'m'.repeat(76)}.fifo`, Attributes: { FifoQueue: 'true' } }))).rejects.toMatchObject({ name: 'InvalidParameterValue' });
  });

  it("refuses a dead-letter queue of the other type (a FIFO queue's must be FIFO, a standard queue's standard)", async () => {
    const fifo = await fifoQueueWithDlq(30);
    const standard = await queueWithDlq(30);
    const arnOf = async (url: string) => (await client.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['QueueArn'] }))).Attributes!.QueueArn!;
    const standardDlq = JSON.stringify({ deadLetterTargetArn: await arnOf(standard.dlq), maxReceiveCount: 3 });
    await expect(
      client.send(new CreateQueueCommand({ QueueName: 'wrong-dlq.fifo', Attributes: { FifoQueue: 'true', RedrivePolicy: standardDlq } })),
    ).rejects.toMatchObject({
      name: 'InvalidParameterValue',
      message: `Value ${standardDlq} for parameter RedrivePolicy is invalid. Reason: Dead-letter queue must be same type of queue as the source..`,
    });
    const fifoDlq = JSON.stringify({ deadLetterTargetArn: await arnOf(fifo.dlq), maxReceiveCount: 3 });
    await expect(client.send(new CreateQueueCommand({ QueueName: 'wrong-dlq', Attributes: { RedrivePolicy: fifoDlq } }))).rejects.toMatchObject({ name: 'InvalidParameterValue' });
  });

  it('refuses a message without MessageGroupId or without MessageDeduplicationId (no content-based deduplication), and per-message DelaySeconds, as SQS does', async () => {
    const q = await fifoQueueWithDlq(30);
    await expect(client.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: 'x', MessageDeduplicationId: 'a' }))).rejects.toMatchObject({
      name: 'MissingParameter',
      message: 'The request must contain the parameter MessageGroupId.',
    });
    await expect(client.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: 'x', MessageGroupId: 'receipts' }))).rejects.toMatchObject({
      name: 'InvalidParameterValue',
      message: 'The queue should either have ContentBasedDeduplication enabled or MessageDeduplicationId provided explicitly',
    });
    await expect(
      client.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: 'x', MessageGroupId: 'receipts', MessageDeduplicationId: 'b', DelaySeconds: 5 })),
    ).rejects.toMatchObject({
      name: 'InvalidParameterValue',
      message: 'Value 5 for parameter DelaySeconds is invalid. Reason: The request include parameter that is not valid for this queue type.',
    });
    await expect(
      client.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: 'x', MessageGroupId: 'receipts', MessageDeduplicationId: 'c'.repeat(129) })),
    ).rejects.toMatchObject({ name: 'InvalidParameterValue' });
    // A batch with one entry short of a group id fails as a whole: nothing of it is queued.
    await expect(
      client.send(
        new SendMessageBatchCommand({
          QueueUrl: q.url,
          Entries: [
            { Id: '1', MessageBody: 'first', MessageGroupId: 'receipts', MessageDeduplicationId: 'e1' },
            { Id: '2', MessageBody: 'second', MessageDeduplicationId: 'e2' },
          ],
        }),
      ),
    ).rejects.toMatchObject({ name: 'MissingParameter' });
    expect(sqs.depth(q.name)).toBe(0);
    // DelaySeconds 0 is no delay: SQS takes it.
    await client.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: 'x', MessageGroupId: 'receipts', MessageDeduplicationId: 'd', DelaySeconds: 0 }));
    expect(sqs.depth(q.name)).toBe(1);
  });

  it('takes a standard queue message with a MessageGroupId (fair queues) but refuses a MessageDeduplicationId there', async () => {
    const q = await queueWithDlq(30);
    await client.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: 'tenant', MessageGroupId: 'office' }));
    const [got] = await receive(q.url);
    expect(got!.Attributes!.MessageGroupId).toBe('office');
    expect(got!.Attributes!.SequenceNumber).toBeUndefined();
    await expect(client.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: 'x', MessageDeduplicationId: 'once' }))).rejects.toMatchObject({
      name: 'InvalidParameterValue',
      message: 'Value once for parameter MessageDeduplicationId is invalid. Reason: The request include parameter that is not valid for this queue type.',
    });
  });

  it('delivers one group in send order, several of it in one batch, with its group, deduplication id and growing sequence numbers', async () => {
    const q = await fifoQueueWithDlq(30);
    const sent = [];
    for (const body of ['r1', 'r2', 'r3']) sent.push(await sendFifo(q.url, 'receipts', body, `pay-${body}`));
    const batch = await client.send(
      new SendMessageBatchCommand({
        QueueUrl: q.url,
        Entries: ['r4', 'r5'].map((body) => ({ Id: body, MessageBody: body, MessageGroupId: 'receipts', MessageDeduplicationId: `pay-${body}` })),
      }),
    );
    expect(batch.Failed ?? []).toEqual([]);
    const numbers = [...sent.map((s) => s.SequenceNumber!), ...batch.Successful!.map((s) => s.SequenceNumber!)].map(BigInt);
    expect(numbers.every((x, i) => i === 0 || x > numbers[i - 1]!)).toBe(true);

    const got = await receive(q.url, { max: 10 });
    expect(bodies(got)).toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);
    expect(got[0]!.Attributes).toMatchObject({ MessageGroupId: 'receipts', MessageDeduplicationId: 'pay-r1', SequenceNumber: sent[0]!.SequenceNumber });
  });

  it('returns nothing more of a group while one of its messages is in flight, and the next in order once it is deleted', async () => {
    const q = await fifoQueueWithDlq(30);
    for (const body of ['r1', 'r2', 'r3']) await sendFifo(q.url, 'receipts', body);
    const [first] = await receive(q.url, { max: 1 });
    expect(first!.Body).toBe('r1');
    expect(await receive(q.url)).toHaveLength(0);
    // Long polling waits too: the group stays blocked for the whole wait.
    expect(await receive(q.url, { wait: 1 })).toHaveLength(0);
    await remove(q.url, first!);
    const [second] = await receive(q.url, { max: 1 });
    expect(second!.Body).toBe('r2');
    await remove(q.url, second!);
    expect(bodies(await receive(q.url))).toEqual(['r3']);
  });

  it('releases the group when the visibility timeout lapses (or is set to 0): the same message comes again, before the later ones', async () => {
    const q = await fifoQueueWithDlq(1, 5);
    for (const body of ['r1', 'r2']) await sendFifo(q.url, 'receipts', body);
    const [first] = await receive(q.url, { max: 1 });
    expect(await receive(q.url)).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 1100));
    const again = await receive(q.url, { max: 1 });
    expect(again.map((m) => [m.Body, m.MessageId, m.Attributes!.ApproximateReceiveCount])).toEqual([['r1', first!.MessageId, '2']]);
    await client.send(new ChangeMessageVisibilityCommand({ QueueUrl: q.url, ReceiptHandle: again[0]!.ReceiptHandle!, VisibilityTimeout: 0 }));
    expect(bodies(await receive(q.url))).toEqual(['r1', 'r2']);
  });

  it('moves a message past maxReceiveCount to the FIFO dead-letter queue, which releases its group', async () => {
    const q = await fifoQueueWithDlq(0, 2);
    for (const body of ['poison', 'next']) await sendFifo(q.url, 'receipts', body);
    expect(bodies(await receive(q.url, { max: 1 }))).toEqual(['poison']);
    expect(bodies(await receive(q.url, { max: 1 }))).toEqual(['poison']);
    // The third receive finds it past the limit: it goes to the dead-letter queue, the group's next message comes.
    expect(bodies(await receive(q.url, { max: 1 }))).toEqual(['next']);
    const dead = await receive(q.dlq);
    expect(dead.map((m) => [m.Body, m.Attributes!.MessageGroupId])).toEqual([['poison', 'receipts']]);
  });

  it('serves two groups in parallel: a group in flight does not hold the other back, and each keeps its order', async () => {
    const q = await fifoQueueWithDlq(30);
    await sendFifo(q.url, 'a', 'a1');
    await sendFifo(q.url, 'b', 'b1');
    await sendFifo(q.url, 'a', 'a2');
    await sendFifo(q.url, 'b', 'b2');
    // As many of one group as possible first (SQS's delivery logic), then the next group.
    const [a1] = await receive(q.url, { max: 1 });
    expect(a1!.Body).toBe('a1');
    const others = await receive(q.url, { max: 10 });
    expect(bodies(others)).toEqual(['b1', 'b2']);
    expect(await receive(q.url)).toHaveLength(0);
    await remove(q.url, a1!);
    expect(bodies(await receive(q.url))).toEqual(['a2']);
  });

  it('accepts a message whose deduplication id it saw in the last 5 minutes without queuing it again (same MessageId), and queues it after', async () => {
    const q = await fifoQueueWithDlq(30);
    const first = await sendFifo(q.url, 'receipts', 'receipt for payment 1', 'payment-1');
    const again = await sendFifo(q.url, 'receipts', 'receipt for payment 1', 'payment-1');
    expect(again.MessageId).toBe(first.MessageId);
    expect(again.SequenceNumber).toBe(first.SequenceNumber);
    expect(sqs.depth(q.name)).toBe(1);
    // Even once received and deleted: SQS keeps the id for the interval.
    const [got] = await receive(q.url);
    await remove(q.url, got!);
    expect((await sendFifo(q.url, 'receipts', 'receipt for payment 1', 'payment-1')).MessageId).toBe(first.MessageId);
    expect(sqs.depth(q.name)).toBe(0);
    // A duplicate inside one batch is the same message too.
    const batch = await client.send(
      new SendMessageBatchCommand({
        QueueUrl: q.url,
        Entries: [
          { Id: 'a', MessageBody: 'two', MessageGroupId: 'receipts', MessageDeduplicationId: 'payment-2' },
          { Id: 'b', MessageBody: 'two', MessageGroupId: 'receipts', MessageDeduplicationId: 'payment-2' },
        ],
      }),
    );
    expect(batch.Successful![0]!.MessageId).toBe(batch.Successful![1]!.MessageId);
    expect(sqs.depth(q.name)).toBe(1);
    // Five minutes later the id is forgotten: the same id is a new message.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60_000 + 1000 });
    const later = await sendFifo(q.url, 'receipts', 'receipt for payment 1', 'payment-1');
    expect(later.MessageId).not.toBe(first.MessageId);
    expect(sqs.depth(q.name)).toBe(2);
  });

  it('deduplicates by the body (SHA-256) when the queue has ContentBasedDeduplication and no id is given', async () => {
    const q = await fifoQueueWithDlq(30, 2, true);
    const first = await client.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: 'same', MessageGroupId: 'g' }));
    const again = await client.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: 'same', MessageGroupId: 'g' }));
    expect(again.MessageId).toBe(first.MessageId);
    await client.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: 'other', MessageGroupId: 'g' }));
    expect(sqs.depth(q.name)).toBe(2);
  });
});

describe('local event source mapping (pollQueue) on a FIFO queue', () => {
  it('hands the worker a group in order with its MessageGroupId, MessageDeduplicationId and SequenceNumber, and holds the rest of a group back while it fails', async () => {
    const q = await fifoQueueWithDlq(0, 3);
    const arn = (await client.send(new GetQueueAttributesCommand({ QueueUrl: q.url, AttributeNames: ['QueueArn'] }))).Attributes!.QueueArn!;
    for (const body of ['r1', 'r2', 'r3']) await sendFifo(q.url, 'receipts', body, `pay-${body}`);
    const seen: { body: string; group?: string; dedup?: string; sequence?: string }[] = [];
    let failuresLeft = 1;
    const handler = async (event: SQSEvent) => {
      const records = event.Records;
      seen.push(...records.map((r) => ({ body: r.body, group: r.attributes.MessageGroupId, dedup: r.attributes.MessageDeduplicationId, sequence: r.attributes.SequenceNumber })));
      // As a FIFO worker must: the failed message and every later one of its group are reported.
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        return { batchItemFailures: records.map((r) => ({ itemIdentifier: r.messageId })) };
      }
      return { batchItemFailures: [] };
    };
    const stop = new AbortController();
    const loop = pollQueue(new Map([['runOfficeJob' as WorkerId, handler as never]]), 'office-jobs', { client, queueUrl: q.url, queueArn: arn, signal: stop.signal });
    const until = Date.now() + 10_000;
    while (sqs.depth(q.name) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    stop.abort();
    await loop;
    expect(sqs.depth(q.name)).toBe(0);
    // Batch size 1 (the office-jobs worker's): r1 failed once and came again before r2.
    expect(seen.map((s) => s.body)).toEqual(['r1', 'r1', 'r2', 'r3']);
    expect(seen[0]).toMatchObject({ group: 'receipts', dedup: 'pay-r1' });
    expect(seen.every((s) => /^\d{20}$/.test(s.sequence ?? ''))).toBe(true);
  });
});
