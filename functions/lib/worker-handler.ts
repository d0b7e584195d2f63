/**
 * The handler factories of workers (core/workers.ts), triggered by SNS or SQS: the logger with the
 * invocation's request id, the worker's grants held on every SDK call (as IAM holds them on
 * AWS), the event read with zod, and one domain call per message. An event that is not SNS's is
 * logged and dropped; an error of the domain call propagates, so that Lambda retries the event
 * (twice, then its dead-letter queue).
 */
import middy from '@middy/core';
// Errors' English messages (core/errors.ts) for the workers too.
import '#core/i18n/server-messages';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { workers, type WorkerId } from '#core/workers';
import { asWorker } from './aws/grants';
import { assertClockConfig, now } from './clock';
import { logger } from './logger';

/** What a worker needs of SNS's event: each record's message text and id. Nothing else is read. */
const snsEventSchema = z.object({
  Records: z
    .array(
      z.object({
        EventSource: z.optional(z.string()),
        Sns: z.object({ MessageId: z.string().check(z.maxLength(256)), Message: z.string(), TopicArn: z.optional(z.string()) }),
      }),
    )
    .check(z.maxLength(100)),
});

export interface SnsMessage {
  id: string;
  text: string;
}

export function defineSnsWorker(id: WorkerId, run: (message: SnsMessage, at: Date) => Promise<unknown>) {
  const worker = { id, ...workers[id] };
  assertClockConfig();
  return middy(async (event: unknown, _context: Context) =>
    asWorker(worker, async () => {
      const parsed = snsEventSchema.safeParse(event);
      if (!parsed.success) {
        logger.error('worker event dropped: not an SNS event', { worker: id });
        return;
      }
      for (const record of parsed.data.Records) {
        await run({ id: record.Sns.MessageId, text: record.Sns.Message }, now());
      }
    }),
  ).use(injectLambdaContext(logger, { resetKeys: true, logEvent: false }));
}

/** What a worker needs of SQS's event: each record's id, body and how often it was delivered. */
const sqsEventSchema = z.object({
  Records: z
    .array(
      z.object({
        messageId: z.string().check(z.maxLength(256)),
        body: z.string(),
        attributes: z.optional(z.object({ ApproximateReceiveCount: z.optional(z.string()) })),
      }),
    )
    .check(z.maxLength(10_000)),
});

export interface QueueMessage {
  id: string;
  text: string;
  /** 1 on the first delivery; more after a failure or a lapsed visibility timeout. */
  receiveCount: number;
}

/**
 * A worker on a queue, as Lambda's event source mapping with `ReportBatchItemFailures` calls it:
 * each message of the batch runs on its own; one that throws is answered in `batchItemFailures`
 * (it stays in the queue and comes again, then goes to the dead-letter queue), the others are
 * deleted by the mapping. An event that is not SQS's is logged and dropped.
 */
export function defineSqsWorker(id: WorkerId, run: (message: QueueMessage, at: Date) => Promise<unknown>, options: { inOrder?: boolean } = {}) {
  const worker = { id, ...workers[id] };
  assertClockConfig();
  return middy(async (event: unknown, _context: Context): Promise<{ batchItemFailures: { itemIdentifier: string }[] }> =>
    asWorker(worker, async () => {
      const parsed = sqsEventSchema.safeParse(event);
      if (!parsed.success) {
        logger.error('worker event dropped: not an SQS event', { worker: id });
        return { batchItemFailures: [] };
      }
      const failures: { itemIdentifier: string }[] = [];
      for (const record of parsed.data.Records) {
        // A FIFO queue's batch is in order: after a failure the rest come again too, behind it (as AWS asks).
        if (options.inOrder && failures.length > 0) {
          failures.push({ itemIdentifier: record.messageId });
          continue;
        }
        try {
          await run({ id: record.messageId, text: record.body, receiveCount: Number(record.attributes?.ApproximateReceiveCount ?? 1) }, now());
        } catch (error) {
          logger.error('queue message failed; it will come again', { worker: id, messageId: record.messageId, error: error as Error });
          failures.push({ itemIdentifier: record.messageId });
        }
      }
      return { batchItemFailures: failures };
    }),
  ).use(injectLambdaContext(logger, { resetKeys: true, logEvent: false }));
}
