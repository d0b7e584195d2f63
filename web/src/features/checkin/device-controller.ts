/**
 * The door device's state and work (issue 34), without React: pairing, the sync (the device, its
 * tickets and other devices' entries, page by page; at start, every 30 s and when the network
 * returns), and the scan. A scan is answered from the phone's copy at once and, when the network
 * seems up, by the server within about 2 s (it knows of other desks' entries and revocations);
 * otherwise the phone's answer stands and the scan waits in the queue, sent with the next sync.
 * Nobody switches an offline mode: a call that cannot reach the server is the signal.
 */
import { admits, type PriorEntry, type ScanAnswer, type Scanned } from '#core/checkin/scan-rules';
import type { Ticket } from '#core/checkin/tickets';
import { MAX_SCANS_PER_BATCH } from '#core/checkin/record-scans';
import { doors } from '#core/config/conference';
import { DeviceEnded, Refused, Unreachable, deviceApi, type ScanToSend } from './device-api';
import { deviceStore, entryKey, type DeviceMeta, type QueuedScan, type StoredEntry } from './device-store';
import { answerLocally } from './local-answer';

/** How long a scan waits for the server's answer before the phone's own stands. */
export const ONLINE_ANSWER_MS = doors.onlineAnswerMs;
export const SYNC_EVERY_MS = doors.syncEveryMs;

export interface ScanOutcome {
  id: string;
  answer: ScanAnswer;
  ticket: Ticket | null;
  /** Answered by the phone (the server was not reached in time): queued. */
  local: boolean;
}

export interface DeviceState {
  phase: 'loading' | 'unpaired' | 'pairing' | 'ready';
  meta: DeviceMeta | null;
  ticketCount: number;
  queueLength: number;
  /** The last call reached the server, and the browser says it has a network. */
  reachable: boolean;
  syncing: boolean;
  syncFailed: boolean;
  /** The token was refused (revoked, expired, renewed elsewhere). */
  ended: boolean;
  pairError: string | null;
}

type Listener = () => void;

export class DeviceController {
  private state: DeviceState = {
    phase: 'loading',
    meta: null,
    ticketCount: 0,
    queueLength: 0,
    reachable: true,
    syncing: false,
    syncFailed: false,
    ended: false,
    pairError: null,
  };
  private listeners = new Set<Listener>();
  private tickets = new Map<string, Ticket>();
  private entries = new Map<string, StoredEntry>();
  private seq = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private syncRun: Promise<void> | undefined;

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  snapshot = () => this.state;

  private set(patch: Partial<DeviceState>) {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  private get meta(): DeviceMeta {
    return this.state.meta!;
  }

  /** Server time (the tickets' validity and the scans' instants follow the server's clock). */
  now(): Date {
    return new Date(Date.now() + (this.state.meta?.offsetMs ?? 0));
  }

  async start() {
    const online = () => void this.sync();
    const offline = () => this.set({ reachable: false });
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    this.timer = setInterval(() => void this.sync(), SYNC_EVERY_MS);
    const meta = await deviceStore.meta();
    if (meta) {
      for (const t of await deviceStore.tickets()) this.tickets.set(t.id, t);
      for (const e of await deviceStore.entries()) this.entries.set(e.key, e);
      const queue = await deviceStore.queue();
      this.seq = queue.reduce((n, q) => Math.max(n, q.seq), 0);
      this.set({
        phase: 'ready',
        meta,
        ticketCount: this.tickets.size,
        queueLength: queue.length,
        reachable: navigator.onLine,
      });
      void this.sync();
    } else {
      this.set({ phase: 'unpaired' });
    }
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      clearInterval(this.timer);
    };
  }

