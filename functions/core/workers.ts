/**
 * The worker table: every function that no HTTP request calls, once. Like the route table
 * (routes.ts), the CDK app creates one Lambda per entry and wires its trigger, and the local
 * runtime (infra/local/workers.ts) loads the same handler modules and calls them as the trigger
 * would on AWS. Nothing else lists workers.
 *
 * - `handler` is the module under functions/handlers/ that exports `handler`.
 * - `trigger` says what invokes it. `sns`: every message published to the topic named `topic`
 *   (the stack that owns the topic subscribes the worker; infra/cdk/worker-function.ts). `sqs`:
 *   the messages of the queue named `queue` (`queues` below), in batches of up to `batchSize`, as
 *   Lambda's event source mapping delivers them: a message the worker reports as failed
 *   (`batchItemFailures`) stays in the queue and comes again after the visibility timeout; after
 *   `maxReceiveCount` deliveries it moves to the queue's dead-letter queue. Locally
 *   infra/local/workers.ts polls the local queue (infra/local/sqs.ts) the same way.
 * - `grants`: the AWS actions the worker's own code calls, in the route table's vocabulary; they
 *   become its IAM policy and are enforced on its SDK calls locally as on AWS
 *   (functions/lib/aws/grants.ts).
 */
import type { Grant, ObjectPrefix } from './routes';
import { conference } from './config/conference';
import { cst } from './time';

export type WorkerTrigger = { kind: 'sns'; topic: WorkerTopic } | { kind: 'sqs'; queue: WorkerQueue; batchSize: number };

/** Topics workers listen to; the stack that creates each topic wires its workers. */
export type WorkerTopic = 'mail-events';

/**
 * Queues workers consume. `timeoutS` is the worker's Lambda timeout; the visibility timeout is six
 * times it (AWS's advice for event source mappings: a message is never handed to a second
 * worker while the first may still run, including Lambda's own retries of a throttled batch).
 * `maxReceiveCount` deliveries, then the dead-letter queue (alarmed, runbook).
 *
 * `fifo: true`: an SQS FIFO queue (its name and its dead-letter queue's end in `.fifo`). Every
 * message names its message group (delivered in send order; nothing more of a group while one of
 * its messages is in flight) and a deduplication id (a resend within 5 minutes is not queued
 * again); the sender gives both (no content-based deduplication), so a retried send of the same
 * event is one message. A queue may have no worker yet: it is made (with its dead-letter queue)
 * but nothing consumes it.
 */
export const queues = {
  'office-jobs': { timeoutS: 300, maxReceiveCount: 3, description: "The registration office's jobs: exports, mail to delegates, reconciliations" },
  'money-events': {
    fifo: true,
    timeoutS: 60,
    maxReceiveCount: 5,
    description: 'What follows a money event off the payment path: receipts and credit notes numbered in order (one message group), and the mails',
  },
} as const satisfies Record<string, { fifo?: true; timeoutS: number; maxReceiveCount: number; description: string }>;
export type WorkerQueue = keyof typeof queues;
/** The FIFO queues of the table: a message to one names its group and deduplication id. */
export type FifoQueue = { [Q in WorkerQueue]: (typeof queues)[Q] extends { fifo: true } ? Q : never }[WorkerQueue];
export type StandardQueue = Exclude<WorkerQueue, FifoQueue>;
export const isFifoQueue = (queue: WorkerQueue): queue is FifoQueue => (queues[queue] as { fifo?: true }).fifo === true;
export const visibilityTimeoutOf = (queue: WorkerQueue) => queues[queue].timeoutS * 6;
/**
 * A queue's fixed name per stage (`congress-production-office-jobs`; locally stage `local`), and
 * its dead-letter queue's (`...-failed`); SQS wants `.fifo` at the end of both for a FIFO queue.
 */
export const queueNameOf = (stage: string, queue: WorkerQueue) => `congress-${stage}-${queue}${isFifoQueue(queue) ? '.fifo' : ''}`;
export const deadLetterQueueNameOf = (stage: string, queue: WorkerQueue) => `congress-${stage}-${queue}-failed${isFifoQueue(queue) ? '.fifo' : ''}`;
/** The environment variable that gives a function the URL of a queue it sends to (CDK and the local runtime set it). */
export const queueUrlVariables = {
  'office-jobs': 'JOBS_QUEUE_URL',
  'money-events': 'MONEY_EVENTS_QUEUE_URL',
} as const satisfies Record<WorkerQueue, string>;

export interface WorkerDef {
  handler: string;
  trigger: WorkerTrigger;
  grants: readonly Grant[];
  description: string;
  memoryMb?: number;
  /** Where in the uploads bucket its S3 grants apply (default `users/`, as for routes). */
  objectPrefix?: ObjectPrefix;
  /** It renders PDFs (functions/lib/pdf): its bundle carries the fonts and images (infra/cdk/bundling.ts). */
  pdf?: true;
  /** It signs tickets (as a route's `signsTickets`): its `secretsmanager:GetSecretValue` also reads the tickets' signing keys. */
  signsTickets?: true;
}

