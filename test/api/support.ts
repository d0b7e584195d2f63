/** Helpers of the API tests: calls through the local server, the local mailbox, a pinned clock. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { GetQueueUrlCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { queueNameOf } from '#core/workers';
import { inject } from 'vitest';
import { API_BASE } from '#core/routes';
import type { Envelope } from '#core/envelope';
import { organiserCommand as runOrganiserCommand, totpCode } from '../support/office';

declare module 'vitest' {
  export interface ProvidedContext {
    API_ORIGIN: string;
    MAIL_ORIGIN: string;
    S3_ORIGIN: string;
    DYNAMODB_ORIGIN: string;
    /** The local SQS (the worker table's queues). */
    SQS_ORIGIN: string;
    /** The local Stripe's endpoint (its control API is under /_control/). */
    STRIPE_ORIGIN: string;
    STRIPE_WEBHOOK_SECRET: string;
  }
}

const setting = (name: 'API_ORIGIN' | 'MAIL_ORIGIN' | 'S3_ORIGIN' | 'DYNAMODB_ORIGIN' | 'SQS_ORIGIN' | 'STRIPE_ORIGIN' | 'STRIPE_WEBHOOK_SECRET') =>
  process.env[name] ?? inject(name);

export const origin = () => setting('API_ORIGIN');

const octet = () => Math.floor(Math.random() * 250) + 1;
/** A client address of its own (per-client limits); every test file is its own client by default. */
export const newClient = () => `10.${octet()}.${octet()}.${octet()}`;
const defaultClient = newClient();
export const mailOrigin = () => setting('MAIL_ORIGIN');
export const s3Origin = () => setting('S3_ORIGIN');
export const stripeOrigin = () => setting('STRIPE_ORIGIN');
export const stripeWebhookSecret = () => setting('STRIPE_WEBHOOK_SECRET');
export const dynamoOrigin = () => setting('DYNAMODB_ORIGIN');
export const sqsOrigin = () => setting('SQS_ORIGIN');

/** Puts `body` on the test portal's office-jobs queue, as the platform's schedule would (core/workers.ts `schedules`). */
export async function sendToJobsQueue(body: string) {
  const sqs = new SQSClient({ endpoint: sqsOrigin(), region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: queueNameOf('local', 'office-jobs') }));
  await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: body }));
}

export interface CallResult<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Headers;
}

export interface CallOptions {
  query?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  multipart?: FormData;
  token?: string;
  /** Pins the server clock for this request (local mode only). */
  at?: string;
  /** Acts as this client address (local mode only); by default each test file is its own client. */
  client?: string;
  headers?: Record<string, string>;
}

