/**
 * `npm run reconcile`: the payments ledger against itself and against Stripe. For every order its
 * status against its payments and refunds (the money invariants), and each card payment and
 * refund against Stripe's checkout sessions and refunds, read with the real SDK
 * (core/payments/reconcile.ts); then Stripe's webhook endpoint for the portal. Prints one summary
 * line and one line per disagreement; exits 0 when all agree, 1 when anything disagrees, 2 when
 * it could not check (nothing to connect to, a provider that does not answer).
 *
 *   npm run reconcile                 against a running `npm start` (its ports and DATA_DIR)
 *   AWS_REGION=... TABLE_NAME=... STRIPE_SECRET_ARN=... npm run reconcile -- --aws
 *   npm run reconcile -- --repair     first hands late money events on again and issues missing
 *                                     receipts and credit notes (wiring/money-repair.ts); on AWS
 *                                     with MONEY_EVENTS_QUEUE_URL set too
 *
 * Locally it connects where `npm start` put the stand-ins (DYNAMODB_PORT, STRIPE_PORT, the table
 * `congress`) and uses the local Stripe's key from `<DATA_DIR>/stripe-keys.json`, or the
 * STRIPE_SECRET_KEY of the shell (a Stripe test-mode key the portal was started with, or the
 * local Stripe's key; STRIPE_API_BASE then says where that one is).
 *
 * `runReconcile` is the same check for a process whose environment is set already (a test
 * against the test portal: DYNAMODB_ORIGIN, STRIPE_ORIGIN and STRIPE_SECRET_KEY of portalEnv).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { listening } from '../infra/local/ports';
import { queueNameOf } from '#core/workers';
import type { Disagreement, LedgerCheck } from '#core/payments/reconcile';

export interface ReconcileOptions {
  /** Where the lines go (default: stdout). */
  print?: (line: string) => void;
  /** Also check Stripe's webhook endpoint for the portal (default true). */
  webhook?: boolean;
}

export type ReconcileReport = LedgerCheck;

/** One line per disagreement: where, which rule, what was found. */
export function describeDisagreement(d: Disagreement): string {
  const where = [`order ${d.order_id}`, d.payment_id && `payment ${d.payment_id}`, d.refund_id && `refund ${d.refund_id}`].filter(Boolean).join(' ');
  return `  ${where}: ${d.rule}: ${d.detail}`;
}

/**
 * Runs the check the office's reconciliation job runs (lib/payments/ledger-check.ts: every order
 * with its money in one Scan, against the invariants and Stripe, then Stripe's webhook endpoint)
 * and prints the summary and the disagreements. The environment must be set before the first
 * call (TABLE_NAME, AWS_REGION, DYNAMODB_ENDPOINT locally, and STRIPE_SECRET_KEY [+
 * STRIPE_API_BASE] or STRIPE_SECRET_ARN): the functions' settings are read once, when their
 * modules load.
 */
export async function runReconcile({ print = console.log, webhook = true }: ReconcileOptions = {}): Promise<ReconcileReport> {
  const { checkLedger } = await import('#lib/payments/ledger-check');
  const report = await checkLedger({ webhook });
  if (webhook && report.webhook_note) print(`reconcile: ${report.webhook_note}`);
  const count = report.disagreements.length + report.webhook.length;
  print(`reconcile: ${report.orders} orders, ${report.payments} payments, ${report.refunds} refunds checked against Stripe: ${count} disagreement${count === 1 ? '' : 's'}`);
  for (const d of report.disagreements) print(describeDisagreement(d));
  for (const line of report.webhook) print(`  webhook endpoint: ${line}`);
  return report;
}

/**
 * The repair before the check (`--repair`, wiring/money-repair.ts): late money events handed on
 * again, missing receipts and credit notes issued. Prints what it did.
 */
export async function runRepair({ print = console.log, operator = process.env.USER ?? 'operator' }: { print?: (line: string) => void; operator?: string } = {}) {
  const { repairMoneyFollowUps } = await import('#wiring/money-repair');
  const { now } = await import('#lib/clock');
  const repaired = await repairMoneyFollowUps({ kind: 'command-line', id: operator }, now());
  print(`repair: ${repaired.events.length} money event(s) handed on again${repaired.events.length ? ` (${repaired.events.join(', ')})` : ''}; documents issued for ${repaired.documents.length} order(s)${repaired.documents.length ? ` (${repaired.documents.join(', ')})` : ''}`);
  if (repaired.events.length) print('repair: the events are followed within seconds; run the check again to see them done.');
  return repaired;
}

// ---------------------------------------------------------------------------------------------
// The command

/**
 * The table `npm start` makes (TABLE_NAME of infra/local/portal.ts; not imported from there: that
 * module loads the functions' settings, which must be set first).
 */
const LOCAL_TABLE = 'congress';

/** Exit 2: the check could not run. */
class CannotRun extends Error {}

