/**
 * Turns a generated request into bytes on the wire and sends it with node:http (fetch cannot send
 * a body with GET, bad UTF-8, or a Content-Type it did not choose). Only loopback is ever used.
 */
import http from 'node:http';
import { API_BASE, routes } from '#core/routes';
import { Deep, Huge, Ref, type Body, type RequestSpec, type TokenWho, type Value } from './model';
import { BODY_LIMIT } from './values';

export interface Resolver {
  /** The text a reference stands for right now. */
  ref(ref: Ref): string;
  /** The token of a token use (`own`, `other`, ...) or undefined for garbage. */
  token(who: Exclude<TokenWho, 'garbage'>): string;
  /** x-app-now for `expired`: after every session of the run has ended. */
  expiredInstant: string;
  clientAddress(n: number): string;
}

export interface WireRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

const MAX_QUERY_BYTES = 6_000;

/** Percent-encodes the UTF-8 bytes of a string (lone surrogates become U+FFFD, as any client would send them). */
export const pct = (text: string): string => encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

function hugeText(h: Huge): string {
  const unitBytes = Buffer.byteLength(h.unit);
  return h.unit.repeat(Math.max(1, Math.floor(h.bytes / unitBytes)));
}

/** A scalar as form/query text. */
function scalarText(v: Value, r: Resolver): string {
  if (v instanceof Ref) return r.ref(v);
  if (v instanceof Huge) return hugeText(v);
  if (v instanceof Deep) return v.shape === 'array' ? `${'['.repeat(v.depth)}${']'.repeat(v.depth)}` : `${'{"a":'.repeat(v.depth)}1${'}'.repeat(v.depth)}`;
  if (v === null) return '';
  if (typeof v === 'object') return jsonText(v, r);
  return String(v);
}

/** References that stand for a number: written into JSON unquoted (a version a save names). */
const NUMERIC_REFS = new Set<string>(['office.bankVersion']);

/** JSON text of a generated value (null-prototype objects, markers expanded). */
export function jsonText(v: Value, r: Resolver): string {
  const parts: string[] = [];
  const write = (x: Value) => {
    if (x instanceof Ref) parts.push(NUMERIC_REFS.has(x.name) && /^\d+$/.test(r.ref(x)) ? r.ref(x) : JSON.stringify(r.ref(x)));
    else if (x instanceof Huge) parts.push(JSON.stringify(hugeText(x)));
    else if (x instanceof Deep) parts.push(x.shape === 'array' ? `${'['.repeat(x.depth)}${']'.repeat(x.depth)}` : `${'{"a":'.repeat(x.depth)}1${'}'.repeat(x.depth)}`);
    else if (Array.isArray(x)) {
      parts.push('[');
      x.forEach((e, i) => {
        if (i) parts.push(',');
        write(e);
      });
      parts.push(']');
    } else if (x && typeof x === 'object') {
      parts.push('{');
      Object.entries(x).forEach(([k, e], i) => {
        if (i) parts.push(',');
        parts.push(JSON.stringify(k), ':');
        write(e as Value);
      });
      parts.push('}');
    } else parts.push(JSON.stringify(x) ?? 'null');
  };
  write(v);
  return parts.join('');
}

