/**
 * The local SQS (infra/local/sqs.ts) through the real @aws-sdk/client-sqs, and the local event
 * source mapping (infra/local/workers.ts pollQueue): what partial batch failures rely on.
 */
import {
  ChangeMessageVisibilityCommand,
  CreateQueueCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
