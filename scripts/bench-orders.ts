/**
 * Bench 6 and 7: registration orders and logins under load, against a throw-away local portal.
 *
 * 6. N simulated delegates (`--delegates=N`, default 200), each logging in (8 at a time, see
 *    below), then all at once creating an order and paying it by card through the local Stripe
 *    (its control API plays the hosted page) and the signed webhook; each then reads its order
 *    list until the order shows paid (the list is polled at 200 ms, slowing to 1 s: a person
 *    waiting on the success page, not a flood). Then the bench waits (up to 120 s) until every paid
 *    order has its receipt, reading the table (scripts/bench-receipts.ts), not the API.
 *    Figures: errors by route and status (what the clients got; what the local Stripe got from
 *    the webhook, every delivery attempt; and how many ran into the function's timeout), orders
 *    paid, order creation as the client sees it and inside the function, webhook handling inside
 *    the function, DynamoDB round trips per request and route (an SDK middleware counts them; a
 *    delegate route's authentication - session and user - is shown apart), receipts issued (paid
 *    orders with their receipt, their numbers gap-free and each once) and the time from the
 *    payment's confirmation to its receipt's issue. And what saturates: the CPU time of this
 *    process (the local functions, Stripe, SQS, S3 and the clients all run in it), of DynamoDB
 *    Local's Java process and of the whole machine, per phase.
 *    `failures` says why the run failed (any error, an unpaid order, a paid order without its
 *    receipt, a number missing or used twice; scripts/bench-checks.ts): `npm run bench` then
 *    exits 1.
 * 7. 50 parallel wrong passwords for one address from one client: how many were checked.
 *
 * Accounts are created straight in the table with one precomputed hash (sign-up is not what is
 * measured; every login still verifies its password).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { API_BASE, fillPath, routeList, routes, type RouteDef } from '../functions/core/routes';
import { newUser } from '../functions/core/accounts/model';
import { accountLimits } from '../functions/core/config/conference';
import { hashPassword } from '../functions/lib/crypto';
import { keys } from '../functions/storage/keys';
import { TABLE_NAME } from '../infra/local/portal';
import { ORDER_STATUS } from '../functions/core/orders/states';
import { validForm } from '../test/unit/core/orders/form';
import { failuresOf } from './bench-checks';
import { checkReceipts, waitForReceipts, type BenchOrder } from './bench-receipts';

interface Portal {
  origin: string;
  dynamo: string;
  stripe: { endpoint: string } | null;
  apiTraffic: { byRoute?: Map<string, { ms: number; dynamodb: number }[]> };
}

const PASSWORD = 'bench password 2024';
const OPEN = '2024-08-01T02:00:00Z';
/** How long a delegate waits for the list to show the order paid, after paying. */
const PAID_WITHIN_MS = 120_000;
/** How long the bench waits, after the last order showed paid, for every receipt. */
export const RECEIPTS_WITHIN_MS = 120_000;
const octet = () => Math.floor(Math.random() * 250) + 1;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A request that failed: which route (or the local Stripe), what came back, what it said. */
export interface BenchError {
  route: string;
  status: string;
  message: string;
}

class RequestError extends Error {
  constructor(readonly route: string, readonly status: string, message: string) {
    super(message);
  }
}

