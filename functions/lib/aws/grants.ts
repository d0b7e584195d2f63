/**
 * The IAM policy of a route, enforced on every SDK call its handler makes. On AWS the role's
 * policy (built from the same `effectiveGrants` in infra/cdk/api-function.ts) refuses anything
 * else; locally every route runs in one process with one set of clients, so this middleware does
 * what IAM does: a call outside the grants of the route being served fails with an AccessDenied
 * error shaped like IAM's. It runs on AWS too (the same code everywhere), where it can only agree
 * with the policy. Calls made outside any route (scripts, the local runtime's own set-up) pass.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { InitializeMiddleware, MiddlewareStack, Pluggable } from '@smithy/types';
import { effectiveGrants, type Grant, type RouteDef } from '#core/routes';

/** The IAM prefixes of the services the functions call. */
export type AwsService = 'dynamodb' | 's3' | 'ses' | 'secretsmanager' | 'sqs' | 'cloudfront';

interface Serving {
  id: string;
  allowed: ReadonlySet<Grant>;
}

const serving = new AsyncLocalStorage<Serving>();

/** Runs `fn` as the route `route`: its SDK calls are held to the route's grants. */
export function asRoute<T>(route: RouteDef & { id?: string }, fn: () => T): T {
  return serving.run({ id: route.id ?? `${route.method} ${route.path}`, allowed: new Set(effectiveGrants(route)) }, fn);
}

/** Runs `fn` as the worker `worker` (core/workers.ts): its SDK calls are held to the worker's grants. */
export function asWorker<T>(worker: { id: string; grants: readonly Grant[] }, fn: () => T): T {
  return serving.run({ id: worker.id, allowed: new Set(effectiveGrants({ grants: worker.grants })) }, fn);
}

/** DynamoDB's per-item actions of a transaction: IAM authorises each item by its own action. */
const transactItemAction: Record<string, Grant> = {
  Put: 'dynamodb:PutItem',
  Update: 'dynamodb:UpdateItem',
  Delete: 'dynamodb:DeleteItem',
  ConditionCheck: 'dynamodb:ConditionCheckItem',
};

/** The IAM actions an SDK command needs (`service` is the IAM prefix of the client). */
export function actionsOf(service: AwsService, commandName: string, input: Record<string, unknown>): string[] {
  const operation = commandName.replace(/Command$/, '');
  if (service === 'dynamodb' && operation === 'TransactWriteItems') {
    const items = (input.TransactItems as Record<string, unknown>[] | undefined) ?? [];
    return [...new Set(items.flatMap((item) => Object.keys(item).map((k) => transactItemAction[k] ?? `dynamodb:${k}`)))];
  }
  if (service === 'dynamodb' && operation === 'TransactGetItems') return ['dynamodb:GetItem'];
  if (service === 's3' && operation === 'PutObject' && input.Tagging) return ['s3:PutObject', 's3:PutObjectTagging'];
  // SQS's batch actions have no IAM action of their own: SendMessage authorises SendMessageBatch, and so on.
  if (service === 'sqs' && operation.endsWith('Batch')) return [`sqs:${operation.slice(0, -'Batch'.length)}`];
  return [`${service}:${operation}`];
}

export class AccessDeniedError extends Error {
  readonly $fault = 'client';
  readonly $metadata = { httpStatusCode: 403 };
  constructor(service: string, action: string, routeId: string) {
    super(
      `User: arn:aws:sts::000000000000:assumed-role/${routeId}-role/${routeId} is not authorized to perform: ${action} ` +
        `because no identity-based policy allows the ${action} action`,
    );
    // The names the SDKs give IAM refusals.
    this.name = service === 's3' ? 'AccessDenied' : 'AccessDeniedException';
  }
}

/** Who wants to know of every SDK call (the local runtime counts DynamoDB round trips per request). */
type CallObserver = (service: AwsService, commandName: string) => void;
const observers = new Set<CallObserver>();
export function observeAwsCalls(observer: CallObserver): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

/** The middleware that holds a client's calls to the grants of the route being served. */
export function grantsPlugin<I extends object, O extends object>(service: AwsService): Pluggable<I, O> {
  const middleware: InitializeMiddleware<I, O> = (next, context) => async (args) => {
    const route = serving.getStore();
    const commandName = (context as { commandName?: string }).commandName ?? 'UnknownCommand';
    for (const observe of observers) observe(service, commandName);
    if (route) {
      for (const action of actionsOf(service, commandName, args.input as Record<string, unknown>)) {
        if (!route.allowed.has(action as Grant)) throw new AccessDeniedError(service, action, route.id);
      }
    }
    return next(args);
  };
  return {
    applyToStack: (stack: MiddlewareStack<I, O>) => {
      stack.add(middleware, { step: 'initialize', name: 'routeGrants', priority: 'high', override: true });
    },
  };
}
