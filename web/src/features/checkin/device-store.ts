/**
 * What the door's phone keeps (issue 34): in IndexedDB, never localStorage (the token is the
 * device's only credential, and the copy must survive a reload with no network). One database:
 * - meta: the token, the device and its lists, the public keys, the clock's offset, the sync
 *   positions, the chosen list, the last sync;
 * - tickets: the synced tickets by id (names, entitlements, revoked: the revocation list);
 * - entries: who was let in where, by `<list>#<ticket>` (other devices' from the sync, this one's own);
 * - queue: scans answered offline, in order, until the server has them.
 */
import type { ScanInput } from '#core/checkin/record-scans';
import type { Ticket } from '#core/checkin/tickets';
import type { AnswerKind, PriorEntry } from '#core/checkin/scan-rules';

const DB_NAME = 'iacr-checkin';
const VERSION = 1;

export interface DeviceMeta {
  token: string;
  device: { id: string; name: string; lists: string[]; valid_until: string };
  keys: Record<string, string>;
  edition: number;
  /** Server time minus this phone's clock, from the last sync (the answers' "today"). */
  offsetMs: number;
  ticketsResume: string | null;
  entriesResume: string | null;
  lastSyncAt: string | null;
  list: string | null;
}

export interface StoredEntry extends PriorEntry {
  key: string;
  list: string;
  ticket_id: string;
}

/** A scan answered on the phone and waiting to be sent: the server's scan (`scansBody`), offline, with its place in the queue. */
export type QueuedScan = ScanInput & {
  offline: true;
  answer: AnswerKind;
  /** The order the scans were made in (the server records them in this order). */
  seq: number;
};

export const entryKey = (list: string, ticketId: string) => `${list}#${ticketId}`;

let opened: Promise<IDBDatabase> | undefined;

function db(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, VERSION);
    request.onupgradeneeded = () => {
      const d = request.result;
      d.createObjectStore('meta');
      d.createObjectStore('tickets', { keyPath: 'id' });
      d.createObjectStore('entries', { keyPath: 'key' });
      d.createObjectStore('queue', { keyPath: 'id' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
  });
  return opened;
}

const done = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB'));
  });

const result = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
  });

async function all<T>(store: string): Promise<T[]> {
  return result((await db()).transaction(store).objectStore(store).getAll() as IDBRequest<T[]>);
}

async function putAll(store: string, items: readonly unknown[]) {
  if (!items.length) return;
  const tx = (await db()).transaction(store, 'readwrite');
  for (const item of items) tx.objectStore(store).put(item);
  await done(tx);
}

export const deviceStore = {
  async meta(): Promise<DeviceMeta | undefined> {
    return result(
      (await db()).transaction('meta').objectStore('meta').get('device') as IDBRequest<
        DeviceMeta | undefined
      >,
    );
  },
  async setMeta(meta: DeviceMeta) {
    const tx = (await db()).transaction('meta', 'readwrite');
    tx.objectStore('meta').put(meta, 'device');
    await done(tx);
  },
  tickets: () => all<Ticket>('tickets'),
  putTickets: (tickets: readonly Ticket[]) => putAll('tickets', tickets),
  entries: () => all<StoredEntry>('entries'),
  putEntries: (entries: readonly StoredEntry[]) => putAll('entries', entries),
  queue: async () => (await all<QueuedScan>('queue')).sort((a, b) => a.seq - b.seq),
  enqueue: (scan: QueuedScan) => putAll('queue', [scan]),
  async dequeue(ids: readonly string[]) {
    const tx = (await db()).transaction('queue', 'readwrite');
    for (const id of ids) tx.objectStore('queue').delete(id);
    await done(tx);
  },
  /** A new pairing: the earlier device's copy and queue go (its token no longer works). */
  async clear() {
    const tx = (await db()).transaction(['meta', 'tickets', 'entries', 'queue'], 'readwrite');
    for (const store of ['meta', 'tickets', 'entries', 'queue']) tx.objectStore(store).clear();
    await done(tx);
  },
};