const port = (name: string, fallback: number) => {
  const raw = process.env[name];
  const value = raw ? Number(raw) : fallback;
  if (!Number.isInteger(value) || value <= 0 || value > 65535) throw new CannotRun(`${name}=${raw} is not a port number.`);
  return value;
};

/** The key of the local Stripe that `npm start` runs (it makes new keys at each start and keeps them in the data folder). */
function localStripeKey(dataDir: string): string | undefined {
  const file = path.join(dataDir, 'stripe-keys.json');
  if (!fs.existsSync(file)) return undefined;
  const keys = JSON.parse(fs.readFileSync(file, 'utf8')) as { secret_key?: string };
  return keys.secret_key;
}

/** The environment of the functions as `npm start` sets it, for this process. */
async function localEnvironment() {
  const dynamoPort = port('DYNAMODB_PORT', 8000);
  const stripePort = port('STRIPE_PORT', 12111);
  const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
  if (!(await listening(dynamoPort)))
    throw new CannotRun(`npm start is not running: nothing answers on 127.0.0.1:${dynamoPort} (DynamoDB Local, DYNAMODB_PORT). Start the portal (npm start) first, or use --aws.`);

  // A Stripe test-mode key in the shell (the portal then talks to Stripe itself), or the local one.
  const shellKey = process.env.STRIPE_SECRET_KEY;
  const local = !shellKey || shellKey.startsWith('sk_test_local_');
  const secretKey = shellKey ?? localStripeKey(dataDir);
  if (!secretKey)
    throw new CannotRun(
      `The local Stripe's key is not known: ${path.join(dataDir, 'stripe-keys.json')} is missing. ` +
        'Set STRIPE_SECRET_KEY to the key the portal uses (its local Stripe makes a new one at each start).',
    );
  const apiBase = local ? (process.env.STRIPE_API_BASE ?? `http://127.0.0.1:${stripePort}`) : undefined;
  if (apiBase && !(await listening(Number(new URL(apiBase).port || 80))))
    throw new CannotRun(`npm start is not running: nothing answers at ${apiBase} (the local Stripe, STRIPE_PORT). Start the portal (npm start) first.`);

  Object.assign(process.env, {
    AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
    TABLE_NAME: LOCAL_TABLE,
    DYNAMODB_ENDPOINT: `http://127.0.0.1:${dynamoPort}`,
    STRIPE_SECRET_KEY: secretKey,
    // The functions need it set to read keys from the environment; the reconciliation verifies no signature.
    STRIPE_WEBHOOK_SECRET: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_unused',
  });
  if (apiBase) process.env.STRIPE_API_BASE = apiBase;
  else delete process.env.STRIPE_API_BASE;
  delete process.env.STRIPE_SECRET_ARN;
  // The repair hands money events on to the local SQS (infra/local/sqs.ts: queue URLs under its origin).
  const sqsPort = port('SQS_PORT', 9324);
  process.env.SQS_ENDPOINT = `http://127.0.0.1:${sqsPort}`;
  process.env.MONEY_EVENTS_QUEUE_URL = `http://127.0.0.1:${sqsPort}/000000000000/${queueNameOf('local', 'money-events')}`;
}

/** On AWS: the table and region from the shell, the Stripe keys from Secrets Manager (or a key in the shell). */
function awsEnvironment() {
  const missing = ['AWS_REGION', 'TABLE_NAME'].filter((name) => !process.env[name]);
  if (!process.env.STRIPE_SECRET_ARN && !process.env.STRIPE_SECRET_KEY) missing.push('STRIPE_SECRET_ARN');
  if (process.argv.includes('--repair') && !process.env.MONEY_EVENTS_QUEUE_URL) missing.push('MONEY_EVENTS_QUEUE_URL');
  if (missing.length) throw new CannotRun(`--aws needs ${missing.join(', ')} (see docs/organisers.md, "Reconciliation from the command line").`);
  const local = ['DYNAMODB_ENDPOINT', 'STRIPE_API_BASE'].filter((name) => process.env[name]);
  if (local.length) throw new CannotRun(`--aws talks to AWS and Stripe: unset ${local.join(', ')}.`);
  // A key in the shell needs no webhook secret: the reconciliation verifies no signature.
  if (!process.env.STRIPE_SECRET_ARN) process.env.STRIPE_WEBHOOK_SECRET ??= 'whsec_unused';
}

async function main(): Promise<number> {
  try {
    if (process.argv.includes('--aws')) awsEnvironment();
    else await localEnvironment();
    if (process.argv.includes('--repair')) await runRepair();
    const report = await runReconcile({ webhook: !process.argv.includes('--no-webhook') });
    return report.disagreements.length + report.webhook.length > 0 ? 1 : 0;
  } catch (error) {
    console.error(`reconcile: could not check: ${(error as Error).message}`);
    return 2;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // Exit at once: the SDKs' idle keep-alive connections would hold the process open.
  process.exit(await main());
}
