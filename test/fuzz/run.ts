/**
 * One fuzz worker: its own attacker and accomplice, fast-check generating requests from one seed,
 * every request sent and checked:
 *   - the status is below 500 and the answer arrives in time;
 *   - the body is exactly the envelope { code: number, message: non-empty string, data };
 *   - code 200 goes with a 2xx status and any other code with an error status;
 *   - no answer carries internals (password hashes, table keys, stack traces);
 *   - a refused request (code != 200) changed nothing stored for the attacker or the accomplice;
 *   - a request acts as one delegate at most (never both the attacker and the accomplice changed);
 *   - the victim never changes, whatever the request;
 *   - after a request with prototype keys, the portal's prototypes are clean (integrity endpoint).
 * Failures are collected (not thrown) so one run reports every distinct problem it meets.
 */
import fc from 'fast-check';
import { API_BASE, effectiveGrants, matchPath, routeList, routes, type RouteDef, type RouteId } from '#core/routes';
import { timing } from '#core/config/conference';
import { requestArbitrary } from './generate';
import { Ref, type RequestSpec, type Value } from './model';
import { describeRequest, send, toWire, type Answer, type Resolver, type WireRequest } from './wire';
import { alive, changed, diff, mintSession, observe, settleMoneyEvents, snapshot, statementFor, str, type Delegate, type OfficeWorld, type Origins, type Parts, type Snapshot } from './world';

export interface Failure {
  worker: number;
  index: number;
  route: RouteId;
  check: string;
  detail: string;
  request: string;
  answer: string;
}

export interface Figures {
  requests: number;
  byStatus: Record<string, number>;
  byRoute: Record<string, number>;
  /** Answers with code 200 per route: how far past the checks the requests got. */
  okByRoute: Record<string, number>;
  /** Answers per route and message (status, first words): which rules the requests reached (FUZZ_VERBOSE prints them). */
  messagesByRoute: Record<string, Record<string, number>>;
  byShape: Record<string, number>;
  refused: number;
  snapshots: number;
  integrityChecks: number;
  sessionsMinted: number;
  slowest: { ms: number; route: string; shape: string };
  /** Milliseconds the workers spent waiting for answers, and checking stored data. */
  answerMs: number;
  checkMs: number;
}

export const newFigures = (): Figures => ({
  requests: 0,
  byStatus: {},
  byRoute: {},
  okByRoute: {},
  messagesByRoute: {},
  byShape: {},
  refused: 0,
  snapshots: 0,
  integrityChecks: 0,
  sessionsMinted: 0,
  slowest: { ms: 0, route: '', shape: '' },
  answerMs: 0,
  checkMs: 0,
});

export interface Shared {
  origins: Origins;
  victim: Delegate;
  /** The run's organiser (past the second factor), one who never set it up, and the office's objects. */
  organiser: Delegate;
  pendingOrganiser: Delegate;
  office: OfficeWorld;
  /** The run's door devices (paired by the organiser): one in use, one revoked. */
  devices: { token: string; revokedToken: string };
  victimBaseline: Snapshot;
  figures: Figures;
  failures: Failure[];
  /** Set when the portal looks stuck (no answer in time): every worker stops. */
  abort?: string;
  /** GET /__local/integrity, when the portal has it. */
  integrity: () => Promise<{ clean: boolean; polluted: string[] }>;
  timeoutMs: number;
  /** The request each worker is sending: the suspects when the portal dies or hangs. */
  inFlight: Map<number, { index: number; wire: WireRequest }>;
  replay: (worker: number, index: number) => string;
}

/**
 * Routes whose refusal deletes the stored upload it names (docs/decisions/0005-uploads.md: refused and
 * late files are deleted): every confirmation of the one upload mechanism, the passport page of an
 * order included (found once its seed reached it: a passport confirmed after its confirm-by time),
 * and a supporting document of the registration by category.
 */
const refusalDeletesNamedUpload = new Set<RouteId>(['confirmAbstractFile', 'confirmPoster', 'confirmOral', 'confirmPassport', 'confirmRegistrationDocument']);

/**
 * The one change a refusal may make: a confirmation refused for the file's size, bytes, count or
 * lateness deletes that upload (docs/decisions/0005-uploads.md): its object, which no file record
 * held, its pending record and its place in the pending counter. Nothing else may differ.
 */