export async function call<T = unknown>(method: string, path: string, options: CallOptions = {}): Promise<CallResult<T>> {
  const url = new URL(`${API_BASE}${path}`, origin());
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { ...options.headers };
  let body: string | FormData | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.multipart) {
    body = options.multipart;
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.at) headers['x-app-now'] = options.at;
  headers['x-local-client-ip'] = options.client ?? defaultClient;
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  let parsed: Envelope<T>;
  try {
    parsed = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new Error(`${method} ${path} answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/** A unique address per call, so tests never share an account by accident. */
export const uniqueEmail = (tag = 'delegate') => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.org`;

interface StoredMail {
  messageId: string;
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
  at: number;
}

/** Mails the portal sent to `to`, oldest first, from the local SES mailbox (GET /store). */
export async function mailsTo(to: string): Promise<StoredMail[]> {
  const store = (await (await fetch(`${mailOrigin()}/store`)).json()) as { emails: StoredMail[] };
  return store.emails.filter((m) => m.destination.to.some((d) => d.toLowerCase().includes(to.toLowerCase())));
}

/** The token of the newest link of `kind` mailed to `to`. */
export async function mailedToken(to: string, kind: 'activate' | 'reset'): Promise<string> {
  const mails = await mailsTo(to);
  for (const mail of mails.reverse()) {
    const m = new RegExp(`/common/${kind}/([\\w-]+)`).exec(mail.body.text ?? '');
    if (m) return m[1]!;
  }
  throw new Error(`no ${kind} link mailed to ${to}`);
}

export const PASSWORD = 'correct horse battery';

/** A new, activated, logged-in delegate: its address and api_token. */
export async function newDelegate(tag = 'delegate', email = uniqueEmail(tag)): Promise<{ email: string; token: string }> {
  const client = newClient();
  const registered = await call('POST', '/email_register', { json: { email, password: PASSWORD, confirm: PASSWORD }, client });
  if (registered.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(registered.body)}`);
  const activated = await call('POST', '/activate', { json: { token: await mailedToken(email, 'activate') }, client });
  if (activated.status !== 200) throw new Error(`activation failed: ${JSON.stringify(activated.body)}`);
  const login = await call<{ api_token: string }>('POST', '/login', { json: { email, password: PASSWORD }, client });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { email, token: login.body.data.api_token };
}

export interface Presigned {
  id: string;
  key: string;
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  expires_at: string;
}

/** Step 1 and 2 of an upload: presign, then PUT the bytes to the (local) S3 as a browser would. */
export async function putFile(token: string, purpose: string, fileName: string, bytes: Buffer, at?: string, declaredSize = bytes.length) {
  const presign = await call<Presigned>('POST', '/uploads/presign', { token, at, json: { purpose, file_name: fileName, size: declaredSize } });
  if (presign.status !== 200) return { presign, key: undefined };
  const put = await fetch(presign.body.data.url, { method: 'PUT', headers: presign.body.data.headers, body: new Uint8Array(bytes) });
  if (!put.ok) throw new Error(`PUT to S3 answered ${put.status}: ${await put.text()}`);
  return { presign, key: presign.body.data.key };
}

export interface UploadedFile {
  id: string;
  name: string;
  size: number;
  url: string;
}

/** All three steps; answers the confirmation. */
export async function uploadFile(token: string, purpose: 'abstract' | 'poster' | 'oral', fileName: string, bytes: Buffer, at?: string) {
  const { presign, key } = await putFile(token, purpose, fileName, bytes, at);
  if (!key) throw new Error(`presign refused: ${JSON.stringify(presign.body)}`);
  const confirmPath = { abstract: '/upload', poster: '/poster/upload', oral: '/oral/upload' }[purpose];
  return call<UploadedFile>('POST', confirmPath, { token, at, json: { key } });
}

/** `npm run organiser -- ARGS` against the test portal's DynamoDB Local. */
export const organiserCommand = (...args: string[]) => runOrganiserCommand(dynamoOrigin(), ...args);
export { totpCode };

/**
 * An organiser as the office sees one: a delegate granted the role by the command, with an
 * authenticator set up and this session past the second factor. `at` pins the portal's clock.
 */
export async function officeSession(tag = 'office', at?: string): Promise<{ email: string; token: string; secret: string; code: string; recoveryCodes: string[] }> {
  const d = await newDelegate(tag);
  const granted = await organiserCommand('grant', d.email);
  if (granted.code !== 0) throw new Error(`grant failed: ${granted.output}`);
  const enrol = await call<{ secret: string }>('POST', '/office/second_factor/enrol', { token: d.token, at });
  if (enrol.status !== 200) throw new Error(`enrolment failed: ${JSON.stringify(enrol.body)}`);
  const secret = enrol.body.data.secret;
  const code = await totpCode(secret);
  const confirmed = await call<{ recovery_codes: string[] }>('POST', '/office/second_factor/confirm', { token: d.token, at, json: { code } });
  if (confirmed.status !== 200) throw new Error(`confirmation failed: ${JSON.stringify(confirmed.body)}`);
  return { ...d, secret, code, recoveryCodes: confirmed.body.data.recovery_codes };
}

/**
 * A test that writes records straight into the table (to seed many, or to play data from before a
 * feature) also moves the office's counters by what those records count, as the product's writes
 * do in their own transactions: the money project's last test requires counters = a sum over the
 * table. `records` are [entity, record] pairs.
 */
export async function countSeeded(records: [string, Record<string, unknown>][]) {
  const { addCounts, recordCounts, DAY_PREFIX } = await import('#core/office/counters');
  const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
  const { DynamoDBDocumentClient, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const sum: Record<string, number> = {};
  for (const [entity, record] of records) addCounts(sum, recordCounts(entity, record));
  const db = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: dynamoOrigin(), region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
  const add = async (key: { pk: string; sk: string }, counts: [string, number][]) => {
    if (counts.length === 0) return;
    await db.send(
      new UpdateCommand({
        TableName: 'congress',
        Key: key,
        UpdateExpression: `ADD ${counts.map((_, i) => `#c${i} :c${i}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(counts.map(([n], i) => [`#c${i}`, n])),
        ExpressionAttributeValues: Object.fromEntries(counts.map(([, v], i) => [`:c${i}`, v])),
      }),
    );
  };
  const entries = Object.entries(sum).filter(([, n]) => n !== 0);
  await add({ pk: 'STATS', sk: 'TOTAL#0' }, entries.filter(([n]) => !n.startsWith(DAY_PREFIX)));
  for (const day of new Set(entries.filter(([n]) => n.startsWith(DAY_PREFIX)).map(([n]) => n.slice(DAY_PREFIX.length, DAY_PREFIX.length + 10)))) {
    await add({ pk: 'STATS', sk: `DAY#${day}` }, entries.filter(([n]) => n.startsWith(`${DAY_PREFIX}${day}.`)).map(([n, v]) => [n.slice(DAY_PREFIX.length + 11), v]));
  }
}

