/**
 * One construct carries every function's defaults (runtime, arm64, bundling, logs) and turns a
 * route's `grants` into least-privilege permissions.
 */
import { AssetHashType, DockerImage, Duration } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { effectiveGrants, type Grant, type RouteDef } from '../../functions/core/routes';
import { bundleFunction, projectRoot } from './bundling';

export interface ApiFunctionProps {
  route: RouteDef & { id: string };
  table: ITableV2;
  uploads: IBucket;
  mailIdentityArn: string;
  /** The SES configuration set every mail names: IAM authorises SendEmail on it as well as on the identity. */
  mailConfigurationSetArn: string;
  /** The secret holding the Stripe keys (for routes granted secretsmanager:GetSecretValue). */
  stripeKeys: ISecret;
  environment: Record<string, string>;
  reservedConcurrency?: number;
}

export class ApiFunction extends Construct {
  readonly fn: lambda.Function;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id);
    const { route } = props;
    this.fn = new lambda.Function(this, 'Fn', {
      code: functionCode(route.handler),
      handler: 'index.handler',
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: route.memoryMb ?? 512,
      reservedConcurrentExecutions: props.reservedConcurrency,
      timeout: Duration.seconds(10),
      description: `${route.method} ${route.path}`,
      environment: {
        ...props.environment,
        ...(effectiveGrants(route).includes('secretsmanager:GetSecretValue') ? { STRIPE_SECRET_ARN: props.stripeKeys.secretArn } : {}),
        NODE_OPTIONS: '--enable-source-maps',
        POWERTOOLS_SERVICE_NAME: 'congress-portal',
      },
      logGroup: new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.THREE_MONTHS }),
    });

    for (const statement of policyStatements(effectiveGrants(route), props)) this.fn.addToRolePolicy(statement);
  }
}

/**
 * A function's code: its handler module bundled on this machine with esbuild (bundling.ts), as
 * the bench measures it; no Docker. Routes and workers (worker-function.ts) alike.
 */
export function functionCode(handler: string) {
  return lambda.Code.fromAsset(projectRoot, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22'),
      // Never run (the local bundler always answers), but part of the asset's cache key: without
      // a per-function value every function would get the first function's bundle.
      command: ['sh', '-c', `echo "bundle ${handler} with npm run synth (local esbuild)" >&2; exit 1`],
      local: {
        tryBundle(outputDir) {
          bundleFunction(handler, outputDir);
          return true;
        },
      },
    },
  });
}

type PolicyResources = Pick<ApiFunctionProps, 'table' | 'uploads' | 'mailIdentityArn' | 'mailConfigurationSetArn' | 'stripeKeys'>;

/**
 * The role policy of a function: exactly its effective grants (the list the handler's SDK calls
 * are held to, functions/lib/aws/grants.ts), each action on the one resource of its service: the
 * table (and its indexes, for Query), the objects under `users/` of the uploads bucket, the mail
 * identity and the configuration set every mail names (SES authorises SendEmail on both). A
 * function without a service's grants needs none of its resources (workers pass only the table).
 */
export function policyStatements(grants: Grant[], props: Partial<PolicyResources>) {
  const of = (service: string) => grants.filter((g) => g.startsWith(`${service}:`));
  const need = <K extends keyof PolicyResources>(name: K): NonNullable<PolicyResources[K]> => {
    const value = props[name];
    if (!value) throw new Error(`A function granted ${grants.join(', ')} needs ${name}`);
    return value as NonNullable<PolicyResources[K]>;
  };
  const statements: iam.PolicyStatement[] = [];
  const table = of('dynamodb');
  if (table.length) {
    const resources = [need('table').tableArn];
    if (table.includes('dynamodb:Query')) resources.push(`${need('table').tableArn}/index/*`);
    statements.push(new iam.PolicyStatement({ actions: table, resources }));
  }
  const objects = of('s3');
  if (objects.length) statements.push(new iam.PolicyStatement({ actions: objects, resources: [need('uploads').arnForObjects('users/*')] }));
  const mail = of('ses');
  if (mail.length) statements.push(new iam.PolicyStatement({ actions: mail, resources: [need('mailIdentityArn'), need('mailConfigurationSetArn')] }));
  const secrets = of('secretsmanager');
  if (secrets.length) statements.push(new iam.PolicyStatement({ actions: secrets, resources: [need('stripeKeys').secretArn] }));
  return statements;
}
