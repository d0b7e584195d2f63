/**
 * One construct carries every function's defaults (runtime, arm64, bundling, logs) and turns a
 * route's `grants` into least-privilege permissions.
 */
import { Duration } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { RouteDef } from '../../functions/core/routes';
import { esbuildOptions, handlerEntry, projectRoot } from './bundling';
import path from 'node:path';

export interface ApiFunctionProps {
  route: RouteDef & { id: string };
  table: ITableV2;
  uploads: IBucket;
  mailIdentityArn: string;
  environment: Record<string, string>;
}

export class ApiFunction extends Construct {
  readonly fn: NodejsFunction;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id);
    const { route } = props;
    this.fn = new NodejsFunction(this, 'Fn', {
      entry: handlerEntry(route.handler),
      handler: 'handler',
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: 512,
      timeout: Duration.seconds(10),
      description: `${route.method} ${route.path}`,
      projectRoot,
      depsLockFilePath: path.join(projectRoot, 'package-lock.json'),
      environment: {
        ...props.environment,
        NODE_OPTIONS: '--enable-source-maps',
        POWERTOOLS_SERVICE_NAME: 'congress-portal',
      },
      logGroup: new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.THREE_MONTHS }),
      bundling: {
        format: OutputFormat.ESM,
        target: esbuildOptions.target,
        minify: esbuildOptions.minify,
        sourceMap: esbuildOptions.sourcemap,
        mainFields: [...esbuildOptions.mainFields],
        externalModules: [...esbuildOptions.external],
        banner: esbuildOptions.banner.js,
        forceDockerBundling: false,
      },
    });

    for (const grant of route.grants) {
      switch (grant) {
        case 'table:read':
          props.table.grantReadData(this.fn);
          break;
        case 'table:write':
          props.table.grantReadWriteData(this.fn);
          break;
        case 'uploads:read':
          props.uploads.grantRead(this.fn);
          break;
        case 'uploads:write':
          props.uploads.grantReadWrite(this.fn);
          props.uploads.grantDelete(this.fn);
          break;
        case 'mail:send':
          this.fn.addToRolePolicy(
            new iam.PolicyStatement({ actions: ['ses:SendEmail', 'ses:SendRawEmail'], resources: [props.mailIdentityArn] }),
          );
          break;
      }
    }
  }
}
