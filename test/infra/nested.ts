/**
 * A stack's template with the resources of its nested stacks merged in (the API stack keeps the
 * office's routes in one, infra/cdk/api-stack.ts routeStackOf), each nested parameter replaced by
 * the value the parent passes to it: per-route and per-function tests find a function, its role
 * and its route wherever it lives, and see the same references as before the split.
 */
import { NestedStack, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';

type Json = Record<string, unknown>;

/** The nested stacks directly under `stack`. */
export const nestedStacksOf = (stack: Stack) =>
  stack.node.findAll().filter((c): c is NestedStack => NestedStack.isNestedStack(c) && c.nestedStackParent === stack);

/** Replaces `{ Ref: <parameter> }` by the parent's value for that parameter, everywhere in `value`. */
function substitute(value: unknown, parameters: Json): unknown {
  if (Array.isArray(value)) return value.map((v) => substitute(v, parameters));
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Json);
    if (entries.length === 1 && entries[0]![0] === 'Ref' && typeof entries[0]![1] === 'string' && entries[0]![1] in parameters) {
      return parameters[entries[0]![1]];
    }
    return Object.fromEntries(entries.map(([k, v]) => [k, substitute(v, parameters)]));
  }
  return value;
}

/** `stack`'s template with its nested stacks' resources in it (a clash of logical ids fails). */
export function withNested(stack: Stack): Template {
  const parent = Template.fromStack(stack).toJSON() as { Resources: Record<string, Json & { Properties?: Json }> };
  const resources = { ...parent.Resources };
  for (const nested of nestedStacksOf(stack)) {
    const id = stack.getLogicalId(nested.nestedStackResource!);
    const parameters = (parent.Resources[id]?.Properties?.Parameters ?? {}) as Json;
    const own = (Template.fromStack(nested).toJSON() as { Resources: Json }).Resources;
    for (const [logicalId, resource] of Object.entries(own)) {
      if (logicalId in resources) throw new Error(`${logicalId} is in ${stack.stackName} and its nested stack ${nested.node.id}`);
      resources[logicalId] = substitute(resource, parameters) as Json;
    }
  }
  return Template.fromJSON({ ...parent, Resources: resources }, { skipCyclicalDependenciesCheck: true });
}