export const workers = {
  /** SES's bounce and complaint notifications (configuration set -> SNS): marks the address. */
  recordMailEvent: {
    handler: 'mail/record-mail-event',
    trigger: { kind: 'sns', topic: 'mail-events' },
    grants: ['dynamodb:UpdateItem'],
    description: 'Marks addresses whose mail bounced or was complained about (SES events via SNS)',
  },
  /**
   * The office's jobs (core/office/jobs.ts): an export reads the table page by page (Scan: the
   * whole congress, off the request path) and writes its CSV under exports/; a mail job finds
   * its recipients the same way, then sends one batch per message and enqueues the next; a
   * reconciliation reads every order with its money (Scan) and asks Stripe about each card
   * payment and refund (the Stripe secret: secretsmanager:GetSecretValue). It also runs the
   * schedule's tasks put on its queue (`schedules`: the certificate-ready mails). It renders the
   * abstract book (an export, decision 0066) with the documents' fonts, bundled with it (`pdf`):
   * the bench measured 600 abstracts at ~4 s and a 372 MB RSS high-water locally, so 1024 MB
   * (twice and more that, and the CPU share that comes with it) and the queue's 300 s leave room
   * for a 2,000-abstract book on Lambda's slower CPU.
   */
  runOfficeJob: {
    handler: 'office/run-office-job',
    trigger: { kind: 'sqs', queue: 'office-jobs', batchSize: 1 },
    // DeleteItem: a certificate-ready mark given back when its mail failed (the schedule's task).
    grants: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:Scan', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 's3:PutObject', 'ses:SendEmail', 'sqs:SendMessage', 'secretsmanager:GetSecretValue'],
    objectPrefix: 'exports/',
    pdf: true,
    // The badges export (issue 34) prints every ticket's QR code, signed here: bench 12 measured
    // 1,500 badges at ~5 s and a 233 MB RSS high-water locally, well inside 1024 MB and 300 s.
    signsTickets: true,
    memoryMb: 1024,
    description: "Runs the registration office's jobs (exports, mail to delegates, reconciliations) from the office-jobs queue",
  },
  /**
   * The money events (core/payments/money-events.ts): each message names an event kept with its
   * ledger write; the worker issues the order's documents (receipts and credit notes numbered by
   * this one consumer, in the order of the "documents" message group), then sends the mail once.
   * Reads the order, its ledger, the once-markers and documents (Query), writes documents, their
   * numbers and audit entries (one transaction each), the event's marks (UpdateItem), and a visa
   * letter's record when a payment completes an approved order (rendered at its first download).
   */
  followMoneyEvents: {
    handler: 'payments/follow-money-events',
    trigger: { kind: 'sqs', queue: 'money-events', batchSize: 10 },
    grants: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:ConditionCheckItem', 'ses:SendEmail'],
    description: 'Follows money events off the payment path: issues receipts and credit notes in order, sends the payment mails',
  },
} as const satisfies Record<string, WorkerDef>;

export type WorkerId = keyof typeof workers;

/**
 * Messages the platform puts on a queue, for its worker: on AWS an EventBridge rule per schedule
 * (infra/cdk/worker-function.ts), locally a timer on the portal's clock (infra/local/workers.ts
 * `startSchedules`). A one-time schedule (`at`) sends its message once, at that minute (UTC; a
 * cron with the year); a recurring one (`every` minutes, from `from` until `until`) sends it at
 * each tick with the tick's instant added as `at` (EventBridge's event time; locally the portal's
 * clock, so a portal pinned with APP_NOW runs the 2024 season). A message may come more than once
 * (a redelivery, a local restart): what it starts must be idempotent. Only to a standard queue:
 * EventBridge sends to a FIFO queue only with content-based deduplication, which the table's FIFO
 * queues do not have (their senders give the deduplication id).
 */
export const schedules = {
  /**
   * Five minutes after the congress ends (24:00 CST of its last day): every delegate whose paid
   * order has attendance marked is told the certificate is ready (core/documents/certificate-mail.ts;
   * attendance marked later is mailed when it is marked).
   */
  certificatesReady: {
    at: new Date(Date.parse(cst(`${conference.dates.end}T24:00`)) + 5 * 60_000).toISOString(),
    queue: 'office-jobs',
    message: { task: 'certificates-ready' },
    description: 'Tells the delegates whose attendance was marked that their certificate of attendance is ready',
  },
  /**
   * Every 15 minutes from 7 days before the congress's first day until its end: the presenters
   * without a file are reminded 7 and 2 days before their session (core/programme/reminders.ts).
   * The rule's cron covers the months of that span (a tick outside it finds nothing due).
   */
  presenterReminders: {
    every: 15,
    from: new Date(Date.parse(cst(conference.dates.start)) - 7 * 86_400_000).toISOString(),
    until: cst(`${conference.dates.end}T24:00`),
    queue: 'office-jobs',
    message: { task: 'presenter-reminders' },
    description: 'Reminds the presenters without an uploaded file, 7 and 2 days before their session',
  },
} as const satisfies Record<string, ScheduleDef>;

/** A one-time schedule (`at`) or a recurring one (`every` minutes between `from` and `until`). */
export type ScheduleDef = { queue: StandardQueue; message: Record<string, string>; description: string } & ({ at: string } | { every: number; from: string; until: string });
export const isRecurring = (s: ScheduleDef): s is ScheduleDef & { every: number; from: string; until: string } => 'every' in s;
export type ScheduleId = keyof typeof schedules;

export const workerList: ReadonlyArray<WorkerDef & { id: WorkerId }> = Object.entries(workers).map(([id, def]) => ({
  id: id as WorkerId,
  ...(def as WorkerDef),
}));

/** The worker that consumes `queue`, if it has one yet (at most one: the table's test checks it). */
export const workerOfQueue = (queue: WorkerQueue) => workerList.find((w) => w.trigger.kind === 'sqs' && w.trigger.queue === queue);
