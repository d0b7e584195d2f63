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
 * What this one does, as SQS does: CreateQueue (VisibilityTimeout, RedrivePolicy attributes),
 * GetQueueUrl, GetQueueAttributes (ApproximateNumberOfMessages[NotVisible], QueueArn),
 * SendMessage, SendMessageBatch, ReceiveMessage (MaxNumberOfMessages, VisibilityTimeout, long
 * polling with WaitTimeSeconds, ApproximateReceiveCount), DeleteMessage, DeleteMessageBatch,
 * ChangeMessageVisibility, PurgeQueue; a message received more than maxReceiveCount times moves
 * to the dead-letter queue when it would be received again; a receipt handle is per receive, and
 * an old one no longer deletes. What it does not do: FIFO queues, message attributes, delay
 * seconds, retention expiry, persistence (the queues live in memory: a restart loses what was
 * queued), signature checks. Any other operation is answered `UnsupportedOperation`, never
 * pretended.
 */
import { createHash, randomUUID } from 'node:crypto';
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
}

interface Queue {
  name: string;
  url: string;
  arn: string;
  visibilityTimeoutS: number;
  redrive?: { deadLetterTargetArn: string; maxReceiveCount: number };
  messages: Message[];
  waiting: Set<() => void>;
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

  /** Messages due now, moving those past the redrive limit to the dead-letter queue first. */
  function takeVisible(queue: Queue, max: number, visibilityS: number): Message[] {
    const now = Date.now();
    const taken: Message[] = [];
    for (const message of [...queue.messages]) {
      if (taken.length >= max) break;
      if (message.visibleAt > now) continue;
      if (queue.redrive && message.receiveCount >= queue.redrive.maxReceiveCount) {
        const dlq = byArn(queue.redrive.deadLetterTargetArn);
        queue.messages.splice(queue.messages.indexOf(message), 1);
        if (dlq) {
          dlq.messages.push({ ...message, visibleAt: now, receipt: undefined });
          wake(dlq);
        }
        continue;
      }
      message.receiveCount += 1;
      message.firstReceivedAt ??= now;
      message.visibleAt = now + visibilityS * 1000;
      message.receipt = `${message.id}:${randomUUID()}`;
      taken.push(message);
    }
    return taken;
  }

  function send(queue: Queue, body: unknown) {
    if (typeof body !== 'string' || body.length === 0) throw new SqsError('MissingParameter', 'The request must contain the parameter MessageBody.');
    if (Buffer.byteLength(body) > 262_144) throw new SqsError('InvalidParameterValue', 'One or more parameters are invalid. Reason: Message must be shorter than 262144 bytes.');
    const message: Message = { id: randomUUID(), body, md5: md5(body), sentAt: Date.now(), receiveCount: 0, visibleAt: Date.now() };
    queue.messages.push(message);
    wake(queue);
    return { MessageId: message.id, MD5OfMessageBody: message.md5 };
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
      if (!/^[\w-]{1,80}$/.test(name)) throw new SqsError('InvalidParameterValue', `Invalid queue name: ${name}`);
      const attributes = (input.Attributes ?? {}) as Record<string, string>;
      const existing = queues.get(name);
      if (existing) return { QueueUrl: existing.url };
      const redrive = attributes.RedrivePolicy ? (JSON.parse(attributes.RedrivePolicy) as { deadLetterTargetArn: string; maxReceiveCount: number | string }) : undefined;
      if (redrive && !byArn(redrive.deadLetterTargetArn)) throw new SqsError('InvalidParameterValue', 'Dead letter target does not exist.');
      queues.set(name, {
        name,
        url: `${endpoint}/${ACCOUNT}/${name}`,
        arn: `arn:aws:sqs:${region}:${ACCOUNT}:${name}`,
        visibilityTimeoutS: Number(attributes.VisibilityTimeout ?? 30),
        redrive: redrive && { deadLetterTargetArn: redrive.deadLetterTargetArn, maxReceiveCount: Number(redrive.maxReceiveCount) },
        messages: [],
        waiting: new Set(),
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
        },
      };
    },
    SendMessage(input) {
      if (input.DelaySeconds) throw new SqsError('UnsupportedOperation', 'The local SQS does not support DelaySeconds.');
      return send(queueOf(input.QueueUrl), input.MessageBody);
    },
    SendMessageBatch(input) {
      const queue = queueOf(input.QueueUrl);
      const entries = (input.Entries ?? []) as { Id: string; MessageBody: string }[];
      if (entries.length === 0 || entries.length > 10) throw new SqsError('AWS.SimpleQueueService.TooManyEntriesInBatchRequest', 'A batch holds 1 to 10 entries.');
      return { Successful: entries.map((e) => ({ Id: e.Id, ...send(queue, e.MessageBody) })), Failed: [] };
    },
    async ReceiveMessage(input) {
      const queue = queueOf(input.QueueUrl);
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
