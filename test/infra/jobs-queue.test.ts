/**
 * The office's job queue, as synthesized: the queue with its dead-letter queue and a visibility
 * timeout longer than its worker's timeout, the worker wired by an event source mapping that
 * reports partial batch failures, its least-privilege grants (exports/ only), the routes that
 * enqueue allowed sqs:SendMessage on this queue only, and the alarms on the dead-letter queue.
 * And the money-events queue (issue 30): FIFO with a FIFO dead-letter queue, as the worker table
 * says, alarmed before any worker consumes it (a FIFO worker's mapping: fifo-worker.test.ts).
 */
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WorkerFunction } from '../../infra/cdk/worker-function';
import { beforeAll, describe, expect, it } from 'vitest';
import { effectiveGrants, routeList } from '#core/routes';
import { queues, schedules, visibilityTimeoutOf, workerOfQueue, workers } from '#core/workers';
import { deployedStage, synthStage } from './synth';
import { withNested } from './nested';
import { EXPORT_KEEP_DAYS } from '#core/office/exports';
import { READING_COPY_KEEP_DAYS } from '#core/review/reviewer-export';
import { EXPORT_OLD_VERSION_DAYS } from '../../infra/cdk/data-stack';
import { statementsOf } from './policies';

let prod: ReturnType<typeof synthStage>;
let api: Template;
let monitoring: Template;

beforeAll(() => {
  prod = synthStage('production', { production: deployedStage });
  api = withNested(prod.api);
  monitoring = Template.fromStack(prod.monitoring);
}, 120_000);

const worker = workers.runOfficeJob;
const queueName = 'congress-production-office-jobs';
const idOfQueue = (name: string) => Object.entries(api.findResources('AWS::SQS::Queue')).find(([, q]) => q.Properties.QueueName === name)?.[0];
const workerFnId = () => Object.keys(api.findResources('AWS::Lambda::Function', { Properties: { Description: worker.description } }))[0]!;
const actionsOfRole = (roleId: string) => statementsOf(api, roleId);

