/**
 * Request bodies and query strings, read by our own parser from the raw event, whatever the
 * encoding (the spec's client sends JSON, form-urlencoded and multipart). Every request is
 * hostile until parsed, so:
 * - every object built here has a null prototype, and a key segment `__proto__`, `constructor`
 *   or `prototype` anywhere (JSON keys, form field names, bracket segments, query names) refuses
 *   the request with 422: nothing a request sends can reach Object.prototype;
 * - bracket keys of forms are expanded (`authors[0][email]=a` -> `{ authors: [{ email: 'a' }] }`)
 *   with at most `bodyLimits.maxIndex` as an index, no holes in arrays and a bounded depth, so
 *   60 bytes cannot build a 20-million-slot array;
 * - JSON nesting is bounded, so a walk over the value cannot exhaust the stack;
 * - a body with no or an unknown content type is read as JSON, else refused (400).
 */
import type * as BusboyModule from '@fastify/busboy';
import { AppError } from '#core/errors';

export type Json = Record<string, unknown>;

export const bodyLimits = {
  /** Fields of a form (or names of a query). */
  maxFields: 1000,
  /** Largest array index in a bracket key (`authors[100][email]`). */
  maxIndex: 100,
  /** Bracket segments after the name (`a[b][c]` has 2). */
  maxBracketDepth: 8,
  /** Nesting of JSON objects and arrays. */
  maxJsonDepth: 32,
} as const;

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

export const bodyMessages = {
  unreadable: 'The request body could not be read.',
  forbiddenKey: (key: string) => `The request contains a field name that is not allowed: ${key}.`,
  tooManyFields: `The request has too many fields (at most ${bodyLimits.maxFields}).`,
  indexTooLarge: (key: string) => `The list index in ${key} is too large (at most ${bodyLimits.maxIndex}).`,
  tooDeep: 'The request is nested too deeply.',
  sparse: (name: string) => `The list ${name} has gaps: number its entries from 0 without skipping any.`,
  conflict: (name: string) => `The field ${name} is given more than once in different shapes.`,
  fieldTooLong: (name: string) => `The field ${name.slice(0, 100)} is too long.`,
  notUnicode: 'The request contains text that is not valid Unicode (a lone surrogate such as \\ud800).',
  fileField: 'Files are not sent in this request: upload them first (POST /uploads/presign) and send the upload key.',
};

const refuse = (message: string) => new AppError('validation', message, { errors: { _: message } });

/** An object that inherits nothing. */
export const record = (): Json => Object.create(null) as Json;

function assertAllowedKey(key: string) {
  if (FORBIDDEN.has(key)) throw refuse(bodyMessages.forbiddenKey(key));
}

/** Own, allowed keys only: the one way this module writes a property. */
function put(target: Json | unknown[], key: string | number, value: unknown) {
  if (typeof key === 'string') assertAllowedKey(key);
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

const own = (target: object, key: string | number) => Object.hasOwn(target, key);

// ---------------------------------------------------------------------------------------------
// Form fields: `name`, `name[]`, `name[0][key]`, ...

type Container = Json | unknown[];

function splitKey(key: string): string[] {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])+)$/.exec(key);
  if (!m) return [key];
  const segments = [...m[2]!.matchAll(/\[([^[\]]*)\]/g)].map((s) => s[1]!);
  if (segments.length > bodyLimits.maxBracketDepth) throw refuse(bodyMessages.tooDeep);
  return [m[1]!, ...segments];
}

const isIndexSegment = (segment: string) => segment === '' || /^\d+$/.test(segment);

function childKey(node: Container, segment: string, fullKey: string, name: string): string | number {
  if (Array.isArray(node)) {
    if (segment === '') return node.length;
    if (!/^\d+$/.test(segment)) throw refuse(bodyMessages.conflict(name));
    const index = Number(segment);
    if (index > bodyLimits.maxIndex) throw refuse(bodyMessages.indexTooLarge(fullKey));
    return index;
  }
  assertAllowedKey(segment);
  return segment;
}

function setField(target: Json, key: string, value: unknown) {
  const path = splitKey(key);
  for (const segment of path) if (!isIndexSegment(segment)) assertAllowedKey(segment);
  const name = path[0]!;
  let node: Container = target;
  for (let i = 0; i < path.length; i++) {
    const slot = childKey(node, path[i]!, key, name);
    if (typeof slot === 'number' && slot >= bodyLimits.maxIndex + 1) throw refuse(bodyMessages.indexTooLarge(key));
    const last = i === path.length - 1;
    if (last) {
      if (own(node, slot) && !Array.isArray(node)) {
        // `a=1&a=2`: a list of both, as HTML forms send repeated names.
        const previous = (node as Json)[slot as string];
        if (previous !== null && typeof previous === 'object' && !Array.isArray(previous)) throw refuse(bodyMessages.conflict(name));
        put(node, slot, Array.isArray(previous) ? [...previous, value] : [previous, value]);
      } else if (own(node, slot) && Array.isArray(node)) {
        throw refuse(bodyMessages.conflict(name));
      } else {
        put(node, slot, value);
      }
      return;
    }
    const wantsArray = isIndexSegment(path[i + 1]!);
    const existing: unknown = own(node, slot) ? (node as Record<string | number, unknown>)[slot] : undefined;
    if (existing === undefined) {
      const child: Container = wantsArray ? [] : record();
      put(node, slot, child);
      node = child;
    } else if (existing !== null && typeof existing === 'object' && Array.isArray(existing) === wantsArray) {
      node = existing as Container;
    } else {
      throw refuse(bodyMessages.conflict(name));
    }
  }
}