/** A delegate's account id (GET /get_person_info). */
export async function userIdOf(token: string) {
  return (await call<{ id: string }>('GET', '/get_person_info', { token })).body.data.id;
}

/** The test portal's table (DynamoDB Local). */
export const db = () =>
  DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1', endpoint: dynamoOrigin(), credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));

/** The local Stripe's control routes (test cards, events). */
export async function control<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const r = await fetch(`${stripeOrigin()}/_control${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await r.json()) as T;
  if (!r.ok) throw new Error(`control ${path}: ${r.status} ${JSON.stringify(json)}`);
  return json;
}

/** Reads until `ok` holds (webhooks arrive asynchronously), or fails saying what it last read. */
export async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** The money events still pending in the whole table (the pending index's eight shards: storage/money-events.ts). */
export async function pendingMoneyEventsAnywhere(): Promise<number> {
  let n = 0;
  for (let shard = 0; shard < 8; shard++) {
    const r = await db().send(new QueryCommand({ TableName: 'congress', IndexName: 'byOwner', KeyConditionExpression: 'gsi1pk = :p', ExpressionAttributeValues: { ':p': `MONEYEVENTS#pending#${shard}` }, Select: 'COUNT' }));
    n += r.Count ?? 0;
  }
  return n;
}

/** Waits until no money event is pending anywhere (mails and documents of every test so far have gone out). */
export async function allMoneyEventsFollowed(): Promise<void> {
  await until('every money event followed', pendingMoneyEventsAnywhere, (n) => n === 0, 30_000);
}

/**
 * Waits until the money-events worker has followed every money event of the account (receipts,
 * credit notes, mails: core/payments/money-events.ts): what a reconciliation sees once nothing is
 * in flight. An event written on a pinned 2024 clock would otherwise count as long late.
 */
export async function moneyEventsFollowed(userId: string): Promise<void> {
  await until(
    `money events of ${userId} followed`,
    async () =>
      ((await db().send(new QueryCommand({ TableName: 'congress', KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':p': 'MONEYEVENT#' }, ConsistentRead: true }))).Items ?? []).filter((e) => e.state === 'pending').map((e) => e.id as string),
    (pending) => pending.length === 0,
  );
}

/** What a run of the review's assignment did (its office job's `assignment`). */
export interface AssignmentRun {
  added: number;
  short: { abstract_id: string; category: string; assigned: number; missing: number }[];
  short_count: number;
  abstracts: number;
  reviewers: number;
  message: string;
}

/**
 * Runs the review's assignment as the committee does and waits for its job: POST
 * /review/assignments/run, then GET /review/assignments until the run is done. A run of another
 * test file under way (409, naming its job) is waited for, then ours is asked for again.
 */
export async function runAssignmentJob(token: string, at: string): Promise<AssignmentRun> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const asked = await call<{ job: { id: string } }>('POST', '/review/assignments/run', { token, at });
    const id = asked.body.data?.job?.id;
    if (!id) throw new Error(`assignment answered ${asked.status} ${JSON.stringify(asked.body)}`);
    // Followed by its id: the list is by the requests' clocks, which the test files pin differently.
    const run = await until(
      `assignment run ${id}`,
      async () => (await call<{ job: { id: string; state: string; assignment: AssignmentRun | null } | null }>('GET', `/review/assignments?job=${id}`, { token, at })).body.data.job,
      (job) => job?.state === 'done' || job?.state === 'failed',
      120_000,
    );
    // Ours, done; or ours ended because another run held the lease at that moment (ask again).
    if (asked.status === 200 && run?.assignment) return run.assignment;
  }
  throw new Error('the assignment stayed busy');
}

/** `npm run backfill-office-keys` against the test portal's DynamoDB Local. */
export function backfillCommand(): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), path.resolve('scripts/backfill-office-keys.ts')], { env: { ...process.env, DYNAMODB_ORIGIN: dynamoOrigin() } }, (error, stdout) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout.trim() }),
    );
  });
}
