/**
 * The functions of the worker table (functions/core/workers.ts): the same defaults, bundling and
 * least-privilege policy as the API's functions (api-function.ts), wired to their trigger instead
 * of a route. A stack that owns a trigger (an SNS topic) creates the workers of that trigger with
 * `addWorkers`; every worker of the table must be created by some stack (test/infra checks it).
 */
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { effectiveGrants } from '../../functions/core/routes';
import { workerList, type WorkerDef, type WorkerTopic } from '../../functions/core/workers';
import { functionCode, policyStatements } from './api-function';

export interface WorkerFunctionProps {
  worker: WorkerDef & { id: string };
  /** The function's name: `congress-<stage>-<worker id>`, like the routes' (alarms name it). */
  functionName: string;
  /** The table's fixed name (data-stack.ts). */
  tableName: string;
  environment: Record<string, string>;
}

export class WorkerFunction extends Construct {
  readonly fn: lambda.Function;
  /** Events Lambda gave up on (after its two retries of an asynchronous invocation): kept 14 days to look at. */
  readonly failed: sqs.Queue;
  readonly functionName: string;
  readonly deadLetterQueueName: string;

  constructor(scope: Construct, id: string, props: WorkerFunctionProps) {
    super(scope, id);
    const { worker } = props;
    this.functionName = props.functionName;
    this.deadLetterQueueName = `${props.functionName}-failed`;
    this.failed = new sqs.Queue(this, 'Failed', {
      queueName: this.deadLetterQueueName,
      enforceSSL: true,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.failed).acknowledge(
      { id: 'AwsSolutions-SQS3', reason: "This queue is the worker's dead-letter queue (Lambda's asynchronous-invocation DLQ and the SNS subscription's)." },
      { id: 'Serverless-SQSRedrivePolicy', reason: 'A dead-letter queue itself: what lands here is looked at, not redriven again.' },
    );
    const role = new iam.Role(this, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'), description: worker.description });
    const logGroup = new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.THREE_MONTHS });
    logGroup.grantWrite(role);
    this.fn = new lambda.Function(this, 'Fn', {
      role,
      functionName: props.functionName,
      code: functionCode(worker.handler),
      handler: 'index.handler',
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: worker.memoryMb ?? 256,
      timeout: Duration.seconds(30),
      description: worker.description,
      deadLetterQueue: this.failed,
      environment: {
        ...props.environment,
        NODE_OPTIONS: '--enable-source-maps',
        POWERTOOLS_SERVICE_NAME: 'congress-portal',
      },
      logGroup,
    });
    for (const statement of policyStatements(effectiveGrants(worker), Stack.of(this), { tableName: props.tableName })) this.fn.addToRolePolicy(statement);
    Validations.of(this.fn).acknowledge(
      { id: 'AwsSolutions-L1', reason: 'Pinned to Node 22, the runtime the bundles target and the tests run on.' },
      { id: 'Serverless-LambdaLatestVersion', reason: 'Pinned to Node 22 (see AwsSolutions-L1).' },
      { id: 'Serverless-LambdaTracing', reason: 'Traced by message id in structured logs; a failed event lands in the dead-letter queue.' },
    );
  }
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
