/**
 * The worker table: every function that no HTTP request calls, once. Like the route table
 * (routes.ts), the CDK app creates one Lambda per entry and wires its trigger, and the local
 * runtime (infra/local/workers.ts) loads the same handler modules and calls them as the trigger
 * would on AWS. Nothing else lists workers.
 *
 * - `handler` is the module under functions/handlers/ that exports `handler`.
 * - `trigger` says what invokes it. `sns`: every message published to the topic named `topic`
 *   (the stack that owns the topic subscribes the worker; infra/cdk/worker-function.ts).
 *   Queues (the office's later jobs) are the next kind.
 * - `grants`: the AWS actions the worker's own code calls, in the route table's vocabulary; they
 *   become its IAM policy and are enforced on its SDK calls locally as on AWS
 *   (functions/lib/aws/grants.ts).
 */
import type { Grant } from './routes';

export type WorkerTrigger = { kind: 'sns'; topic: WorkerTopic };

/** Topics workers listen to; the stack that creates each topic wires its workers. */
export type WorkerTopic = 'mail-events';

export interface WorkerDef {
  handler: string;
  trigger: WorkerTrigger;
  grants: readonly Grant[];
  description: string;
  memoryMb?: number;
}

export const workers = {
  /** SES's bounce and complaint notifications (configuration set -> SNS): marks the address. */
  recordMailEvent: {
    handler: 'mail/record-mail-event',
    trigger: { kind: 'sns', topic: 'mail-events' },
    grants: ['dynamodb:UpdateItem'],
    description: 'Marks addresses whose mail bounced or was complained about (SES events via SNS)',
  },
} as const satisfies Record<string, WorkerDef>;

export type WorkerId = keyof typeof workers;

export const workerList: ReadonlyArray<WorkerDef & { id: WorkerId }> = Object.entries(workers).map(([id, def]) => ({
  id: id as WorkerId,
  ...(def as WorkerDef),
}));
