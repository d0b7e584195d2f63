import { CfnOutput, NestedStack, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { API_BASE, routeList, type RouteDef } from '../../functions/core/routes';
import { ApiFunction } from './api-function';
import { addQueueWorkers } from './worker-function';

/** What the access log's JSON line holds for a request answered by `route` (a metric filter reads it). */
const routeKeyOf = (route: RouteDef) => `${route.method} ${API_BASE}${route.path}`;

export { functionNameOf } from './function-names';
import { functionNameOf } from './function-names';

export interface ApiStackProps extends StackProps {
  stage: string;
  table: ITableV2;
  uploads: IBucket;
  /** Fixed names of the table and the uploads bucket (data-stack.ts), named by the policies. */
  tableName: string;
  uploadsBucketName: string;
  originVerify: ISecret;
  stripeKeys: ISecret;
  /** The tickets' signing keys (functions/lib/checkin-keys.ts). */
  checkinKeys: ISecret;
  mailIdentityArn: string;
  mailFrom: string;
  /** The SES configuration set every mail names (bounces and complaints reach the mail-events worker). */
  mailConfigurationSet: { name: string; arn: string };
  /** Reserved concurrency of each password-hashing function; unset, the route throttle alone guards them. */
  passwordRouteConcurrency?: number;
  /** The site's own names (settings): mail links are made only from these (SITE_HOSTS), else the first one. */
  domainNames?: string[];
  /** Reserved concurrency of the Stripe webhook (Stripe retries for days, then gives up). */
  webhookConcurrency?: number;
}

export interface ApiMetrics {
  /** Requests the gateway refused with 429 (route throttles), from the access log. */
  throttled: cloudwatch.Metric;
  /** Stripe webhook deliveries answered with anything but 2xx (Stripe retries them, then gives up). */
  webhookFailures: cloudwatch.Metric;
}

/** Password hashing is CPU-heavy (see routes.ts): a flood of it must not starve the other routes. */
export const hashesPasswords = (route: RouteDef) => (route.memoryMb ?? 0) >= 1769;

/**
 * Where a route's resources live (its function, role, route, integration and permission: five per
 * route). CloudFormation holds at most 500 resources per stack, so the office's routes (organisers
 * only, under /office) live in a nested stack of the API stack, `Office`, and the abstract review's
 * (reviewers and the committee, under /review) in another, `Review`, the programme's for delegates
 * and everyone (the published programme, my programme, my presentations: handlers under
 * programme/, outside /review) in a third, `Programme`, the doors' devices' and the tickets' (handlers
 * under checkin/) in a fourth, `Checkin`; every other route in the API stack itself. Both are built by the same ApiFunction from the same route table and added to
 * the same HTTP API: only where the resources live differs.
 */
export type RouteStack = 'api' | 'office' | 'review' | 'programme' | 'checkin';
export const routeStackOf = (route: RouteDef): RouteStack =>
  route.auth === 'organiser' && route.path.startsWith('/office')
    ? 'office'
    : (route.auth === 'reviewer' || route.auth === 'committee') && route.path.startsWith('/review')
      ? 'review'
      : route.handler.startsWith('programme/')
        ? 'programme'
        : route.handler.startsWith('checkin/')
          ? 'checkin'
          : 'api';

/** CloudFormation's limit of resources in one stack (a nested stack is a stack of its own). */
export const STACK_RESOURCE_LIMIT = 500;

/** Requests per second (and burst) API Gateway lets through to one password-hashing route. */
export const passwordRouteThrottle = { rateLimit: 20, burstLimit: 40 } as const;

/**
 * The HTTP API: one Lambda per entry of the route table, nothing else. Reached only through
 * CloudFront (the functions refuse requests without CloudFront's secret header).
 */
export class ApiStack extends Stack {
  readonly api: apigw.HttpApi;
  /** Every route's function, in route-table order. */
  readonly functions: { route: (typeof routeList)[number]; fn: lambda.Function; functionName: string }[] = [];
  readonly metrics: ApiMetrics;
  /** The queue workers made here (the office's jobs), by their fixed names (the monitoring stack alarms on them). */
  readonly workers: { id: string; functionName: string; deadLetterQueueName: string }[];
  /** The queues made here that no worker consumes yet, with their dead-letter queues (alarmed like the workers'). */
  readonly unconsumedQueues: { queue: string; deadLetterQueueName: string }[];
  /** The nested stack holding the office's routes (routeStackOf). */
  readonly office: NestedStack;
  /** The nested stack holding the abstract review's routes (routeStackOf). */
  readonly review: NestedStack;
  /** The nested stack holding the programme's routes for delegates and everyone (routeStackOf). */
  readonly programme: NestedStack;
  /** The doors' devices and the tickets (handlers under checkin/). */
  readonly checkin: NestedStack;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    this.api = new apigw.HttpApi(this, 'Api', {
      description: 'Congress portal API (reached through CloudFront under /api/*)',
      createDefaultStage: true,
    });
    const stage = this.api.defaultStage?.node.defaultChild as apigw.CfnStage;
    stage.defaultRouteSettings = { throttlingBurstLimit: 200, throttlingRateLimit: 100 };
    // A login flood is refused at the gateway before it reaches a function; other routes keep their share.
    stage.routeSettings = Object.fromEntries(
      routeList
        .filter(hashesPasswords)
        .map((route) => [
          routeKeyOf(route),
          // Raw CloudFormation (RouteSettings is a free-form map): its own property names.
          { ThrottlingRateLimit: passwordRouteThrottle.rateLimit, ThrottlingBurstLimit: passwordRouteThrottle.burstLimit },
        ]),
    );
    // Access logs: one JSON line per request, with both request ids (the gateway's and the
    // function's, which every function log line carries). No query string: it may hold api_token.
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.THREE_MONTHS, removalPolicy: RemovalPolicy.DESTROY });
    stage.accessLogSettings = {
      destinationArn: accessLogs.logGroupArn,
      format: JSON.stringify({
        requestId: '$context.requestId',
        functionRequestId: '$context.integration.requestId',
        time: '$context.requestTime',
        route: '$context.routeKey',
        status: '$context.status',
        latencyMs: '$context.responseLatency',
        integrationLatencyMs: '$context.integrationLatency',
        integrationError: '$context.integrationErrorMessage',
        responseBytes: '$context.responseLength',
        sourceIp: '$context.identity.sourceIp',
      }),
    };

    const environment = {
      TABLE_NAME: props.table.tableName,
      UPLOADS_BUCKET: props.uploads.bucketName,
      MAIL_FROM: props.mailFrom,
      MAIL_CONFIGURATION_SET: props.mailConfigurationSet.name,
      // A dynamic reference, resolved by CloudFormation at deploy: the value is never in the template.
      ORIGIN_VERIFY: props.originVerify.secretValue.unsafeUnwrap(),
      // With its own names, links in mails use one of them and never another forwarded host.
      ...(props.domainNames?.length ? { SITE_ORIGIN: `https://${props.domainNames[0]}`, SITE_HOSTS: props.domainNames.join(',') } : {}),
    };
    // The office's job queue and its worker: the routes that start a job send to it (JOBS_QUEUE_URL).
    const jobs = addQueueWorkers(this, {
      stage: props.stage,
      tableName: props.tableName,
      resources: { uploadsBucketName: props.uploadsBucketName, mailIdentityArn: props.mailIdentityArn, mailConfigurationSetArn: props.mailConfigurationSet.arn, stripeKeys: props.stripeKeys, checkinKeys: props.checkinKeys },
      // Everything the routes get but CloudFront's secret: no request reaches a worker.
      environment: Object.fromEntries(Object.entries(environment).filter(([name]) => name !== 'ORIGIN_VERIFY')),
    });
    this.workers = jobs.workers.map((w) => ({ id: w.node.id, functionName: w.functionName, deadLetterQueueName: w.deadLetterQueueName }));
    this.unconsumedQueues = jobs.unconsumed;
    // The office's routes: the table's, bucket's and secrets' names and ARNs reach it as parameters
    // (the secret's value never does: its dynamic reference is built inside the nested template).
    this.office = new NestedStack(this, 'Office', { description: `Congress portal (${props.stage}): the office's routes (organisers, /office)` });
    this.review = new NestedStack(this, 'Review', { description: `Congress portal (${props.stage}): the abstract review's routes (reviewers and the committee, /review)` });
    this.programme = new NestedStack(this, 'Programme', { description: `Congress portal (${props.stage}): the programme's routes for delegates and everyone (/programme, /account/programme, /account/presentations)` });
    this.checkin = new NestedStack(this, 'Checkin', { description: `Congress portal (${props.stage}): the doors' devices and the tickets (/checkin, /registration/tickets)` });
    const nested: Record<Exclude<RouteStack, 'api'>, NestedStack> = { office: this.office, review: this.review, programme: this.programme, checkin: this.checkin };
    for (const route of routeList) {
      const enqueues = route.grants.some((g) => g.startsWith('sqs:'));
      const home = routeStackOf(route);
      const scope = home === 'api' ? this : nested[home];
      const { fn } = new ApiFunction(scope, route.id, {
        route,
        table: props.table,
        uploads: props.uploads,
        functionName: functionNameOf(props.stage, route.id),
        tableName: props.tableName,
        uploadsBucketName: props.uploadsBucketName,
        mailIdentityArn: props.mailIdentityArn,
        mailConfigurationSetArn: props.mailConfigurationSet.arn,
        stripeKeys: props.stripeKeys,
        checkinKeys: props.checkinKeys,
        jobsQueueArn: jobs.queueArns['office-jobs'],
        moneyEventsQueueArn: jobs.queueArns['money-events'],
        environment: enqueues ? { ...environment, JOBS_QUEUE_URL: jobs.queueUrls['office-jobs'], MONEY_EVENTS_QUEUE_URL: jobs.queueUrls['money-events'] } : environment,
        reservedConcurrency: hashesPasswords(route)
          ? props.passwordRouteConcurrency
          : route.auth === 'stripe-signature'
            ? props.webhookConcurrency
            : undefined,
      });
      this.functions.push({ route, fn, functionName: functionNameOf(props.stage, route.id) });
      const integration = new HttpLambdaIntegration(`${route.id}Integration`, fn);
      if (home !== 'api') {
        // In the nested stack with its function: the route, its integration and its permission
        // (the integration and permission are made in the route's scope). Same API, same key.
        new apigw.HttpRoute(nested[home], `${route.id}Route`, {
          httpApi: this.api,
          routeKey: apigw.HttpRouteKey.with(`${API_BASE}${route.path}`, apigw.HttpMethod[route.method]),
          integration,
        });
        continue;
      }
      const [apiRoute] = this.api.addRoutes({ path: `${API_BASE}${route.path}`, methods: [apigw.HttpMethod[route.method]], integration });
      // The stage's route settings name this route: CloudFormation must create it first, or the
      // first deploy fails with "Unable to find Route by key".
      if (hashesPasswords(route)) stage.node.addDependency(apiRoute!);
    }
    if (routeList.some((route) => hashesPasswords(route) && routeStackOf(route) !== 'api')) {
      throw new Error('A password-hashing route must live in the API stack: the stage\'s route settings name it.');
    }
    const authorization = {
      id: 'AwsSolutions-APIG4',
      reason: 'Authorization is the route table\'s: each function checks the session (api_token / Bearer), the organiser role, a door device\'s token or the Stripe signature itself (functions/lib/http/handler.ts); a gateway authorizer would duplicate it per request.',
    };
    Validations.of(this.api).acknowledge(authorization);
    Validations.of(this.office).acknowledge(authorization);
    Validations.of(this.review).acknowledge(authorization);
    Validations.of(this.programme).acknowledge(authorization);
    Validations.of(this.checkin).acknowledge(authorization);

    // Metrics the access log carries and the gateway does not publish (monitoring-stack.ts alarms on them).
    const namespace = `Congress/${this.stackName}`;
    const webhook = routeList.find((r) => r.auth === 'stripe-signature')!;
    const filter = (id: string, pattern: string, metricName: string) =>
      accessLogs
        .addMetricFilter(id, {
          filterPattern: logs.FilterPattern.literal(pattern),
          metricNamespace: namespace,
          metricName,
          metricValue: '1',
          defaultValue: 0,
        })
        .metric({ statistic: 'Sum' });
    this.metrics = {
      throttled: filter('Throttled', '{ $.status = "429" }', 'Throttled'),
      webhookFailures: filter('WebhookFailures', `{ $.route = "${routeKeyOf(webhook)}" && $.status != "2*" }`, 'WebhookFailures'),
    };
    new CfnOutput(this, 'ApiEndpoint', { value: this.api.apiEndpoint });
  }
}