  async pair(code: string) {
    this.set({ phase: 'pairing', pairError: null });
    try {
      const { token, device } = await deviceApi.pair(code);
      const earlier = await deviceStore.meta();
      // Another device's copy goes; the same device paired again (a renewed code) keeps its queue.
      if (earlier && earlier.device.id !== device.id) {
        await deviceStore.clear();
        this.tickets.clear();
        this.entries.clear();
      }
      const meta: DeviceMeta = {
        token,
        device,
        keys: earlier?.keys ?? {},
        edition: earlier?.edition ?? 0,
        offsetMs: earlier?.offsetMs ?? 0,
        ticketsResume: earlier?.device.id === device.id ? earlier.ticketsResume : null,
        entriesResume: earlier?.device.id === device.id ? earlier.entriesResume : null,
        lastSyncAt: null,
        // The same device paired again keeps the desk's list; a new one with one list starts on it.
        list:
          earlier?.device.id === device.id && earlier.list && device.lists.includes(earlier.list)
            ? earlier.list
            : device.lists.length === 1
              ? device.lists[0]!
              : null,
      };
      await deviceStore.setMeta(meta);
      this.set({
        phase: 'ready',
        meta,
        ended: false,
        ticketCount: this.tickets.size,
        queueLength: (await deviceStore.queue()).length,
      });
      await this.sync();
    } catch (error) {
      this.set({
        phase: this.state.meta ? 'ready' : 'unpaired',
        pairError: error instanceof Refused ? error.message : 'unreachable',
      });
    }
  }

  async forget() {
    await deviceStore.clear();
    this.tickets.clear();
    this.entries.clear();
    this.set({ phase: 'unpaired', meta: null, ticketCount: 0, queueLength: 0, ended: false });
  }

  async chooseList(list: string) {
    const meta = { ...this.meta, list };
    await deviceStore.setMeta(meta);
    this.set({ meta });
  }

  /** One sync at a time; a call while one runs waits for it. */
  sync(): Promise<void> {
    if (this.state.phase !== 'ready' || this.state.ended) return Promise.resolve();
    this.syncRun ??= this.runSync().finally(() => (this.syncRun = undefined));
    return this.syncRun;
  }

  private async runSync() {
    this.set({ syncing: true });
    try {
      const token = this.meta.token;
      const sent = Date.now();
      const setup = await deviceApi.setup(token);
      const offsetMs = Date.parse(setup.server_time) - (sent + Date.now()) / 2;
      let meta: DeviceMeta = {
        ...this.meta,
        device: setup.device,
        keys: setup.keys,
        edition: setup.edition,
        offsetMs,
      };
      if (meta.list && !setup.device.lists.includes(meta.list)) meta.list = null;
      if (!meta.list && setup.device.lists.length === 1) meta.list = setup.device.lists[0]!;

      // Send first: the entries read next then include this device's own, as the record has them.
      await this.flushQueue(token);

      let query: { after?: string; since?: string } = meta.ticketsResume ? { since: meta.ticketsResume } : {};
      for (;;) {
        const page = await deviceApi.tickets(token, query);
        await deviceStore.putTickets(page.items);
        for (const t of page.items) this.tickets.set(t.id, t);
        if (!page.next) {
          meta = { ...meta, ticketsResume: page.resume };
          break;
        }
        query = { after: page.next };
      }
      query = meta.entriesResume ? { since: meta.entriesResume } : {};
      for (;;) {
        const page = await deviceApi.entries(token, query);
        const fresh: StoredEntry[] = [];
        for (const e of page.items) {
          const key = entryKey(e.list, e.ticket_id);
          const known = this.entries.get(key);
          // The record keeps the first entry: so does the phone.
          if (!known || known.at > e.at || (known.at === e.at && known.device_name !== e.device_name))
            fresh.push({ key, list: e.list, ticket_id: e.ticket_id, at: e.at, device_name: e.device_name });
        }
        await deviceStore.putEntries(fresh);
        for (const e of fresh) this.entries.set(e.key, e);
        if (!page.next) {
          meta = { ...meta, entriesResume: page.resume };
          break;
        }
        query = { after: page.next };
      }
      meta = { ...meta, lastSyncAt: new Date(Date.now() + offsetMs).toISOString() };
      await deviceStore.setMeta(meta);
      this.set({ meta, ticketCount: this.tickets.size, reachable: true, syncFailed: false });
    } catch (error) {
      this.failed(error);
    } finally {
      this.set({ syncing: false, queueLength: (await deviceStore.queue()).length });
    }
  }

  private failed(error: unknown) {
    if (error instanceof DeviceEnded) this.set({ ended: true, syncFailed: true });
    else if (error instanceof Unreachable) this.set({ reachable: false, syncFailed: true });
    else this.set({ syncFailed: true });
  }

