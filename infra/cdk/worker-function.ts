/**
 * The functions of the worker table (functions/core/workers.ts): the same defaults, bundling and
 * least-privilege policy as the API's functions (api-function.ts), wired to their trigger instead
 * of a route. A stack that owns a trigger (an SNS topic) creates the workers of that trigger with
 * `addWorkers`; every worker of the table must be created by some stack (test/infra checks it).
 */
import { Duration } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
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
  table: ITableV2;
  environment: Record<string, string>;
}

export class WorkerFunction extends Construct {
  readonly fn: lambda.Function;
  /** Events Lambda gave up on (after its two retries of an asynchronous invocation): kept 14 days to look at. */
  readonly failed: sqs.Queue;

  constructor(scope: Construct, id: string, props: WorkerFunctionProps) {
    super(scope, id);
    const { worker } = props;
    this.failed = new sqs.Queue(this, 'Failed', {
      enforceSSL: true,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      retentionPeriod: Duration.days(14),
    });
    this.fn = new lambda.Function(this, 'Fn', {
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
      logGroup: new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.THREE_MONTHS }),
    });
    for (const statement of policyStatements(effectiveGrants(worker), { table: props.table })) this.fn.addToRolePolicy(statement);
  }
}

/** Creates every worker of the table triggered by one of `topics`, each subscribed to its topic. */
export function addWorkers(
  scope: Construct,
  props: { topics: Partial<Record<WorkerTopic, sns.ITopic>>; table: ITableV2; environment: Record<string, string> },
): WorkerFunction[] {
  return workerList.flatMap((worker) => {
    const topic = worker.trigger.kind === 'sns' ? props.topics[worker.trigger.topic] : undefined;
    if (!topic) return [];
    const made = new WorkerFunction(scope, worker.id, { worker, table: props.table, environment: props.environment });
    topic.addSubscription(new subscriptions.LambdaSubscription(made.fn));
    return [made];
  });
}