describe('the office-jobs queue', () => {
  it('has a TLS-only, encrypted queue whose messages go to its dead-letter queue after maxReceiveCount deliveries', () => {
    const dlq = idOfQueue(`${queueName}-failed`);
    expect(dlq).toBeDefined();
    api.hasResourceProperties('AWS::SQS::Queue', {
      QueueName: queueName,
      SqsManagedSseEnabled: true,
      VisibilityTimeout: visibilityTimeoutOf('office-jobs'),
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [dlq, 'Arn'] }, maxReceiveCount: queues['office-jobs'].maxReceiveCount },
    });
    api.hasResourceProperties('AWS::SQS::Queue', { QueueName: `${queueName}-failed`, MessageRetentionPeriod: 14 * 24 * 3600 });
    api.hasResourceProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
  });

  it('gives the worker a timeout below the visibility timeout (six times), and no asynchronous dead-letter queue', () => {
    const fn = api.findResources('AWS::Lambda::Function')[workerFnId()]!;
    expect(fn.Properties.Timeout).toBe(queues['office-jobs'].timeoutS);
    expect(visibilityTimeoutOf('office-jobs')).toBeGreaterThanOrEqual(6 * fn.Properties.Timeout);
    expect(fn.Properties.DeadLetterConfig).toBeUndefined();
    expect(fn.Properties.FunctionName).toBe('congress-production-runOfficeJob');
    expect(fn.Properties.Environment.Variables.JOBS_QUEUE_URL).toEqual({ Ref: idOfQueue(queueName) });
    expect(fn.Properties.Environment.Variables.ORIGIN_VERIFY).toBeUndefined();
  });

  it('gives the worker the memory and time of an abstract book (decision 0066): 600 abstracts took ~4 s and 372 MB RSS locally', () => {
    const fn = api.findResources('AWS::Lambda::Function')[workerFnId()]!;
    // Twice and more the bench's RSS high-water (a 2,000-abstract book holds one session's pages
    // more, not three times as much), and the CPU share Lambda gives 1 GB.
    expect(fn.Properties.MemorySize).toBe(worker.memoryMb);
    expect(fn.Properties.MemorySize).toBeGreaterThanOrEqual(2 * 372);
    // The bench's 4 s, on Lambda's slower CPU and for 2,000 abstracts, stays far inside the timeout.
    expect(fn.Properties.Timeout).toBeGreaterThanOrEqual(30 * 4);
    expect(worker.pdf).toBe(true);
  });

  it('bundles the worker with the fonts and images the abstract book reads (pdf-assets/), as the PDF routes are', () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-worker-bundle-'));
    try {
      const app = new App({ outdir });
      const stack = new Stack(app, 'WorkerBundle');
      new WorkerFunction(stack, 'runOfficeJob', {
        worker: { ...worker, id: 'runOfficeJob' },
        functionName: 'congress-test-runOfficeJob',
        tableName: 'congress-test',
        resources: {
          uploadsBucketName: 'congress-test-uploads',
          mailIdentityArn: 'arn:aws:ses:us-east-1:111122223333:identity/example.org',
          mailConfigurationSetArn: 'arn:aws:ses:us-east-1:111122223333:configuration-set/congress',
          jobsQueueArn: 'arn:aws:sqs:us-east-1:111122223333:congress-test-office-jobs',
          stripeKeys: new secretsmanager.Secret(stack, 'StripeKeys'),
          checkinKeys: new secretsmanager.Secret(stack, 'CheckinKeys'),
        },
        environment: {},
      });
      const template = app.synth().getStackByName('WorkerBundle').template as { Resources: Record<string, { Type: string; Properties: { Code?: { S3Key: string } } }> };
      const [fn] = Object.values(template.Resources).filter((r) => r.Type === 'AWS::Lambda::Function');
      const asset = path.join(outdir, `asset.${fn!.Properties.Code!.S3Key.replace(/\.zip$/, '')}`);
      expect(fs.readdirSync(path.join(asset, 'pdf-assets/fonts')).sort()).toEqual(['NotoNaskhArabic_400Regular.ttf', 'NotoSansSC_400Regular.ttf', 'NotoSans_400Regular.ttf', 'NotoSans_700Bold.ttf']);
      // pdfkit is loaded by a book's job only: not in what every job's cold start parses.
      expect(fs.readFileSync(path.join(asset, 'index.mjs'), 'utf8')).not.toContain('%PDF-');
      expect(fs.readdirSync(path.join(asset, 'chunks')).some((c) => fs.readFileSync(path.join(asset, 'chunks', c), 'utf8').includes('%PDF-'))).toBe(true);
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  }, 120_000);

  it('wires the worker with an event source mapping: batch size, ReportBatchItemFailures, bounded concurrency', () => {
    api.resourceCountIs('AWS::Lambda::EventSourceMapping', 2);
    api.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [idOfQueue(queueName), 'Arn'] },
      FunctionName: { Ref: workerFnId() },
      BatchSize: worker.trigger.batchSize,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 2 },
    });
  });

  it("holds the worker to its grants: the table, objects under exports/ only, SES, its own queue, and what the mapping needs to consume", () => {
    const fn = api.findResources('AWS::Lambda::Function')[workerFnId()]!;
    const statements = actionsOfRole(fn.Properties.Role['Fn::GetAtt'][0] as string);
    const actions = statements.flatMap((st) => [st.Action].flat());
    const consume = ['sqs:ReceiveMessage', 'sqs:ChangeMessageVisibility', 'sqs:GetQueueUrl', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes'];
    expect(new Set(actions)).toEqual(new Set([...effectiveGrants(worker), ...consume, 'logs:CreateLogStream', 'logs:PutLogEvents']));
    const s3 = statements.find((st) => [st.Action].flat().includes('s3:PutObject'))!;
    expect(JSON.stringify(s3.Resource)).toContain('/exports/*');
    expect(JSON.stringify(s3.Resource)).not.toContain('/users/');
  });

  it('lets the worker read the Stripe secret (the reconciliation calls Stripe), that secret only, named in its environment', () => {
    const fn = api.findResources('AWS::Lambda::Function')[workerFnId()]!;
    const statements = actionsOfRole(fn.Properties.Role['Fn::GetAtt'][0] as string);
    const secret = statements.filter((st) => [st.Action].flat().some((a) => String(a).startsWith('secretsmanager:')));
    expect(secret).toHaveLength(1);
    expect([secret[0]!.Action].flat()).toEqual(['secretsmanager:GetSecretValue']);
    expect(JSON.stringify(secret[0]!.Resource)).toContain('StripeKeys');
    expect(JSON.stringify(fn.Properties.Environment.Variables.STRIPE_SECRET_ARN)).toContain('StripeKeys');
    // The reconciliation scans the table; no route does.
    expect(effectiveGrants(worker)).toContain('dynamodb:Scan');
  });

  it('lets exactly the routes granted sqs:SendMessage send, to the office-jobs and money-events queues only, and the worker to its own queue', () => {
    const senders = routeList.filter((r) => r.grants.some((g) => g === 'sqs:SendMessage'));
    const statements = statementsOf(api).filter((st) => [st.Action].flat().includes('sqs:SendMessage'));
    // The routes', and the worker's own (a job enqueues its next step).
    expect(statements).toHaveLength(senders.length + 1);
    const jobs = { 'Fn::GetAtt': [idOfQueue(queueName), 'Arn'] };
    const money = { 'Fn::GetAtt': [idOfQueue('congress-production-money-events.fifo'), 'Arn'] };
    // A route's ledger write hands its money events on (docs/decisions/0050-money-events-off-the-payment-path.md).
    expect(statements.filter((st) => JSON.stringify(st.Resource) === JSON.stringify([jobs, money]))).toHaveLength(senders.length);
    expect(statements.filter((st) => JSON.stringify(st.Resource) === JSON.stringify(jobs))).toHaveLength(1);
  });

  it("puts each schedule's message on its queue at its minute (UTC): the certificate-ready mails five minutes after the congress ends", () => {
    expect(schedules.certificatesReady.at).toBe('2024-11-07T16:05:00.000Z');
    api.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(5 16 7 11 ? 2024)',
      State: 'ENABLED',
      Targets: [
        Match.objectLike({
          Arn: { 'Fn::GetAtt': [idOfQueue(queueName), 'Arn'] },
          Input: JSON.stringify(schedules.certificatesReady.message),
          // What EventBridge cannot deliver lands in the queue's dead-letter queue (alarmed), not nowhere.
          DeadLetterConfig: { Arn: { 'Fn::GetAtt': [idOfQueue(`${queueName}-failed`), 'Arn'] } },
        }),
      ],
    });
    // EventBridge may send to this queue, and only for this rule.
    const rule = Object.keys(api.findResources('AWS::Events::Rule', { Properties: { ScheduleExpression: 'cron(5 16 7 11 ? 2024)' } }))[0]!;
    api.hasResourceProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Allow', Action: Match.arrayWith(['sqs:SendMessage']), Principal: { Service: 'events.amazonaws.com' }, Condition: { ArnEquals: { 'aws:SourceArn': { 'Fn::GetAtt': [rule, 'Arn'] } } } }),
        ]),
      },
    });
  });

  it('puts the presenter reminders on the jobs queue every 15 minutes in the months of their span, with the event time as `at`', () => {
    api.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(0/15 * * 10-11 ? 2024)',
      State: 'ENABLED',
      Targets: [
        Match.objectLike({
          Arn: { 'Fn::GetAtt': [idOfQueue(queueName), 'Arn'] },
          InputTransformer: { InputPathsMap: { time: '$.time' }, InputTemplate: '{"task":"presenter-reminders","at":<time>}' },
          DeadLetterConfig: { Arn: { 'Fn::GetAtt': [idOfQueue(`${queueName}-failed`), 'Arn'] } },
        }),
      ],
    });
  });

  it('never grants a route a Scan (only workers read the whole table)', () => {
    for (const route of routeList) expect(effectiveGrants(route), route.id).not.toContain('dynamodb:Scan');
  });

  it('lets S3 delete an office export after a week (personal data of every delegate), and its old versions a day later', () => {
    Template.fromStack(prod.data).hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ Id: 'ExpireOfficeExports', Prefix: 'exports/', ExpirationInDays: EXPORT_KEEP_DAYS, Status: 'Enabled' }),
          // A withdrawn export (an account deleted since: docs/decisions/0042-what-a-deleted-account-leaves.md) is not kept as an old version for the uploads' 90 days.
          Match.objectLike({ Id: 'ExpireOldExportVersions', Prefix: 'exports/', NoncurrentVersionExpiration: { NoncurrentDays: EXPORT_OLD_VERSION_DAYS }, Status: 'Enabled' }),
        ]),
      },
    });
  });

  it("lets S3 delete a reviewer's reading copy of their abstracts after a day, and holds its route to review-exports/", () => {
    Template.fromStack(prod.data).hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ Id: 'ExpireReviewerCopies', Prefix: 'review-exports/', ExpirationInDays: READING_COPY_KEEP_DAYS, Status: 'Enabled' }),
          Match.objectLike({ Id: 'ExpireOldReviewerCopyVersions', Prefix: 'review-exports/', NoncurrentVersionExpiration: { NoncurrentDays: 1 }, Status: 'Enabled' }),
        ]),
      },
    });
    const route = routeList.find((r) => r.id === 'exportReviewQueue')!;
    expect(route).toMatchObject({ auth: 'reviewer', objectPrefix: 'review-exports/' });
    expect(effectiveGrants(route)).not.toContain('dynamodb:Scan');
  });

  it('alarms on errors of the worker and on anything in its dead-letter queue', () => {
    const alarms = Object.values(monitoring.findResources('AWS::CloudWatch::Alarm'));
    const named = (suffix: string) => alarms.find((a) => a.Properties.AlarmName === `congress-production-${suffix}`);
    expect(named('Errors-runOfficeJob')!.Properties).toMatchObject({ MetricName: 'Errors', Dimensions: [{ Name: 'FunctionName', Value: 'congress-production-runOfficeJob' }] });
    expect(named('DeadLetters-runOfficeJob')!.Properties).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: `${queueName}-failed` }],
      Threshold: 1,
    });
    expect(prod.api.workers.map((w) => w.functionName)).toEqual(['congress-production-runOfficeJob', 'congress-production-followMoneyEvents']);
  });
});

