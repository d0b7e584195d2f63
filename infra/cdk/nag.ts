/**
 * cdk-nag 3 acknowledges a finding by its exact id; for IAM wildcards the id carries the action or
 * the resource as cdk-nag flattens it. These helpers compute those ids the way cdk-nag does.
 */
import { Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import type { IConstruct } from 'constructs';

interface Statement {
  Effect?: string;
  Action?: string | string[];
  Resource?: unknown;
}

/** The AwsSolutions-IAM5 finding ids of a policy document, as cdk-nag names them. */
export function wildcardFindingIds(stack: Stack, document: unknown): string[] {
  const resolved = stack.resolve(document) as { Statement?: Statement[] } | undefined;
  const ids = new Set<string>();
  for (const statement of resolved?.Statement ?? []) {
    if (statement.Effect !== 'Allow') continue;
    for (const action of [statement.Action ?? []].flat()) if (action.includes('*')) ids.add(`AwsSolutions-IAM5[Action::${action}]`);
    for (const resource of [statement.Resource ?? []].flat().map(flattenCfnReference)) {
      if (resource.includes('*')) ids.add(`AwsSolutions-IAM5[Resource::${resource}]`);
    }
  }
  return [...ids];
}

/** Acknowledges every wildcard of every IAM policy under `scope`, with one reason. Call it last in a stack's constructor. */
export function acknowledgeWildcards(scope: IConstruct, reason: string) {
  const stack = Stack.of(scope);
  for (const c of scope.node.findAll()) {
    if (c instanceof iam.CfnPolicy) {
      for (const id of wildcardFindingIds(stack, c.policyDocument)) Validations.of(c).acknowledge({ id, reason });
    }
  }
}