async function api<T>(portal: Portal, route: RouteDef, options: { body?: unknown; token?: string; params?: Record<string, string>; client: string }) {
  // 127.0.0.1, not localhost: a name lookup waits in libuv's thread pool behind the password hashing.
  const r = await fetch(`${portal.origin.replace('localhost', '127.0.0.1')}${API_BASE}${fillPath(route.path, options.params)}`, {
    method: route.method,
    headers: {
      'x-local-client-ip': options.client,
      'x-app-now': OPEN,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const envelope = (await r.json()) as { code: number; message: string; data: T };
  return { status: r.status, envelope };
}

const routeIdOf = (route: RouteDef) => routeList.find((r) => r.method === route.method && r.path === route.path)?.id ?? route.path;

/** A request that must answer 200: its data, or a RequestError naming the route and what came back. */
async function expectOk<T>(portal: Portal, route: RouteDef, options: Parameters<typeof api>[2]): Promise<T> {
  let answer: Awaited<ReturnType<typeof api<T>>>;
  try {
    answer = await api<T>(portal, route, options);
  } catch (error) {
    const e = error as Error & { cause?: { code?: string } };
    throw new RequestError(routeIdOf(route), 'no answer', `${e.message}${e.cause?.code ? ` (${e.cause.code})` : ''}`);
  }
  if (answer.status !== 200) throw new RequestError(routeIdOf(route), String(answer.status), answer.envelope?.message ?? '');
  return answer.envelope.data;
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
};
const median = (xs: number[]) => percentile(xs, 50);

const dynamoDocumentClient = (portal: Portal) =>
  DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1', endpoint: portal.dynamo, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));

async function seedAccounts(portal: Portal, count: number) {
  const db = dynamoDocumentClient(portal);
  const hash = await hashPassword(PASSWORD);
  const accounts = Array.from({ length: count }, (_, i) => ({ id: randomUUID(), email: `bench-${Date.now().toString(36)}-${i}@example.org` }));
  const items = accounts.flatMap(({ id, email }) => {
    const user = { ...newUser({ id, email, password_hash: hash, now: new Date() }), status: 1 as const };
    return [
      { ...keys.user(user.id), entity: 'user', ...user },
      { ...keys.email(email), entity: 'email', user_id: user.id },
    ];
  });
  for (let i = 0; i < items.length; i += 25) {
    await db.send(new BatchWriteCommand({ RequestItems: { [TABLE_NAME]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
  }
  return accounts;
}

async function control(portal: Portal, path: string, body: unknown) {
  let r: Response;
  try {
    r = await fetch(`${portal.stripe!.endpoint.replace('localhost', '127.0.0.1')}/_control${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  } catch (error) {
    throw new RequestError('local Stripe: pay', 'no answer', (error as Error).message);
  }
  if (!r.ok) throw new RequestError('local Stripe: pay', String(r.status), await r.text());
}

interface DeliveryAttempt {
  type: string;
  status: number | null;
  error: string | null;
  outcome: 'done' | 'retry' | 'gave_up';
}

/** What the local Stripe got from the webhook: every delivery attempt that did not end 2xx, and the events still queued. */
async function webhookErrors(portal: Portal): Promise<{ errors: BenchError[]; queued: number }> {
  const r = await fetch(`${portal.stripe!.endpoint.replace('localhost', '127.0.0.1')}/_control/deliveries`);
  const deliveries = (await r.json()) as { queued: unknown[]; data: DeliveryAttempt[] };
  const errors = deliveries.data
    .filter((d) => d.outcome !== 'done')
    .map((d) => ({ route: 'stripeWebhook', status: d.status === null ? 'no answer' : String(d.status), message: `${d.type}: ${d.error ?? `answered ${d.status}`} (${d.outcome === 'retry' ? 'retried' : 'given up'})` }));
  return { errors, queued: deliveries.queued.length };
}

/**
 * The local runtime gives every function 10 s (infra/local/api-gateway.ts, lambdaContext): the
 * handler then answers 500 on its own, as a timed-out Lambda's caller gets an error.
 */
const LOCAL_TIMEOUT_MS = 10_000;

/** Per route, the requests that ran into the function's timeout (their 500 is among the errors). */
function timedOut(traffic: Map<string, { ms: number }[]>) {
  const out: Record<string, number> = {};
  for (const [route, requests] of traffic) {
    const count = requests.filter((r) => r.ms >= LOCAL_TIMEOUT_MS - 50).length;
    if (count) out[route] = count;
  }
  return out;
}

/** CPU time (user + system, all threads) of this process and of DynamoDB Local's Java process, in seconds. */
function cpuClock(dynamoPort: number) {
  const tick = (() => {
    try {
      return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
    } catch {
      return 100;
    }
  })();
  // DynamoDB Local is this process's child (infra/local/dynamodb.ts spawns java directly), listening on its port.
  const javaPid = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .find((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return ppid === process.pid && cmdline.some((a) => a.includes('DynamoDBLocal.jar')) && cmdline[cmdline.indexOf('-port') + 1] === String(dynamoPort);
      } catch {
        return false;
      }
    });
  const javaSeconds = () => {
    if (!javaPid) return NaN;
    const stat = fs.readFileSync(`/proc/${javaPid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of /proc/<pid>/stat (11 and 12 after the name and state).
    return (Number(fields[11]) + Number(fields[12])) / tick;
  };
  // The whole machine's busy time (every process: other work on a shared machine shows here).
  const machineSeconds = () => {
    const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal: all but idle and iowait is busy.
    return (cpu[0]! + cpu[1]! + cpu[2]! + cpu[5]! + cpu[6]! + (cpu[7] ?? 0)) / tick;
  };
  const read = () => {
    const own = process.cpuUsage();
    return { at: performance.now(), bench: (own.user + own.system) / 1e6, dynamo: javaSeconds(), machine: machineSeconds() };
  };
  return { read, found: javaPid !== undefined };
}

/** One phase of the run: its wall time and the CPU seconds each process spent in it. */
export interface CpuPhase {
  name: string;
  seconds: number;
  benchCpu: number;
  dynamoCpu: number;
  /** Every process's, this one's and DynamoDB Local's included. */
  machineCpu: number;
}

export async function ordersBench(portal: Portal, delegates = 200) {
  if (!portal.stripe) throw new Error('the orders bench needs the local Stripe');
  const db = dynamoDocumentClient(portal);
  const accounts = await seedAccounts(portal, delegates);
  const traffic = portal.apiTraffic.byRoute!;
  traffic.clear();
  const errors: BenchError[] = [];
  const fail = (error: unknown, route: string) =>
    errors.push(error instanceof RequestError ? { route: error.route, status: error.status, message: error.message } : { route, status: 'bench', message: (error as Error).message });
  const createMs: number[] = [];
  const cpu = cpuClock(Number(new URL(portal.dynamo).port));
  const phases: CpuPhase[] = [];
  let mark = cpu.read();
  const phase = (name: string) => {
    const now = cpu.read();
    phases.push({ name, seconds: (now.at - mark.at) / 1000, benchCpu: now.bench - mark.bench, dynamoCpu: now.dynamo - mark.dynamo, machineCpu: now.machine - mark.machine });
    mark = now;
  };

  // Logging in first, a few at a time: locally every password check of every "function" shares one
  // process's thread pool and 2 cores (0.4 s of CPU each), so 200 at once would outlast the 10 s a
  // function may run; on AWS each login runs in its own function.
  const clients = accounts.map(() => `10.${octet()}.${octet()}.${octet()}`);
  const tokens: (string | null)[] = new Array(accounts.length).fill(null);
  for (let i = 0; i < accounts.length; i += 8) {
    await Promise.all(
      accounts.slice(i, i + 8).map(async ({ email }, j) => {
        try {
          tokens[i + j] = (await expectOk<{ api_token: string }>(portal, routes.login, { body: { email, password: PASSWORD }, client: clients[i + j]! })).api_token;
        } catch (error) {
          fail(error, 'login');
        }
      }),
    );
  }
  phase('logins (8 at a time)');
  const loginSeconds = phases[0]!.seconds;
  const started = performance.now();

  const orders: BenchOrder[] = [];
  const paid = await Promise.all(
    accounts.map(async (account, n): Promise<boolean> => {
      const client = clients[n]!;
      const token = tokens[n];
      if (!token) return false;
      try {
        const t0 = performance.now();
        const order = await expectOk<{ id: string }>(portal, routes.createOrder, { body: validForm(), token, client }).finally(() => createMs.push(performance.now() - t0));
        orders.push({ userId: account.id, orderId: order.id });
        const checkout = await expectOk<{ url: string }>(portal, routes.createCheckout, { body: { id: order.id }, token, client });
        await control(portal, `/sessions/${checkout.url.split('/').pop()}/pay`, { card: '4242424242424242' });
        // Paid when the webhook has been handled: the list says so. A failed list is an error, and
        // the delegate reloads the page, as a person would.
        const payStarted = performance.now();
        for (let wait = 200; performance.now() - payStarted < PAID_WITHIN_MS; wait = Math.min(1000, wait * 1.5)) {
          const list = await expectOk<{ items: { id: string; payment_status: number }[] }>(portal, routes.listOrders, { token, client }).catch((error: unknown) => {
            fail(error, 'listOrders');
            return null;
          });
          if (list?.items.find((o) => o.id === order.id)?.payment_status === ORDER_STATUS.paid) return true;
          await sleep(wait);
        }
        throw new RequestError('listOrders', 'not paid', `the order did not show paid within ${PAID_WITHIN_MS / 1000} s of paying`);
      } catch (error) {
        fail(error, 'order');
        return false;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  phase('orders and payments (all at once)');

  const paidSeen = paid.filter(Boolean).length;
  const waited = await waitForReceipts(db, orders, paidSeen, RECEIPTS_WITHIN_MS);
  phase('waiting for the receipts');
  const receipts = await checkReceipts(db, orders);

  const webhook = await webhookErrors(portal);
  errors.push(...webhook.errors);

  // A delegate route's authentication alone: GET /registration/options reads nothing else.
  const probe = await api<{ api_token: string }>(portal, routes.login, { body: { email: accounts[0]!.email, password: PASSWORD }, client: '10.0.0.9' }).catch(() => null);
  if (probe?.status === 200) await api(portal, routes.getRegistrationOptions, { token: probe.envelope.data.api_token, client: '10.0.0.9' }).catch(() => null);
  const of = (id: keyof typeof routes) => traffic.get(id) ?? [];
  const authTrips = median(of('getRegistrationOptions').map((r) => r.dynamodb));
  /** Round trips of a route's own work: its requests' counts less the authentication's. */
  const trips = (id: keyof typeof routes, authenticated = true) => {
    const counts = of(id).map((r) => r.dynamodb - (authenticated ? authTrips : 0));
    return { min: Math.min(...counts), max: Math.max(...counts), median: median(counts) };
  };
  const ms = (id: keyof typeof routes) => {
    const xs = of(id).map((r) => r.ms);
    return { p50: percentile(xs, 50), p99: percentile(xs, 99), count: xs.length };
  };
  const delays = receipts.fromPaymentMs.filter((x) => x >= 0);
  const figures = {
    authTrips,
    delegates,
    loginSeconds,
    seconds,
    errors,
    paid: paidSeen,
    createMs: { p50: percentile(createMs, 50), p99: percentile(createMs, 99) },
    createFunctionMs: ms('createOrder'),
    webhookMs: ms('stripeWebhook'),
    webhookQueued: webhook.queued,
    timedOut: timedOut(traffic),
    trips: { create: trips('createOrder'), webhook: trips('stripeWebhook', false), list: trips('listOrders'), checkout: trips('createCheckout') },
    receipts: {
      ...receipts,
      // Over the receipts dated at or after their payment; one dated before was issued by a request
      // whose clock the bench pinned (x-app-now: the order list issued it), counted apart.
      delayMs: {
        p50: percentile(delays, 50),
        p99: percentile(delays, 99),
        max: Math.max(...delays),
        count: delays.length,
        beforePayment: receipts.fromPaymentMs.length - delays.length,
      },
      waitedSeconds: waited.seconds,
      complete: waited.complete,
      tableReads: waited.reads,
    },
    cpu: { phases, cores: os.availableParallelism(), dynamoFound: cpu.found },
  };
  return {
    ...figures,
    failures: failuresOf({ ...figures, errors: errors.length, receiptsWithinS: RECEIPTS_WITHIN_MS / 1000 }),
  };
}

export type OrdersFigures = Awaited<ReturnType<typeof ordersBench>>;

/** 50 parallel wrong passwords for one address from one client: how many were checked (answered 400, not 429). */
export async function loginBurstBench(portal: Portal) {
  const email = (await seedAccounts(portal, 1))[0]!.email;
  const client = `10.${octet()}.${octet()}.${octet()}`;
  const answers = await Promise.all(Array.from({ length: 50 }, () => api(portal, routes.login, { body: { email, password: 'a wrong guess' }, client })));
  return {
    checked: answers.filter((a) => a.status === 400).length,
    refused: answers.filter((a) => a.status === 429).length,
    limit: accountLimits.loginFailuresPerAddressAndClient.limit,
  };
}