export function refusalDeletedNamedUpload(route: RouteId, before: Snapshot, after: Snapshot, wire: WireRequest): boolean {
  if (!refusalDeletesNamedUpload.has(route)) return false;
  const sent = `${wire.path} ${wire.body?.toString('utf8') ?? ''}`;
  const named = (id: string) => id.length >= 8 && sent.includes(id);
  const was = before.objects ?? [];
  const now = after.objects ?? [];
  if (!now.every((o) => was.some((b) => b.key === o.key && b.etag === o.etag))) return false;
  const recorded = new Set((before.items ?? []).filter((i) => str(i, 'sk')!.startsWith('FILE#')).map((i) => str(i, 'key')));
  const goneObjects = was.filter((b) => !now.some((o) => o.key === b.key));
  if (!goneObjects.every((gone) => !recorded.has(gone.key) && named(gone.key.split('/').at(-2)!))) return false;
  const itemsBefore = new Map((before.items ?? []).map((i) => [str(i, 'sk')!, JSON.stringify(i)]));
  const itemsAfter = new Map((after.items ?? []).map((i) => [str(i, 'sk')!, JSON.stringify(i)]));
  for (const [sk, item] of itemsAfter) {
    if (!itemsBefore.has(sk)) return false; // nothing new
    if (itemsBefore.get(sk) !== item && !sk.startsWith('COUNT#')) return false; // only counters change
  }
  // Only the named upload's own records go (never a file record).
  return [...itemsBefore.keys()].filter((sk) => !itemsAfter.has(sk)).every((sk) => !sk.startsWith('FILE#') && named(sk.slice(sk.indexOf('#') + 1)));
}

/** Whether the portal treats the request as an API call (after the URL's dot segments are resolved). */
export function isApiPath(wire: WireRequest): boolean {
  try {
    const pathname = new URL(wire.path, 'http://localhost').pathname;
    return pathname === API_BASE || pathname.startsWith(`${API_BASE}/`);
  } catch {
    return true;
  }
}

/**
 * The route the gateway hands a request to: generated requests sometimes use another method or
 * path (`DELETE` on the path of a GET route, `/..`), which may land on a different route.
 */
export function routeAnswering(wire: WireRequest): RouteId | undefined {
  let pathname: string;
  try {
    pathname = new URL(wire.path, 'http://localhost').pathname;
  } catch {
    return undefined;
  }
  if (!pathname.startsWith(`${API_BASE}/`)) return undefined;
  const relative = pathname.slice(API_BASE.length);
  let best: { id: RouteId; params: number } | undefined;
  for (const route of routeList) {
    if (route.method !== wire.method) continue;
    let params: Record<string, string> | null;
    try {
      params = matchPath(route.path, relative);
    } catch {
      params = {};
    }
    if (params && (!best || Object.keys(params).length < best.params)) best = { id: route.id, params: Object.keys(params).length };
  }
  return best?.id;
}

/** Actions that only read: every other action of a grant list may change what is stored. */
const READ_ONLY = new Set(['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:Scan', 'dynamodb:ConditionCheckItem', 's3:GetObject', 's3:ListBucket']);

/** Which stores a route's grants let it change (IAM actions of `effectiveGrants`, enforced locally as on AWS). */
export function writes(route: RouteDef): { table: boolean; objects: boolean } {
  const actions = effectiveGrants(route).filter((g) => !READ_ONLY.has(g));
  return { table: actions.some((g) => g.startsWith('dynamodb:')), objects: actions.some((g) => g.startsWith('s3:')) };
}

/** Every this many requests a worker reads everything of its delegates and the victim, whatever the route's grants. */
const FULL_CHECK_EVERY = 20;

