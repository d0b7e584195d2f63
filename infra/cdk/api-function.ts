/**
 * One construct carries every function's defaults (runtime, arm64, bundling, logs) and turns a
 * route's `grants` into least-privilege permissions.
 */
import { AssetHashType, DockerImage, Duration, Stack, Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import { Construct } from 'constructs';
import { effectiveGrants, type Grant, type ObjectPrefix, type RouteDef } from '../../functions/core/routes';
import { stripeWorstCaseMs } from '../../functions/lib/payments/stripe-client';
import { bundleFunction, projectRoot } from './bundling';
import { logGroupNameOf } from './function-names';

/** A route that calls the card provider (it reads the Stripe keys); a route that signs tickets reads the signing keys instead. */
export const callsStripe = (route: RouteDef) => effectiveGrants(route).includes('secretsmanager:GetSecretValue') && !route.signsTickets;

/** Every function's timeout: a request the gateway waits for (DynamoDB, S3 signing, one mail). */
export const FUNCTION_TIMEOUT_S = 10;
/** API Gateway's integration timeout (HTTP API, 30 s) less a margin: the function must answer before it. */
export const GATEWAY_TIMEOUT_S = 30;
/**
 * A payment route waits for a provider call at its worst (every try timed out, STRIPE_TIMING)
 * plus the function's own work, and still answers before the gateway gives up.
 */
export const PAYMENT_FUNCTION_TIMEOUT_S = Math.ceil(stripeWorstCaseMs() / 1000) + FUNCTION_TIMEOUT_S / 2;

export interface ApiFunctionProps {
  route: RouteDef & { id: string };
  table: ITableV2;
  uploads: IBucket;
  /** The function's name: fixed per stage, so alarms and the runbook can name it. */
  functionName: string;
  /** The table's and the uploads bucket's fixed names (data-stack.ts): policies name them, not cross-stack tokens. */
  tableName: string;
  uploadsBucketName: string;
  mailIdentityArn: string;
  /** The SES configuration set every mail names: IAM authorises SendEmail on it as well as on the identity. */
  mailConfigurationSetArn: string;
  /** The secret holding the Stripe keys (for routes granted secretsmanager:GetSecretValue). */
  stripeKeys: ISecret;
  /** The secret holding the tickets' signing keys (for routes that sign tickets: `signsTickets`). */
  checkinKeys: ISecret;
  /** The office's job queue (for routes granted sqs:SendMessage). */
  jobsQueueArn?: string;
  /** The money events' queue (for routes granted sqs:SendMessage: a ledger write hands its events on). */
  moneyEventsQueueArn?: string;
  environment: Record<string, string>;
  reservedConcurrency?: number;
}

export class ApiFunction extends Construct {
  readonly fn: lambda.Function;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id);
    const { route } = props;
    const payment = callsStripe(route);
    // Its own role, allowed to write its own log group and nothing else beyond its grants (no
    // managed policy granting every log group of the account). The log group is the function-logs
    // stack's (function-logs-stack.ts), named by the function's name. The policy is the role's own
    // (inline): a separate policy resource per function would take the API stack past
    // CloudFormation's 500 resources.
    const logGroup = logs.LogGroup.fromLogGroupName(this, 'Logs', logGroupNameOf(props.functionName));
    const statements = policyStatements(effectiveGrants(route), Stack.of(this), { ...props, objectPrefix: route.objectPrefix, secrets: route.signsTickets ? ['checkinKeys'] : ['stripeKeys'] });
    const writeLogs = new iam.PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroup.logGroupArn] });
    const traces = new iam.PolicyStatement({ actions: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'], resources: ['*'] });
    const role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `${route.method} ${route.path}`,
      inlinePolicies: { route: new iam.PolicyDocument({ statements: [...statements, writeLogs, ...(payment ? [traces] : [])] }) },
    });
    this.fn = new lambda.Function(this, 'Fn', {
      // Everything it may do is in the inline policy above (X-Ray's too): nothing adds to it.
      role: role.withoutPolicyUpdates(),
      functionName: props.functionName,
      code: functionCode(route.handler, { pdf: route.pdf === true, ssr: route.ssr === true }),
      handler: 'index.handler',
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: route.memoryMb ?? 512,
      reservedConcurrentExecutions: props.reservedConcurrency,
      timeout: Duration.seconds(payment ? PAYMENT_FUNCTION_TIMEOUT_S : FUNCTION_TIMEOUT_S),
      // The payment routes are traced (X-Ray): a slow provider call shows in the trace.
      tracing: payment ? lambda.Tracing.ACTIVE : lambda.Tracing.DISABLED,
      description: `${route.method} ${route.path}`,
      environment: {
        ...props.environment,
        ...(payment ? { STRIPE_SECRET_ARN: props.stripeKeys.secretArn } : {}),
        ...(route.signsTickets ? { CHECKIN_KEYS_SECRET_ARN: props.checkinKeys.secretArn } : {}),
        NODE_OPTIONS: '--enable-source-maps',
        POWERTOOLS_SERVICE_NAME: 'congress-portal',
      },
      logGroup,
    });

    acknowledgeFindings(this, role, [...statements, writeLogs], payment);
  }
}

