import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { API_BASE, routeList, type RouteDef } from '../../functions/core/routes';
import { ApiFunction } from './api-function';

export interface ApiStackProps extends StackProps {
  table: ITableV2;
  uploads: IBucket;
  originVerify: ISecret;
  stripeKeys: ISecret;
  mailIdentityArn: string;
  mailFrom: string;
  /** The SES configuration set every mail names (bounces and complaints reach the mail-events worker). */
  mailConfigurationSet: { name: string; arn: string };
  /** Reserved concurrency of each password-hashing function; unset, the route throttle alone guards them. */
  passwordRouteConcurrency?: number;
}

/** Password hashing is CPU-heavy (see routes.ts): a flood of it must not starve the other routes. */
const hashesPasswords = (route: RouteDef) => (route.memoryMb ?? 0) >= 1769;

/** Requests per second (and burst) API Gateway lets through to one password-hashing route. */
export const passwordRouteThrottle = { rateLimit: 20, burstLimit: 40 } as const;

/**
 * The HTTP API: one Lambda per entry of the route table, nothing else. Reached only through
 * CloudFront (the functions refuse requests without CloudFront's secret header).
 */
export class ApiStack extends Stack {
  readonly api: apigw.HttpApi;

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
          `${route.method} ${API_BASE}${route.path}`,
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
    };
    for (const route of routeList) {
      const { fn } = new ApiFunction(this, route.id, {
        route,
        table: props.table,
        uploads: props.uploads,
        mailIdentityArn: props.mailIdentityArn,
        mailConfigurationSetArn: props.mailConfigurationSet.arn,
        stripeKeys: props.stripeKeys,
        environment,
        reservedConcurrency: hashesPasswords(route) ? props.passwordRouteConcurrency : undefined,
      });
      this.api.addRoutes({
        path: `${API_BASE}${route.path}`,
        methods: [apigw.HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${route.id}Integration`, fn),
      });
    }
    new CfnOutput(this, 'ApiEndpoint', { value: this.api.apiEndpoint });
  }
}
