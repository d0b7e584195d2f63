/**
 * Bench 6 and 7: registration orders and logins under load, against a throw-away local portal.
 *
 * 6. 200 simulated delegates, each logging in (8 at a time, see below), then all at once creating an order and paying it by card
 *    through the local Stripe (its control API plays the hosted page) and the signed webhook:
 *    errors, orders paid, latency of order creation (as the client sees it) and of webhook
 *    handling (in the function), and DynamoDB round trips per request (an SDK middleware counts
 *    them; a delegate route's authentication - session and user - is shown apart).
 * 7. 50 parallel wrong passwords for one address from one client: how many were checked.
 *
 * Accounts are created straight in the table with one precomputed hash (sign-up is not what is
 * measured; every login still verifies its password).
 */
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { API_BASE, fillPath, routes, type RouteDef } from '../functions/core/routes';
import { newUser } from '../functions/core/accounts/model';
import { accountLimits } from '../functions/core/config/conference';
import { hashPassword } from '../functions/lib/crypto';
import { keys } from '../functions/storage/keys';
import { TABLE_NAME } from '../infra/local/portal';
import { validForm } from '../test/unit/core/orders/form';

interface Portal {
  origin: string;
  dynamo: string;
  stripe: { endpoint: string } | null;
  apiTraffic: { byRoute?: Map<string, { ms: number; dynamodb: number }[]> };
}

const PASSWORD = 'bench password 2024';
const OPEN = '2024-08-01T02:00:00Z';
const octet = () => Math.floor(Math.random() * 250) + 1;

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

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
};
const median = (xs: number[]) => percentile(xs, 50);

async function seedAccounts(portal: Portal, count: number) {
  const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1', endpoint: portal.dynamo, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
  const hash = await hashPassword(PASSWORD);
  const emails = Array.from({ length: count }, (_, i) => `bench-${Date.now().toString(36)}-${i}@example.org`);
  const items = emails.flatMap((email) => {
    const user = { ...newUser({ id: randomUUID(), email, password_hash: hash, now: new Date() }), status: 1 as const };
    return [
      { ...keys.user(user.id), entity: 'user', ...user },
      { ...keys.email(email), entity: 'email', user_id: user.id },
    ];
  });
  for (let i = 0; i < items.length; i += 25) {
    await db.send(new BatchWriteCommand({ RequestItems: { [TABLE_NAME]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
  }
  return emails;
}

async function control(portal: Portal, path: string, body: unknown) {
  const r = await fetch(`${portal.stripe!.endpoint.replace('localhost', '127.0.0.1')}/_control${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`control ${path}: ${r.status} ${await r.text()}`);
}

export async function ordersBench(portal: Portal, delegates = 200) {
  if (!portal.stripe) throw new Error('the orders bench needs the local Stripe');
  const emails = await seedAccounts(portal, delegates);
  const traffic = portal.apiTraffic.byRoute!;
  traffic.clear();
  const errors: string[] = [];
  const createMs: number[] = [];

  // Logging in first, a few at a time: locally every password check of every "function" shares one
  // process's thread pool and 2 cores (0.4 s of CPU each), so 200 at once would outlast the 10 s a
  // function may run; on AWS each login runs in its own function.
  const clients = emails.map(() => `10.${octet()}.${octet()}.${octet()}`);
  const tokens: (string | null)[] = new Array(emails.length).fill(null);
  const loginStarted = performance.now();
  for (let i = 0; i < emails.length; i += 8) {
    await Promise.all(
      emails.slice(i, i + 8).map(async (email, j) => {
        const login = await api<{ api_token: string }>(portal, routes.login, { body: { email, password: PASSWORD }, client: clients[i + j]! });
        if (login.status === 200) tokens[i + j] = login.envelope.data.api_token;
        else errors.push(`login ${login.envelope.message}`);
      }),
    );
  }
  const loginSeconds = (performance.now() - loginStarted) / 1000;
  const started = performance.now();

  const paidIds = await Promise.all(
    emails.map(async (_email, n) => {
      const client = clients[n]!;
      const token = tokens[n];
      if (!token) return false;
      try {
        const t0 = performance.now();
        const order = await api<{ id: string }>(portal, routes.createOrder, { body: validForm(), token, client });
        createMs.push(performance.now() - t0);
        if (order.status !== 200) throw new Error(`create ${order.envelope.message}`);
        const checkout = await api<{ url: string }>(portal, routes.createCheckout, { body: { id: order.envelope.data.id }, token, client });
        if (checkout.status !== 200) throw new Error(`checkout ${checkout.envelope.message}`);
        await control(portal, `/sessions/${checkout.envelope.data.url.split('/').pop()}/pay`, { card: '4242424242424242' });
        // Paid when the webhook has been handled: the list says so.
        for (let i = 0; i < 300; i++) {
          const list = await api<{ items: { payment_status: number }[] }>(portal, routes.listOrders, { token, client });
          if (list.envelope.data.items[0]?.payment_status === 1) return true;
          await new Promise((r) => setTimeout(r, 200));
        }
        throw new Error('not paid after 60 s');
      } catch (error) {
        errors.push((error as Error).message);
        return false;
      }
    }),
  );

  const seconds = (performance.now() - started) / 1000;
  // A delegate route's authentication alone: GET /registration/options reads nothing else.
  const login = await api<{ api_token: string }>(portal, routes.login, { body: { email: emails[0], password: PASSWORD }, client: '10.0.0.9' });
  await api(portal, routes.getRegistrationOptions, { token: login.envelope.data.api_token, client: '10.0.0.9' });
  const of = (id: keyof typeof routes) => traffic.get(id) ?? [];
  const authTrips = median(of('getRegistrationOptions').map((r) => r.dynamodb));
  /** Round trips of a route's own work: its requests' counts less the authentication's. */
  const trips = (id: keyof typeof routes, authenticated = true) => {
    const counts = of(id).map((r) => r.dynamodb - (authenticated ? authTrips : 0));
    return { min: Math.min(...counts), max: Math.max(...counts), median: median(counts) };
  };
  return {
    authTrips,
    delegates,
    loginSeconds,
    seconds,
    errors,
    paid: paidIds.filter(Boolean).length,
    createMs: { p50: percentile(createMs, 50), p99: percentile(createMs, 99) },
    webhookMs: { p50: percentile(of('stripeWebhook').map((r) => r.ms), 50), p99: percentile(of('stripeWebhook').map((r) => r.ms), 99), count: of('stripeWebhook').length },
    trips: { create: trips('createOrder'), webhook: trips('stripeWebhook', false), list: trips('listOrders'), checkout: trips('createCheckout') },
  };
}

/** 50 parallel wrong passwords for one address from one client: how many were checked (answered 400, not 429). */
export async function loginBurstBench(portal: Portal) {
  const [email] = await seedAccounts(portal, 1);
  const client = `10.${octet()}.${octet()}.${octet()}`;
  const answers = await Promise.all(Array.from({ length: 50 }, () => api(portal, routes.login, { body: { email, password: 'a wrong guess' }, client })));
  return {
    checked: answers.filter((a) => a.status === 400).length,
    refused: answers.filter((a) => a.status === 429).length,
    limit: accountLimits.loginFailuresPerAddressAndClient.limit,
  };
}