/**
 * The cdk-nag findings every API function has, each acknowledged with its reason (cdk-nag 3
 * matches a finding by its exact id, so the wildcard resources are resolved as it resolves them).
 */
function acknowledgeFindings(scope: ApiFunction, role: iam.IRole, statements: iam.PolicyStatement[], payment: boolean) {
  acknowledgeWildcards(role, statements);
  if (payment) {
    const xray = 'X-Ray PutTraceSegments/PutTelemetryRecords take no resource (tracing of the payment routes).';
    Validations.of(role).acknowledge({ id: 'AwsSolutions-IAM5[Resource::*]', reason: xray }, { id: 'Serverless-LambdaStarPermissions', reason: xray });
  }
  Validations.of(scope.fn).acknowledge(
    { id: 'AwsSolutions-L1', reason: 'Pinned to Node 22, the runtime the bundles target and the tests run on; moved deliberately, not by synth.' },
    { id: 'Serverless-LambdaLatestVersion', reason: 'Pinned to Node 22 (see AwsSolutions-L1).' },
    { id: 'Serverless-LambdaDLQ', reason: 'Invoked synchronously by API Gateway: a failure is answered to the caller (and alarmed), there is no event to keep.' },
  );
  if (!payment) {
    Validations.of(scope.fn).acknowledge({
      id: 'Serverless-LambdaTracing',
      reason: 'Traced by request id in structured logs and API access logs; X-Ray is on for the payment routes only (cost, cold start).',
    });
  }
}

/** The wildcard resources of a function's policy (indexes, a bucket prefix), each acknowledged with its reason. */
export function acknowledgeWildcards(role: iam.IRole, statements: iam.PolicyStatement[]) {
  const stack = Stack.of(role);
  const reasons: Record<string, string> = {
    '/index/*': "Query on the table's own indexes (a route's grants name the table; its indexes are part of it).",
    '/users/*': 'Objects under users/ only: each key starts with the owner\'s id, which the handler checks against the session before signing.',
    '/exports/*': "Objects under exports/ only: the office's exports, written by the job worker and signed for an organiser behind the second factor.",
    '/review-exports/*': "Objects under review-exports/ only: a reviewer's reading copy of their assigned abstracts, keyed by the reviewer's id from the session, written and signed by the same request.",
    '/programme/*': "Objects under programme/ only: the abstract book the office published to delegates (copied there from exports/ by an organiser's route, read through a short link by everyone).",
    ':distribution/*': "CreateInvalidation on the site's distribution: its id is made after the API's functions (the API is its origin), so the policy cannot name it; the function invalidates only the id the web stack wrote into the table.",
    '/documents/*': "Objects under documents/ only: the PDFs of issued documents, keyed by their owner's id, which the handler reads from the session (or an organiser's route) before rendering or signing.",
    // The log streams of the function's own log group (CloudWatch names a group's streams by :*).
    ':*': "The log streams of the function's own log group, which Lambda creates as it runs.",
  };
  for (const statement of statements) {
    for (const resource of statement.resources) {
      const flat = flattenCfnReference(stack.resolve(resource));
      const reason = Object.entries(reasons).find(([suffix]) => flat.endsWith(suffix))?.[1];
      if (reason) Validations.of(role).acknowledge({ id: `AwsSolutions-IAM5[Resource::${flat}]`, reason });
    }
  }
}

