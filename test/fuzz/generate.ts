/**
 * Requests generated from the route table: every route of `routeList` gets the same families of
 * hostile requests (path parameters, query, bodies in every encoding, tokens, clocks, clients),
 * seeded from its valid calls in seeds.ts when it has some. A new route is fuzzed as soon as it is
 * in the table.
 */
import fc from 'fast-check';
import * as conferenceConfig from '#core/config/conference';
import { routeList, type RouteDef, type RouteId } from '#core/routes';
import { Deep, Huge, Ref, type Body, type RequestSpec, type TokenUse, type Value } from './model';
import { hashesPasswords, seeds, seedFieldNames, toNullProto, type Seed } from './seeds';
import { CATEGORY_REGISTRATION_OPEN, DOORS_OPEN, OPEN, REGISTRATION_OPEN, REVIEW_OPEN } from './world';
import { bracketKeyAttacks, hostileString, hostileValue, loadedStrings, nullObject, prototypeNames, unicodeEdges } from './values';

type Route = RouteDef & { id: RouteId };

/** `{name}` parameters of a route path. */
export const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/** Every instant of the configuration (deadlines, openings, refund tiers) and a moment either side. */
export function configInstants(): string[] {
  const found = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(v)) found.add(v);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(conferenceConfig);
  const out: string[] = [];
  for (const iso of [...found].sort()) {
    const t = Date.parse(iso);
    out.push(new Date(t - 1).toISOString(), iso, new Date(t + 1000).toISOString(), new Date(t - 3 * 86_400_000).toISOString());
  }
  return out;
}

const instants = configInstants();
const fieldNames = seedFieldNames();

// ---------------------------------------------------------------- path parameters

const rawSegments = [
  '..',
  '.',
  '%2e%2e',
  '%2E%2E%2F..%2Fconference',
  '%2F',
  'a%2Fb',
  '..%2F..%2F..%2Fnow',
  '%00',
  '%FF',
  '%C0%AF',
  '%E0%80%AF',
  '%ED%A0%80',
  '%F4%90%80%80',
  '%',
  '%zz',
  '%25',
  '%20',
  '+',
  '0',
  '-1',
  '1e309',
  '99999999999999999999999',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  'x%23FILE%23y',
  'ABSTRACT%23x',
  '*',
  '%2A',
  ';x',
  'a'.repeat(65),
  'a'.repeat(4000),
];

type SeedParam = Ref | { text: string };

/**
 * Routes the run's organiser calls: the office's, and the review's (the organiser also reviews
 * every category and sits on the committee; world.ts passSecondFactor).
 */
export const organiserCalls = (route: Pick<Route, 'auth'>) => route.auth === 'organiser' || route.auth === 'committee' || route.auth === 'reviewer';

/** What the victim's ids look like to a route: an organiser may act on any order, so office routes never get the victim's orders. */
const victimIds = (route: Route) => (organiserCalls(route) ? ['anyId', 'abstractId', 'fileId', 'userId'] : ['anyId', 'abstractId', 'fileId', 'userId', 'orderId', 'checksum']);

const paramValue = (seedRef: SeedParam | undefined, route: Route) =>
  fc.oneof(
    { weight: seedRef ? 5 : 0, arbitrary: fc.constant<SeedParam>(seedRef ?? new Ref('own.anyId')) },
    { weight: 2, arbitrary: fc.nat(9).map((i) => new Ref('own.anyId', i)) },
    { weight: 2, arbitrary: fc.nat(9).map((i) => new Ref('other.anyId', i)) },
    // Another delegate's order: one of the attacker's accomplice, or (delegate routes only) the victim's.
    { weight: route.path.includes('{id}') || route.path.includes('{checksum}') || route.path.includes('{reference}') ? 2 : 0, arbitrary: fc.constantFrom('orderId', 'checksum', 'reference').chain((n) => fc.nat(3).map((i) => new Ref(`other.${n}` as never, i))) },
    { weight: 4, arbitrary: fc.constantFrom(...victimIds(route)).chain((n) => fc.nat(9).map((i) => new Ref(`victim.${n}` as never, i))) },
    { weight: 4, arbitrary: fc.constantFrom(...rawSegments).map((raw) => ({ raw })) },
    { weight: 2, arbitrary: fc.oneof(fc.constantFrom(...unicodeEdges), fc.string({ minLength: 1, maxLength: 20 })).map((text) => ({ text })) },
  );