const FORBIDDEN_KEYS = new Set(['password_hash', 'pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'session_epoch']);

function refsIn(spec: RequestSpec): Set<string> {
  const names = new Set<string>();
  const walk = (v: unknown) => {
    if (v instanceof Ref) names.add(v.name);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(spec.params);
  walk(spec.query);
  walk(spec.body);
  for (const t of spec.tokens) names.add(t.who === 'own.expired' ? 'own.token' : t.who === 'victim.dead' ? 'victim.token' : `${t.who}.token`);
  return names;
}

const mentions = (names: Set<string>, actor: string) => [...names].some((n) => n.startsWith(`${actor}.`));

const PROTOTYPE_KEY = /__proto__|constructor|prototype/;

function hasPrototypeKeys(wire: WireRequest): boolean {
  return PROTOTYPE_KEY.test(decodeURIComponentSafe(wire.path)) || (!!wire.body && PROTOTYPE_KEY.test(wire.body.toString('latin1')));
}

function decodeURIComponentSafe(s: string) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export function envelopeProblem(answer: Answer, method: string): string | undefined {
  // A HEAD answer has no body by definition (RFC 9110); its status still counts.
  if (method === 'HEAD') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.text);
  } catch {
    return `the body is not JSON: ${JSON.stringify(answer.text.slice(0, 300))}`;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return 'the body is not an object';
  const keys = Object.keys(parsed).sort().join(',');
  if (keys !== 'code,data,message') return `the envelope has the keys [${keys}], not exactly code, message, data`;
  const e = parsed as { code: unknown; message: unknown; data: unknown };
  if (typeof e.code !== 'number' || !Number.isInteger(e.code)) return `code is ${JSON.stringify(e.code)}, not an integer`;
  if (typeof e.message !== 'string' || e.message.trim() === '') return `message is ${JSON.stringify(e.message)}, not a non-empty string`;
  const ok = answer.status >= 200 && answer.status < 300;
  if ((e.code === 200) !== ok) return `code ${e.code} with HTTP status ${answer.status}`;
  const leaks: string[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      for (const [k, inner] of Object.entries(v)) {
        if (FORBIDDEN_KEYS.has(k)) leaks.push(k);
        walk(inner);
      }
    }
  };
  walk(e.data);
  if (leaks.length) return `data carries internal fields: ${leaks.join(', ')}`;
  if (/scrypt\$|(?:\n|\\n)\s*at .{0,200}?\.(?:ts|js|mjs|cjs):\d+:\d+/.test(answer.text)) return 'the answer carries a password hash or a stack trace';
  return undefined;
}

export function codeOf(answer: Answer): number | undefined {
  try {
    return (JSON.parse(answer.text) as { code?: number }).code;
  } catch {
    return undefined;
  }
}

/** The refs of a worker: attacker, accomplice, the shared victim and the office's objects. */
export function resolver(shared: Shared, own: Delegate, other: Delegate, worker: number): Resolver {
  let fresh = 0;
  const actors: Record<string, Delegate> = { own, other, victim: shared.victim };
  const pick = <T>(list: T[], i: number, fallback: T) => (list.length ? list[i % list.length]! : fallback);
  return {
    ref(ref: Ref): string {
      if (ref.name === 'fresh.email') return `fuzz-new-${worker}-${fresh++}-${Date.now().toString(36)}@example.org`;
      if (ref.name === 'marker') return `FUZZMARK-${worker}-${fresh++}`;
      if (ref.name === 'own.password') return own.password;
      if (ref.name === 'own.resetToken') return own.resetToken ?? 'no-reset-token-left-000000000000';
      if (ref.name === 'own.expiredToken') return own.token;
      if (ref.name === 'victim.deadToken') return shared.victim.deadToken!;
      if (ref.name === 'own.statement') return statementFor(pick(own.references, 0, 'IACR24-000000-0'), `Fuzz payer ${worker}`);
      if (ref.name === 'office.bankVersion') return String(shared.office.bankVersion);
      if (ref.name === 'office.orderCursor') return shared.office.orderCursor;
      if (ref.name.startsWith('office.')) {
        const pools = {
          lineId: shared.office.lineIds,
          importId: shared.office.importIds,
          exportId: shared.office.exportIds,
          mailJobId: shared.office.mailJobIds,
          reconciliationId: shared.office.reconciliationIds,
          publicationId: shared.office.publicationIds,
        };
        return pick(pools[ref.name.slice('office.'.length) as keyof typeof pools] ?? [], ref.pick + worker, 'no-such-object');
      }
      const [who, what] = ref.name.split('.') as [string, string];
      const d = actors[who]!;
      const fakeKey = `users/${d.id}/poster/00000000-0000-4000-8000-000000000000/none.pptx`;
      switch (what) {
        case 'token':
          return who === 'victim' ? shared.victim.deadToken! : d.token;
        case 'userId':
          return d.id;
        case 'email':
          return d.email;
        case 'abstractId':
          return pick(d.abstractIds, ref.pick, 'no-abstract');
        case 'fileId':
          return pick(d.fileIds, ref.pick, 'no-file');
        case 'pendingFileId':
          return pick(d.pendingFileIds, ref.pick, pick(d.fileIds, ref.pick, 'no-file'));
        case 'anyId':
          return pick([...d.abstractIds, ...d.fileIds, d.id], ref.pick, d.id);
        case 'key':
          return pick(d.keys, ref.pick, fakeKey);
        case 'unconfirmedKey':
          return pick(d.unconfirmedKeys, ref.pick, fakeKey);
        case 'updatedAt':
          return pick(d.updatedAt, ref.pick, '2024-05-01T02:00:00.000Z');
        case 'orderId':
          return pick(d.orderIds, ref.pick, 'no-order');
        case 'checksum':
          return pick(d.checksums, ref.pick, 'no-checksum');
        case 'reference':
          return pick(d.references, ref.pick, 'IACR24-000000-0');
        case 'orderNo':
          return pick(d.orderNos, ref.pick, 'R24-000000');
        case 'passportFileId':
          return pick(d.passportFileIds, ref.pick, 'no-file');
        default:
          throw new Error(`fuzz: unknown reference ${ref.name}`);
      }
    },
    token(who) {
      if (who === 'organiser') return shared.organiser.token;
      if (who === 'organiser.pending') return shared.pendingOrganiser.token;
      if (who === 'device') return shared.devices.token;
      if (who === 'device.revoked') return shared.devices.revokedToken;
      if (who === 'own' || who === 'own.expired') return own.token;
      if (who === 'other') return other.token;
      return shared.victim.deadToken!;
    },
    expiredInstant: new Date(Date.now() + (timing.sessionDays + 1) * 86_400_000).toISOString(),
    clientAddress: (n) => `198.51.100.${(worker * 64 + n) % 250 + 1}`,
  };
}

function count(map: Record<string, number>, key: string) {
  map[key] = (map[key] ?? 0) + 1;
}

/** Runs `numRuns` generated requests from `seed` (or only the case at `path`) as worker `worker`. */
export async function runWorker(shared: Shared, worker: number, own: Delegate, other: Delegate, options: { seed: number; numRuns: number; path?: string; deadline: number }) {
  const { origins, figures, failures } = shared;
  const r = resolver(shared, own, other, worker);
  const replayHint = shared.replay;
  const sinceFull: string[] = [];
  let index = options.path ? Number(options.path) - 1 : -1;

  const fail = (check: string, detail: string, spec: RequestSpec, wire: WireRequest, answer?: Answer) => {
    failures.push({
      worker,
      index,
      route: spec.route,
      check,
      detail,
      request: describeRequest(wire),
      answer: answer ? `HTTP ${answer.status} ${answer.text.length > 1_000 ? `${answer.text.slice(0, 1_000)}...` : answer.text}` : '(none)',
    });
  };

  /** Is the portal still answering at all? */
  const portalUp = async () => {
    try {
      const a = await send(origins.api, { method: 'GET', path: '/api/v1/admin/now', headers: {}, body: undefined }, 5_000);
      return a.status === 200;
    } catch {
      return false;
    }
  };
  const suspects = () =>
    [...shared.inFlight.entries()].map(([w, f]) => `worker ${w} request ${f.index} (${replayHint(w, f.index)}):\n${describeRequest(f.wire)}`).join('\n\n');

  const check = async (spec: RequestSpec) => {
    const wire = toWire(spec, r);
    shared.inFlight.set(worker, { index, wire });
    const names = refsIn(spec);
    const touchesOther = mentions(names, 'other');
    const touchesVictim = mentions(names, 'victim');

    let answer: Answer;
    try {
      answer = await send(origins.api, wire, shared.timeoutMs);
    } catch (error) {
      const message = (error as Error).message;
      const inFlight = suspects();
      if (/no answer within/.test(message)) {
        fail('answer in time', `no answer within ${shared.timeoutMs} ms; requests in flight then:\n${inFlight}`, spec, wire);
        shared.abort ??= `worker ${worker} request ${index} got no answer within ${shared.timeoutMs} ms (the portal looks stuck)`;
      } else if (!(await portalUp())) {
        if (!shared.abort) fail('portal alive', `the portal stopped answering (${message}); one of the requests in flight killed it:\n${inFlight}`, spec, wire);
        shared.abort ??= 'the portal process died';
      } else fail('answer', `no answer: ${message}`, spec, wire);
      return;
    }

    const checksStarted = Date.now();
    figures.answerMs += answer.ms;
    figures.requests += 1;
    count(figures.byStatus, String(answer.status));
    count(figures.byRoute, spec.route);
    count(figures.byShape, spec.shape.split(':')[0]!.split('+')[0]!);
    if (answer.ms > figures.slowest.ms) figures.slowest = { ms: answer.ms, route: spec.route, shape: spec.shape };

    if (answer.status >= 500) fail('status < 500', `HTTP ${answer.status}`, spec, wire, answer);
    // A path that normalises out of the API (`/api/v1/admin/x/../../../page`) is the site's, not the API's: no envelope there.
    // A route whose success is a file (a calendar, a page) answers its refusals in the envelope; a
    // page of something the programme does not hold is the not-found page (HTML with 404).
    const answeringRoute = routeAnswering(wire);
    const fileType = answeringRoute !== undefined ? (routes[answeringRoute] as { file?: string }).file : undefined;
    const fileAnswer =
      fileType !== undefined && (answer.status === 200 || (answer.status === 404 && fileType === 'text/html' && /^text\/html/.test(String(answer.headers['content-type'] ?? ''))));
    // A route whose success sends the browser on (the abstract book's link) answers 302 with where to, and its refusals in the envelope.
    const redirectAnswer = answer.status === 302 && answeringRoute !== undefined && 'redirect' in routes[answeringRoute];
    if (redirectAnswer && !/^https?:\/\//.test(String(answer.headers.location ?? ''))) fail('redirect', `no location to go on to: ${JSON.stringify(answer.headers.location)}`, spec, wire, answer);
    const problem = isApiPath(wire) && !fileAnswer && !redirectAnswer ? envelopeProblem(answer, wire.method) : undefined;
    if (problem) fail('envelope', problem, spec, wire, answer);
    const code = redirectAnswer ? 200 : codeOf(answer);
    const refused = code !== 200;
    const said = /"message":"((?:[^"\\]|\\.){0,60})/.exec(answer.text)?.[1] ?? '';
    count((figures.messagesByRoute[spec.route] ??= {}), `${answer.status} ${said}`);
    if (refused) figures.refused += 1;
    else count(figures.okByRoute, spec.route);
    // A published bank account has a new version: the seed's next save names it.
    if (!refused && routeAnswering(wire) === 'savePaymentSettings') {
      const version = (JSON.parse(answer.text) as { data?: { bank_account?: { version?: unknown } } }).data?.bank_account?.version;
      if (typeof version === 'number') shared.office.bankVersion = Math.max(shared.office.bankVersion, version);
    }
    // A success that reports a mail it could not send (the local mailbox is always up): the text broke the mail.
    const unsent = refused ? undefined : /"(\w+_mail_sent)":false/.exec(answer.text)?.[1];
    if (unsent) fail('mails sent', `${unsent} is false: the mail for this request could not be sent`, spec, wire, answer);

    // What may have changed: the parts the route's grants let it write (the local runtime refuses
    // any other call, as IAM does on AWS), and everything every FULL_CHECK_EVERY requests.
    const answering = routeAnswering(wire);
    const granted = answering ? writes(routes[answering]) : { table: false, objects: false };
    const full = index % FULL_CHECK_EVERY === FULL_CHECK_EVERY - 1;
    const parts: Parts = { table: full || granted.table, objects: full || granted.objects };
    sinceFull.push(`${index} ${spec.route}`);
    const ungranted = (ch: { table: boolean; objects: boolean }) =>
      (ch.table && !granted.table) || (ch.objects && !granted.objects)
        ? `changed by a route without the grant to write it: this request or one of those since the last full check (${sinceFull.join(', ')})`
        : undefined;

    /** Reads a delegate again; reports writes outside the route's grants. */
    const look = async (d: Delegate, role: string) => {
      const before = d.snapshot;
      const after = await observe(origins, d, parts);
      figures.snapshots += 1;
      const change = changed(before, after);
      const outside = ungranted(change);
      if (outside) fail(`writes only what the grants allow (${role})`, `${outside}\n${diff(before, after)}`, spec, wire, answer);
      // What the money-events worker does after this request is not the next request's change.
      await settleMoneyEvents(origins, d);
      return { before, after, changed: change.table || change.objects, outside: !!outside };
    };

    // The attacker: a refusal changes nothing (but the upload a refused confirmation names).
    const ownLook = await look(own, 'attacker');
    if (!ownLook.outside && refused && ownLook.changed && !(answering && refusalDeletedNamedUpload(answering, ownLook.before, ownLook.after, wire))) {
      fail('refused: attacker unchanged', diff(ownLook.before, ownLook.after), spec, wire, answer);
    }

    // The accomplice: checked when the request names it, and in every full check.
    if (touchesOther || full) {
      const o = await look(other, 'accomplice');
      if (!o.outside && o.changed && (refused || !touchesOther)) {
        fail(refused ? 'refused: accomplice unchanged' : 'accomplice unchanged (not named)', diff(o.before, o.after), spec, wire, answer);
      } else if (!o.outside && o.changed && ownLook.changed) {
        fail('one delegate per request', `both changed:\nattacker:\n${diff(ownLook.before, ownLook.after)}\naccomplice:\n${diff(o.before, o.after)}`, spec, wire, answer);
      }
    }

    // The victim: never changes.
    if (touchesVictim || full) {
      const now = await snapshot(origins, shared.victim.id, parts);
      figures.snapshots += 1;
      const victimChange = changed(shared.victimBaseline, now);
      if (victimChange.table || victimChange.objects) {
        fail('victim unchanged', `${touchesVictim ? '' : `${ungranted({ table: true, objects: true }) ?? ''}\n`}${diff(shared.victimBaseline, now)}`, spec, wire, answer);
        shared.victimBaseline = { ...shared.victimBaseline, ...Object.fromEntries(Object.entries(now).filter(([, v]) => v !== undefined)) };
      }
    }
    if (full) sinceFull.length = 0;

    // Prototype keys: is the portal process still clean?
    if (hasPrototypeKeys(wire)) {
      const state = await shared.integrity();
      figures.integrityChecks += 1;
      if (!state.clean) {
        fail('prototypes clean', `the portal's prototypes now have: ${state.polluted.join(', ')}`, spec, wire, answer);
        shared.abort = `prototype pollution after worker ${worker} request ${index}: later answers would not be trustworthy`;
      }
    }

    figures.checkMs += Date.now() - checksStarted;
    // A success may have ended sessions (logout, password change or reset): keep the actors logged in.
    if (!refused && wire.method !== 'GET') {
      for (const d of [own, other]) {
        if (!(await alive(origins, d.token))) {
          await mintSession(origins, d);
          figures.sessionsMinted += 1;
        }
      }
    }
  };

  const property = fc.asyncProperty(requestArbitrary(), async (spec) => {
    index += 1;
    if (shared.abort || Date.now() > options.deadline) return true;
    try {
      await check(spec);
    } catch (error) {
      // A snapshot or session call that fails because the portal (and its stand-ins) went away.
      if (shared.abort) return true;
      if (!(await portalUp())) {
        shared.abort = `the portal process died (${(error as Error).message})`;
        return true;
      }
      throw error;
    } finally {
      shared.inFlight.delete(worker);
    }
    return true;
  });

  await fc.assert(property, {
    seed: options.seed,
    numRuns: options.path ? 1 : options.numRuns,
    path: options.path,
    endOnFailure: true,
  });
}

/** fast-check's path of the i-th generated case of a run (no shrinking): replays exactly that request. */
export const pathOf = (index: number) => String(index);

export type { Value };
