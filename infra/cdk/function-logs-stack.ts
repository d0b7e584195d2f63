import { Stack, type StackProps } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { routeList } from '../../functions/core/routes';
import { functionNameOf, logGroupNameOf } from './function-names';

/**
 * The log groups of the API's functions (three months), one per route, named by the function's
 * fixed name. They live here and not beside their functions because a CloudFormation stack holds
 * at most 500 resources and the API stack nears it (a function, its role, its route, integration
 * and permission per route); the API stack names them by name, so no export ties the two.
 * Deployed before the API stack (stacks.ts).
 */
export class FunctionLogsStack extends Stack {
  constructor(scope: Construct, id: string, props: StackProps & { stage: string }) {
    super(scope, id, props);
    for (const route of routeList) {
      new logs.LogGroup(this, route.id, { logGroupName: logGroupNameOf(functionNameOf(props.stage, route.id)), retention: logs.RetentionDays.THREE_MONTHS });
    }
  }
}
