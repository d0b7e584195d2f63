/**
 * Bench 12, part 2: the doors (issue 34). Against a throw-away local portal: 1,500 tickets (1,250
 * paid orders, 250 of them with a guest) written as the orders' writes write them; 4 devices paired
 * through the API; 1,500 scans spread over a simulated 30 minutes of the first morning, desks C and
 * D without network from minute 10 to 20 (they answer from their synced copy with the product's
 * rule, as the app does, and send their queue when the network returns); 5% of the tickets are
 * scanned a second time at another desk. Measured: each device's first sync (time, bytes, pages),
 * the sync after the network returned, an online scan's answer from the server (p50/p95), an
 * offline answer from the synced copy (signature and rule: p50/p95 in this process), and the queued
 * scans' upload (batches of 200). The scan-to-answer time in the app on a 4x-slowed CPU is
 * measured in the browser (bench-door-app.ts).
 */
import { createPublicKey, randomUUID, verify as verifySignature } from 'node:crypto';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { KnownTicket } from '#core/checkin/scan-rules';
import type { AppScanFigures } from './bench-door-app';
import type { StoredOrder } from '#core/orders/ports';
import { validForm } from '../../test/unit/core/orders/form';

export interface DoorFigures {
  /** In the app (bench-door-app.ts): choosing a ticket to its answer on a 4x-slowed CPU. */
  app: AppScanFigures | null;
  tickets: number;
  orders: number;
  seedSeconds: number;
  firstSync: { ms: number[]; bytes: number; pages: number };
  resync: { ms: number[]; bytes: number };
  online: { count: number; p50: number; p95: number; max: number };
  offline: { count: number; p50: number; p95: number };
  upload: { scans: number; batches: number; ms: number; perBatch: number[] };
  outcomes: Record<string, number>;
  conflicts: number;
}

const START = Date.parse('2024-11-04T00:00:00Z');
const minute = (m: number) => new Date(START + m * 60_000).toISOString();
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};