function damage(text: string, kind: string, at: number): Buffer {
  const cut = text.length ? at % text.length : 0;
  switch (kind) {
    case 'truncate':
      return Buffer.from(text.slice(0, cut));
    case 'trailing':
      return Buffer.from(`${text},]}`);
    case 'single-quotes':
      return Buffer.from(text.replaceAll('"', "'"));
    case 'bom':
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    case 'nan':
      return Buffer.from(text.replace(/:(".*?"|\d+|true|false)/, ':NaN'));
    case 'duplicate-keys':
      return Buffer.from(text.replace(/^\{/, '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},').replace(/\{,/, '{'));
    case 'utf16':
      return Buffer.from(text, 'utf16le');
    case 'bad-utf8': {
      // Invalid sequences inside a string: overlong '/', a CESU-8 surrogate, stray continuation, 0xFF.
      const i = text.indexOf('"', cut);
      const bad = Buffer.from([0xc0, 0xaf, 0xed, 0xa0, 0x80, 0x80, 0xff, 0xfe, 0xf4, 0x90, 0x80, 0x80]);
      if (i < 0) return Buffer.concat([Buffer.from(text), bad]);
      return Buffer.concat([Buffer.from(text.slice(0, i + 1)), bad, Buffer.from(text.slice(i + 1))]);
    }
    case 'lone-surrogate-escape':
      return Buffer.from(text.replace(/"([^"]*)"(?=\s*[,}\]])/, '"$1\\ud800"'));
    case 'big-number':
      return Buffer.from(text.replace(/:(".*?"|\d+|true|false)/, `:1${'0'.repeat(400)}`));
    case 'comment':
      return Buffer.from(`/* c */${text}// end`);
    default:
      return Buffer.from(text);
  }
}

const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW';

function multipart(pairs: [string, string][], file: Extract<Body, { kind: 'multipart' }>['file']): Buffer {
  const chunks: Buffer[] = [];
  const name = (n: string) => n.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  for (const [k, v] of pairs) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name(k)}"\r\n\r\n`), Buffer.from(v), Buffer.from('\r\n'));
  }
  if (file) {
    const bytes = file.bytes === 'pdf' ? Buffer.from('%PDF-1.4\n%%EOF\n') : file.bytes === 'junk' ? Buffer.from([0, 1, 2, 0xff, 0xfe]) : Buffer.alloc(0);
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name(file.field)}"; filename="${name(file.name)}"\r\nContent-Type: application/pdf\r\n\r\n`),
      bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** Header values must be Latin-1 without CR, LF or NUL: other text is sent as its UTF-8 bytes read as Latin-1. */
function headerSafe(value: string): string {
  const latin1 = /^[\t\x20-\x7e\x80-\xff]*$/.test(value) ? value : Buffer.from(value, 'utf8').toString('latin1');
  return latin1.replace(/[\r\n\0]/g, '?').replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');
}

export function toWire(spec: RequestSpec, r: Resolver): WireRequest {
  const route = routes[spec.route];
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const p = spec.params[name];
    if (!p) return 'missing';
    if (p instanceof Ref) return pct(r.ref(p));
    if ('raw' in p) return p.raw;
    return pct(p.text);
  });

  // Tokens: the query and body slots are filled below; bearer becomes a header.
  const tokenText = (t: RequestSpec['tokens'][number]) => (t.who === 'garbage' ? (t.garbage ?? '') : r.token(t.who));
  const headers: Record<string, string> = {};
  let at = spec.at;
  for (const t of spec.tokens) {
    if (t.who === 'own.expired') at = 'expired';
    if (t.slot === 'bearer') headers.authorization = headerSafe(`${t.scheme ?? 'Bearer '}${tokenText(t)}`);
  }
  const queryTokens: [string, Value][] = spec.tokens.filter((t) => t.slot === 'query').map((t) => ['api_token', tokenText(t)]);
  const bodyTokens: [string, string][] = spec.tokens.filter((t) => t.slot === 'body').map((t) => ['api_token', tokenText(t)]);

  let query = '';
  for (const [k, v] of [...spec.query, ...queryTokens]) {
    const pair = `${pct(k)}=${pct(scalarText(v, r))}`;
    if (query.length + pair.length > MAX_QUERY_BYTES) continue;
    query += (query ? '&' : '') + pair;
  }

  let body: Buffer | undefined;
  let autoType: string | undefined;
  const b = spec.body;
  if (b.kind === 'json') {
    let value = b.value;
    if (bodyTokens.length && value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Ref) && !(value instanceof Huge) && !(value instanceof Deep)) {
      value = Object.assign(Object.create(null) as Record<string, Value>, value, { api_token: bodyTokens.at(-1)![1] });
    }
    body = Buffer.from(jsonText(value, r));
    autoType = 'application/json';
  } else if (b.kind === 'form' || b.kind === 'multipart') {
    const pairs: [string, string][] = [...b.pairs.map(([k, v]): [string, string] => [k, scalarText(v, r)]), ...bodyTokens];
    if (b.kind === 'form') {
      body = Buffer.from(pairs.map(([k, v]) => `${pct(k)}=${pct(v)}`).join('&'));
      autoType = 'application/x-www-form-urlencoded';
    } else {
      body = multipart(pairs, b.file);
      autoType = `multipart/form-data; boundary=${boundary}`;
    }
  } else if (b.kind === 'raw') {
    body = Buffer.from(b.text);
    autoType = 'application/json';
  } else if (b.kind === 'damaged') {
    body = damage(jsonText(b.value, r), b.damage, b.at);
    autoType = b.damage === 'utf16' ? 'application/json; charset=utf-16le' : 'application/json';
  }
  // Never more than a little over the limit: enough to see the 413, not megabytes of waste.
  if (body && body.length > BODY_LIMIT + 64 * 1024) body = body.subarray(0, BODY_LIMIT + 64 * 1024);

  const contentType = spec.contentType === 'auto' ? autoType : spec.contentType;
  if (contentType !== undefined && contentType !== null) headers['content-type'] = contentType;
  if (at === 'expired') headers['x-app-now'] = r.expiredInstant;
  else if (at) headers['x-app-now'] = at;
  headers['x-local-client-ip'] = r.clientAddress(spec.client);
  for (const [k, v] of Object.entries(spec.headers)) if (k !== 'host') headers[k] = headerSafe(v);

  return { method: spec.method, path: `${API_BASE}${path}${spec.pathTail}${query ? `?${query}` : ''}`, headers, body };
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  ms: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/**
 * Sends one request to the portal; rejects on transport errors and after `timeoutMs` without an
 * answer. A keep-alive connection the server closed just as it was reused fails at once
 * (ECONNRESET/EPIPE before any answer): that request is sent again once on a new connection.
 */
