/**
 * The real local stack as the money test sees it: the portal's API (every answer checked: an
 * envelope, never 5xx), the local Stripe's control API, and the orders and their ledger read
 * through the portal's storage modules. Every request is counted in the figures.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { API_BASE } from '#core/routes';
import type { StoredOrder } from '#core/orders/ports';
import type { Payment, Refund } from '#core/payments/model';
import { ledger } from '#storage/ledger';
import { orderStore } from '#storage/orders';
import { dynamoOrigin, newClient, newDelegate, officeSession, origin, stripeOrigin } from '../api/support';

export const TABLE = 'congress';

/** What a run did, for the figures printed at the end and for the failures. */
export interface Figures {
  runs: number;
  commands: number;
  /** Batches of two or more commands run at the same time. */
  interleavings: number;
  skipped: number;
  requests: number;
  /** Portal answers by HTTP status. */
  statuses: Record<string, number>;
  /** The local Stripe's control answers by status (pay, dashboard refunds, deliveries). */
  control: Record<string, number>;
  /** The portal's answers to the webhook deliveries of the runs' events, by status. */
  webhooks: Record<string, number>;
  orders: number;
  /** Money mails read from the local SES store and checked against the ledger (mails.ts). */
  mails: number;
  violations: number;
  /** Orders the reconciliation looked at, and what it found against the card provider. */
  reconciled: number;
  disagreements: number;
  /** Broken answers: 5xx, not an envelope, no answer. */
  failures: string[];
  /** Final states of the orders checked, by status name. */
  finalStates: Record<string, number>;
  /** Refusals by status, route and message, with how many: what the portal said no to. */
  refusals: Map<string, { count: number }>;
  /** Things to know that are not failures (e.g. whether the reconciliation ran). */
  notes: Set<string>;
}

export const newFigures = (): Figures => ({
  runs: 0,
  commands: 0,
  interleavings: 0,
  skipped: 0,
  requests: 0,
  statuses: {},
  control: {},
  webhooks: {},
  orders: 0,
  mails: 0,
  violations: 0,
  reconciled: 0,
  disagreements: 0,
  failures: [],
  finalStates: {},
  notes: new Set(),
  refusals: new Map(),
});

const bump = (m: Record<string, number>, k: string | number) => void (m[String(k)] = (m[String(k)] ?? 0) + 1);

export interface Answer<T = Record<string, unknown>> {
  status: number;
  code?: number;
  message?: string;
  data: T;
}

export interface CallOptions {
  token?: string;
  at?: string;
  json?: unknown;
  query?: Record<string, string>;
  client?: string;
}

/** The body is exactly the envelope: an integer code (200 with a 2xx status, any other with an error status) and a message. */
function envelopeProblem(status: number, body: unknown): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'not a JSON object';
  const b = body as Record<string, unknown>;
  if (!Number.isInteger(b.code)) return 'no integer code';
  if (typeof b.message !== 'string' || !b.message) return 'no message';
  const ok = status >= 200 && status < 300;
  if (ok !== (b.code === 200)) return `code ${String(b.code)} with status ${status}`;
  return null;
}