export async function doorsBench(portal: { origin: string }): Promise<DoorFigures> {
  // Loaded now: the functions' modules read the portal's settings when they load.
  const { documentClient } = await import('#lib/aws/clients');
  const { env } = await import('#lib/env');
  const { itemOf } = await import('#storage/orders');
  const { orderRowWrites } = await import('#storage/order-rows');
  const { orderFormSchema } = await import('#core/orders/schemas');
  const { orderTotal } = await import('#core/orders/pricing');
  const { transferReference, orderNumber } = await import('#core/orders/reference');
  const { createDevice, deviceBody } = await import('#core/checkin/devices');
  const { deviceDeps } = await import('#wiring/checkin');
  const { ticketsOf, signTicket } = await import('#core/checkin/tickets');
  const { signingKeys } = await import('#lib/checkin-keys');
  const { identify, answerFor, admits } = await import('#core/checkin/scan-rules');
  const { readPayload } = await import('#core/checkin/payload');
  const { checkinList } = await import('#core/checkin/lists');

  const api = async (method: string, path: string, token: string | undefined, at: string, body?: unknown) => {
    const r = await fetch(`${portal.origin}/api/v1/admin${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-app-now': at, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await r.text();
    if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${text.slice(0, 300)}`);
    return { data: (JSON.parse(text) as { data: unknown }).data, bytes: Buffer.byteLength(text) };
  };

  // --- 1,250 paid orders (250 with a guest): the order item and its tickets' entry, as its writes put them.
  const seedStarted = Date.now();
  const form = orderFormSchema.parse(validForm({ morning_workshop: 1, welcome_reception: 1, gala_dinner: 1 }));
  const orders: StoredOrder[] = [];
  for (let i = 0; i < 1250; i++) {
    const sequence = 900_000 + i;
    const guests = i % 5 === 0 ? 1 : 0;
    const at = new Date(Date.parse('2024-08-01T02:00:00Z') + i * 1000).toISOString();
    const own = { ...form, accompanying_person: guests, first_name: `Delegate${i}`, last_name: 'Bench', family_name_in_chinese: i % 3 === 0 ? '王' : '', given_name_in_chinese: i % 3 === 0 ? `小${'明红华'[i % 3]}` : '' };
    orders.push({
      ...own,
      id: `bench-door-${i}`,
      owner_id: `bench-door-owner-${i}`,
      owner_email: `door${i}@example.org`,
      sequence,
      order_no: orderNumber(sequence),
      reference: transferReference(sequence),
      checksum: randomUUID(),
      payment_status: 1,
      amount_required: orderTotal(own),
      currency: 'USD',
      payment_method: 'transfer',
      created_at: at,
      updated_at: at,
      paid_at: at,
    });
  }
  const items = orders.flatMap((o) => [itemOf(o), orderRowWrites(o).find((w) => w.Put?.Item?.sk === 'tickets')!.Put!.Item!]);
  for (let i = 0; i < items.length; i += 25) {
    let request: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> | undefined = { [env.tableName()]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) };
    while (request && Object.keys(request).length) request = (await documentClient().send(new BatchWriteCommand({ RequestItems: request }))).UnprocessedItems as typeof request;
  }
  const tickets = orders.flatMap((o) => ticketsOf(o));
  const signer = await signingKeys();
  const payloads = new Map(tickets.map((t) => [t.id, signTicket(t, signer)]));
  const seedSeconds = (Date.now() - seedStarted) / 1000;

  // --- 4 devices, paired through the API.
  const lists = ['entry-2024-11-04', 'welcome-reception'];
  const devices: { name: string; token: string; online: boolean; tickets: Map<string, KnownTicket>; entries: Map<string, { at: string; device_name: string }>; since: Record<string, string>; queue: unknown[] }[] = [];
  for (const name of ['Desk A', 'Desk B', 'Desk C', 'Desk D']) {
    const made = await createDevice(deviceDeps, { kind: 'command-line', id: 'bench' }, deviceBody.parse({ name, lists, valid_until: '2024-11-08T00:00:00Z' }), new Date(minute(-35)));
    const paired = (await api('POST', '/checkin/pair', undefined, minute(-30), { code: made.data.pairing_code })).data as { token: string };
    devices.push({ name, token: paired.token, online: true, tickets: new Map(), entries: new Map(), since: {}, queue: [] });
  }
  const { keys } = (await api('GET', '/checkin/device', devices[0]!.token, minute(-30))).data as { keys: Record<string, string> };
  const publicKeys = new Map(Object.entries(keys).map(([kid, x]) => [Number(kid), createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' })]));
  const verify = async (kid: number, m: Uint8Array, s: Uint8Array) => (publicKeys.has(kid) ? verifySignature(null, m, publicKeys.get(kid)!, s) : ('unknown-key' as const));

  async function sync(d: (typeof devices)[number], at: string) {
    let bytes = 0;
    let pages = 0;
    for (const kind of ['tickets', 'entries'] as const) {
      let after: string | undefined;
      for (;;) {
        const query = after ? `?after=${encodeURIComponent(after)}` : d.since[kind] ? `?since=${encodeURIComponent(d.since[kind]!)}` : '';
        const r = await api('GET', `/checkin/${kind}${query}`, d.token, at);
        bytes += r.bytes;
        pages += 1;
        const page = r.data as { items: (KnownTicket & { list?: string; ticket_id?: string; at?: string; device_name?: string })[]; next: string | null; resume: string | null };
        for (const item of page.items) {
          if (kind === 'tickets') d.tickets.set(item.id, { id: item.id, entitlements: item.entitlements, revoked: item.revoked });
          else d.entries.set(`${item.list}#${item.ticket_id}`, { at: item.at!, device_name: item.device_name! });
        }
        if (page.resume) d.since[kind] = page.resume;
        if (!page.next) break;
        after = page.next;
      }
    }
    return { bytes, pages };
  }

  const firstSync = { ms: [] as number[], bytes: 0, pages: 0 };
  for (const d of devices) {
    const t = performance.now();
    const r = await sync(d, minute(-5));
    firstSync.ms.push(performance.now() - t);
    firstSync.bytes = r.bytes;
    firstSync.pages = r.pages;
  }

  // --- 1,500 scans over 30 minutes (+5% again at another desk), desks C and D offline from minute 10 to 20.
  const plan = tickets.map((t, i) => ({ ticket: t, device: i % 4, at: (i / tickets.length) * 30 }));
  // Every 20th ticket again at another desk half a minute later: a delegate's is a re-entry; a guest's (the
  // reception admits once) is refused online, or a duplicate in the conflict report when a desk was offline.
  for (let i = 0; i < 75; i++) plan.push({ ticket: tickets[i * 20 + (i % 2)]!, device: (i + 1) % 4, at: ((i * 20) / tickets.length) * 30 + 0.5 });
  plan.sort((a, b) => a.at - b.at);
  const onlineMs: number[] = [];
  const offlineMs: number[] = [];
  const outcomes: Record<string, number> = {};
  let conflicts = 0;
  const count = (r: { outcome: string; conflict: unknown }[]) => {
    for (const x of r) {
      outcomes[x.outcome] = (outcomes[x.outcome] ?? 0) + 1;
      if (x.conflict) conflicts += 1;
    }
  };
  const resync = { ms: [] as number[], bytes: 0 };
  const upload = { scans: 0, batches: 0, ms: 0, perBatch: [] as number[] };
  let reconnected = false;
  for (const step of plan) {
    if (!reconnected && step.at >= 20) {
      reconnected = true;
      for (const d of devices.slice(2)) {
        d.online = true;
        const t = performance.now();
        while (d.queue.length) {
          const batch = d.queue.splice(0, 200);
          const b = performance.now();
          count(((await api('POST', '/checkin/scans', d.token, minute(20), { scans: batch })).data as { results: { outcome: string; conflict: unknown }[] }).results);
          upload.perBatch.push(performance.now() - b);
          upload.batches += 1;
          upload.scans += batch.length;
        }
        upload.ms += performance.now() - t;
        const s = performance.now();
        resync.bytes = (await sync(d, minute(20))).bytes;
        resync.ms.push(performance.now() - s);
      }
    }
    const d = devices[step.device]!;
    const offlineNow = step.device >= 2 && step.at >= 10 && step.at < 20;
    d.online = !offlineNow;
    const list = step.ticket.person === 0 ? 'entry-2024-11-04' : 'welcome-reception';
    const at = minute(step.at);
    const payload = payloads.get(step.ticket.id)!;
    if (d.online) {
      const t = performance.now();
      count(((await api('POST', '/checkin/scans', d.token, at, { scans: [{ id: randomUUID(), list, via: 'qr', payload, at, offline: false, answer: null }] })).data as { results: { outcome: string; conflict: unknown }[] }).results);
      onlineMs.push(performance.now() - t);
    } else {
      const t = performance.now();
      const who = await identify({ via: 'qr', payload }, verify, (id) => d.tickets.get(id), '2024-11-04');
      const answer = who.ok ? answerFor(checkinList(list)!, who, d.tickets.get(who.ticket_id), d.entries.get(`${list}#${who.ticket_id}`)) : who.answer;
      if (admits(answer)) d.entries.set(`${list}#${step.ticket.id}`, { at, device_name: d.name });
      offlineMs.push(performance.now() - t);
      d.queue.push({ id: randomUUID(), list, via: 'qr', payload, at, offline: true, answer: answer.kind });
    }
  }

  // --- In the app: a fifth device paired in Chromium, answers on a 4x-slowed CPU.
  const desk = await createDevice(deviceDeps, { kind: 'command-line', id: 'bench' }, deviceBody.parse({ name: 'Desk E', lists: ['entry-2024-11-04'], valid_until: '2024-11-08T00:00:00Z' }), new Date(minute(25)));
  const { appScanBench } = await import('./bench-door-app');
  // Orders without a guest (one result per search), scanned a second time: offline 'already' from the copy, online from the server.
  const chosen = orders.filter((_, i) => i % 5 !== 0).slice(0, 40).map((o) => o.order_no);
  const sample = readPayload(payloads.get(tickets[0]!.id)!);
  if (typeof sample === 'string') throw new Error(`bench: a ticket's payload reads as ${sample}`);
  const signature = { key: keys[String(sample.facts.keyId)]!, message: [...sample.message], signature: [...sample.signature] };
  const app = await appScanBench(portal.origin, minute(30), desk.data.pairing_code, chosen, tickets.length, signature).catch((error: Error) => {
    console.error(`  the app's part could not run: ${error.message}`);
    return null;
  });

  return {
    app,
    tickets: tickets.length,
    orders: orders.length,
    seedSeconds,
    firstSync,
    resync,
    online: { count: onlineMs.length, p50: percentile(onlineMs, 50), p95: percentile(onlineMs, 95), max: Math.max(...onlineMs) },
    offline: { count: offlineMs.length, p50: percentile(offlineMs, 50), p95: percentile(offlineMs, 95) },
    upload,
    outcomes,
    conflicts,
  };
}