export async function send(origin: string, req: WireRequest, timeoutMs: number): Promise<Answer> {
  try {
    return await sendOnce(origin, req, timeoutMs, false);
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { reusedSocket?: boolean };
    if (e.reusedSocket && (e.code === 'ECONNRESET' || e.code === 'EPIPE')) return sendOnce(origin, req, timeoutMs, true);
    throw error;
  }
}

function sendOnce(origin: string, req: WireRequest, timeoutMs: number, fresh: boolean): Promise<Answer> {
  const url = new URL(origin);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...req.headers };
    if (req.body) headers['content-length'] = req.body.length;
    const request = http.request(
      { host: url.hostname, family: 4, port: url.port, method: req.method, path: req.path, headers, agent: fresh ? false : agent, timeout: timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8'), ms: Date.now() - started }));
        res.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', (error: NodeJS.ErrnoException & { reusedSocket?: boolean }) => {
      error.reusedSocket = request.reusedSocket;
      reject(error);
    });
    if (req.body) request.end(req.body);
    else request.end();
  });
}

/** The request as a failure message shows it: method, path, headers, body (truncated). */
export function describeRequest(req: WireRequest, limit = 1_500): string {
  const body = req.body ? req.body.toString('utf8') : '';
  const shown = body.length > limit ? `${body.slice(0, limit)}... (${req.body!.length} bytes)` : body;
  const path = req.path.length > limit ? `${req.path.slice(0, limit)}... (${req.path.length} chars)` : req.path;
  const headers = Object.entries(req.headers).map(([k, v]) => `  ${k}: ${v.length > 200 ? `${v.slice(0, 200)}... (${v.length} chars)` : v}`);
  return [`${req.method} ${path}`, ...headers, shown ? `  body: ${JSON.stringify(shown)}` : '  (no body)'].join('\n');
}