describe('the money-events queue (FIFO)', () => {
  const money = 'congress-production-money-events.fifo';
  const moneyDlq = 'congress-production-money-events-failed.fifo';

  it('is a FIFO queue without content-based deduplication, with a FIFO dead-letter queue after maxReceiveCount deliveries and the visibility timeout the table says', () => {
    const dlq = idOfQueue(moneyDlq);
    expect(dlq).toBeDefined();
    api.hasResourceProperties('AWS::SQS::Queue', {
      QueueName: money,
      FifoQueue: true,
      ContentBasedDeduplication: false,
      SqsManagedSseEnabled: true,
      VisibilityTimeout: visibilityTimeoutOf('money-events'),
      MessageRetentionPeriod: 4 * 24 * 3600,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [dlq, 'Arn'] }, maxReceiveCount: queues['money-events'].maxReceiveCount },
    });
    expect(visibilityTimeoutOf('money-events')).toBe(360);
    expect(queues['money-events'].maxReceiveCount).toBe(5);
    api.hasResourceProperties('AWS::SQS::Queue', { QueueName: moneyDlq, FifoQueue: true, SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
    // TLS only, like every queue of the stack.
    const policies = Object.values(api.findResources('AWS::SQS::QueuePolicy'));
    for (const id of [idOfQueue(money), dlq]) {
      expect(policies.some((p) => JSON.stringify(p.Properties.Queues).includes(`"${id}"`) && JSON.stringify(p.Properties.PolicyDocument).includes('aws:SecureTransport'))).toBe(true);
    }
  });

  it('keeps its resources under ids of its own (adding its worker later leaves the deployed queue in place)', () => {
    expect(idOfQueue(money)).toMatch(/^MoneyEventsQueue/);
    expect(idOfQueue(moneyDlq)).toMatch(/^MoneyEventsFailed/);
    // The office-jobs queue keeps the ids it was deployed with.
    expect(idOfQueue(queueName)).toMatch(/^runOfficeJobQueue/);
  });

  it('is consumed by its worker (followMoneyEvents) in batches of up to 10, failures reported per message, and alarms on anything in its dead-letter queue', () => {
    expect(workerOfQueue('money-events')?.id).toBe('followMoneyEvents');
    const mappings = Object.values(api.findResources('AWS::Lambda::EventSourceMapping')).filter((m) => JSON.stringify(m.Properties.EventSourceArn).includes(idOfQueue(money)!));
    expect(mappings).toHaveLength(1);
    expect(mappings[0]!.Properties).toMatchObject({ BatchSize: 10, FunctionResponseTypes: ['ReportBatchItemFailures'] });
    expect(mappings[0]!.Properties.MaximumBatchingWindowInSeconds).toBeUndefined();
    const alarm = Object.values(monitoring.findResources('AWS::CloudWatch::Alarm')).find((a) => a.Properties.AlarmName === 'congress-production-DeadLetters-followMoneyEvents');
    expect(alarm!.Properties).toMatchObject({ Namespace: 'AWS/SQS', MetricName: 'ApproximateNumberOfMessagesVisible', Dimensions: [{ Name: 'QueueName', Value: moneyDlq }], Threshold: 1 });
  });
});
