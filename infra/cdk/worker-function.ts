/**
 * The functions of the worker table (functions/core/workers.ts): the same defaults, bundling and
 * least-privilege policy as the API's functions (api-function.ts), wired to their trigger instead
 * of a route. A stack that owns a trigger (an SNS topic) creates the workers of that trigger with
 * `addWorkers`; the api stack creates the queues and their workers with `addQueueWorkers` (its
 * routes enqueue); every worker of the table must be created by some stack (test/infra checks it).
 */
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import * as eventSources from 'aws-cdk-lib/aws-lambda-event-sources';
import * as events from 'aws-cdk-lib/aws-events';
import * as eventTargets from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { effectiveGrants } from '../../functions/core/routes';
import { deadLetterQueueNameOf, isFifoQueue, isRecurring, queueNameOf, queues, schedules, visibilityTimeoutOf, workerList, workerOfQueue, type ScheduleDef, type WorkerDef, type WorkerQueue, type WorkerTopic } from '../../functions/core/workers';
import { acknowledgeWildcards, functionCode, policyStatements } from './api-function';

export interface WorkerFunctionProps {
  worker: WorkerDef & { id: string };
  /** The function's name: `congress-<stage>-<worker id>`, like the routes' (alarms name it). */
  functionName: string;
  /** The table's fixed name (data-stack.ts). */
  tableName: string;
  /** What a queue worker's grants name besides the table (its bucket, mail identity, queue, the Stripe secret). */
  resources?: { uploadsBucketName?: string; mailIdentityArn?: string; mailConfigurationSetArn?: string; jobsQueueArn?: string; stripeKeys?: ISecret; checkinKeys?: ISecret };
  /** A queue worker's dead-letter queue is its queue's (redrive); an SNS worker gets its own. */
  failed?: { queue: sqs.Queue; name: string };
  environment: Record<string, string>;
}

export class WorkerFunction extends Construct {
  readonly fn: lambda.Function;
  /**
   * Events given up on, kept 14 days to look at: for an SNS worker, what Lambda gave up on after
   * its two retries of an asynchronous invocation; for a queue worker, its queue's dead-letter queue.
   */
  readonly failed: sqs.Queue;
  readonly functionName: string;
  readonly deadLetterQueueName: string;

  constructor(scope: Construct, id: string, props: WorkerFunctionProps) {
    super(scope, id);
    const { worker } = props;
    this.functionName = props.functionName;
    this.deadLetterQueueName = props.failed?.name ?? `${props.functionName}-failed`;
    this.failed =
      props.failed?.queue ??
      deadLetterQueue(this, 'Failed', this.deadLetterQueueName, "This queue is the worker's dead-letter queue (Lambda's asynchronous-invocation DLQ and the SNS subscription's).");
    const onQueue = worker.trigger.kind === 'sqs';
    const role = new iam.Role(this, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'), description: worker.description });
    const logGroup = new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.THREE_MONTHS });
    logGroup.grantWrite(role);
    this.fn = new lambda.Function(this, 'Fn', {
      role,
      functionName: props.functionName,
      code: functionCode(worker.handler, { pdf: worker.pdf === true }),
      handler: 'index.handler',
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: worker.memoryMb ?? 256,
      timeout: Duration.seconds(worker.trigger.kind === 'sqs' ? queues[worker.trigger.queue].timeoutS : 30),
      description: worker.description,
      // A queue worker is invoked synchronously by its event source mapping: failures stay in the queue, then its redrive.
      ...(onQueue ? {} : { deadLetterQueue: this.failed }),
      environment: {
        ...props.environment,
        // A worker that calls Stripe (the office's reconciliation) reads its keys as the payment routes do.
        ...(effectiveGrants(worker).includes('secretsmanager:GetSecretValue') ? { STRIPE_SECRET_ARN: props.resources?.stripeKeys?.secretArn ?? missing('stripeKeys') } : {}),
        // A worker that signs tickets (the badges export) reads the tickets' signing keys as the ticket routes do.
        ...(worker.signsTickets ? { CHECKIN_KEYS_SECRET_ARN: props.resources?.checkinKeys?.secretArn ?? missing('checkinKeys') } : {}),
        NODE_OPTIONS: '--enable-source-maps',
        POWERTOOLS_SERVICE_NAME: 'congress-portal',
      },
      logGroup,
    });
    const statements = policyStatements(effectiveGrants(worker), Stack.of(this), {
      tableName: props.tableName,
      ...props.resources,
      objectPrefix: worker.objectPrefix,
      secrets: worker.signsTickets ? ['stripeKeys', 'checkinKeys'] : ['stripeKeys'],
    });
    for (const statement of statements) this.fn.addToRolePolicy(statement);
    acknowledgeWildcards(role, statements);
    Validations.of(this.fn).acknowledge(
      { id: 'AwsSolutions-L1', reason: 'Pinned to Node 22, the runtime the bundles target and the tests run on.' },
      { id: 'Serverless-LambdaLatestVersion', reason: 'Pinned to Node 22 (see AwsSolutions-L1).' },
      { id: 'Serverless-LambdaTracing', reason: 'Traced by message id in structured logs; a failed event lands in the dead-letter queue.' },
      ...(onQueue ? [{ id: 'Serverless-LambdaDLQ', reason: "Invoked synchronously by its SQS event source mapping: a failed message stays in the queue and then goes to the queue's dead-letter queue (alarmed)." }] : []),
    );
  }
}

