import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { API_BASE, routeList } from '../../functions/core/routes';
import { ApiFunction } from './api-function';

export interface ApiStackProps extends StackProps {
  table: ITableV2;
  uploads: IBucket;
  mailIdentityArn: string;
  mailFrom: string;
  siteOrigin: string;
}

/** The HTTP API: one Lambda per entry of the route table, nothing else. */
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

    const environment = {
      TABLE_NAME: props.table.tableName,
      UPLOADS_BUCKET: props.uploads.bucketName,
      MAIL_FROM: props.mailFrom,
      SITE_ORIGIN: props.siteOrigin,
    };
    for (const route of routeList) {
      const { fn } = new ApiFunction(this, route.id, {
        route,
        table: props.table,
        uploads: props.uploads,
        mailIdentityArn: props.mailIdentityArn,
        environment,
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
