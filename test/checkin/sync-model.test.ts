/**
 * The model-based test of the doors' offline sync (issue 34): generated programs of 2-6 devices
 * going offline and online at random, scanning a few tickets at two lists (one without re-entry,
 * one with), the office cancelling orders (revoking their tickets), devices re-syncing and
 * sending a batch again, each step's commands at the same time. They run against the REAL local
 * stack (the test portal); each device answers offline from what it synced, with the product's
 * own rule (core/checkin/scan-rules.ts), as the app does. Once every device is back online and has
 * sent its queue, the record must hold:
 *
 *   one-entry     every ticket admitted at a list (by the record, or by a device offline) has exactly
 *                 one entry there, made by one of those scans;
 *   duplicates    at the list without re-entry, every other scan a device let in offline is a
 *                 duplicate in the conflict report naming the entry's device (or, for a revoked
 *                 ticket, a revoked-admitted conflict);
 *   no-revoked    no scan sent online after its order's cancellation was answered is admitted;
 *   once          a batch sent again gets the same answers, and the lists' counters moved by
 *                 exactly what the run's scans were recorded as (nothing counted twice).
 *
 * CHECKIN_RUNS and CHECKIN_SEED change the programs (default: a fixed seed, 10 runs).
 */
import { createPublicKey, randomUUID, verify as verifySignature } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkinList } from '#core/checkin/lists';
import type { ScanResult } from '#core/checkin/record-scans';
import { admits, answerFor, identify, type KnownTicket, type PriorEntry, type ScanAnswer } from '#core/checkin/scan-rules';
import type { TicketView } from '#core/checkin/order-tickets';
import type { RecordedScan } from '#core/checkin/ports';
import { validOrder } from '../support/bodies';
import { call, db, newDelegate, officeSession } from '../api/support';

const RUNS = Number(process.env.CHECKIN_RUNS ?? 10);
const SEED = Number(process.env.CHECKIN_SEED ?? 20241104);
const T0 = '2024-08-01T02:00:00Z';
/** 4 November 2024, 08:00 CST (delegates can still cancel that day): each step is a second later. */
const START = Date.parse('2024-11-04T00:00:00Z');
/** Lists only this test scans (their counters are its to check). */
const ONCE = 'welcome-reception';
const REENTRY = 'entry-2024-11-06';
const LISTS = [ONCE, REENTRY];

type Cmd =
  | { k: 'scan'; d: number; t: number; l: number }
  | { k: 'offline'; d: number }
  | { k: 'online'; d: number }
  | { k: 'resend'; d: number }
  | { k: 'revoke'; o: number }
  /** Every device at once: the same ticket at the same list on every online device, and every offline one back online (the doors' rush). */
  | { k: 'rush'; t: number; l: number };
type Program = { devices: number; orders: number; steps: Cmd[][] };

const cmdArb = (devices: number, orders: number): fc.Arbitrary<Cmd> =>
  fc.oneof(
    { weight: 16, arbitrary: fc.record({ k: fc.constant('scan' as const), d: fc.nat(devices - 1), t: fc.nat(orders * 2 - 1), l: fc.constantFrom(0, 0, 1) }) },
    { weight: 8, arbitrary: fc.record({ k: fc.constant('offline' as const), d: fc.nat(devices - 1) }) },
    { weight: 3, arbitrary: fc.record({ k: fc.constant('online' as const), d: fc.nat(devices - 1) }) },
    { weight: 3, arbitrary: fc.record({ k: fc.constant('resend' as const), d: fc.nat(devices - 1) }) },
    { weight: 1, arbitrary: fc.record({ k: fc.constant('revoke' as const), o: fc.nat(orders - 1) }) },
    { weight: 2, arbitrary: fc.record({ k: fc.constant('rush' as const), t: fc.nat(orders * 2 - 1), l: fc.constantFrom(0, 0, 1) }) },
  );
const programArb: fc.Arbitrary<Program> = fc
  .record({ devices: fc.integer({ min: 2, max: 6 }), orders: fc.integer({ min: 2, max: 3 }) })
  .chain(({ devices, orders }) => fc.record({ devices: fc.constant(devices), orders: fc.constant(orders), steps: fc.array(fc.array(cmdArb(devices, orders), { minLength: 1, maxLength: 4 }), { minLength: 6, maxLength: 24 }) }));

interface SentScan {
  id: string;
  device: number;
  list: string;
  ticket: string;
  offline: boolean;
  /** What the door did: the record's answer online, the device's own offline. */
  doorAnswer: ScanAnswer['kind'];
  step: number;
}

