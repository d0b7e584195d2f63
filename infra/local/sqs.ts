/**
 * The local SQS: a small in-memory server speaking SQS's JSON protocol (AWS JSON 1.0, the one
 * `@aws-sdk/client-sqs` 3.x uses), for the operations the portal and its local runtime call.
 *
 * Why our own: ElasticMQ's jar cannot be fetched here, and `sqslite` (2.1.1, checked in its
 * source) speaks only the older query/XML protocol, so the current SDK cannot talk to it; it
 * also never makes a received message visible again (no visibility timeout, no redelivery),
 * ignores WaitTimeSeconds, gives every message of one receive the same receipt handle (deleting
 * one deletes the batch) and stores a RedrivePolicy without ever moving a message to the
 * dead-letter queue. Partial batch failures depend on all of those.
 *
 * What this one does, as SQS does: CreateQueue (VisibilityTimeout, RedrivePolicy, FifoQueue,
 * ContentBasedDeduplication attributes), GetQueueUrl, GetQueueAttributes
 * (ApproximateNumberOfMessages[NotVisible], QueueArn, and FifoQueue, ContentBasedDeduplication for
 * a FIFO queue), SendMessage, SendMessageBatch, ReceiveMessage (MaxNumberOfMessages,
 * VisibilityTimeout, long polling with WaitTimeSeconds, ApproximateReceiveCount), DeleteMessage,
 * DeleteMessageBatch, ChangeMessageVisibility, PurgeQueue; a message received more than
 * maxReceiveCount times moves to the dead-letter queue when it would be received again; a receipt
 * handle is per receive, and an old one no longer deletes.
 *
 * FIFO queues, as SQS runs them: a FIFO queue needs a `.fifo` name and FifoQueue=true (each
 * without the other is SQS's error), and a FIFO dead-letter queue. A message needs a
 * MessageGroupId and a MessageDeduplicationId unless the queue has ContentBasedDeduplication (then
 * the SHA-256 of the body); per-message DelaySeconds is refused. A deduplication id seen in the last
 * 5 minutes (queue scope) is accepted and answered with the first message's MessageId and
 * SequenceNumber, but not queued again. A receive returns a group's messages in send order, as
 * many of one group as it can before the next group, and nothing of a group while one of its
 * messages is in flight (received, not deleted, visibility not lapsed); a message moved to the
 * dead-letter queue releases its group. Messages carry MessageGroupId, MessageDeduplicationId and
 * SequenceNumber (growing, not consecutive). A standard queue takes a MessageGroupId (fair queues)
 * and returns it, but refuses a MessageDeduplicationId, as SQS does; fair queues' delivery order
 * (quiet tenants first under a backlog) is not played.
 *
 * What it does not do: message attributes, delay seconds (per message or per queue), high
 * throughput FIFO (DeduplicationScope, FifoThroughputLimit), ReceiveRequestAttemptId, retention
 * expiry, persistence (the queues live in memory: a restart loses what was queued), signature
 * checks. Any other operation, attribute or parameter it knows it does not do is answered
 * `UnsupportedOperation`, never pretended.
 */