// ---------------------------------------------------------------- bodies

type Path = (string | number)[];

function pathsOf(value: Value, prefix: Path = []): Path[] {
  const out: Path[] = [];
  if (Array.isArray(value)) value.forEach((v, i) => out.push([...prefix, i], ...pathsOf(v, [...prefix, i])));
  else if (value && typeof value === 'object' && !(value instanceof Ref) && !(value instanceof Huge) && !(value instanceof Deep)) {
    for (const [k, v] of Object.entries(value)) out.push([...prefix, k], ...pathsOf(v as Value, [...prefix, k]));
  }
  return out;
}

function clone(value: Value): Value {
  return toNullProto(structuredCloneValue(value));
}
function structuredCloneValue(value: Value): Value {
  if (Array.isArray(value)) return value.map(structuredCloneValue);
  if (value && typeof value === 'object' && !(value instanceof Ref) && !(value instanceof Huge) && !(value instanceof Deep)) {
    return nullObject(Object.entries(value).map(([k, v]) => [k, structuredCloneValue(v as Value)]));
  }
  return value;
}

type Mutation =
  | { op: 'delete' | 'wrap' | 'typeSwap' | 'unwrap'; pick: number }
  | { op: 'replace'; pick: number; value: Value }
  | { op: 'edgeText'; pick: number; edge: string; where: 'before' | 'after' | 'upper' | 'pad' }
  | { op: 'addKey'; pick: number; key: string; value: Value };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constantFrom('delete' as const, 'wrap' as const, 'typeSwap' as const, 'unwrap' as const), pick: fc.nat() }) },
  { weight: 6, arbitrary: fc.record({ op: fc.constant('replace' as const), pick: fc.nat(), value: hostileValue }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('edgeText' as const),
      pick: fc.nat(),
      edge: fc.constantFrom(...unicodeEdges, ...loadedStrings),
      where: fc.constantFrom('before' as const, 'after' as const, 'upper' as const, 'pad' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('addKey' as const),
      pick: fc.nat(),
      key: fc.oneof(fc.constantFrom(...prototypeNames, 'api_token', 'id', 'owner_id', 'user_id', 'pk', 'status', 'pay_status', 'created_at'), fc.string({ maxLength: 10 })),
      value: hostileValue,
    }),
  },
);

function typeSwap(v: Value): Value {
  if (typeof v === 'string') return /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v === 'true' || v === 'false' ? v === 'true' : [v];
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 'yes' : 0;
  if (v === null) return 'null';
  return JSON.stringify(v);
}

/** Applies one mutation to a copy of a seed body. */
export function mutate(seed: Value, m: Mutation): Value {
  const root = clone(seed);
  const paths = pathsOf(root);
  if (m.op === 'addKey' || paths.length === 0) {
    const objects: Path[] = [[], ...paths.filter((p) => isObject(get(root, p)))];
    const target = objects[m.pick % objects.length]!;
    const node = target.length ? get(root, target) : root;
    if (isObject(node)) (node as Record<string, Value>)[m.op === 'addKey' ? m.key : '__proto__'] = m.op === 'addKey' ? m.value : nullObject();
    else if (m.op === 'addKey') return nullObject([[m.key, m.value]]);
    return root;
  }
  const path = paths[m.pick % paths.length]!;
  const parent = path.length > 1 ? get(root, path.slice(0, -1)) : root;
  const key = path[path.length - 1]!;
  const container = parent as Record<string | number, Value>;
  const current = container[key]!;
  switch (m.op) {
    case 'delete':
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete container[key];
      break;
    case 'wrap':
      container[key] = [current];
      break;
    case 'unwrap':
      container[key] = Array.isArray(current) ? (current[0] ?? null) : isObject(current) ? Object.values(current)[0]! ?? null : current;
      break;
    case 'typeSwap':
      container[key] = typeSwap(current);
      break;
    case 'replace':
      container[key] = m.value;
      break;
    case 'edgeText': {
      const text = typeof current === 'string' ? current : current instanceof Ref ? current : String(JSON.stringify(current));
      if (text instanceof Ref) container[key] = m.where === 'before' ? [m.edge, text] : text;
      else if (m.where === 'before') container[key] = m.edge + text;
      else if (m.where === 'after') container[key] = text + m.edge;
      else if (m.where === 'upper') container[key] = text.toUpperCase();
      else container[key] = `  ${text}\t\n`;
      break;
    }
  }
  return root;
}