/** Refuses arrays with holes (`a[0]=x&a[5]=y`) anywhere in an expanded form. */
function assertDense(value: unknown, name: string) {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      if (!own(value, i)) throw refuse(bodyMessages.sparse(name));
      assertDense(value[i], name);
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) assertDense(v, k);
  }
}

/** Expands `a[0][b]` and `a[]` keys of form fields (in arrival order) into nested objects and arrays. */
export function expandFields(fields: Iterable<readonly [string, unknown]>): Json {
  const out = record();
  let count = 0;
  for (const [key, value] of fields) {
    if (++count > bodyLimits.maxFields) throw refuse(bodyMessages.tooManyFields);
    setField(out, key, value);
  }
  for (const [k, v] of Object.entries(out)) assertDense(v, k);
  return out;
}

// ---------------------------------------------------------------------------------------------
// JSON

/** Half of a UTF-16 surrogate pair without its other half: JSON can carry it (`"\\ud800"`), UTF-8 cannot. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function assertUnicode(text: string) {
  if (LONE_SURROGATE.test(text)) throw refuse(bodyMessages.notUnicode);
}

/**
 * Refuses forbidden keys, excessive nesting and text that is not valid Unicode anywhere in a
 * parsed JSON value (iteratively). Text with a lone surrogate could be stored but not mailed or
 * shown (SES and encodeURIComponent throw on it), so it is refused before anything is kept.
 */
function checkJson(root: unknown) {
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string') assertUnicode(value);
    if (value === null || typeof value !== 'object') continue;
    if (depth >= bodyLimits.maxJsonDepth) throw refuse(bodyMessages.tooDeep);
    if (Array.isArray(value)) {
      for (const item of value) stack.push([item, depth + 1]);
    } else {
      for (const key of Object.keys(value)) {
        assertAllowedKey(key);
        assertUnicode(key);
        stack.push([(value as Json)[key], depth + 1]);
      }
    }
  }
}

function parseJson(text: string): Json {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError('bad_request', bodyMessages.unreadable);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new AppError('bad_request', bodyMessages.unreadable);
  checkJson(parsed);
  return parsed as Json;
}

// ---------------------------------------------------------------------------------------------
// Multipart

/** Loaded for the first multipart body only (the spec's client sends few; most bodies are JSON). */
let busboyModule: Promise<typeof BusboyModule> | undefined;

async function parseMultipart(bytes: Buffer, contentType: string): Promise<Json> {
  const { default: Busboy } = await (busboyModule ??= import('@fastify/busboy'));
  return new Promise((resolve, reject) => {
    const fields: [string, string][] = [];
    let failed: Error | undefined;
    const fail = (error: Error) => {
      failed ??= error;
    };
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: { 'content-type': contentType },
        limits: { fields: bodyLimits.maxFields, fieldSize: 1024 * 1024, files: 0, parts: bodyLimits.maxFields + 1 },
      });
    } catch {
      reject(new AppError('bad_request', bodyMessages.unreadable));
      return;
    }
    parser
      .on('field', (name, value, _nameTruncated, valueTruncated) => {
        if (valueTruncated) fail(refuse(bodyMessages.fieldTooLong(name)));
        fields.push([name, value]);
      })
      .on('filesLimit', () => fail(refuse(bodyMessages.fileField)))
      .on('fieldsLimit', () => fail(refuse(bodyMessages.tooManyFields)))
      .on('partsLimit', () => fail(refuse(bodyMessages.tooManyFields)))
      .on('error', () => reject(new AppError('bad_request', bodyMessages.unreadable)))
      .on('finish', () => {
        if (failed) return reject(failed);
        try {
          resolve(expandFields(fields));
        } catch (error) {
          reject(error as Error);
        }
      });
    parser.end(bytes);
  });
}

// ---------------------------------------------------------------------------------------------

export interface RawBody {
  body?: string | null;
  isBase64Encoded?: boolean;
  contentType?: string;
}

/** The body of a request as one null-prototype object, or undefined when it has none. */
export async function parseBody({ body, isBase64Encoded, contentType = '' }: RawBody): Promise<Json | undefined> {
  if (body === undefined || body === null || body === '') return undefined;
  const bytes = isBase64Encoded ? Buffer.from(body, 'base64') : Buffer.from(body, 'utf8');
  if (bytes.length === 0) return undefined;
  const type = contentType.toLowerCase();
  if (type.startsWith('application/x-www-form-urlencoded')) {
    return expandFields(new URLSearchParams(bytes.toString('utf8')));
  }
  if (type.startsWith('multipart/form-data')) return parseMultipart(bytes, contentType);
  return parseJson(bytes.toString('utf8'));
}

/** Query parameters as a null-prototype object, with the same refusals as a form. */
export function parseQuery(query: Record<string, string | undefined> | null | undefined): Json {
  const out = record();
  if (!query) return out;
  const entries = Object.keys(query);
  if (entries.length > bodyLimits.maxFields) throw refuse(bodyMessages.tooManyFields);
  for (const key of entries) {
    const value = query[key];
    if (value !== undefined) put(out, key, value);
  }
  return out;
}

/** A string field of a parsed body or query, never an inherited one. */
export function ownString(source: Json | undefined, key: string): string | undefined {
  if (!source || !Object.hasOwn(source, key)) return undefined;
  const value = source[key];
  return typeof value === 'string' ? value : undefined;
}
