/**
 * The local stand-in for what triggers workers on AWS: loads every entry of the worker table
 * (functions/core/workers.ts) and calls its handler module with the event its trigger would
 * send. For an SNS trigger that is the SNS event Lambda receives: one record carrying the
 * published message. For an SQS trigger, `pollQueue` plays Lambda's event source mapping on the
 * local SQS (infra/local/sqs.ts), through the real SDK: long-polls a batch of up to `batchSize`,
 * calls the worker with the SQS event, deletes the messages it did not report in
 * `batchItemFailures` (ReportBatchItemFailures), and leaves the others, and every message of a
 * batch whose invocation threw, to come again after the visibility timeout, and to the
 * dead-letter queue after `maxReceiveCount` deliveries (the local SQS does both as SQS does). On a
 * FIFO queue the records carry MessageGroupId, MessageDeduplicationId and SequenceNumber, and, as
 * on AWS, what the worker does not report is deleted: a FIFO worker must report the message that
 * failed and every later one of its group (AWS's rule for FIFO partial batch responses), or the
 * group's order breaks. The runtime polls only the queues that have a worker.
 * Lambda's timeout is played through the context (middy fails an invocation a little before its
 * queue's `timeoutS`, as the CDK sets it). Not played: the mapping's concurrency
 * (one batch at a time per worker). The schedules' messages (EventBridge rules on AWS) are put on
 * their queue once the portal's clock has passed their instant (`startSchedules`).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DeleteMessageBatchCommand, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { Context, SNSEvent, SQSEvent } from 'aws-lambda';
import { isRecurring, queues, schedules, workerList, type ScheduleDef, type WorkerId, type WorkerQueue, type WorkerTopic } from '../../functions/core/workers';
import { lambdaContext } from './api-gateway';

type WorkerHandler = (event: SNSEvent | SQSEvent, context: Context) => Promise<unknown>;

const handlersDir = path.resolve(import.meta.dirname, '../../functions/handlers');

export async function loadWorkers(): Promise<Map<WorkerId, WorkerHandler>> {
  const loaded = new Map<WorkerId, WorkerHandler>();
  for (const worker of workerList) {
    const mod = (await import(pathToFileURL(path.join(handlersDir, `${worker.handler}.ts`)).href)) as { handler?: WorkerHandler };
    if (typeof mod.handler !== 'function') throw new Error(`functions/handlers/${worker.handler}.ts exports no handler`);
    loaded.set(worker.id, mod.handler);
  }
  return loaded;
}

/** The event Lambda receives from SNS for one message published to `topic`. */
export function snsEvent(topic: WorkerTopic, message: string): SNSEvent {
  const topicArn = `arn:aws:sns:local:000000000000:${topic}`;
  return {
    Records: [
      {
        EventSource: 'aws:sns',
        EventVersion: '1.0',
        EventSubscriptionArn: `${topicArn}:${randomUUID()}`,
        Sns: {
          Type: 'Notification',
          MessageId: randomUUID(),
          TopicArn: topicArn,
          Subject: '',
          Message: message,
          Timestamp: new Date().toISOString(),
          SignatureVersion: '1',
          Signature: 'local',
          SigningCertUrl: '',
          UnsubscribeUrl: '',
          MessageAttributes: {},
        },
      },
    ],
  };
}

/** Publishes `message` to `topic`: every worker subscribed to it runs, as SNS would invoke each. */
export async function publishToTopic(handlers: Map<WorkerId, WorkerHandler>, topic: WorkerTopic, message: string) {
  const subscribed = workerList.filter((w) => w.trigger.kind === 'sns' && w.trigger.topic === topic);
  await Promise.all(subscribed.map((w) => handlers.get(w.id)!(snsEvent(topic, message), lambdaContext(w.id, 30_000))));
}

/**
 * Plays the event source mapping of every worker on `queue` until `signal` aborts: receive, invoke,
 * delete what succeeded. Returns when the loop has stopped.
 */