const isObject = (v: unknown): v is Record<string, Value> =>
  !!v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Ref) && !(v instanceof Huge) && !(v instanceof Deep);

function get(root: Value, path: Path): Value {
  let node: Value = root;
  for (const seg of path) node = (node as Record<string | number, Value>)[seg]!;
  return node;
}

/** Form fields of a value: nested objects as `a[b]`, lists as `a[0][b]` or `a[]` (scalars). */
export function flatten(value: Value, style: 'indexed' | 'brackets'): [string, Value][] {
  if (!isObject(value)) return [['value', value]];
  const out: [string, Value][] = [];
  const walk = (prefix: string, v: Value) => {
    if (Array.isArray(v)) {
      if (v.length === 0) out.push([`${prefix}[]`, '']);
      const scalars = v.every((x) => !isObject(x) && !Array.isArray(x));
      v.forEach((x, i) => walk(style === 'brackets' && scalars ? `${prefix}[]` : `${prefix}[${i}]`, x));
    } else if (isObject(v)) {
      for (const [k, x] of Object.entries(v)) walk(`${prefix}[${k}]`, x);
    } else if (v instanceof Deep) {
      out.push([`${prefix}${'[a]'.repeat(Math.min(v.depth, 5_000))}`, 'deep']);
    } else out.push([prefix, v]);
  };
  for (const [k, v] of Object.entries(value)) walk(k, v);
  return out;
}

const damages = ['truncate', 'trailing', 'single-quotes', 'bom', 'nan', 'duplicate-keys', 'utf16', 'bad-utf8', 'lone-surrogate-escape', 'big-number', 'comment'] as const;
export type Damage = (typeof damages)[number];

const invalidJsonTexts = ['{', '}', '{"a":}', '[1,2', 'nul', '"unterminated', '{"a":1}{"b":2}', '\u0000', '{"a":"\\x41"}', '{"a":01}', "{'a':1}", '<xml/>', 'a=1&b=2', '--boundary--'];

const encodings = (route: Route, seed: Seed | undefined) => {
  const base = toNullProto(seed?.body ?? {});
  const costly = hashesPasswords.has(route.id);
  const objectBody = fc.oneof(
    { weight: 1, arbitrary: fc.constant(base).map((v) => ({ v, shape: 'seed' })) },
    { weight: costly ? 1 : 6, arbitrary: mutation.map((m) => ({ v: mutate(base, m), shape: `mutated:${m.op}` })) },
    { weight: costly ? 12 : 2, arbitrary: hostileValue.filter(isObject).map((v) => ({ v, shape: 'random-object' })) },
  );
  // Bracket attacks aim mostly at the fields of this route's seed (its lists above all).
  const own = isObject(base) ? Object.keys(base) : [];
  const lists = isObject(base) ? Object.entries(base).filter(([, v]) => Array.isArray(v)).map(([k]) => k) : [];
  const formKey = fc
    .oneof(
      { weight: lists.length ? 3 : 0, arbitrary: fc.constantFrom(...(lists.length ? lists : ['x'])) },
      { weight: own.length ? 2 : 0, arbitrary: fc.constantFrom(...(own.length ? own : ['x'])) },
      { weight: 1, arbitrary: fc.constantFrom(...fieldNames) },
    )
    .chain(bracketKeyAttacks);
  const formPairs = (style: 'indexed' | 'brackets') =>
    fc
      .tuple(objectBody, fc.array(fc.tuple(formKey, fc.oneof(hostileString, fc.constant(new Ref('marker')))), { maxLength: 3 }), fc.boolean())
      .map(([{ v, shape }, attacks, attacksFirst]) => {
        const pairs = flatten(v, style);
        return { pairs: attacksFirst ? [...attacks, ...pairs] : [...pairs, ...attacks], shape: `${shape}${attacks.length ? '+brackets' : ''}` };
      });
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant<{ body: Body; shape: string }>({ body: { kind: 'none' }, shape: 'none' }) },
    { weight: 6, arbitrary: objectBody.map(({ v, shape }) => ({ body: { kind: 'json', value: v } as Body, shape: `json/${shape}` })) },
    { weight: 1, arbitrary: hostileValue.map((v) => ({ body: { kind: 'json', value: v } as Body, shape: 'json/any-value' })) },
    { weight: 4, arbitrary: formPairs('indexed').map(({ pairs, shape }) => ({ body: { kind: 'form', pairs } as Body, shape: `form/${shape}` })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(formPairs('brackets'), fc.option(fc.record({ field: fc.constantFrom('file', 'key', 'upload_files[]'), name: fc.constantFrom('a.pdf', '../../x.pdf', 'é.pptx', ''), bytes: fc.constantFrom('pdf' as const, 'junk' as const, 'empty' as const) }), { nil: undefined }))
        .map(([{ pairs, shape }, file]) => ({ body: { kind: 'multipart', pairs, file } as Body, shape: `multipart/${shape}` })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(objectBody, fc.constantFrom(...damages), fc.nat())
        .map(([{ v }, damage, at]) => ({ body: { kind: 'damaged', value: v, damage, at } as Body, shape: `damaged/${damage}` })),
    },
    { weight: 1, arbitrary: fc.constantFrom(...invalidJsonTexts).map((text) => ({ body: { kind: 'raw', text } as Body, shape: 'raw/invalid' })) },
  ).map((b) => ({ ...b, route: route.id }));
};

