/**
 * The door device's calls (routes with `auth: 'device'`): its own token as `Authorization: Bearer`,
 * never the delegate's or organiser's session. A call that cannot reach the server rejects with
 * `Unreachable`, which the app takes as "offline" (no one switches a mode by hand); a refused
 * token rejects with `DeviceEnded`.
 */
import type { ScanInput } from '#core/checkin/record-scans';
import { API_BASE, routes, type RouteDef } from '#core/routes';
import { LANGUAGE_HEADER } from '#core/i18n/lang';
import type { Envelope } from '#core/envelope';
import type { DeviceSetup, SyncPage } from '#core/checkin/device-sync';
import type { Ticket } from '#core/checkin/tickets';
import type { ScanResult } from '#core/checkin/record-scans';
import type { Entry } from '#core/checkin/ports';
import { pageLang } from '../../i18n/page-lang';

export class Unreachable extends Error {
  constructor() {
    super('unreachable');
    this.name = 'Unreachable';
  }
}
export class DeviceEnded extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeviceEnded';
  }
}
export class Refused extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
    this.name = 'Refused';
  }
  /** The request itself is wrong (400, 422): sending it again will never work. */
  get unreadable() {
    return this.code === 400 || this.code === 422;
  }
}

async function call<T>(
  route: RouteDef,
  options: { token?: string; query?: Record<string, string | undefined>; body?: unknown; timeoutMs?: number },
): Promise<T> {
  const url = new URL(`${API_BASE}${route.path}`, window.location.origin);
  for (const [k, v] of Object.entries(options.query ?? {})) if (v) url.searchParams.set(k, v);
  const headers: Record<string, string> = { accept: 'application/json', [LANGUAGE_HEADER]: pageLang() };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method: route.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      cache: 'no-store',
    });
  } catch {
    throw new Unreachable();
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    // A gateway's error page, a captive portal: not our server's answer.
    throw new Unreachable();
  }
  if (envelope.code === 401 && options.token) throw new DeviceEnded(envelope.message);
  if (envelope.code !== 200) throw new Refused(envelope.message, envelope.code);
  return envelope.data;
}

/** A scan as the server reads it (core/checkin/record-scans.ts `scansBody`): one schema for both. */
export type ScanToSend = ScanInput;

export type SyncedEntry = Pick<Entry, 'list' | 'ticket_id' | 'at' | 'device_name' | 'device_id'>;

export const deviceApi = {
  pair: (code: string) =>
    call<{ token: string; device: DeviceSetup['device'] }>(routes.pairCheckinDevice, { body: { code } }),
  setup: (token: string) => call<DeviceSetup>(routes.getCheckinDevice, { token }),
  tickets: (token: string, q: { after?: string; since?: string }) =>
    call<SyncPage<Ticket>>(routes.getCheckinTickets, { token, query: q }),
  entries: (token: string, q: { after?: string; since?: string }) =>
    call<SyncPage<SyncedEntry>>(routes.getCheckinEntries, { token, query: q }),
  scans: (token: string, scans: ScanToSend[], timeoutMs?: number) =>
    call<{ results: ScanResult[] }>(routes.postCheckinScans, { token, body: { scans }, timeoutMs }),
};