export async function pollQueue(
  handlers: Map<WorkerId, WorkerHandler>,
  queue: WorkerQueue,
  options: { client: SQSClient; queueUrl: string; queueArn: string; signal: AbortSignal; onError?: (error: unknown) => void },
) {
  const consumers = workerList.filter((w) => w.trigger.kind === 'sqs' && w.trigger.queue === queue);
  if (consumers.length !== 1) throw new Error(`The queue ${queue} needs exactly one worker (it has ${consumers.length}).`);
  const worker = consumers[0]!;
  const batchSize = worker.trigger.kind === 'sqs' ? worker.trigger.batchSize : 1;
  const handler = handlers.get(worker.id)!;
  while (!options.signal.aborted) {
    try {
      const { Messages = [] } = await options.client.send(
        new ReceiveMessageCommand({ QueueUrl: options.queueUrl, MaxNumberOfMessages: batchSize, WaitTimeSeconds: 1, MessageSystemAttributeNames: ['All'] }),
        { abortSignal: options.signal },
      );
      if (Messages.length === 0) continue;
      const event: SQSEvent = {
        Records: Messages.map((m) => ({
          messageId: m.MessageId!,
          receiptHandle: m.ReceiptHandle!,
          body: m.Body ?? '',
          attributes: {
            ApproximateReceiveCount: m.Attributes?.ApproximateReceiveCount ?? '1',
            SentTimestamp: m.Attributes?.SentTimestamp ?? String(Date.now()),
            SenderId: 'local',
            ApproximateFirstReceiveTimestamp: m.Attributes?.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
            // A FIFO queue's (and a fair queue's group): Lambda passes them on in the record.
            ...(m.Attributes?.MessageGroupId === undefined ? {} : { MessageGroupId: m.Attributes.MessageGroupId }),
            ...(m.Attributes?.MessageDeduplicationId === undefined ? {} : { MessageDeduplicationId: m.Attributes.MessageDeduplicationId }),
            ...(m.Attributes?.SequenceNumber === undefined ? {} : { SequenceNumber: m.Attributes.SequenceNumber }),
          },
          messageAttributes: {},
          md5OfBody: m.MD5OfBody ?? '',
          eventSource: 'aws:sqs',
          eventSourceARN: options.queueArn,
          awsRegion: 'local',
        })),
      };
      let failed: Set<string>;
      try {
        // The worker's own timeout (the CDK's: its queue's), not an API function's 10 s.
        const result = (await handler(event, lambdaContext(worker.id, queues[queue].timeoutS * 1000))) as { batchItemFailures?: { itemIdentifier: string }[] } | undefined;
        failed = new Set((result?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
      } catch (error) {
        // The invocation failed: the whole batch comes again, as on AWS.
        options.onError?.(error);
        continue;
      }
      const done = Messages.filter((m) => !failed.has(m.MessageId!));
      if (done.length) {
        await options.client.send(new DeleteMessageBatchCommand({ QueueUrl: options.queueUrl, Entries: done.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })) }));
      }
    } catch (error) {
      if (options.signal.aborted) break;
      options.onError?.(error);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/**
 * Plays the worker table's schedules (core/workers.ts `schedules`), as the EventBridge rules do on
 * AWS, on the portal's clock (APP_NOW included): a one-time schedule's message is put on its queue
 * once the clock has passed its instant, once per run of the portal (a portal started after the
 * instant sends it at start); a recurring one's at every `every` minutes of the clock within its
 * span, with that tick's instant as `at` (a portal started within the span sends one at start).
 * What a message starts is idempotent, so a restart that sends it again does no harm.
 */
export function startSchedules(options: { now: () => Date; send: (queue: WorkerQueue, body: string) => Promise<void>; signal: AbortSignal; everyMs?: number; onError?: (error: unknown) => void }) {
  const pending = new Map<string, ScheduleDef>(Object.entries(schedules));
  /** A recurring schedule's last tick (ms on the portal's clock). */
  const lastTick = new Map<string, number>();
  const tick = async () => {
    const now = options.now().getTime();
    for (const [id, schedule] of pending) {
      if (isRecurring(schedule)) {
        if (now < Date.parse(schedule.from) || now >= Date.parse(schedule.until)) continue;
        const last = lastTick.get(id);
        if (last !== undefined && now - last < schedule.every * 60_000) continue;
        lastTick.set(id, now);
        await options.send(schedule.queue, JSON.stringify({ ...schedule.message, at: new Date(now).toISOString() })).catch((error: unknown) => options.onError?.(error));
        continue;
      }
      if (now < Date.parse(schedule.at)) continue;
      pending.delete(id);
      await options.send(schedule.queue, JSON.stringify(schedule.message)).catch((error: unknown) => options.onError?.(error));
    }
  };
  const timer = setInterval(() => void tick(), options.everyMs ?? 10_000);
  options.signal.addEventListener('abort', () => clearInterval(timer));
  return tick();
}