function missing(name: string): never {
  throw new Error(`A worker granted secretsmanager:GetSecretValue needs ${name}`);
}

function deadLetterQueue(scope: Construct, id: string, queueName: string, what: string, fifo = false) {
  const queue = new sqs.Queue(scope, id, {
    queueName,
    // A FIFO queue's dead-letter queue must be FIFO too (SQS refuses the redrive policy otherwise).
    ...(fifo ? { fifo: true } : {}),
    enforceSSL: true,
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    retentionPeriod: Duration.days(14),
  });
  Validations.of(queue).acknowledge(
    { id: 'AwsSolutions-SQS3', reason: what },
    { id: 'Serverless-SQSRedrivePolicy', reason: 'A dead-letter queue itself: what lands here is looked at, not redriven again.' },
  );
  return queue;
}

/**
 * The construct id of a queue's resources (`<id>Queue`, `<id>Failed`): office-jobs keeps the id
 * of its worker it was made with (a new logical id would replace the deployed queue, and a
 * replacement with the same fixed name fails); every later queue is named after itself, so adding
 * its worker later leaves the queue in place.
 */
const queueConstructId = (queue: WorkerQueue) => (queue === 'office-jobs' ? 'runOfficeJob' : queue.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase()));

/**
 * The queues of the worker table, each with its dead-letter queue (after `maxReceiveCount`
 * deliveries) and a visibility timeout six times its worker's timeout, and each queue's worker
 * with its event source mapping (`batchSize`, `ReportBatchItemFailures`: only the messages the
 * worker names as failed come again). A FIFO queue and its dead-letter queue are FIFO, without
 * content-based deduplication (the sender gives the deduplication id); its mapping has no batching
 * window (not allowed for FIFO) and at most 10 messages a batch. A queue without a worker yet is
 * made with its dead-letter queue (alarmed) and consumed by nothing. Made before the routes:
 * their environment names the queue.
 */