interface SimDevice {
  id: string;
  name: string;
  token: string;
  online: boolean;
  tickets: Map<string, KnownTicket>;
  entries: Map<string, PriorEntry>;
  since: { tickets?: string; entries?: string };
  queue: ReturnType<typeof wire>[];
  lastBatch: { scans: ReturnType<typeof wire>[]; results: ScanResult[] } | null;
}

const wire = (s: { id: string; list: string; payload: string; at: string; offline: boolean; answer: ScanAnswer['kind'] | null }) => ({ ...s, via: 'qr' as const });
const at = (step: number) => new Date(START + step * 1000).toISOString();

let office: string;
let keys: Record<string, string> = {};
const figures = { runs: 0, steps: 0, scans: 0, offlineScans: 0, entries: 0, duplicates: 0, revokedAdmitted: 0, resent: 0, revocations: 0, devices: 0, rushes: 0 };

beforeAll(async () => {
  office = (await officeSession('checkin-model', at(0))).token;
}, 60_000);

async function paidOrder(companions: number) {
  const d = await newDelegate('checkin-model');
  const created = await call<{ id: string }>('POST', '/registration/submission', { token: d.token, at: T0, json: validOrder({ accompanying_person: companions }) });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.data.id;
  const { order } = (await call<{ order: { reference: string; amount_required?: string } }>('GET', `/registration/submission/${id}`, { token: d.token, at: T0 })).body.data;
  expect((await call('POST', `/registration/submission/transfer-payment/${id}`, { token: d.token, at: T0, json: { type: 'done' } })).status).toBe(200);
  const received = await call('POST', `/office/transfers/${order.reference}/received`, { token: office, at: at(0), json: { amount: companions ? '900.00' : '650.00' } });
  expect(received.status, JSON.stringify(received.body)).toBe(200);
  const tickets = (await call<{ tickets: TicketView[] }>('GET', `/registration/tickets/${id}`, { token: d.token, at: at(0) })).body.data.tickets;
  return { id, token: d.token, tickets };
}

