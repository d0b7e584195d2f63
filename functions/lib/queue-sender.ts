/**
 * Sending to a queue of the worker table (core/workers.ts `queues`), through SQS: the office's
 * jobs, and the money events. A message body is JSON. A FIFO queue's message must name its group
 * (delivered in send order within it; the money-events queue numbers receipts in one group) and
 * its deduplication id (a send of the same id within 5 minutes is answered but not queued again,
 * so a retried send of one event is one message): the types ask for both, only for a FIFO queue.
 * `sendBatch` sends up to 10 messages in one request (SQS's limit), in order.
 */
import { isFifoQueue, type FifoQueue, type WorkerQueue } from '#core/workers';
import { loadSqs } from './aws/clients';
import { env } from './env';

/** One message: its body (sent as JSON), and for a FIFO queue its message group and deduplication id. */
export type QueueMessage<Q extends WorkerQueue> = Q extends FifoQueue
  ? { body: unknown; groupId: string; deduplicationId: string }
  : { body: unknown; groupId?: never; deduplicationId?: never };

/** SQS takes at most 10 messages in one SendMessageBatch. */
export const MAX_BATCH = 10;

/** Some entries of a batch were refused (the others were queued): which, and why. */
export class QueueBatchError extends Error {
  constructor(
    readonly queue: WorkerQueue,
    /** Index in the batch sent, SQS's code and message, and whether the sender was at fault. */
    readonly failed: { index: number; code: string; message: string; senderFault: boolean }[],
  ) {
    super(`${failed.length} message(s) of a batch to ${queue} were not queued: ${failed.map((f) => `#${f.index} ${f.code} ${f.message}`).join('; ')}`);
    this.name = 'QueueBatchError';
  }
}

export interface QueueSender<Q extends WorkerQueue> {
  send(message: QueueMessage<Q>): Promise<void>;
  /**
   * Sends 1 to 10 messages in one request, in order. If SQS refuses some of them it throws a
   * QueueBatchError naming them; the others are queued. On a FIFO queue sending the whole batch
   * again within 5 minutes is safe (the deduplication ids); on a standard queue send only the
   * failed ones again.
   */
  sendBatch(messages: readonly QueueMessage<Q>[]): Promise<void>;
}

/** What SQS needs besides the body: a FIFO queue's group and deduplication id (checked: a cast cannot skip them). */
function fifoFields(queue: WorkerQueue, message: { groupId?: string; deduplicationId?: string }) {
  if (!isFifoQueue(queue)) return {};
  if (!message.groupId || !message.deduplicationId) throw new Error(`A message to the FIFO queue ${queue} needs a groupId and a deduplicationId.`);
  return { MessageGroupId: message.groupId, MessageDeduplicationId: message.deduplicationId };
}

/** The sender of `queue`; its URL comes from the queue's environment variable (core/workers.ts `queueUrlVariables`). */
export function queueSender<Q extends WorkerQueue>(queue: Q): QueueSender<Q> {
  return {
    async send(message) {
      const { sqsClient, SendMessageCommand } = await loadSqs();
      await sqsClient().send(new SendMessageCommand({ QueueUrl: env.queueUrl(queue), MessageBody: JSON.stringify(message.body), ...fifoFields(queue, message) }));
    },
    async sendBatch(messages) {
      if (messages.length === 0 || messages.length > MAX_BATCH) throw new RangeError(`A batch to ${queue} holds 1 to ${MAX_BATCH} messages (got ${messages.length}).`);
      const { sqsClient, SendMessageBatchCommand } = await loadSqs();
      const entries = messages.map((message, index) => ({ Id: String(index), MessageBody: JSON.stringify(message.body), ...fifoFields(queue, message) }));
      const { Failed = [] } = await sqsClient().send(new SendMessageBatchCommand({ QueueUrl: env.queueUrl(queue), Entries: entries }));
      if (Failed.length) {
        throw new QueueBatchError(
          queue,
          Failed.map((f) => ({ index: Number(f.Id), code: f.Code ?? 'Unknown', message: f.Message ?? '', senderFault: f.SenderFault ?? false })),
        );
      }
    },
  };
}