  private async flushQueue(token: string) {
    for (;;) {
      const queue = await deviceStore.queue();
      if (!queue.length) return;
      const batch = queue.slice(0, MAX_SCANS_PER_BATCH);
      const send = (scans: QueuedScan[]) =>
        deviceApi.scans(
          token,
          scans.map(({ seq: _seq, ...scan }) => scan),
        );
      try {
        await send(batch);
      } catch (error) {
        if (!(error instanceof Refused && error.unreadable)) throw error;
        // The server cannot read one of them (an app older than the server's rules): send them one
        // by one, so one scan it will never take does not hold the others back; that one is dropped.
        for (const scan of batch) {
          try {
            await send([scan]);
          } catch (single) {
            if (!(single instanceof Refused && single.unreadable)) throw single;
          }
        }
      }
      await deviceStore.dequeue(batch.map((s) => s.id));
      this.set({ queueLength: queue.length - batch.length });
    }
  }

  private ticketOf(scanned: Scanned, ticketId: string | null): Ticket | null {
    const id = ticketId ?? (scanned.via === 'search' ? scanned.ticket_id : null);
    return id ? (this.tickets.get(id) ?? null) : null;
  }

  async scan(scanned: Scanned): Promise<ScanOutcome> {
    const list = this.meta.list!;
    const now = this.now();
    const copy = {
      keys: this.meta.keys,
      ticket: (id: string) => this.tickets.get(id),
      entry: (l: string, id: string): PriorEntry | undefined => this.entries.get(entryKey(l, id)),
    };
    const local = await answerLocally(copy, list, scanned, now);
    const id = crypto.randomUUID();
    const base = {
      id,
      list,
      via: scanned.via,
      ...(scanned.via === 'qr' ? { payload: scanned.payload } : { ticket_id: scanned.ticket_id }),
      at: now.toISOString(),
    };
    let answer: ScanAnswer | null = null;
    if (navigator.onLine && !this.state.ended) {
      try {
        const scan: ScanToSend = { ...base, offline: false, answer: null };
        answer = (await deviceApi.scans(this.meta.token, [scan], ONLINE_ANSWER_MS)).results[0]!.answer;
        this.set({ reachable: true });
      } catch (error) {
        this.failed(error);
      }
    }
    if (!answer) {
      answer = local.answer;
      const queued: QueuedScan = { ...base, offline: true, answer: answer.kind, seq: ++this.seq };
      await deviceStore.enqueue(queued);
      this.set({ queueLength: this.state.queueLength + 1 });
    }
    await this.remember(list, local.ticketId, answer, now);
    return { id, answer, ticket: this.ticketOf(scanned, local.ticketId), local: answer === local.answer };
  }

  /** What the phone now knows of the ticket at the list: its first entry (this scan's, or the one the server named). */
  private async remember(list: string, ticketId: string | null, answer: ScanAnswer, now: Date) {
    if (!ticketId) return;
    const key = entryKey(list, ticketId);
    const first =
      answer.kind === 'admitted'
        ? { at: now.toISOString(), device_name: this.meta.device.name }
        : answer.kind === 'already' || answer.kind === 'reentry'
          ? answer.first
          : null;
    if (!first || (this.entries.has(key) && this.entries.get(key)!.at <= first.at)) return;
    const entry: StoredEntry = {
      key,
      list,
      ticket_id: ticketId,
      at: first.at,
      device_name: first.device_name,
    };
    this.entries.set(key, entry);
    await deviceStore.putEntries([entry]);
  }

  /** Tickets by name (Latin or Chinese) or order number, for a ticket that does not scan. */
  search(text: string, limit = 8): Ticket[] {
    const q = text.trim().toLowerCase().replace(/\s+/g, ' ');
    if (q.length < 2) return [];
    const out: Ticket[] = [];
    for (const t of this.tickets.values()) {
      const names = [
        `${t.first_name} ${t.last_name}`,
        `${t.last_name} ${t.first_name}`,
        t.chinese_name ?? '',
        t.order_no,
      ].map((s) => s.toLowerCase());
      if (names.some((n) => n.includes(q))) out.push(t);
      if (out.length >= limit) break;
    }
    return out;
  }

  /** Whether the answer lets the person in (the screen's colour and the sound). */
  static admits = admits;
}