// ---------------------------------------------------------------- tokens, clock, client, headers

const garbageTokens = fc.oneof(
  fc.constantFrom('', ' ', 'x', 'null', 'undefined', '[object Object]', 'A'.repeat(43), '../../etc', 'a'.repeat(4000), "' OR 1=1 --", '\u0000'),
  fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.split('')), minLength: 43, maxLength: 43 }),
  fc.constantFrom(...unicodeEdges),
);

/**
 * Whose token a request carries. Office routes are the organiser's (past the second factor) most
 * of the time; a delegate's token there must get 403, an organiser without the second factor its
 * own 403. Delegate routes never get the organiser's token (its session is the office's).
 */
const tokenUse = (office: boolean): fc.Arbitrary<TokenUse> => fc.record({
  who: fc.oneof(
    { weight: office ? 8 : 0, arbitrary: fc.constant('organiser' as const) },
    { weight: office ? 1 : 0, arbitrary: fc.constant('organiser.pending' as const) },
    { weight: office ? 2 : 8, arbitrary: fc.constant('own' as const) },
    { weight: office ? 1 : 2, arbitrary: fc.constant('other' as const) },
    { weight: 1, arbitrary: fc.constant('own.expired' as const) },
    { weight: 2, arbitrary: fc.constant('victim.dead' as const) },
    { weight: 3, arbitrary: fc.constant('garbage' as const) },
  ),
  slot: fc.oneof({ weight: 4, arbitrary: fc.constant('bearer' as const) }, { weight: 2, arbitrary: fc.constant('query' as const) }, { weight: 2, arbitrary: fc.constant('body' as const) }),
  garbage: garbageTokens,
  scheme: fc.oneof(
    { weight: 8, arbitrary: fc.constant('Bearer ') },
    { weight: 1, arbitrary: fc.constantFrom('bearer ', 'BEARER\t', 'Bearer  ', 'Basic ', 'Bearer', 'Token ', 'Bearer x ', '') },
  ),
});

const tokensFor = (office: boolean) =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constant<TokenUse[]>([]) },
    { weight: 10, arbitrary: tokenUse(office).map((t) => [t]) },
    { weight: 3, arbitrary: fc.tuple(tokenUse(office), tokenUse(office)).map(([a, b]) => [a, b]) },
  );
/** A door device's routes: its own token mostly; a revoked device's, a delegate's (an account is not a device) and garbage must get 401. */
const deviceTokenUse: fc.Arbitrary<TokenUse> = fc.record({
  who: fc.oneof(
    { weight: 8, arbitrary: fc.constant('device' as const) },
    { weight: 1, arbitrary: fc.constant('device.revoked' as const) },
    { weight: 1, arbitrary: fc.constant('own' as const) },
    { weight: 1, arbitrary: fc.constant('organiser' as const) },
    { weight: 3, arbitrary: fc.constant('garbage' as const) },
  ),
  slot: fc.oneof({ weight: 6, arbitrary: fc.constant('bearer' as const) }, { weight: 1, arbitrary: fc.constant('query' as const) }, { weight: 1, arbitrary: fc.constant('body' as const) }),
  garbage: garbageTokens,
  scheme: fc.oneof({ weight: 8, arbitrary: fc.constant('Bearer ') }, { weight: 1, arbitrary: fc.constantFrom('bearer ', 'Basic ', 'Bearer', '') }),
});
const tokens = {
  office: tokensFor(true),
  delegate: tokensFor(false),
  device: fc.oneof({ weight: 1, arbitrary: fc.constant<TokenUse[]>([]) }, { weight: 10, arbitrary: deviceTokenUse.map((t) => [t]) }),
};

