/**
 * What the office's search boxes accept, and the page links of its paged lists. DynamoDB has no
 * full-text search, so each search is one access pattern
 * (docs/decisions/0014-the-offices-delegates-abstracts-and-audit-log.md): a whole e-mail
 * address (the address claim), a name prefix (the name keys), an abstract by its id; anything
 * else is refused with what can be searched.
 */
import { normaliseName } from '../accounts/name-key';
import { normalizeEmail } from '../accounts/email';
import { invalid } from '../errors';

export const searchMessages = {
  nameTooShort: 'Type the start of a name (at least one letter) or a whole e-mail address.',
  badCursor: 'This page link is no longer valid. Start again from the first page.',
  badDay: 'Please give the day as YYYY-MM-DD.',
} as const;

export type DelegateSearch = { kind: 'all' } | { kind: 'email'; email: string } | { kind: 'name'; prefix: string };

/** An address (it has an @) is looked up exactly; anything else is the start of a name. */
export function parseDelegateSearch(text: string | undefined): DelegateSearch {
  const q = (text ?? '').trim();
  if (q.length === 0) return { kind: 'all' };
  if (q.includes('@')) return { kind: 'email', email: normalizeEmail(q) };
  const prefix = normaliseName(q);
  if (prefix.length === 0) throw invalid(searchMessages.nameTooShort, { q: searchMessages.nameTooShort });
  return { kind: 'name', prefix };
}

/** The audit log's actor filter: an address (any case), an account id, or a kind (`stripe`, `system`). */
export const normaliseActorFilter = (text: string | undefined) => {
  const a = (text ?? '').trim();
  return a.length === 0 ? undefined : a.includes('@') ? normalizeEmail(a) : a;
};

/**
 * A page link: where the next page starts (a table key), opaque to the browser. It is checked
 * when it comes back: only the names the list uses, only short strings (a forged link reads no
 * other partition: the storage puts its own partition value back over it).
 */
export function encodeCursor(position: Record<string, string | number>): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

export function decodeCursor(cursor: string | undefined, names: readonly string[]): Record<string, string | number> | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const refuse = () => invalid(searchMessages.badCursor, { cursor: searchMessages.badCursor });
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw refuse();
  const entries = Object.entries(value as Record<string, unknown>);
  const ok =
    entries.length === names.length &&
    entries.every(([k, v]) => names.includes(k) && ((typeof v === 'string' && v.length <= 600) || (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 10)));
  if (!ok) throw refuse();
  return Object.fromEntries(entries) as Record<string, string | number>;
}

/**
 * The log of one day of China Standard Time, as the parts of the per-day (UTC) log partitions it
 * covers, newest first: the CST day D runs from D-1 16:00 UTC to D 16:00 UTC.
 */
export function cstDayParts(day: string): { partitionDay: string; from?: string; before?: string }[] {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) throw invalid(searchMessages.badDay, { day: searchMessages.badDay });
  const previous = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return [
    { partitionDay: day, before: `${day}T16:00:00.000Z` },
    { partitionDay: previous, from: `${previous}T16:00:00.000Z` },
  ];
}
