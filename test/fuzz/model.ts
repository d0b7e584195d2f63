/**
 * What the generators produce: a request described symbolically, so that a seed gives the same
 * requests whatever the portal answered before. Values that depend on the portal (tokens, ids,
 * keys of the actors) are `Ref`s resolved at send time; very large or deep values are `Huge` and
 * `Deep` markers expanded only when the request is written (fast-check never holds 6 MB strings).
 */
import type { RouteId } from '#core/routes';

/** Who a reference points at: the worker's attacker (`own`), its accomplice (`other`), the shared victim. */
export type Actor = 'own' | 'other' | 'victim';

export type RefName =
  | `${Actor}.token`
  | `${Actor}.userId`
  | `${Actor}.email`
  | `${Actor}.abstractId`
  | `${Actor}.fileId`
  | `${Actor}.pendingFileId`
  | `${Actor}.anyId`
  | `${Actor}.key`
  | `${Actor}.unconfirmedKey`
  | `${Actor}.updatedAt`
  /** Registration orders (ORDER# items of the actor) and the passport pages it confirmed. */
  | `${Actor}.orderId`
  | `${Actor}.checksum`
  | `${Actor}.reference`
  | `${Actor}.orderNo`
  | `${Actor}.passportFileId`
  /** A base64 bank statement (CSV) with a line paying the actor's first order in part. */
  | 'own.statement'
  /** Objects of the registration office made in setup (world.ts, OfficeWorld). */
  | 'office.lineId'
  | 'office.importId'
  | 'office.exportId'
  | 'office.mailJobId'
  | 'office.bankVersion'
  | 'office.orderCursor'
  | 'office.reconciliationId'
  | 'office.publicationId'
  | 'own.password'
  | 'own.resetToken'
  | 'own.expiredToken'
  | 'victim.deadToken'
  | 'fresh.email'
  | 'marker';

/** A value known only at send time. `pick` chooses among several candidates (e.g. which abstract). */
export class Ref {
  constructor(
    readonly name: RefName,
    readonly pick = 0,
  ) {}
  toJSON() {
    return `<${this.name}#${this.pick}>`;
  }
}

/** `unit` repeated up to `bytes` UTF-8 bytes. */
export class Huge {
  constructor(
    readonly unit: string,
    readonly bytes: number,
  ) {}
  toJSON() {
    return `<${JSON.stringify(this.unit)} x ${this.bytes} bytes>`;
  }
}

/** Nesting `depth` levels deep: arrays `[[[...]]]` or objects `{"a":{"a":...}}` (JSON), `a[a][a]...` (forms). */
export class Deep {
  constructor(
    readonly depth: number,
    readonly shape: 'array' | 'object',
  ) {}
  toJSON() {
    return `<${this.shape} nested ${this.depth} deep>`;
  }
}

/** A generated value: JSON plus the three markers. Objects are null-prototype so `__proto__` is a plain key. */
export type Value = null | boolean | number | string | Ref | Huge | Deep | Value[] | { [key: string]: Value };

export type TokenSlot = 'bearer' | 'query' | 'body';
/**
 * `organiser`: the run's organiser, past the second factor (office routes only); `organiser.pending`:
 * an organiser who never set up the second factor (refused with its own message); `device`: the
 * run's paired door device (device routes); `device.revoked`: a device the office revoked.
 */
export type TokenWho = 'own' | 'other' | 'own.expired' | 'victim.dead' | 'garbage' | 'organiser' | 'organiser.pending' | 'device' | 'device.revoked';
export interface TokenUse {
  who: TokenWho;
  slot: TokenSlot;
  /** For `garbage`: the token text; for bearer: how the header is written. */
  garbage?: string;
  scheme?: string;
}

export type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: Value }
  /** Fields of a form: keys may hold brackets (`a[0][b]`), values are strings or markers. */
  | { kind: 'form'; pairs: [string, Value][] }
  | { kind: 'multipart'; pairs: [string, Value][]; file?: { field: string; name: string; bytes: 'pdf' | 'junk' | 'empty' } }
  /** Text as given (invalid JSON, stray formats). */
  | { kind: 'raw'; text: string }
  /** A JSON body broken after it is written: truncated, re-encoded, invalid UTF-8 spliced in. */
  | { kind: 'damaged'; value: Value; damage: string; at: number };

export interface RequestSpec {
  route: RouteId;
  /** Usually the route's own method; now and then another one (the gateway must answer 404). */
  method: string;
  /** Path parameter values: a Ref, or a raw segment written as is into the URL (already escaped). */
  params: Record<string, Ref | { raw: string } | { text: string }>;
  /** Extra path text after the route path (`/`, `/..`, `;x`); usually empty. */
  pathTail: string;
  query: [string, Value][];
  body: Body;
  /** Content-Type as sent: `auto` follows the body kind; null sends none. */
  contentType: string | null | 'auto';
  tokens: TokenUse[];
  /** x-app-now: an ISO instant, `expired` (after every session of the run), or none. */
  at: string | null;
  client: number;
  headers: Record<string, string>;
  /** Which generator made the body (figures). */
  shape: string;
}