const contentTypes = [
  'text/plain',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json;charset=latin1',
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=utf-8',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=wrong',
  'application/octet-stream',
  'application/vnd.api+json',
  'text/json',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'image/png',
  '',
];

const extraHeaders = fc.oneof(
  { weight: 8, arbitrary: fc.constant<Record<string, string>>({}) },
  {
    weight: 2,
    arbitrary: fc
      .array(
        fc.oneof(
          fc.constantFrom<[string, string]>(
            ['x-forwarded-for', '127.0.0.1'],
            ['x-forwarded-for', `1.2.3.4, ${'9.9.9.9, '.repeat(200)}5.6.7.8`],
            ['x-forwarded-for', 'not an address'],
            ['cloudfront-viewer-address', '203.0.113.9:443'],
            ['x-origin-verify', 'guessed-secret'],
            ['origin', 'http://evil.example'],
            ['origin', 'null'],
            ['host', 'evil.example'],
            ['content-encoding', 'gzip'],
            ['accept', 'text/html'],
            ['x-http-method-override', 'DELETE'],
            ['x-amzn-trace-id', 'Root=1-00000000-000000000000000000000000'],
            ['cookie', 'api_token=x'],
          ),
          fc.tuple(fc.constantFrom('x-fuzz', 'x-api-token', 'api_token'), fc.string({ unit: 'binary-ascii', maxLength: 30 })),
        ),
        { maxLength: 3 },
      )
      .map((pairs) => Object.fromEntries(pairs)),
  },
);

/**
 * The moment a route's rules are open (sent as x-app-now): orders, payments and the office while
 * registration is open, abstracts and their files before the abstract deadline (which is earlier),
 * the registration by category (its handlers' folder) inside its 2019 early fee period.
 * Without a pinned clock the portal runs at the real time, after the congress: everything closed.
 */
export function homeClock(route: Pick<RouteDef, 'path' | 'auth' | 'handler'>): string | null {
  if (route.handler.startsWith('registration-by-category/')) return CATEGORY_REGISTRATION_OPEN;
  // The doors: the congress's first day (devices are valid from now to at most 30 days on).
  if (route.handler.startsWith('checkin/') || route.path.startsWith('/office/checkin')) return DOORS_OPEN;
  if (/^\/(registration|stripe-payment|office)(\/|$)/.test(route.path)) return REGISTRATION_OPEN;
  if (/^\/(contribute|upload|poster|oral|uploads)(\/|$)/.test(route.path)) return OPEN;
  if (/^\/review(\/|$)/.test(route.path)) return REVIEW_OPEN;
  return null;
}

const clock = (route: Route) =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constant<string | null>(null) },
    { weight: homeClock(route) ? 3 : 0, arbitrary: fc.constant<string | null>(homeClock(route)) },
    { weight: 6, arbitrary: fc.constantFrom(...instants) },
    { weight: 1, arbitrary: fc.constantFrom('expired', 'not a date') },
  );

const otherMethods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'];

const pathTails = ['/', '//', '/..', '/.', '/x', '%2F', '?', '#frag', ';jsessionid=1', '/%2e%2e/login'];

const queryPairs = (seed: Seed | undefined) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant<[string, Value][]>(seed?.query ?? []) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          fc.constant<[string, Value][]>(seed?.query ?? []),
          fc.array(
            fc.tuple(
              fc.oneof(fc.constantFrom(...fieldNames, ...prototypeNames), fc.constantFrom(...fieldNames).chain(bracketKeyAttacks), fc.string({ maxLength: 8 })),
              fc.oneof(hostileString.filter((v) => !(v instanceof Huge) || v.bytes <= 4_000), hostileValue.filter((v) => !(v instanceof Huge) && !(v instanceof Deep))),
            ),
            { minLength: 1, maxLength: 4 },
          ),
          fc.nat(),
        )
        .map(([base, extra, where]): [string, Value][] => {
          if (base.length === 0) return extra;
          // Either replace the seed's value (same key) or add beside it.
          const [k] = base[where % base.length]!;
          return where % 2 ? [...base.filter(([bk]) => bk !== k), [k, extra[0]![1]], ...extra.slice(1)] : [...base, ...extra];
        }),
    },
  );