/**
 * A function's code: its handler module bundled on this machine with esbuild (bundling.ts), as
 * the bench measures it; no Docker. Routes and workers (worker-function.ts) alike.
 */
export function functionCode(handler: string, options: { pdf?: boolean; ssr?: boolean } = {}) {
  return lambda.Code.fromAsset(projectRoot, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22'),
      // Never run (the local bundler always answers), but part of the asset's cache key: without
      // a per-function value every function would get the first function's bundle.
      command: ['sh', '-c', `echo "bundle ${handler}${options.pdf ? ' with pdf assets' : ''}${options.ssr ? ' with the pre-rendering entry' : ''} with npm run synth (local esbuild)" >&2; exit 1`],
      local: {
        tryBundle(outputDir) {
          bundleFunction(handler, outputDir, options);
          return true;
        },
      },
    },
  });
}

type PolicyResources = Pick<ApiFunctionProps, 'tableName' | 'uploadsBucketName' | 'mailIdentityArn' | 'mailConfigurationSetArn' | 'stripeKeys' | 'checkinKeys' | 'jobsQueueArn' | 'moneyEventsQueueArn'> & {
  /** Where in the bucket the S3 grants apply: `users/` (default) or a worker's `exports/`, or several. */
  objectPrefix?: ObjectPrefix | readonly ObjectPrefix[];
  /** The secrets its `secretsmanager:GetSecretValue` reads: the Stripe keys (default), the tickets' signing keys, or both (the office's job worker). */
  secrets?: readonly ('stripeKeys' | 'checkinKeys')[];
};

/**
 * The role policy of a function: exactly its effective grants (the list the handler's SDK calls
 * are held to, functions/lib/aws/grants.ts), each action on the one resource of its service: the
 * table (and its indexes, for Query), the objects under `users/` of the uploads bucket (a worker's
 * `exports/`), the mail identity and the configuration set every mail names (SES authorises
 * SendEmail on both), the office's job queue. A function without a service's grants needs none of
 * its resources.
 */
export function policyStatements(grants: Grant[], stack: Stack, props: Partial<PolicyResources>) {
  const of = (service: string) => grants.filter((g) => g.startsWith(`${service}:`));
  const need = <K extends keyof PolicyResources>(name: K): NonNullable<PolicyResources[K]> => {
    const value = props[name];
    if (!value) throw new Error(`A function granted ${grants.join(', ')} needs ${name}`);
    return value as NonNullable<PolicyResources[K]>;
  };
  const statements: iam.PolicyStatement[] = [];
  const table = of('dynamodb');
  if (table.length) {
    const tableArn = stack.formatArn({ service: 'dynamodb', resource: 'table', resourceName: need('tableName') });
    const resources = [tableArn];
    if (table.includes('dynamodb:Query')) resources.push(`${tableArn}/index/*`);
    statements.push(new iam.PolicyStatement({ actions: table, resources }));
  }
  const objects = of('s3');
  if (objects.length) {
    const prefixes: readonly ObjectPrefix[] = typeof props.objectPrefix === 'string' ? [props.objectPrefix] : (props.objectPrefix ?? ['users/']);
    statements.push(new iam.PolicyStatement({ actions: objects, resources: prefixes.map((prefix) => `arn:${stack.partition}:s3:::${need('uploadsBucketName')}/${prefix}*`) }));
  }
  const mail = of('ses');
  if (mail.length) statements.push(new iam.PolicyStatement({ actions: mail, resources: [need('mailIdentityArn'), need('mailConfigurationSetArn')] }));
  const secrets = of('secretsmanager');
  if (secrets.length) statements.push(new iam.PolicyStatement({ actions: secrets, resources: (props.secrets ?? ['stripeKeys']).map((name) => need(name).secretArn) }));
  const edge = of('cloudfront');
  // The distribution's id is not known when the functions are made (decision 0069): any of the account's.
  if (edge.length) statements.push(new iam.PolicyStatement({ actions: edge, resources: [stack.formatArn({ service: 'cloudfront', region: '', resource: 'distribution', resourceName: '*' })] }));
  const queue = of('sqs');
  if (queue.length) statements.push(new iam.PolicyStatement({ actions: queue, resources: [need('jobsQueueArn'), ...(props.moneyEventsQueueArn ? [props.moneyEventsQueueArn] : [])] }));
  return statements;
}
