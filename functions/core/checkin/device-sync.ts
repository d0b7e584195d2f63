/**
 * What a door's device keeps for working offline (issue 34, decision 0070), read in pages:
 *
 * - the device itself, its lists, the public keys that verify tickets, the congress's edition;
 * - the tickets changed since its last sync (names, entitlements, revoked or not): a ticket paid
 *   after the last sync still passes on its signed payload, a revocation needs the sync;
 * - the entries other devices recorded at its lists (so an offline device still says "already
 *   admitted at 08:02 on desk B" for what it heard of before the network went).
 *
 * Each list is read by its position (the last item's sort key). `after` continues a sync exactly;
 * `since` starts the next one a minute before where the last one ended, because an index is read
 * a moment behind its writes: items are read twice rather than missed, and the device keeps
 * tickets and entries by their ids, so reading one again changes nothing.
 */
import * as z from 'zod/mini';
import { conference } from '../config/conference';
import { CHECKIN_LISTS } from './lists';
import type { Device, Entry } from './ports';
import type { Ticket } from './tickets';

/** How far a new sync reaches back behind where the last one ended. */
export const RESYNC_OVERLAP_MS = 60_000;
export const SYNC_PAGE = 500;

/** A position: an index sort key as this gave it (`<ISO instant>#<id>`). */
const position = z.string().check(z.maxLength(200), z.regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?Z#[A-Za-z0-9#_-]{1,180}$/));
export const syncQuery = z.strictObject({ after: z.optional(position), since: z.optional(position) });
export type SyncQuery = z.output<typeof syncQuery>;

export interface SyncPage<T> {
  items: T[];
  /** Where the next page starts (exactly: `after`), or null when this was the last page. */
  next: string | null;
  /** Where the next sync starts (`since`): the last item's position, or the one given. */
  resume: string | null;
}

export interface SyncStore {
  /** Orders' tickets by their last change, from `from` (exclusive). */
  ticketsFrom(from: string | undefined, limit: number): Promise<{ items: { sort: string; tickets: Ticket[] }[]; last: string | null; more: boolean }>;
  /** Entries by when they were recorded, from `from` (exclusive). */
  entriesFrom(from: string | undefined, limit: number): Promise<{ items: { sort: string; entry: Entry }[]; last: string | null; more: boolean }>;
}

/** The lower bound a query reads from: exactly `after`, or a minute before `since`. */
export function readFrom(q: SyncQuery): string | undefined {
  if (q.after) return q.after;
  if (!q.since) return undefined;
  const [at] = q.since.split('#');
  return `${new Date(Date.parse(at!) - RESYNC_OVERLAP_MS).toISOString()}#`;
}

export function deviceSetup(device: Device, publicKeys: Record<string, string>, now: Date) {
  return {
    device: { id: device.id, name: device.name, lists: device.lists, valid_until: device.valid_until },
    lists: CHECKIN_LISTS.filter((l) => device.lists.includes(l.id)).map((l) => ({ id: l.id, day: l.day ?? null, needs: l.needs ?? null, reentry: l.reentry })),
    keys: publicKeys,
    edition: conference.edition,
    server_time: now.toISOString(),
  };
}
export type DeviceSetup = ReturnType<typeof deviceSetup>;

export async function ticketsSince(store: SyncStore, q: SyncQuery): Promise<SyncPage<Ticket>> {
  const page = await store.ticketsFrom(readFrom(q), SYNC_PAGE);
  return { items: page.items.flatMap((i) => i.tickets), next: page.more ? page.last : null, resume: page.last ?? q.after ?? q.since ?? null };
}

/** The entries at the device's lists (what it does not scan, it need not know). */
export async function entriesSince(store: SyncStore, device: Device, q: SyncQuery): Promise<SyncPage<Pick<Entry, 'list' | 'ticket_id' | 'at' | 'device_name' | 'device_id'>>> {
  const page = await store.entriesFrom(readFrom(q), SYNC_PAGE);
  const items = page.items.filter((i) => device.lists.includes(i.entry.list)).map(({ entry: e }) => ({ list: e.list, ticket_id: e.ticket_id, at: e.at, device_name: e.device_name, device_id: e.device_id }));
  return { items, next: page.more ? page.last : null, resume: page.last ?? q.after ?? q.since ?? null };
}
