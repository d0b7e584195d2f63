/**
 * The IAM statements of a template, wherever the stack puts them: a role's own (inline)
 * policies, as the API functions' roles hold theirs, and separate policy resources attached to it.
 */
import type { Template } from 'aws-cdk-lib/assertions';

export interface Statement {
  Action: string | string[];
  Resource: unknown;
  Effect: string;
}

/** The statements of the role `roleId`, or of every role in the template. */
export function statementsOf(template: Template, roleId?: string): Statement[] {
  const inline = Object.entries(template.findResources('AWS::IAM::Role'))
    .filter(([id]) => roleId === undefined || id === roleId)
    .flatMap(([, role]) => ((role.Properties.Policies ?? []) as { PolicyDocument: { Statement: Statement[] } }[]).flatMap((p) => p.PolicyDocument.Statement));
  const attached = Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((p) => roleId === undefined || (p.Properties.Roles ?? []).some((r: { Ref: string }) => r.Ref === roleId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);
  return [...inline, ...attached];
}