/** One portal request: counted, checked; never throws (a broken answer is recorded as a failure). */
export async function api<T = Record<string, unknown>>(
  fig: Figures,
  method: string,
  path: string,
  o: CallOptions = {},
): Promise<Answer<T>> {
  const url = new URL(`${API_BASE}${path}`, origin());
  for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { 'x-local-client-ip': o.client ?? '10.77.0.1' };
  if (o.json !== undefined) headers['content-type'] = 'application/json';
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.at) headers['x-app-now'] = o.at;
  const what = `${method} ${path}${o.query ? `?${new URLSearchParams(o.query).toString()}` : ''} ${o.json !== undefined ? JSON.stringify(o.json).slice(0, 300) : ''}`;
  fig.requests += 1;
  let status = 0;
  let text = '';
  try {
    const r = await fetch(url, {
      method,
      headers,
      body: o.json === undefined ? undefined : JSON.stringify(o.json),
      signal: AbortSignal.timeout(30_000),
    });
    status = r.status;
    text = await r.text();
  } catch (error) {
    bump(fig.statuses, 'no answer');
    fig.failures.push(`no answer: ${what}: ${(error as Error).message}`);
    return { status: 0, data: {} as T };
  }
  bump(fig.statuses, status);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    fig.failures.push(`not JSON (${status}): ${what} -> ${text.slice(0, 200)}`);
    return { status, data: {} as T };
  }
  const problem = envelopeProblem(status, body);
  if (problem) fig.failures.push(`not an envelope (${problem}): ${what} -> ${text.slice(0, 300)}`);
  if (status >= 500) fig.failures.push(`${status}: ${what} -> ${text.slice(0, 300)}`);
  const b = body as { code?: number; message?: string; data?: T };
  if (status >= 400 && status < 500) {
    const key = `${status} ${method} ${path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '{id}').replace(/\/office\/(\w+)\/[^/]+/, '/office/$1/{reference}')} "${String(b.message ?? '')}"`;
    const seen = fig.refusals.get(key);
    if (seen) seen.count += 1;
    else fig.refusals.set(key, { count: 1 });
  }
  return { status, code: b.code, message: b.message, data: (b.data ?? {}) as T };
}

/** The local Stripe's control API (the test's hand on the provider); 4xx answers are the provider saying no. */
export async function control<T = Record<string, unknown>>(
  fig: Figures | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const r = await fetch(`${stripeOrigin()}/_control${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await r.text();
  if (fig) bump(fig.control, r.status);
  if (r.status >= 500) {
    fig?.failures.push(`local Stripe ${r.status}: ${method} ${path} -> ${text.slice(0, 300)}`);
    if (!fig) throw new Error(`control ${path}: ${r.status} ${text.slice(0, 300)}`);
  }
  return { status: r.status, body: (text ? JSON.parse(text) : {}) as T };
}

export function countWebhooks(fig: Figures, statuses: (number | null)[]) {
  for (const s of statuses) bump(fig.webhooks, s ?? 'no answer');
}

export const countFinalState = (fig: Figures, name: string) => bump(fig.finalStates, name);

// ---------------------------------------------------------------------------------------------
// DynamoDB

let client: DynamoDBDocumentClient | undefined;
export const db = () =>
  (client ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: 'us-east-1',
      endpoint: dynamoOrigin(),
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  ));

export interface OwnerMoney {
  orders: Map<string, StoredOrder>;
  /** Payments and refunds by subject (order) id, oldest first, as the ledger module reads them. */
  ledgers: Map<string, { payments: Payment[]; refunds: Refund[] }>;
}

/** Every order of a delegate and every ledger record of its orders (also of orders deleted since), read consistently. */
export async function ownerMoney(userId: string): Promise<OwnerMoney> {
  // Through the portal's own access patterns (storage/), as the functions read them.
  const [orders, ledgers] = await Promise.all([orderStore.list(userId), ledger.ofOwner(userId, 'order')]);
  return { orders: new Map(orders.map((o) => [o.id, o] as const)), ledgers };
}

export async function orderLedger(userId: string, orderId: string) {
  return (await ownerMoney(userId)).ledgers.get(orderId) ?? { payments: [], refunds: [] };
}

// ---------------------------------------------------------------------------------------------
// People

export interface Person {
  email: string;
  token: string;
  userId: string;
}

export async function person(tag: string): Promise<Person> {
  const { email, token } = await newDelegate(tag);
  const me = await fetch(new URL(`${API_BASE}/get_person_info`, origin()), {
    headers: { authorization: `Bearer ${token}`, 'x-local-client-ip': newClient() },
  });
  const id = ((await me.json()) as { data: { id: string } }).data.id;
  return { email, token, userId: id };
}

/** An organiser (granted by the command, authenticator set up, this session past the second factor). */
export async function organiser(): Promise<Person> {
  const o = await officeSession('office');
  const me = await fetch(new URL(`${API_BASE}/get_person_info`, origin()), {
    headers: { authorization: `Bearer ${o.token}`, 'x-local-client-ip': newClient() },
  });
  const id = ((await me.json()) as { data: { id: string } }).data.id;
  return { email: o.email, token: o.token, userId: id };
}
