/**
 * The delegates of a fuzz run and what they own: one victim shared by all workers (abstracts and
 * files; its live session is never handed to the generators), and per worker an attacker (`own`)
 * and an accomplice (`other`). Snapshots read the stored data of a delegate straight from the
 * stand-ins: its DynamoDB partition (USER#<id>) and its S3 objects (users/<id>/).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { API_BASE } from '#core/routes';
import { timing } from '#core/config/conference';
import { pdfBytes, pngBytes, pptxBytes } from '../support/files';
import { organiserCommand, totpCode } from '../support/office';
import { validOrder } from '../support/bodies';
import { visaAndHotel } from '../unit/core/orders/form';
import type * as SessionsModule from '#storage/sessions';
import type * as UsersModule from '#storage/users';
import type * as CryptoModule from '#lib/crypto';
import { abstractBody, bankAccount, statementMapping } from './seeds';

export const TABLE = 'congress';
export const BUCKET = 'congress-uploads';
/** Abstracts are open here (1 May 2024, CST): setup creates what the deadline would refuse. */
export const OPEN = '2024-05-01T02:00:00Z';
/** Registration is open here (1 August 2024, 10:00 CST; the order and office API tests' T0): orders are placed, paid and cancelled. */
export const REGISTRATION_OPEN = '2024-08-01T02:00:00Z';
/** The registration by category (the older flow, 2019 fees) is in its early period here (1 July 2019, 10:00 CST; its API tests' EARLY). */
export const CATEGORY_REGISTRATION_OPEN = '2019-07-01T02:00:00Z';
/** The abstract review is open here (20 May 2024, 10:00 CST; the review API tests' REVIEWING). */
export const REVIEW_OPEN = '2024-05-20T02:00:00Z';

export interface Origins {
  api: string;
  mail: string;
  s3: string;
  dynamo: string;
}

/** An item as DynamoDB answers it (attribute values keep their type tags: `{ S: '...' }`). */
export type StoredItem = Record<string, Record<string, unknown>>;
export interface StoredObject {
  key: string;
  size: number;
  etag: string;
}
/** What is stored for a delegate; each part is read only when asked for (`undefined`: not read). */
export interface Snapshot {
  items?: StoredItem[];
  objects?: StoredObject[];
  itemsText?: string;
  objectsText?: string;
}
export type Parts = { table: boolean; objects: boolean };
export const ALL: Parts = { table: true, objects: true };

export interface Delegate {
  label: string;
  id: string;
  email: string;
  password: string;
  token: string;
  /** Refreshed from every snapshot, so references follow what the delegate owns now. */
  abstractIds: string[];
  updatedAt: string[];
  fileIds: string[];
  /** Abstract PDFs that no abstract holds yet. */
  pendingFileIds: string[];
  keys: string[];
  unconfirmedKeys: string[];
  /** Registration orders (ORDER# items): ids, checksums, transfer references, order numbers. */
  orderIds: string[];
  checksums: string[];
  references: string[];
  orderNos: string[];
  /** Confirmed passport front pages (FILE# items of purpose passport). */
  passportFileIds: string[];
  resetToken?: string;
  deadToken?: string;
  snapshot: Snapshot;
}