import { createHash, randomInt, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const ACCOUNT = '000000000000';

interface Message {
  id: string;
  body: string;
  md5: string;
  sentAt: number;
  receiveCount: number;
  firstReceivedAt?: number;
  visibleAt: number;
  receipt?: string;
  /** FIFO queues (and a standard queue's fair-queue tenant): the message group. */
  group?: string;
  /** FIFO queues: the deduplication id (given, or the body's SHA-256) and the sequence number. */
  deduplicationId?: string;
  sequenceNumber?: string;
}

interface Queue {
  name: string;
  url: string;
  arn: string;
  visibilityTimeoutS: number;
  redrive?: { deadLetterTargetArn: string; maxReceiveCount: number };
  messages: Message[];
  waiting: Set<() => void>;
  fifo: boolean;
  contentBasedDeduplication: boolean;
  /** FIFO: deduplication ids sent in the last 5 minutes, with the message they named. */
  deduplication: Map<string, { id: string; sequenceNumber: string; at: number }>;
  /** FIFO: the last sequence number given. */
  sequence: bigint;
}

/** The parameters of one message to send (SendMessage, or one entry of SendMessageBatch). */
interface SendEntry {
  MessageBody?: unknown;
  DelaySeconds?: unknown;
  MessageGroupId?: unknown;
  MessageDeduplicationId?: unknown;
}

class SqsError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** How long a FIFO queue remembers a deduplication id (SQS: the 5-minute deduplication interval). */
const DEDUPLICATION_MS = 5 * 60_000;
/** Queue attributes CreateQueue takes; any other is refused rather than ignored. */
const QUEUE_ATTRIBUTES = new Set(['VisibilityTimeout', 'RedrivePolicy', 'FifoQueue', 'ContentBasedDeduplication']);
/** MessageGroupId and MessageDeduplicationId: alphanumeric and punctuation characters, 1 to 128. */
const MESSAGE_ID_PATTERN = /^[\x21-\x7e]{1,128}$/;
const NOT_FOR_THIS_QUEUE_TYPE = 'The request include parameter that is not valid for this queue type.';

export async function startLocalSqs(options: { port: number; host: string; region?: string }) {
  const region = options.region ?? 'us-east-1';
  // Set once listening (port 0 picks a free port).
  let endpoint = '';
  const queues = new Map<string, Queue>();

  const queueOf = (url: unknown): Queue => {
    const name = typeof url === 'string' ? url.split('/').pop() : undefined;
    const queue = name ? queues.get(name) : undefined;
    if (!queue) throw new SqsError('AWS.SimpleQueueService.NonExistentQueue', 'The specified queue does not exist.');
    return queue;
  };
  const byArn = (arn: string) => [...queues.values()].find((q) => q.arn === arn);
  const wake = (queue: Queue) => {
    for (const waiter of queue.waiting) waiter();
    queue.waiting.clear();
  };

  /** Moves `message` to the dead-letter queue if it was received maxReceiveCount times already; says whether it did. */
  function deadLettered(queue: Queue, message: Message, now: number) {
    if (!queue.redrive || message.receiveCount < queue.redrive.maxReceiveCount) return false;
    const dlq = byArn(queue.redrive.deadLetterTargetArn);
    queue.messages.splice(queue.messages.indexOf(message), 1);
    if (dlq) {
      dlq.messages.push({ ...message, visibleAt: now, receipt: undefined });
      wake(dlq);
    }
    return true;
  }

  function markReceived(message: Message, now: number, visibilityS: number) {
    message.receiveCount += 1;
    message.firstReceivedAt ??= now;
    message.visibleAt = now + visibilityS * 1000;
    message.receipt = `${message.id}:${randomUUID()}`;
  }

  /** Messages due now, moving those past the redrive limit to the dead-letter queue first. */
  function takeVisible(queue: Queue, max: number, visibilityS: number): Message[] {
    if (queue.fifo) return takeFifo(queue, max, visibilityS);
    const now = Date.now();
    const taken: Message[] = [];
    for (const message of [...queue.messages]) {
      if (taken.length >= max) break;
      if (message.visibleAt > now) continue;
      if (deadLettered(queue, message, now)) continue;
      markReceived(message, now, visibilityS);
      taken.push(message);
    }
    return taken;
  }

  /**
   * A FIFO queue's receive: no message of a group with a message in flight; each group in send
   * order (its messages are kept in send order), as many of one group as fit before the next group
   * (SQS's delivery logic), groups in the order of their oldest message.
   */
  function takeFifo(queue: Queue, max: number, visibilityS: number): Message[] {
    const now = Date.now();
    const blocked = new Set(queue.messages.filter((m) => m.visibleAt > now).map((m) => m.group));
    const groups = new Set(queue.messages.map((m) => m.group).filter((g) => !blocked.has(g)));
    const taken: Message[] = [];
    for (const group of groups) {
      for (const message of queue.messages.filter((m) => m.group === group)) {
        if (taken.length >= max) return taken;
        if (deadLettered(queue, message, now)) continue;
        markReceived(message, now, visibilityS);
        taken.push(message);
      }
    }
    return taken;
  }

  /** Refuses what SQS refuses of one message for this queue (before anything of a batch is queued). */
  function checkEntry(queue: Queue, entry: SendEntry) {
    const body = entry.MessageBody;
    if (typeof body !== 'string' || body.length === 0) throw new SqsError('MissingParameter', 'The request must contain the parameter MessageBody.');
    if (Buffer.byteLength(body) > 262_144) throw new SqsError('InvalidParameterValue', 'One or more parameters are invalid. Reason: Message must be shorter than 262144 bytes.');
    const group = entry.MessageGroupId;
    const deduplicationId = entry.MessageDeduplicationId;
    if (group !== undefined && (typeof group !== 'string' || !MESSAGE_ID_PATTERN.test(group))) {
      throw new SqsError('InvalidParameterValue', `Value ${String(group)} for parameter MessageGroupId is invalid. Reason: MessageGroupId can only include alphanumeric and punctuation characters. 1 to 128 in length.`);
    }
    if (!queue.fifo) {
      if (entry.DelaySeconds) throw new SqsError('UnsupportedOperation', 'The local SQS does not support DelaySeconds.');
      if (deduplicationId !== undefined) throw new SqsError('InvalidParameterValue', `Value ${String(deduplicationId)} for parameter MessageDeduplicationId is invalid. Reason: ${NOT_FOR_THIS_QUEUE_TYPE}`);
      return;
    }
    if (entry.DelaySeconds !== undefined && entry.DelaySeconds !== 0) {
      throw new SqsError('InvalidParameterValue', `Value ${String(entry.DelaySeconds)} for parameter DelaySeconds is invalid. Reason: ${NOT_FOR_THIS_QUEUE_TYPE}`);
    }
    if (group === undefined) throw new SqsError('MissingParameter', 'The request must contain the parameter MessageGroupId.');
    if (deduplicationId === undefined) {
      if (!queue.contentBasedDeduplication) throw new SqsError('InvalidParameterValue', 'The queue should either have ContentBasedDeduplication enabled or MessageDeduplicationId provided explicitly');
    } else if (typeof deduplicationId !== 'string' || !MESSAGE_ID_PATTERN.test(deduplicationId)) {
      throw new SqsError(
        'InvalidParameterValue',
        `Value ${String(deduplicationId)} for parameter MessageDeduplicationId is invalid. Reason: MessageDeduplicationId can only include alphanumeric and punctuation characters. 1 to 128 in length.`,
      );
    }
  }

  /** Queues one checked message; a FIFO queue answers a deduplication id of the last 5 minutes with its first message. */
  function send(queue: Queue, entry: SendEntry) {
    const body = entry.MessageBody as string;
    const now = Date.now();
    const group = entry.MessageGroupId as string | undefined;
    if (!queue.fifo) {
      const message: Message = { id: randomUUID(), body, md5: md5(body), sentAt: now, receiveCount: 0, visibleAt: now, group };
      queue.messages.push(message);
      wake(queue);
      return { MessageId: message.id, MD5OfMessageBody: message.md5 };
    }
    for (const [id, seen] of queue.deduplication) if (seen.at + DEDUPLICATION_MS <= now) queue.deduplication.delete(id);
    const deduplicationId = (entry.MessageDeduplicationId as string | undefined) ?? sha256(body);
    const seen = queue.deduplication.get(deduplicationId);
    // The SDK checks the answer's MD5 against the body it sent: the digest is of this request's body.
    if (seen) return { MessageId: seen.id, MD5OfMessageBody: md5(body), SequenceNumber: seen.sequenceNumber };
    // Large, growing, not consecutive (as SQS's): nothing may count on the step.
    queue.sequence += BigInt(randomInt(1, 1000));
    const sequenceNumber = queue.sequence.toString().padStart(20, '0');
    const message: Message = { id: randomUUID(), body, md5: md5(body), sentAt: now, receiveCount: 0, visibleAt: now, group, deduplicationId, sequenceNumber };
    queue.deduplication.set(deduplicationId, { id: message.id, sequenceNumber, at: now });
    queue.messages.push(message);
    wake(queue);
    return { MessageId: message.id, MD5OfMessageBody: message.md5, SequenceNumber: sequenceNumber };
  }

  function findByReceipt(queue: Queue, receipt: unknown) {
    if (typeof receipt !== 'string') throw new SqsError('MissingParameter', 'The request must contain the parameter ReceiptHandle.');
    const message = queue.messages.find((m) => m.receipt === receipt);
    if (!message) {
      // An old handle of a message received again since, or of one deleted: SQS refuses the first.
      if (queue.messages.some((m) => receipt.startsWith(`${m.id}:`))) throw new SqsError('ReceiptHandleIsInvalid', 'The receipt handle has expired.');
    }
    return message;
  }

  const operations: Record<string, (input: Record<string, unknown>) => Promise<unknown> | unknown> = {
    CreateQueue(input) {
      const name = String(input.QueueName ?? '');
      const attributes = (input.Attributes ?? {}) as Record<string, string>;
      for (const attribute of Object.keys(attributes)) {
        if (!QUEUE_ATTRIBUTES.has(attribute)) throw new SqsError('UnsupportedOperation', `The local SQS does not support the queue attribute ${attribute}.`);
      }
      // SQS knows FifoQueue only as `true` on a FIFO queue; on a standard queue it is an unknown attribute.
      if (attributes.FifoQueue !== undefined && attributes.FifoQueue !== 'true') throw new SqsError('InvalidAttributeName', 'Unknown Attribute FifoQueue.');
      const fifo = attributes.FifoQueue === 'true';
      if (fifo && !/^[\w-]{1,75}\.fifo$/.test(name)) {
        throw new SqsError('InvalidParameterValue', 'The name of a FIFO queue can only include alphanumeric characters, hyphens, or underscores, must end with .fifo suffix and be 1 to 80 in length.');
      }
      if (!fifo && !/^[\w-]{1,80}$/.test(name)) throw new SqsError('InvalidParameterValue', 'Can only include alphanumeric characters, hyphens, or underscores. 1 to 80 in length');
      const contentBased = attributes.ContentBasedDeduplication;
      if (contentBased !== undefined) {
        if (!fifo) throw new SqsError('InvalidAttributeName', 'Unknown Attribute ContentBasedDeduplication.');
        if (contentBased !== 'true' && contentBased !== 'false') throw new SqsError('InvalidAttributeValue', 'Invalid value for the parameter ContentBasedDeduplication.');
      }
      const existing = queues.get(name);
      if (existing) return { QueueUrl: existing.url };
      const redrive = attributes.RedrivePolicy ? (JSON.parse(attributes.RedrivePolicy) as { deadLetterTargetArn: string; maxReceiveCount: number | string }) : undefined;
      const target = redrive && byArn(redrive.deadLetterTargetArn);
      if (redrive && !target) throw new SqsError('InvalidParameterValue', 'Dead letter target does not exist.');
      if (target && target.fifo !== fifo) {
        throw new SqsError('InvalidParameterValue', `Value ${attributes.RedrivePolicy} for parameter RedrivePolicy is invalid. Reason: Dead-letter queue must be same type of queue as the source..`);
      }
      queues.set(name, {
        name,
        url: `${endpoint}/${ACCOUNT}/${name}`,
        arn: `arn:aws:sqs:${region}:${ACCOUNT}:${name}`,
        visibilityTimeoutS: Number(attributes.VisibilityTimeout ?? 30),
        redrive: redrive && { deadLetterTargetArn: redrive.deadLetterTargetArn, maxReceiveCount: Number(redrive.maxReceiveCount) },
        messages: [],
        waiting: new Set(),
        fifo,
        contentBasedDeduplication: contentBased === 'true',
        deduplication: new Map(),
        sequence: 10n ** 19n,
      });
      return { QueueUrl: queues.get(name)!.url };
    },
    GetQueueUrl(input) {
      const queue = queues.get(String(input.QueueName));
      if (!queue) throw new SqsError('AWS.SimpleQueueService.NonExistentQueue', 'The specified queue does not exist.');
      return { QueueUrl: queue.url };
    },
    GetQueueAttributes(input) {
      const queue = queueOf(input.QueueUrl);
      const now = Date.now();
      return {
        Attributes: {
          QueueArn: queue.arn,
          VisibilityTimeout: String(queue.visibilityTimeoutS),
          ApproximateNumberOfMessages: String(queue.messages.filter((m) => m.visibleAt <= now).length),
          ApproximateNumberOfMessagesNotVisible: String(queue.messages.filter((m) => m.visibleAt > now).length),
          ...(queue.redrive ? { RedrivePolicy: JSON.stringify(queue.redrive) } : {}),
          ...(queue.fifo ? { FifoQueue: 'true', ContentBasedDeduplication: String(queue.contentBasedDeduplication) } : {}),
        },
      };
    },
    SendMessage(input) {
      const queue = queueOf(input.QueueUrl);
      checkEntry(queue, input);
      return send(queue, input);
    },
    SendMessageBatch(input) {
      const queue = queueOf(input.QueueUrl);
      const entries = (input.Entries ?? []) as (SendEntry & { Id: string })[];
      if (entries.length === 0 || entries.length > 10) throw new SqsError('AWS.SimpleQueueService.TooManyEntriesInBatchRequest', 'A batch holds 1 to 10 entries.');
      // Every entry is checked before any is queued: a batch SQS refuses queues nothing.
      for (const entry of entries) checkEntry(queue, entry);
      return { Successful: entries.map((e) => ({ Id: e.Id, ...send(queue, e) })), Failed: [] };
    },
    async ReceiveMessage(input) {
      const queue = queueOf(input.QueueUrl);
      if (input.ReceiveRequestAttemptId !== undefined) throw new SqsError('UnsupportedOperation', 'The local SQS does not support ReceiveRequestAttemptId.');
      const max = Number(input.MaxNumberOfMessages ?? 1);
      if (!Number.isInteger(max) || max < 1 || max > 10) throw new SqsError('InvalidParameterValue', 'MaxNumberOfMessages must be between 1 and 10.');
      const visibility = Number(input.VisibilityTimeout ?? queue.visibilityTimeoutS);
      const waitS = Math.min(20, Number(input.WaitTimeSeconds ?? 0));
      const until = Date.now() + waitS * 1000;
      let taken = takeVisible(queue, max, visibility);
      while (taken.length === 0 && Date.now() < until) {
        // Woken by a new message, or after a short while (a message whose visibility lapsed).
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, Math.min(250, until - Date.now()));
          function done() {
            clearTimeout(timer);
            queue.waiting.delete(done);
            resolve();
          }
          queue.waiting.add(done);
        });
        taken = takeVisible(queue, max, visibility);
      }
      return {
        Messages: taken.map((m) => ({
          MessageId: m.id,
          ReceiptHandle: m.receipt,
          MD5OfBody: m.md5,
          Body: m.body,
          Attributes: {
            ApproximateReceiveCount: String(m.receiveCount),
            SentTimestamp: String(m.sentAt),
            ApproximateFirstReceiveTimestamp: String(m.firstReceivedAt),
            ...(m.group === undefined ? {} : { MessageGroupId: m.group }),
            ...(m.deduplicationId === undefined ? {} : { MessageDeduplicationId: m.deduplicationId, SequenceNumber: m.sequenceNumber }),
          },
        })),
      };
    },
    DeleteMessage(input) {
      const queue = queueOf(input.QueueUrl);
      const message = findByReceipt(queue, input.ReceiptHandle);
      if (message) queue.messages.splice(queue.messages.indexOf(message), 1);
      return {};
    },
    DeleteMessageBatch(input) {
      const queue = queueOf(input.QueueUrl);
      const entries = (input.Entries ?? []) as { Id: string; ReceiptHandle: string }[];
      const Successful: { Id: string }[] = [];
      const Failed: { Id: string; Code: string; Message: string; SenderFault: boolean }[] = [];
      for (const entry of entries) {
        try {
          const message = findByReceipt(queue, entry.ReceiptHandle);
          if (message) queue.messages.splice(queue.messages.indexOf(message), 1);
          Successful.push({ Id: entry.Id });
        } catch (error) {
          Failed.push({ Id: entry.Id, Code: (error as SqsError).type, Message: (error as Error).message, SenderFault: true });
        }
      }
      return { Successful, Failed };
    },
    ChangeMessageVisibility(input) {
      const queue = queueOf(input.QueueUrl);
      const seconds = Number(input.VisibilityTimeout);
      if (!Number.isInteger(seconds) || seconds < 0 || seconds > 43_200) throw new SqsError('InvalidParameterValue', 'VisibilityTimeout must be an integer between 0 and 43200.');
      const message = findByReceipt(queue, input.ReceiptHandle);
      if (!message || message.visibleAt <= Date.now()) throw new SqsError('MessageNotInflight', 'The message is not in flight.');
      message.visibleAt = Date.now() + seconds * 1000;
      if (seconds === 0) wake(queue);
      return {};
    },
    PurgeQueue(input) {
      queueOf(input.QueueUrl).messages = [];
      return {};
    },
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', ...headers });
        res.end(JSON.stringify(body));
      };
      const target = String(req.headers['x-amz-target'] ?? '');
      const operation = target.startsWith('AmazonSQS.') ? target.slice('AmazonSQS.'.length) : '';
      const run = Object.hasOwn(operations, operation) ? operations[operation] : undefined;
      if (req.method !== 'POST' || !run) {
        const type = 'UnsupportedOperation';
        answer(400, { __type: `com.amazonaws.sqs#${type}`, message: `The local SQS does not support ${operation || req.method + ' ' + req.url}.` }, { 'x-amzn-query-error': `${type};Sender` });
        return;
      }
      let input: Record<string, unknown>;
      try {
        input = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        answer(400, { __type: 'com.amazonaws.sqs#InvalidParameterValue', message: 'The request body is not JSON.' });
        return;
      }
      Promise.resolve()
        .then(() => run(input))
        .then(
          (output) => answer(200, output),
          (error: unknown) => {
            if (error instanceof SqsError) answer(error.status, { __type: `com.amazonaws.sqs#${error.type}`, message: error.message }, { 'x-amzn-query-error': `${error.type};Sender` });
            else answer(500, { __type: 'com.amazonaws.sqs#InternalError', message: String(error) });
          },
        );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  endpoint = `http://${options.host}:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    /** Queue names and how many messages each holds (the tests' view; no SQS operation). */
    depth: (name: string) => queues.get(name)?.messages.length ?? 0,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const queue of queues.values()) wake(queue);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