async function newDevice(run: number, n: number): Promise<SimDevice> {
  const name = `Model ${run}.${n}`;
  const created = await call<{ pairing_code: string; device: { id: string } }>('POST', '/office/checkin/devices', { token: office, at: at(0), json: { name, lists: LISTS, valid_until: '2024-11-08T00:00:00Z' } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const paired = await call<{ token: string }>('POST', '/checkin/pair', { at: at(0), json: { code: created.body.data.pairing_code } });
  const setup = await call<{ keys: Record<string, string> }>('GET', '/checkin/device', { token: paired.body.data.token, at: at(0) });
  keys = setup.body.data.keys;
  return { id: created.body.data.device.id, name, token: paired.body.data.token, online: true, tickets: new Map(), entries: new Map(), since: {}, queue: [], lastBatch: null };
}

async function verify(keyId: number, message: Uint8Array, signature: Uint8Array) {
  const x = keys[String(keyId)];
  if (!x) return 'unknown-key' as const;
  return verifySignature(null, message, createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' }), signature);
}

/** What an online device does when the network is there: read what changed (tickets, entries). */
async function resync(d: SimDevice, step: number) {
  for (const kind of ['tickets', 'entries'] as const) {
    let after: string | undefined;
    for (;;) {
      const query: Record<string, string> = after ? { after } : d.since[kind] ? { since: d.since[kind]! } : {};
      const r = await call<{ items: (KnownTicket & { list?: string; ticket_id?: string; at?: string; device_name?: string })[]; next: string | null; resume: string | null }>('GET', `/checkin/${kind}`, { token: d.token, at: at(step), query });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      for (const item of r.body.data.items) {
        if (kind === 'tickets') d.tickets.set(item.id, { id: item.id, entitlements: item.entitlements, revoked: item.revoked });
        else if (!d.entries.has(`${item.list}#${item.ticket_id}`)) d.entries.set(`${item.list}#${item.ticket_id}`, { at: item.at!, device_name: item.device_name! });
      }
      if (r.body.data.resume) d.since[kind] = r.body.data.resume;
      if (!r.body.data.next) break;
      after = r.body.data.next;
    }
  }
}

async function sendBatch(d: SimDevice, scans: ReturnType<typeof wire>[], step: number) {
  const r = await call<{ results: ScanResult[] }>('POST', '/checkin/scans', { token: d.token, at: at(step), json: { scans } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.results;
}

async function flush(d: SimDevice, step: number) {
  while (d.queue.length) {
    const scans = d.queue.splice(0, 50);
    d.lastBatch = { scans, results: await sendBatch(d, scans, step) };
  }
}

const counters = async () => {
  const r = await call<{ lists: { list: string; entries: number; reentries: number; duplicates: number; refused: number; conflicts: number }[] }>('GET', '/office/checkin', { token: office, at: at(0) });
  return Object.fromEntries(r.body.data.lists.filter((l) => LISTS.includes(l.list)).map((l) => [l.list, l]));
};

async function recorded(deviceId: string, scanId: string) {
  const r = await db().send(new GetCommand({ TableName: 'congress', Key: { pk: `CHECKINSCAN#${deviceId}#${scanId}`, sk: 'SCAN' }, ConsistentRead: true }));
  return r.Item?.scan as RecordedScan | undefined;
}
async function entryOf(list: string, ticket: string) {
  const r = await db().send(new GetCommand({ TableName: 'congress', Key: { pk: `CHECKINENTRY#${list}#${ticket}`, sk: 'E' }, ConsistentRead: true }));
  return r.Item?.entry as { scan_key: string; device_id: string } | undefined;
}

async function runProgram(program: Program, run: number) {
  const orders = await Promise.all(Array.from({ length: program.orders }, (_, i) => paidOrder(i === 0 ? 1 : 0)));
  const tickets = orders.flatMap((o) => o.tickets.map((t) => ({ ...t, order: o })));
  const devices: SimDevice[] = [];
  for (let n = 0; n < program.devices; n++) devices.push(await newDevice(run, n));
  await Promise.all(devices.map((d) => resync(d, 0)));
  const before = await counters();
  const sent: SentScan[] = [];
  const revokedAt = new Map<string, number>(); // order id -> step its cancellation was answered
  const revoking = new Set<string>();
  const resent: { d: SimDevice; batch: NonNullable<SimDevice['lastBatch']> }[] = [];

  for (const [index, batch] of program.steps.entries()) {
    const step = index + 1;
    // One command per device in a step (a phone does one thing at a time); revocations as they come.
    const seen = new Set<number>();
    const rush = batch.find((c) => c.k === 'rush');
    const commands: Cmd[] = rush
      ? devices.map((d, n) => (d.online ? { k: 'scan', d: n, t: rush.t, l: rush.l } : { k: 'online', d: n }))
      : batch.filter((c) => c.k === 'revoke' || (c.k !== 'rush' && !seen.has(c.d) && seen.add(c.d)));
    if (rush) figures.rushes++;
    await Promise.all(
      commands.map(async (c) => {
        if (c.k === 'revoke') {
          const o = orders[c.o]!;
          if (revoking.has(o.id)) return;
          revoking.add(o.id);
          const r = await call('POST', `/registration/submission/refund/${o.id}`, { token: o.token, at: at(step), json: {} });
          expect(r.status, JSON.stringify(r.body)).toBe(200);
          revokedAt.set(o.id, step);
          figures.revocations++;
          return;
        }
        if (c.k === 'rush') return;
        const d = devices[c.d]!;
        if (c.k === 'offline') d.online = false;
        else if (c.k === 'online') {
          d.online = true;
          await flush(d, step);
          await resync(d, step);
        } else if (c.k === 'resend') {
          if (!d.online || !d.lastBatch) return;
          const again = await sendBatch(d, d.lastBatch.scans, step);
          expect(again, 'a batch sent again gets the same answers').toEqual(d.lastBatch.results);
          resent.push({ d, batch: d.lastBatch });
          figures.resent++;
        } else {
          const ticket = tickets[c.t % tickets.length]!;
          if (!ticket.qr) return;
          const list = LISTS[c.l]!;
          const id = randomUUID();
          if (d.online) {
            const scans = [wire({ id, list, payload: ticket.qr, at: at(step), offline: false, answer: null })];
            const [result] = await sendBatch(d, scans, step);
            d.lastBatch = { scans, results: [result!] };
            if (admits(result!.answer) && !d.entries.has(`${list}#${ticket.id}`)) d.entries.set(`${list}#${ticket.id}`, { at: at(step), device_name: d.name });
            sent.push({ id, device: c.d, list, ticket: ticket.id, offline: false, doorAnswer: result!.answer.kind, step });
          } else {
            const who = await identify({ via: 'qr', payload: ticket.qr }, verify, (tid) => d.tickets.get(tid), '2024-11-04');
            const answer = who.ok ? answerFor(checkinList(list)!, who, d.tickets.get(who.ticket_id), d.entries.get(`${list}#${ticket.id}`)) : who.answer;
            if (admits(answer) && !d.entries.has(`${list}#${ticket.id}`)) d.entries.set(`${list}#${ticket.id}`, { at: at(step), device_name: d.name });
            d.queue.push(wire({ id, list, payload: ticket.qr, at: at(step), offline: true, answer: answer.kind }));
            sent.push({ id, device: c.d, list, ticket: ticket.id, offline: true, doorAnswer: answer.kind, step });
            figures.offlineScans++;
          }
          figures.scans++;
        }
      }),
    );
  }
  // Everyone comes back and sends what is queued.
  const end = program.steps.length + 1;
  await Promise.all(devices.map(async (d) => {
    d.online = true;
    await flush(d, end);
  }));

  // --- The invariants.
  const records = new Map<string, RecordedScan>();
  for (const s of sent) {
    const r = await recorded(devices[s.device]!.id, s.id);
    expect(r, `scan ${s.id} recorded`).toBeDefined();
    records.set(s.id, r!);
  }
  const byPair = new Map<string, SentScan[]>();
  for (const s of sent) byPair.set(`${s.list}#${s.ticket}`, [...(byPair.get(`${s.list}#${s.ticket}`) ?? []), s]);
  for (const [pair, scans] of byPair) {
    const [list, ticket] = [pair.slice(0, pair.indexOf('#')), pair.slice(pair.indexOf('#') + 1)];
    const admitted = scans.filter((s) => admits({ kind: s.doorAnswer }));
    const entry = await entryOf(list, ticket);
    const entryScans = scans.filter((s) => records.get(s.id)!.outcome === 'entry');
    // one-entry: an entry exactly when a scan made one, and only one scan made it.
    expect(entryScans.length, `${pair}: one scan made the entry`).toBe(entry ? 1 : 0);
    if (entry) expect(entry.scan_key).toBe(`${devices[entryScans[0]!.device]!.id}#${entryScans[0]!.id}`);
    const revokedStep = revokedAt.get(tickets.find((t) => t.id === ticket)!.order.id);
    const validAdmissions = admitted.filter((s) => records.get(s.id)!.server_answer.kind !== 'revoked');
    if (validAdmissions.length > 0) expect(entry, `${pair}: admitted, so it has its entry`).toBeDefined();
    for (const s of scans) {
      const r = records.get(s.id)!;
      // no-revoked: online after the cancellation was answered, never admitted.
      if (!s.offline && revokedStep !== undefined && s.step > revokedStep) expect(r.server_answer.kind, `${pair}: revoked at step ${revokedStep}, scanned online at ${s.step}`).toBe('revoked');
      if (!s.offline) expect(r.outcome === 'entry' || r.outcome === 'reentry', 'online: the record decides the door').toBe(admits({ kind: s.doorAnswer }));
      // duplicates: a device let in offline what the record had already, and it is reported.
      if (s.offline && admits({ kind: s.doorAnswer }) && r.outcome !== 'entry') {
        if (r.server_answer.kind === 'revoked') {
          expect(r.conflict?.kind).toBe('revoked-admitted');
          figures.revokedAdmitted++;
        } else if (!checkinList(list)!.reentry) {
          expect([r.outcome, r.conflict?.kind, r.conflict?.first?.device_id]).toEqual(['duplicate', 'duplicate', entry!.device_id]);
          figures.duplicates++;
        } else expect(r.outcome).toBe('reentry');
      }
    }
    figures.entries += entry ? 1 : 0;
  }
  // once: the counters moved by exactly the run's records.
  const after = await counters();
  for (const list of LISTS) {
    const mine = [...records.values()].filter((r) => r.list === list);
    const count = (o: string) => mine.filter((r) => r.outcome === o).length;
    expect({
      entries: after[list]!.entries - before[list]!.entries,
      reentries: after[list]!.reentries - before[list]!.reentries,
      duplicates: after[list]!.duplicates - before[list]!.duplicates,
      refused: after[list]!.refused - before[list]!.refused,
      conflicts: after[list]!.conflicts - before[list]!.conflicts,
    }, `${list}: counted once`).toEqual({ entries: count('entry'), reentries: count('reentry'), duplicates: count('duplicate'), refused: count('refused'), conflicts: mine.filter((r) => r.conflict).length });
  }
  figures.runs++;
  figures.steps += program.steps.length;
  figures.devices += program.devices;
}

describe('offline sync of the doors (model-based, real local stack)', () => {
  it('holds one-entry, duplicates, no-revoked and once over generated programs', async () => {
    const started = Date.now();
    let run = 0;
    await fc.assert(fc.asyncProperty(programArb, async (program) => runProgram(program, run++)), { numRuns: RUNS, seed: SEED, endOnFailure: true });
    console.log(`\n=== checkin sync model (seed ${SEED}, ${((Date.now() - started) / 1000).toFixed(1)} s): ${JSON.stringify(figures)}`);
    expect(figures.duplicates + figures.revokedAdmitted, 'the programs reached conflicts').toBeGreaterThan(0);
  }, 600_000);
});