export const str = (item: StoredItem, name: string): string | undefined => (item[name]?.S as string | undefined) ?? undefined;

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** A plain HTTP call to a stand-in (the SDK costs several times the CPU per call, and the fuzz makes thousands). */
function raw(origin: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, family: 4, port: url.port, method, path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

// DynamoDB Local reads the access key from the Authorization header and checks no signature.
const dynamoAuth = 'AWS4-HMAC-SHA256 Credential=local/20240101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0';

async function partition(o: Origins, userId: string): Promise<StoredItem[]> {
  const out: StoredItem[] = [];
  let start: unknown;
  do {
    const r = await raw(
      o.dynamo,
      'POST',
      '/',
      { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.Query', authorization: dynamoAuth },
      JSON.stringify({ TableName: TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': { S: `USER#${userId}` } }, ConsistentRead: true, ExclusiveStartKey: start }),
    );
    if (r.status !== 200) throw new Error(`DynamoDB Query answered ${r.status}: ${r.text.slice(0, 300)}`);
    const page = JSON.parse(r.text) as { Items?: StoredItem[]; LastEvaluatedKey?: unknown };
    out.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return out.map(withoutPublishedDecision).sort((a, b) => (str(a, 'sk')! < str(b, 'sk')! ? -1 : 1));
}

/**
 * An abstract without what the decisions' publication writes on it (review_outcome, presentation:
 * functions/storage/review-publication.ts). That job runs in the background after any worker's
 * committee publishes, over every delegate's abstracts of the category, so another worker's
 * request in the meantime would be blamed for it. No request route writes these two attributes.
 */
function withoutPublishedDecision(item: StoredItem): StoredItem {
  if (!str(item, 'sk')!.startsWith('ABSTRACT#')) return item;
  const { review_outcome: _outcome, presentation: _presentation, ...rest } = item as Record<string, unknown>;
  // The attributes in one order: DynamoDB Local answers an updated item's in another.
  return Object.fromEntries(Object.keys(rest).sort().map((k) => [k, rest[k]])) as StoredItem;
}

const xmlValue = (xml: string, tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1];
const unxml = (s: string) => s.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

async function objects(o: Origins, userId: string): Promise<StoredObject[]> {
  const out: StoredObject[] = [];
  let token: string | undefined;
  do {
    const query = `list-type=2&prefix=${encodeURIComponent(`users/${userId}/`)}${token ? `&continuation-token=${encodeURIComponent(token)}` : ''}`;
    const r = await raw(o.s3, 'GET', `/${BUCKET}?${query}`, {});
    if (r.status !== 200) throw new Error(`S3 ListObjectsV2 answered ${r.status}: ${r.text.slice(0, 300)}`);
    for (const m of r.text.matchAll(/<Contents>(.*?)<\/Contents>/gs)) {
      out.push({ key: unxml(xmlValue(m[1]!, 'Key') ?? ''), size: Number(xmlValue(m[1]!, 'Size') ?? 0), etag: unxml(xmlValue(m[1]!, 'ETag') ?? '') });
    }
    token = xmlValue(r.text, 'IsTruncated') === 'true' ? unxml(xmlValue(r.text, 'NextContinuationToken') ?? '') : undefined;
  } while (token);
  return out.sort((a, b) => (a.key < b.key ? -1 : 1));
}

/** What is stored for a delegate: its partition (USER#<id>) and its objects (users/<id>/), as asked. */
export async function snapshot(o: Origins, userId: string, parts: Parts = ALL): Promise<Snapshot> {
  const [items, objs] = await Promise.all([parts.table ? partition(o, userId) : undefined, parts.objects ? objects(o, userId) : undefined]);
  return { items, objects: objs, itemsText: items && JSON.stringify(items), objectsText: objs && JSON.stringify(objs) };
}

/** The parts that differ between two snapshots (only parts both have read). */
export function changed(before: Snapshot, after: Snapshot): { table: boolean; objects: boolean } {
  return {
    table: after.itemsText !== undefined && before.itemsText !== undefined && after.itemsText !== before.itemsText,
    objects: after.objectsText !== undefined && before.objectsText !== undefined && after.objectsText !== before.objectsText,
  };
}

/** Money events of the delegate still pending (core/payments/money-events.ts): the money-events worker follows them moments after the request. */
const pendingEvents = (snap: Snapshot) => (snap.items ?? []).filter((i) => str(i, 'sk')!.startsWith('MONEYEVENT#') && str(i, 'state') === 'pending');

/**
 * Waits until the worker has followed the delegate's pending money events (their documents
 * issued, their mails sent, the events done) and reads the partition again: the next request's
 * "before" is then a settled partition, so what the worker writes later is not taken for a change
 * that request made.
 */
export async function settleMoneyEvents(o: Origins, d: Delegate): Promise<void> {
  for (let waited = 0; pendingEvents(d.snapshot).length > 0; waited += 100) {
    if (waited > 20_000) throw new Error(`money events of ${d.label} never followed: ${pendingEvents(d.snapshot).map((i) => str(i, 'sk')).join(', ')}`);
    await new Promise((r) => setTimeout(r, 100));
    await observe(o, d, { table: true, objects: false });
  }
}

/** Takes a snapshot of the parts asked for, keeps the rest of the last one, and refreshes the id pools. */
export async function observe(o: Origins, d: Delegate, parts: Parts = ALL): Promise<Snapshot> {
  const fresh = await snapshot(o, d.id, parts);
  const snap: Snapshot = {
    items: fresh.items ?? d.snapshot.items,
    itemsText: fresh.itemsText ?? d.snapshot.itemsText,
    objects: fresh.objects ?? d.snapshot.objects,
    objectsText: fresh.objectsText ?? d.snapshot.objectsText,
  };
  d.snapshot = snap;
  const items = snap.items ?? [];
  const abstracts = items.filter((i) => str(i, 'sk')!.startsWith('ABSTRACT#'));
  const files = items.filter((i) => str(i, 'sk')!.startsWith('FILE#'));
  d.abstractIds = abstracts.map((i) => str(i, 'sk')!.slice('ABSTRACT#'.length));
  d.updatedAt = abstracts.map((i) => str(i, 'updated_at') ?? '');
  d.fileIds = files.map((i) => str(i, 'sk')!.slice('FILE#'.length));
  d.pendingFileIds = files.filter((i) => str(i, 'purpose') === 'abstract' && !str(i, 'abstract_id')).map((i) => str(i, 'sk')!.slice('FILE#'.length));
  const confirmed = new Set(files.map((i) => str(i, 'key') ?? ''));
  d.keys = [...confirmed];
  d.unconfirmedKeys = (snap.objects ?? []).map((x) => x.key).filter((k) => !confirmed.has(k));
  const orders = items.filter((i) => str(i, 'sk')!.startsWith('ORDER#'));
  d.orderIds = orders.map((i) => str(i, 'sk')!.slice('ORDER#'.length));
  d.checksums = orders.map((i) => str(i, 'checksum') ?? '');
  d.references = orders.map((i) => str(i, 'reference') ?? '');
  d.orderNos = orders.map((i) => str(i, 'order_no') ?? '');
  d.passportFileIds = files.filter((i) => str(i, 'purpose') === 'passport').map((i) => str(i, 'sk')!.slice('FILE#'.length));
  return snap;
}

/** What changed between two snapshots, in a few lines. */
export function diff(before: Snapshot, after: Snapshot): string {
  const lines: string[] = [];
  const text = (v: unknown) => JSON.stringify(v).slice(0, 400);
  if (before.items && after.items) {
    const bi = new Map(before.items.map((i) => [str(i, 'sk')!, text(i)]));
    const ai = new Map(after.items.map((i) => [str(i, 'sk')!, text(i)]));
    for (const [sk, v] of ai) if (!bi.has(sk)) lines.push(`+ item ${sk}: ${v}`);
    for (const [sk, v] of bi) if (!ai.has(sk)) lines.push(`- item ${sk}: ${v}`);
    for (const [sk, v] of ai) if (bi.has(sk) && bi.get(sk) !== v) lines.push(`~ item ${sk}: ${bi.get(sk)} -> ${v}`);
  }
  if (before.objects && after.objects) {
    const bo = new Map(before.objects.map((x) => [x.key, text(x)]));
    const ao = new Map(after.objects.map((x) => [x.key, text(x)]));
    for (const [k, v] of ao) if (!bo.has(k)) lines.push(`+ object ${k} ${v}`);
    for (const [k] of bo) if (!ao.has(k)) lines.push(`- object ${k}`);
    for (const [k, v] of ao) if (bo.has(k) && bo.get(k) !== v) lines.push(`~ object ${k}: ${bo.get(k)} -> ${v}`);
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------- setting delegates up through the API

interface Env {
  code: number;
  message: string;
  data: unknown;
}

let setupClients = 0;
/** Setup traffic comes from its own client addresses (documentation range), never the fuzzed ones. */
const setupClient = () => `192.0.2.${(setupClients++ % 250) + 1}`;

async function api(o: Origins, method: string, path: string, options: { json?: unknown; token?: string; at?: string; client?: string } = {}): Promise<Env> {
  const headers: Record<string, string> = { 'x-local-client-ip': options.client ?? setupClient() };
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.at) headers['x-app-now'] = options.at;
  const r = await fetch(`${o.api}${API_BASE}${path}`, { method, headers, body: options.json === undefined ? undefined : JSON.stringify(options.json) });
  return (await r.json()) as Env;
}

function expectOk(what: string, r: Env): Env {
  if (r.code !== 200) throw new Error(`fuzz setup: ${what} answered ${JSON.stringify(r)}`);
  return r;
}

async function mailedToken(o: Origins, to: string, kind: 'activate' | 'reset'): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const store = (await (await fetch(`${o.mail}/store`)).json()) as { emails: { destination: { to: string[] }; body: { text?: string } }[] };
    const mails = store.emails.filter((m) => m.destination.to.some((d) => d.toLowerCase().includes(to)));
    for (const mail of mails.reverse()) {
      const m = new RegExp(`/common/${kind}/([\\w-]+)`).exec(mail.body.text ?? '');
      if (m) return m[1]!;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`fuzz setup: no ${kind} mail for ${to}`);
}

export const uniqueEmail = (tag: string) => `fuzz-${tag}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}@example.org`;

/** Signs up, activates and logs in a new delegate (the real flow, as the canary does too). */
export async function newDelegate(o: Origins, label: string, password = `pw-${randomBytes(9).toString('base64url')}`): Promise<Delegate> {
  const email = uniqueEmail(label);
  expectOk('sign-up', await api(o, 'POST', '/email_register', { json: { email, password, confirm: password } }));
  expectOk('activation', await api(o, 'POST', '/activate', { json: { token: await mailedToken(o, email, 'activate') } }));
  // A login that ran out of time on a loaded machine (500) is simply tried again: it only opens a session.
  let attempt = await api(o, 'POST', '/login', { json: { email, password } });
  if (attempt.code === 500) attempt = await api(o, 'POST', '/login', { json: { email, password } });
  const login = expectOk('login', attempt);
  const data = login.data as { api_token: string; id: string };
  return {
    label,
    id: data.id,
    email,
    password,
    token: data.api_token,
    abstractIds: [],
    updatedAt: [],
    fileIds: [],
    pendingFileIds: [],
    keys: [],
    unconfirmedKeys: [],
    orderIds: [],
    checksums: [],
    references: [],
    orderNos: [],
    passportFileIds: [],
    snapshot: {},
  };
}

interface Presigned {
  key: string;
  url: string;
  headers: Record<string, string>;
}

/** Presign and PUT; confirms unless told not to. Answers the key. */
async function upload(o: Origins, d: Delegate, purpose: 'abstract' | 'poster' | 'oral' | 'passport', name: string, bytes: Buffer, confirm = true): Promise<{ key: string; id?: string }> {
  const at = purpose === 'passport' ? REGISTRATION_OPEN : OPEN;
  const presign = expectOk(`presign ${purpose}`, await api(o, 'POST', '/uploads/presign', { token: d.token, at, json: { purpose, file_name: name, size: bytes.length } }));
  const p = presign.data as Presigned;
  const put = await fetch(p.url, { method: 'PUT', headers: p.headers, body: new Uint8Array(bytes) });
  if (!put.ok) throw new Error(`fuzz setup: PUT answered ${put.status}`);
  if (!confirm) return { key: p.key };
  const path = { abstract: '/upload', poster: '/poster/upload', oral: '/oral/upload', passport: '/registration/passport' }[purpose];
  const confirmed = expectOk(`confirm ${purpose}`, await api(o, 'POST', path, { token: d.token, at, json: { key: p.key } }));
  return { key: p.key, id: (confirmed.data as { id: string }).id };
}

/** Files and abstracts of every kind: saved, pending, confirmed and never confirmed. */
export async function furnish(o: Origins, d: Delegate, role: 'victim' | 'attacker' | 'accomplice') {
  const held = await upload(o, d, 'abstract', 'held.pdf', pdfBytes());
  expectOk('create abstract', await api(o, 'POST', '/contribute', { token: d.token, at: OPEN, json: abstractBody([held.id!]) }));
  await upload(o, d, 'poster', 'poster.pptx', pptxBytes());
  if (role === 'accomplice') {
    await observe(o, d);
    await settleMoneyEvents(o, d);
    return;
  }
  expectOk('create abstract', await api(o, 'POST', '/contribute', { token: d.token, at: OPEN, json: abstractBody() }));
  await upload(o, d, 'abstract', 'pending.pdf', pdfBytes());
  await upload(o, d, 'oral', 'talk.pptx', pptxBytes());
  await upload(o, d, 'poster', 'unconfirmed.pptx', pptxBytes(), false);
  if (role === 'attacker') {
    await upload(o, d, 'abstract', 'pending-2.pdf', pdfBytes());
    await upload(o, d, 'abstract', 'pending-3.pdf', pdfBytes());
    await upload(o, d, 'abstract', 'unconfirmed.pdf', pdfBytes(), false);
    await upload(o, d, 'oral', 'unconfirmed.pptx', pptxBytes(), false);
    // Bytes that are not what the name says: a confirmation refuses (and deletes) them.
    await upload(o, d, 'poster', 'fake.pptx', pdfBytes(), false);
    expectOk('forgot password', await api(o, 'POST', '/forgot_password', { json: { email: d.email } }));
    d.resetToken = await mailedToken(o, d.email, 'reset');
  }
  if (role === 'victim') {
    // A second session, logged out: the only victim token the generators ever see.
    const second = expectOk('second login', await api(o, 'POST', '/login', { json: { email: d.email, password: d.password } }));
    d.deadToken = (second.data as { api_token: string }).api_token;
    expectOk('logout', await api(o, 'POST', '/logout', { token: d.deadToken }));
  }
  await observe(o, d);
  await settleMoneyEvents(o, d);
}

// ---------------------------------------------------------------- sessions

/** Whether a token still opens a session (a logout, password change or reset ends them). */
export async function alive(o: Origins, token: string): Promise<boolean> {
  return (await api(o, 'GET', '/get_person_info', { token })).code === 200;
}

type SessionModules = typeof SessionsModule & typeof UsersModule & typeof CryptoModule;
let storage: Promise<SessionModules> | undefined;

/**
 * A new session for a delegate whose sessions the fuzz ended (logout, password change, reset),
 * written with the product's own session store: a login would cost a scrypt hash per session
 * and trip the login throttles the fuzz is also exercising.
 */
export async function mintSession(o: Origins, d: Delegate): Promise<void> {
  Object.assign(process.env, { TABLE_NAME: TABLE, DYNAMODB_ENDPOINT: o.dynamo, AWS_REGION: process.env.AWS_REGION ?? 'us-east-1', APP_MODE: 'local' });
  storage ??= Promise.all([import('#storage/sessions'), import('#storage/users'), import('#lib/crypto')]).then(([a, b, c]) => ({ ...a, ...b, ...c }));
  const { sessionStore, accountStore, secrets } = await storage;
  const user = await accountStore.getUser(d.id);
  if (!user) throw new Error(`fuzz: ${d.label} (${d.id}) no longer exists`);
  const { token, hash } = secrets.newToken();
  await sessionStore.create(hash, { userId: d.id, epoch: user.session_epoch, expiresAt: new Date(Date.now() + timing.sessionDays * 86_400_000) });
  d.token = token;
}

// ---------------------------------------------------------------- registration orders and the office

/**
 * Orders placed while registration is open (they reach the order rules in the run): one unpaid,
 * one at the Local rate waiting for a bank transfer (Checking: the office knows its reference),
 * and for the attacker one with visa and hotel on a confirmed passport page, two more pages (the
 * run deletes uploads) and a passport upload never confirmed. The bank account must be published first (transfer choice).
 */
export async function furnishOrders(o: Origins, d: Delegate, role: 'victim' | 'attacker' | 'accomplice') {
  const at = REGISTRATION_OPEN;
  const place = async (body: Record<string, unknown>) => (expectOk(`create order (${d.label})`, await api(o, 'POST', '/registration/submission', { token: d.token, at, json: body })).data as { id: string }).id;
  await place(validOrder());
  const transfer = await place(validOrder({ rate: 250 }));
  expectOk('choose transfer', await api(o, 'POST', `/registration/submission/transfer-payment/${transfer}`, { token: d.token, at, json: { type: 'done' } }));
  if (role === 'attacker') {
    const [passport] = await Promise.all([1, 2, 3].map((n) => upload(o, d, 'passport', `passport-${n}.png`, pngBytes())));
    await place({ ...validOrder(), ...visaAndHotel(passport!.id!) });
    await upload(o, d, 'passport', 'unconfirmed.png', pngBytes(), false);
  }
  await observe(o, d);
  await settleMoneyEvents(o, d);
}

/**
 * Grants the organiser role with the command (`npm run organiser -- grant`): a process of its own
 * (seconds of CPU), so setup runs it while no request of its own is in flight (a sign-up's
 * password hash beside it could outlast the local Lambda timeout on a loaded machine).
 */
export async function grantOrganiser(o: Origins, d: Delegate): Promise<void> {
  const granted = await organiserCommand(o.dynamo, 'grant', d.email);
  if (granted.code !== 0) throw new Error(`fuzz setup: organiser grant answered ${granted.code}: ${granted.output}`);
}

/**
 * Sets up the organiser's authenticator and passes the second factor with this session, at the
 * real time: later than every pinned clock of the run, so the office's 12 idle hours never end
 * the session in the run.
 */
export async function passSecondFactor(o: Origins, d: Delegate): Promise<void> {
  const secret = (expectOk('enrol second factor', await api(o, 'POST', '/office/second_factor/enrol', { token: d.token })).data as { secret: string }).secret;
  expectOk('confirm second factor', await api(o, 'POST', '/office/second_factor/confirm', { token: d.token, json: { code: await totpCode(secret) } }));
  // The organiser also reviews (the attacker's abstracts' category, descriptive: no other test file
  // counts on that pool under npm test) and sits on the committee, so that the review's routes are
  // reached with its token; the new grant asks for the next code once.
  expectOk('join the review team', await api(o, 'PUT', '/office/review_team', { token: d.token, json: { email: d.email, reviewer_categories: ['descriptive'], committee: true } }));
  expectOk('second factor again', await api(o, 'POST', '/office/second_factor/verify', { token: d.token, json: { code: await totpCode(secret, 1) } }));
}

/** The office's objects the run refers to (Refs `office.*`): made in setup, shared by the workers. */
export interface OfficeWorld {
  /** Statement lines listed for an organiser (unknown references): assigned or discarded in the run. */
  lineIds: string[];
  importIds: string[];
  exportIds: string[];
  mailJobIds: string[];
  /** The published bank account's version (a save names the version it was made on). */
  bankVersion: number;
  /** The continuation of the order table's first page of one row (every order list). */
  orderCursor: string;
  /** A reconciliation job (the one setup asked for, or the one under way then). */
  reconciliationIds: string[];
  /** A publication of the review's decisions (of a category nobody decides in: it publishes nothing), or the one under way then. */
  publicationIds: string[];
}

/** Publishes the congress bank account (delegates can then choose bank transfer). */
export async function publishBankAccount(o: Origins, organiser: Delegate): Promise<number> {
  const current = expectOk('payment settings', await api(o, 'GET', '/office/payment_settings', { token: organiser.token, at: REGISTRATION_OPEN }));
  const base = (current.data as { version: number }).version;
  const saved = expectOk('publish bank account', await api(o, 'PUT', '/office/payment_settings', { token: organiser.token, at: REGISTRATION_OPEN, json: { bank_account: bankAccount, base_version: base } }));
  return (saved.data as { bank_account: { version: number } }).bank_account.version;
}

/** The header of the statements the run imports (the bank's own column names, as in the statement API tests). */
export const STATEMENT_HEADER = 'Buchungstag;Betrag;Währung;Auftraggeber;Verwendungszweck;Saldo';

/** A statement paying US$10 of an order (a partial payment: the order stays Checking), base64. */
export const statementFor = (reference: string, payer: string) => Buffer.from(`${STATEMENT_HEADER}\n01.08.2024;10.00;USD;${payer};Registration ${reference};0\n`, 'utf8').toString('base64');

/**
 * The office's objects: a statement whose lines match nothing (listed to assign or discard), an
 * export job, a mail job to one of the attacker's orders, a reconciliation and a page link of the
 * order table.
 */
export async function furnishOffice(o: Origins, organiser: Delegate, bankVersion: number, attacker: Delegate): Promise<OfficeWorld> {
  const at = REGISTRATION_OPEN;
  const token = organiser.token;
  const tag = randomBytes(4).toString('hex');
  const lines = Array.from({ length: 16 }, (_, i) => `0${(i % 9) + 1}.08.2024;${100 + i}.00;USD;Fuzz payer ${tag};No reference ${tag}-${i};0`);
  const imported = expectOk(
    'import statement',
    await api(o, 'POST', '/office/statements', { token, at, json: { file_name: 'fuzz.csv', content_base64: Buffer.from(`${STATEMENT_HEADER}\n${lines.join('\n')}\n`).toString('base64'), mapping: statementMapping } }),
  ).data as { import: { id: string }; lines: { id: string; state: string }[] };
  const exported = expectOk('request export', await api(o, 'POST', '/office/exports', { token, at, json: { kind: 'orders' } })).data as { job: { id: string } };
  const mailed = expectOk(
    'send mail',
    await api(o, 'POST', '/office/mail', { token, at, json: { filter: 'order', order_no: attacker.orderNos[0], purpose: 'announcement', subject: 'Fuzz {first_name}', text: 'Dear {first_name}, your order {order_no} ({amount}).' } }),
  ).data as { job: { id: string } };
  // One reconciliation at a time: one under way (409) names itself in its answer.
  const reconcile = await api(o, 'POST', '/office/reconciliations', { token, at });
  const reconciliation = (reconcile.data as { job?: { id?: string } } | null)?.job?.id;
  if (!reconciliation) throw new Error(`fuzz setup: reconciliation answered ${JSON.stringify(reconcile)}`);
  const published = await api(o, 'POST', '/review/committee/publication', { token, at, json: { category: 'registration' } });
  const publication = (published.data as { job?: { id?: string } } | null)?.job?.id;
  if (!publication) throw new Error(`fuzz setup: publication answered ${JSON.stringify(published)}`);
  const page = expectOk('order table', await api(o, 'GET', '/office/orders?limit=1', { token, at })).data as { next: string | null };
  if (!page.next) throw new Error('fuzz setup: the order table has one page of one row');
  return { lineIds: imported.lines.map((l) => l.id), importIds: [imported.import.id], exportIds: [exported.job.id], mailJobIds: [mailed.job.id], bankVersion, orderCursor: page.next, reconciliationIds: [reconciliation], publicationIds: [publication] };
}

/** Two door devices made and paired by the organiser (issue 34): one in use, one revoked. */
export async function pairDevices(o: Origins, organiser: Delegate): Promise<{ token: string; revokedToken: string }> {
  const pair = async (name: string) => {
    const created = expectOk('create device', await api(o, 'POST', '/office/checkin/devices', { token: organiser.token, at: DOORS_OPEN, json: { name, lists: ['entry-2024-11-04', 'gala-dinner', 'badge-pickup'], valid_until: '2024-11-08T00:00:00Z' } })).data as { device: { id: string; version: string }; pairing_code: string };
    const paired = expectOk('pair device', await api(o, 'POST', '/checkin/pair', { at: DOORS_OPEN, json: { code: created.pairing_code } })).data as { token: string };
    return { id: created.device.id, version: created.device.version, token: paired.token };
  };
  const device = await pair('Fuzz desk');
  const revoked = await pair('Fuzz desk revoked');
  const listed = expectOk('office check-in', await api(o, 'GET', '/office/checkin', { token: organiser.token, at: DOORS_OPEN })).data as { devices: { id: string; version: string }[] };
  const version = listed.devices.find((d) => d.id === revoked.id)!.version;
  expectOk('revoke device', await api(o, 'POST', `/office/checkin/devices/${revoked.id}/revoke`, { token: organiser.token, at: DOORS_OPEN, json: { version } }));
  return { token: device.token, revokedToken: revoked.token };
}
/** The congress's first day, 08:00 CST: the doors are open. */
export const DOORS_OPEN = '2024-11-04T00:00:00Z';

export { api as setupCall };