/** One request for `route`. */
export function routeRequest(route: Route): fc.Arbitrary<RequestSpec> {
  const list = seeds[route.id] ?? [undefined];
  const names = pathParams(route.path);
  const office = organiserCalls(route);
  const device = route.auth === 'device';
  const home = homeClock(route);
  return fc.nat(list.length - 1).chain((i) => {
    const seed = list[i];
    const params = fc.record(Object.fromEntries(names.map((n) => [n, paramValue(seed?.params?.[n], route)])) as Record<string, ReturnType<typeof paramValue>>);
    const hostile = fc.record({
      method: fc.oneof({ weight: 30, arbitrary: fc.constant<string>(route.method) }, { weight: 1, arbitrary: fc.constantFrom(...otherMethods) }),
      params,
      pathTail: fc.oneof({ weight: 30, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom(...pathTails) }),
      query: queryPairs(seed),
      body: encodings(route, seed),
      contentType: fc.oneof({ weight: 10, arbitrary: fc.constant<string | null>('auto') }, { weight: 2, arbitrary: fc.constantFrom<string | null>(...contentTypes, null) }),
      tokens: device ? tokens.device : office ? tokens.office : tokens.delegate,
      at: clock(route),
      client: fc.nat(63),
      headers: extraHeaders,
    });
    // "Nearly valid" all through: the delegate's own token, its own ids, a well-formed request;
    // only the body is hostile (or a seed with one field changed), so requests reach the rules.
    const coherent = fc.record({
      method: fc.constant<string>(route.method),
      params: fc.record(Object.fromEntries(names.map((n) => [n, seed?.params?.[n] ? fc.constant<SeedParam>(seed.params[n]) : paramValue(undefined, route)])) as Record<string, ReturnType<typeof paramValue>>),
      pathTail: fc.constant(''),
      query: queryPairs(seed),
      body: encodings(route, seed),
      contentType: fc.constant<string | null>('auto'),
      tokens: fc.constantFrom<TokenUse['slot']>('bearer', 'query', 'body').map((slot): TokenUse[] => [{ who: device ? 'device' : office ? 'organiser' : 'own', slot, scheme: 'Bearer ' }]),
      at: fc.oneof(
        { weight: 1, arbitrary: fc.constant<string | null>(null) },
        { weight: home ? 4 : 0, arbitrary: fc.constant<string | null>(home) },
        { weight: 4, arbitrary: fc.constantFrom(...instants) },
      ),
      client: fc.nat(63),
      headers: fc.constant<Record<string, string>>({}),
    });
    return fc.oneof({ weight: 3, arbitrary: hostile }, { weight: 1, arbitrary: coherent }).map(
      (r): RequestSpec => ({
        route: route.id,
        method: r.method,
        params: r.params,
        pathTail: r.pathTail,
        query: r.query,
        body: r.body.body,
        contentType: r.contentType,
        tokens: r.tokens,
        at: r.at,
        client: r.client,
        headers: r.headers,
        shape: r.body.shape,
      }),
    );
  });
}

/** The generator of the whole suite: one route of the table (uniformly), then one request for it. */
export function requestArbitrary(): fc.Arbitrary<RequestSpec> {
  const perRoute = new Map(routeList.map((r) => [r.id, routeRequest(r)]));
  return fc.constantFrom(...routeList.map((r) => r.id)).chain((id) => perRoute.get(id)!);
}

/** Routes the generator covers (every route of the table must be here) and those without a seed. */
export function coverage() {
  const generated = routeList.map((r) => r.id);
  const withoutSeed = routeList.filter((r) => !seeds[r.id] && (r.method !== 'GET' || pathParams(r.path).length > 0)).map((r) => r.id);
  const staleSeeds = Object.keys(seeds).filter((id) => !routeList.some((r) => r.id === id));
  return { generated, withoutSeed, staleSeeds };
}
