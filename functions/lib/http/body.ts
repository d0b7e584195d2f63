/**
 * Request bodies arrive as JSON, form-urlencoded or multipart (the spec's client uses all
 * three). middy's parsers turn each into an object; this module finishes the job so that
 * every handler sees the same shape whatever the encoding:
 * - bracket keys of forms are expanded: `authors[0][email]=a` -> `{ authors: [{ email: 'a' }] }`;
 * - a body still a string (no or unknown content type) is read as JSON, else refused.
 */
import { AppError } from '#core/errors';

type Json = Record<string, unknown>;

function setPath(target: Json, path: string[], value: unknown) {
  let node: Record<string, unknown> | unknown[] = target;
  path.forEach((segment, i) => {
    const last = i === path.length - 1;
    const nextIsIndex = !last && /^\d*$/.test(path[i + 1]!);
    const key: string | number = Array.isArray(node) ? (segment === '' ? node.length : Number(segment)) : segment;
    const container = node as Record<string | number, unknown>;
    if (last) {
      container[key] = value;
      return;
    }
    if (typeof container[key] !== 'object' || container[key] === null) container[key] = nextIsIndex ? [] : {};
    node = container[key] as Record<string, unknown> | unknown[];
  });
}

/** Expands `a[0][b]` and `a[]` keys into nested objects and arrays. */
export function expandBracketKeys(flat: Json): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(flat)) {
    const m = /^([^[\]]+)((?:\[[^[\]]*\])+)$/.exec(key);
    if (!m) {
      out[key] = value;
      continue;
    }
    const path = [m[1]!, ...[...m[2]!.matchAll(/\[([^[\]]*)\]/g)].map((s) => s[1]!)];
    const values = Array.isArray(value) && path[path.length - 1] === '' ? value : [value];
    for (const v of values) setPath(out, path, v);
  }
  return out;
}

export function normalizeBody(body: unknown, contentType: string | undefined): Json | undefined {
  if (body === undefined || body === null || body === '') return undefined;
  if (typeof body === 'string') {
    try {
      const parsed: unknown = JSON.parse(body);
      if (parsed && typeof parsed === 'object') return parsed as Json;
    } catch {
      // fall through
    }
    throw new AppError('bad_request', 'The request body could not be read.');
  }
  if (typeof body !== 'object') throw new AppError('bad_request', 'The request body could not be read.');
  const isForm = /^(application\/x-www-form-urlencoded|multipart\/form-data)/.test(contentType ?? '');
  return isForm ? expandBracketKeys(body as Json) : (body as Json);
}