export function addQueueWorkers(
  scope: Construct,
  props: { stage: string; tableName: string; resources: NonNullable<WorkerFunctionProps['resources']>; environment: Record<string, string> },
) {
  const made = (Object.keys(queues) as WorkerQueue[]).map((name) => {
    const settings = queues[name];
    const fifo = isFifoQueue(name);
    const consumer = workerOfQueue(name);
    const id = queueConstructId(name);
    const queueName = queueNameOf(props.stage, name);
    const deadLetterQueueName = deadLetterQueueNameOf(props.stage, name);
    const failed = deadLetterQueue(scope, `${id}Failed`, deadLetterQueueName, `The dead-letter queue of ${queueName}: messages its worker failed ${settings.maxReceiveCount} times.`, fifo);
    const queue = new sqs.Queue(scope, `${id}Queue`, {
      queueName,
      ...(fifo ? { fifo: true, contentBasedDeduplication: false } : {}),
      enforceSSL: true,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      visibilityTimeout: Duration.seconds(visibilityTimeoutOf(name)),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: failed, maxReceiveCount: settings.maxReceiveCount },
    });
    if (consumer?.trigger.kind === 'sqs' && fifo && consumer.trigger.batchSize > 10) throw new Error(`The worker ${consumer.id} of the FIFO queue ${name} takes batches of at most 10 (Lambda's limit for FIFO queues).`);
    return { name, queue, failed, deadLetterQueueName, consumer: consumer?.trigger.kind === 'sqs' ? { worker: consumer, batchSize: consumer.trigger.batchSize } : undefined };
  });
  // The schedules: a one-time message is a rule whose cron names its minute (UTC, with the year: it
  // fires once); a recurring one fires every `every` minutes in the months (UTC) of its span, its
  // message carrying the event's time as `at`.
  for (const [id, def] of Object.entries(schedules)) {
    const schedule: ScheduleDef = def;
    const { queue, failed } = made.find((m) => m.name === schedule.queue)!;
    let cron: events.Schedule;
    let message: events.RuleTargetInput;
    if (isRecurring(schedule)) {
      const [from, until] = [new Date(schedule.from), new Date(schedule.until)];
      if (from.getUTCFullYear() !== until.getUTCFullYear()) throw new Error(`The schedule ${id} spans two years: one cron cannot bound it.`);
      if (60 % schedule.every !== 0) throw new Error(`The schedule ${id} runs every ${schedule.every} minutes: a cron's step divides the hour.`);
      const months = [from.getUTCMonth() + 1, until.getUTCMonth() + 1];
      cron = events.Schedule.cron({ minute: `0/${schedule.every}`, hour: '*', day: '*', month: months[0] === months[1] ? String(months[0]) : `${months[0]}-${months[1]}`, year: String(from.getUTCFullYear()) });
      message = events.RuleTargetInput.fromObject({ ...schedule.message, at: events.EventField.time });
    } else {
      const at = new Date(schedule.at);
      cron = events.Schedule.cron({ minute: String(at.getUTCMinutes()), hour: String(at.getUTCHours()), day: String(at.getUTCDate()), month: String(at.getUTCMonth() + 1), year: String(at.getUTCFullYear()) });
      message = events.RuleTargetInput.fromObject(schedule.message);
    }
    new events.Rule(scope, `${id}Schedule`, {
      description: schedule.description,
      schedule: cron,
      // A message EventBridge could not put on the queue (after its retries) lands in the queue's dead-letter queue (alarmed).
      targets: [new eventTargets.SqsQueue(queue, { message, deadLetterQueue: failed, retryAttempts: 8 })],
    });
  }
  const queueArns = Object.fromEntries(made.map((m) => [m.name, m.queue.queueArn])) as Record<WorkerQueue, string>;
  const queueUrls = Object.fromEntries(made.map((m) => [m.name, m.queue.queueUrl])) as Record<WorkerQueue, string>;
  const workersMade = made.flatMap((m) => {
    if (!m.consumer) return [];
    const { worker, batchSize } = m.consumer;
    const fn = new WorkerFunction(scope, worker.id, {
      worker,
      functionName: `congress-${props.stage}-${worker.id}`,
      tableName: props.tableName,
      resources: { ...props.resources, jobsQueueArn: queueArns['office-jobs'] },
      failed: { queue: m.failed, name: m.deadLetterQueueName },
      environment: { ...props.environment, JOBS_QUEUE_URL: queueUrls['office-jobs'] },
    });
    // No maxBatchingWindow: a standard queue's batches need none, and a FIFO queue's mapping may not have one.
    fn.fn.addEventSource(new eventSources.SqsEventSource(m.queue, { batchSize, reportBatchItemFailures: true, maxConcurrency: 2 }));
    for (const mapping of fn.fn.node.children.filter((c) => c.node.id.startsWith('SqsEventSource'))) {
      Validations.of(mapping).acknowledge({
        id: 'Serverless-LambdaEventSourceMappingDestination',
        reason: "An SQS mapping takes no on-failure destination: a message that keeps failing goes to the queue's own dead-letter queue (redrive policy, alarmed).",
      });
    }
    return [fn];
  });
  // The dead-letter queues of the queues no worker consumes yet (the monitoring stack alarms on them as on the workers').
  const unconsumed = made.filter((m) => !m.consumer).map((m) => ({ queue: m.name, deadLetterQueueName: m.deadLetterQueueName }));
  return { queueArns, queueUrls, workers: workersMade, unconsumed };
}

/** Creates every worker of the table triggered by one of `topics`, each subscribed to its topic. */
export function addWorkers(
  scope: Construct,
  props: { stage: string; topics: Partial<Record<WorkerTopic, sns.ITopic>>; tableName: string; environment: Record<string, string> },
): WorkerFunction[] {
  return workerList.flatMap((worker) => {
    const topic = worker.trigger.kind === 'sns' ? props.topics[worker.trigger.topic] : undefined;
    if (!topic) return [];
    const made = new WorkerFunction(scope, worker.id, { worker, functionName: `congress-${props.stage}-${worker.id}`, tableName: props.tableName, environment: props.environment });
    // What SNS cannot deliver to the function lands in the same dead-letter queue.
    topic.addSubscription(new subscriptions.LambdaSubscription(made.fn, { deadLetterQueue: made.failed }));
    return [made];
  });
}
