/**
 * On-site check-in (issue 34) through the API: the office creates and pairs a door's device; the
 * device reads the tickets and sends scans; each ticket is one entry per list, a second device's
 * offline admission is a duplicate in the conflict report, a batch sent again changes nothing,
 * forged and revoked tickets and revoked devices are refused; a first conference entry marks the
 * delegate's attendance. Every refusal's words, in English and in Chinese.
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { base45Decode, base45Encode, readPayload } from '#core/checkin/payload';
import { keysFromJson, newKeysJson } from '#lib/checkin-signing';
import { signTicket } from '#core/checkin/tickets';
import type { ScanResult } from '#core/checkin/record-scans';
import type { TicketView } from '#core/checkin/order-tickets';
import en from '../../functions/core/i18n/catalogs/en/checkin.json' with { type: 'json' };
import zh from '../../functions/core/i18n/catalogs/zh-Hans/checkin.json' with { type: 'json' };
import { validOrder } from '../support/bodies';
import { backfillCommand as backfill, call, db, newDelegate, officeSession } from './support';


const T0 = '2024-08-01T02:00:00Z';
/** The congress's first day, 08:30 CST. */
const DAY1 = '2024-11-04T00:30:00Z';
const DAY1_LATER = '2024-11-04T01:00:00Z';
const UNTIL = '2024-11-08T00:00:00Z';
const ZH = { 'x-language': 'zh-Hans' };

type Device = { id: string; version: string; name: string; state: string; last_sync_at: string | null };
type Created = { device: Device; pairing_code: string; pairing_expires_at: string };

let office: string;
beforeAll(async () => {
  office = (await officeSession('checkin-office', DAY1)).token;
}, 60_000);

async function paidOrder(over: Record<string, string | number> = {}, amount = '650.00') {
  const d = await newDelegate('checkin');
  const created = await call<{ id: string }>('POST', '/registration/submission', { token: d.token, at: T0, json: validOrder({ first_name: 'Ming', last_name: 'Li', family_name_in_chinese: '李', given_name_in_chinese: '明', ...over }) });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.data.id;
  const { order } = (await call<{ order: { reference: string } }>('GET', `/registration/submission/${id}`, { token: d.token, at: T0 })).body.data;
  expect((await call('POST', `/registration/submission/transfer-payment/${id}`, { token: d.token, at: T0, json: { type: 'done' } })).status).toBe(200);
  const received = await call('POST', `/office/transfers/${order.reference}/received`, { token: office, at: DAY1, json: { amount } });
  expect(received.status, JSON.stringify(received.body)).toBe(200);
  const tickets = await call<{ tickets: TicketView[] }>('GET', `/registration/tickets/${id}`, { token: d.token, at: DAY1 });
  expect(tickets.status, JSON.stringify(tickets.body)).toBe(200);
  return { ...d, id, tickets: tickets.body.data.tickets };
}

async function device(name: string, lists: string[]) {
  const created = await call<Created>('POST', '/office/checkin/devices', { token: office, at: DAY1, json: { name, lists, valid_until: UNTIL } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const paired = await call<{ token: string }>('POST', '/checkin/pair', { at: DAY1, json: { code: created.body.data.pairing_code } });
  expect(paired.status, JSON.stringify(paired.body)).toBe(200);
  return { id: created.body.data.device.id, token: paired.body.data.token, code: created.body.data.pairing_code };
}

type Scan = { list: string; payload?: string; ticket_id?: string; offline?: boolean; answer?: string | null; id?: string; at?: string };
const scanOf = (s: Scan) => ({
  id: s.id ?? randomUUID(),
  list: s.list,
  via: s.payload === undefined ? 'search' : 'qr',
  ...(s.payload !== undefined ? { payload: s.payload } : { ticket_id: s.ticket_id }),
  at: s.at ?? DAY1,
  offline: s.offline ?? false,
  answer: s.offline ? (s.answer ?? 'admitted') : null,
});
async function send(token: string, scans: ReturnType<typeof scanOf>[], at = DAY1) {
  const r = await call<{ results: ScanResult[] }>('POST', '/checkin/scans', { token, at, json: { scans } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.results;
}
const scan = async (token: string, s: Scan, at = DAY1) => (await send(token, [scanOf(s)], at))[0]!;

describe('devices', () => {
  it('refuses a device without a name, a list or a validity ahead, in both languages', async () => {
    const bad = await call('POST', '/office/checkin/devices', { token: office, at: DAY1, json: { name: ' ', lists: [], valid_until: '2024-11-01T00:00:00Z' } });
    expect(bad.status).toBe(422);
    const errors = (bad.body.data as { errors: Record<string, string> }).errors;
    expect(errors.name).toBe(en['api.checkin.deviceName']);
    expect(errors.lists).toBe(en['api.checkin.deviceLists']);
    const past = await call('POST', '/office/checkin/devices', { token: office, at: DAY1, headers: ZH, json: { name: 'Desk', lists: ['badge-pickup'], valid_until: '2024-11-01T00:00:00Z' } });
    expect([past.status, past.body.message]).toEqual([422, zh['api.checkin.deviceValidity']]);
    const unknownList = await call('POST', '/office/checkin/devices', { token: office, at: DAY1, json: { name: 'Desk', lists: ['the-bar'], valid_until: UNTIL } });
    expect(unknownList.status).toBe(422);
  });

  it('pairs once with its code; the token works only for device routes and stops when revoked', async () => {
    const d = await device('Desk pairing', ['badge-pickup']);
    const again = await call('POST', '/checkin/pair', { at: DAY1, json: { code: d.code } });
    expect([again.status, again.body.message]).toEqual([401, en['api.checkin.pairingCode']]);
    const againZh = await call('POST', '/checkin/pair', { at: DAY1, headers: ZH, json: { code: d.code } });
    expect([againZh.status, againZh.body.message]).toEqual([401, zh['api.checkin.pairingCode']]);

    const setup = await call<{ device: { name: string; lists: string[] }; keys: Record<string, string>; edition: number }>('GET', '/checkin/device', { token: d.token, at: DAY1 });
    expect(setup.status).toBe(200);
    expect(setup.body.data.device).toMatchObject({ name: 'Desk pairing', lists: ['badge-pickup'] });
    expect(Object.keys(setup.body.data.keys).length).toBeGreaterThan(0);
    expect(setup.body.data.edition).toBe(2024);
    // A device is not an account, an account is not a device.
    expect((await call('GET', '/get_person_info', { token: d.token, at: DAY1 })).status).toBe(401);
    expect((await call('GET', '/checkin/device', { token: office, at: DAY1 })).status).toBe(401);
    expect((await call('GET', '/checkin/device', { at: DAY1 })).body.message).toBe(en['api.checkin.deviceUnknown']);

    const list = await call<{ devices: Device[] }>('GET', '/office/checkin', { token: office, at: DAY1 });
    const mine = list.body.data.devices.find((x) => x.id === d.id)!;
    expect(mine.state).toBe('paired');
    const stale = await call('POST', `/office/checkin/devices/${d.id}/revoke`, { token: office, at: DAY1, json: { version: 'old' } });
    expect([stale.status, stale.body.message]).toEqual([409, en['api.checkin.deviceChanged']]);
    const revoked = await call('POST', `/office/checkin/devices/${d.id}/revoke`, { token: office, at: DAY1, json: { version: mine.version } });
    expect([revoked.status, revoked.body.message]).toEqual([200, en['api.checkin.revoked']]);
    const refused = await call('POST', '/checkin/scans', { token: d.token, at: DAY1, headers: ZH, json: { scans: [scanOf({ list: 'badge-pickup', ticket_id: '1-0' })] } });
    expect([refused.status, refused.body.message]).toEqual([401, zh['api.checkin.deviceRevoked']]);
  });

  it('a renewed pairing ends the earlier token', async () => {
    const d = await device('Desk renewed', ['badge-pickup']);
    const list = await call<{ devices: Device[] }>('GET', '/office/checkin', { token: office, at: DAY1 });
    const version = list.body.data.devices.find((x) => x.id === d.id)!.version;
    const renewed = await call<Created>('POST', `/office/checkin/devices/${d.id}/pairing`, { token: office, at: DAY1, json: { version } });
    expect(renewed.status).toBe(200);
    expect((await call('GET', '/checkin/device', { token: d.token, at: DAY1 })).status).toBe(401);
    expect((await call('POST', '/checkin/pair', { at: DAY1, json: { code: renewed.body.data.pairing_code } })).status).toBe(200);
  });
});

describe('scans', () => {
  let delegate: Awaited<ReturnType<typeof paidOrder>>;
  let deskA: Awaited<ReturnType<typeof device>>;
  let deskB: Awaited<ReturnType<typeof device>>;
  beforeAll(async () => {
    delegate = await paidOrder({ accompanying_person: 1 }, '900.00');
    deskA = await device('Desk A', ['entry-2024-11-04', 'gala-dinner', 'badge-pickup']);
    deskB = await device('Desk B', ['entry-2024-11-04', 'gala-dinner']);
  }, 60_000);

  it('the delegate has a ticket per person, signed, as the device reads them', async () => {
    expect(delegate.tickets.map((t) => [t.person, t.role, t.revoked])).toEqual([
      [0, 'delegate', false],
      [1, 'accompanying', false],
    ]);
    const read = readPayload(delegate.tickets[0]!.qr!);
    expect(typeof read === 'string' ? read : read.facts).toMatchObject({ edition: 2024, person: 0, validUntil: '2024-11-07' });
    const synced = await call<{ items: { id: string; chinese_name: string | null }[] }>('GET', '/checkin/tickets', { token: deskA.token, at: DAY1 });
    expect(synced.status).toBe(200);
    expect(synced.body.data.items.find((t) => t.id === delegate.tickets[0]!.id)).toMatchObject({ chinese_name: '李明' });
  });

  it('one entry per ticket and list: online the second scan is refused with the first; offline it is a duplicate in the report', async () => {
    const qr = delegate.tickets[0]!.qr!;
    const first = await scan(deskA.token, { list: 'gala-dinner', payload: qr });
    expect([first.outcome, first.answer.kind]).toEqual(['entry', 'admitted']);
    const second = await scan(deskB.token, { list: 'gala-dinner', payload: qr }, DAY1_LATER);
    expect([second.outcome, second.answer]).toEqual(['refused', { kind: 'already', first: { at: DAY1, device_name: 'Desk A', device_id: deskA.id } }]);
    const offline = await scan(deskB.token, { list: 'gala-dinner', payload: qr, offline: true, answer: 'admitted' }, DAY1_LATER);
    expect([offline.outcome, offline.conflict]).toEqual(['duplicate', { kind: 'duplicate', first: { at: DAY1, device_name: 'Desk A', device_id: deskA.id } }]);
    const report = await call<{ conflicts: { items: { key: string; conflict: { kind: string } }[] } }>('GET', '/office/checkin', { token: office, at: DAY1_LATER });
    expect(report.body.data.conflicts.items.some((c) => c.key.endsWith(offline.id) && c.conflict.kind === 'duplicate')).toBe(true);
  });

  it('a batch sent again gets the same answers and counts nothing twice', async () => {
    const batch = [scanOf({ list: 'entry-2024-11-04', payload: delegate.tickets[0]!.qr!, offline: true }), scanOf({ list: 'entry-2024-11-04', payload: delegate.tickets[0]!.qr!, offline: true })];
    const counts = async () => (await call<{ lists: { list: string; entries: number; reentries: number }[] }>('GET', '/office/checkin', { token: office, at: DAY1_LATER })).body.data.lists.find((l) => l.list === 'entry-2024-11-04')!;
    const before = await counts();
    const once = await send(deskA.token, batch);
    expect(once.map((r) => r.outcome)).toEqual(['entry', 'reentry']);
    const twice = await send(deskA.token, batch);
    expect(twice).toEqual(once);
    const after = await counts();
    expect([after.entries - before.entries, after.reentries - before.reentries]).toEqual([1, 1]);
  });

  it('a first conference entry marks the delegate as attending', async () => {
    const order = await call<{ order: { attendance?: { attended: boolean; marked_by: string } }; audit: { action: string }[] }>('GET', `/office/orders/${delegate.id}`, { token: office, at: DAY1_LATER });
    expect(order.body.data.order.attendance).toMatchObject({ attended: true, marked_by: 'check-in: Desk A' });
    expect(order.body.data.audit.map((a) => a.action)).toContain('order.attendance_checked_in');
  });

  it('refuses what the ticket does not give, what the device may not scan, forged and unknown tickets', async () => {
    const companion = delegate.tickets[1]!;
    expect((await scan(deskA.token, { list: 'entry-2024-11-04', payload: companion.qr! })).answer.kind).toBe('not-for-list');
    expect((await scan(deskB.token, { list: 'badge-pickup', payload: companion.qr! })).answer.kind).toBe('not-for-list');
    const qr = companion.qr!;
    const bytes = base45Decode(qr)!;
    bytes[5] = bytes[5]! ^ 1; // another order's number, same signature
    expect((await scan(deskA.token, { list: 'badge-pickup', payload: base45Encode(bytes) })).answer).toEqual({ kind: 'invalid', reason: 'signature' });
    expect((await scan(deskA.token, { list: 'badge-pickup', payload: qr.slice(0, 60) })).answer).toEqual({ kind: 'invalid', reason: 'malformed' });
    const stranger = keysFromJson(newKeysJson(newKeysJson(newKeysJson()))); // key id 3
    expect((await scan(deskA.token, { list: 'badge-pickup', payload: signTicket({ sequence: 1, person: 0, entitlements: 511 }, stranger) })).answer).toEqual({ kind: 'invalid', reason: 'unknown-key' });
    const forgedOne = keysFromJson(newKeysJson()); // key id 1, not ours
    expect((await scan(deskA.token, { list: 'badge-pickup', payload: signTicket({ sequence: 1, person: 0, entitlements: 511 }, forgedOne) })).answer).toEqual({ kind: 'invalid', reason: 'signature' });
    expect((await scan(deskA.token, { list: 'badge-pickup', ticket_id: '999999-0' })).answer).toEqual({ kind: 'invalid', reason: 'unknown-ticket' });
    // A hostile batch: unknown fields and lists are refused whole.
    const hostile = await call('POST', '/checkin/scans', { token: deskA.token, at: DAY1, json: { scans: [{ ...scanOf({ list: 'badge-pickup', ticket_id: '1-0' }), extra: 1 }] } });
    expect(hostile.status).toBe(422);
  });

  it("a cancelled order's tickets are revoked: refused online, reported when an offline device let one in", async () => {
    const other = await paidOrder();
    const cancelled = await call('POST', `/registration/submission/refund/${other.id}`, { token: other.token, at: DAY1, json: {} });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const online = await scan(deskA.token, { list: 'gala-dinner', payload: other.tickets[0]!.qr! });
    expect([online.outcome, online.answer.kind]).toEqual(['refused', 'revoked']);
    const offline = await scan(deskB.token, { list: 'gala-dinner', payload: other.tickets[0]!.qr!, offline: true, answer: 'admitted' });
    expect([offline.outcome, offline.conflict?.kind]).toEqual(['refused', 'revoked-admitted']);
    const after = await call<{ tickets: TicketView[] }>('GET', `/registration/tickets/${other.id}`, { token: other.token, at: DAY1 });
    expect(after.body.data.tickets.map((t) => [t.revoked, t.qr])).toEqual([[true, null]]);
    const synced = await call<{ items: { id: string; revoked: boolean }[] }>('GET', '/checkin/tickets', { token: deskA.token, at: DAY1 });
    expect(synced.body.data.items.find((t) => t.id === other.tickets[0]!.id)?.revoked).toBe(true);
  });

  it('devices read other devices entries at their lists, and the office sees their last sync', async () => {
    const entries = await call<{ items: { list: string; ticket_id: string; device_name: string }[] }>('GET', '/checkin/entries', { token: deskB.token, at: DAY1_LATER });
    expect(entries.body.data.items).toContainEqual(expect.objectContaining({ list: 'gala-dinner', ticket_id: delegate.tickets[0]!.id, device_name: 'Desk A' }));
    expect(entries.body.data.items.every((e) => ['entry-2024-11-04', 'gala-dinner'].includes(e.list))).toBe(true);
    const overview = await call<{ devices: Device[] }>('GET', '/office/checkin', { token: office, at: DAY1_LATER });
    expect(overview.body.data.devices.find((d) => d.id === deskB.id)?.last_sync_at).not.toBeNull();
    expect((await call('GET', '/checkin/entries', { token: deskB.token, at: DAY1, query: { since: 'not a position' } })).status).toBe(422);
    expect((await call('GET', '/office/checkin/conflicts', { token: office, at: DAY1, query: { cursor: '../../x' } })).status).toBe(422);
  });

  it("the backfill gives an order paid before the doors existed its tickets' entry, once", async () => {
    const old = await paidOrder();
    await db().send(new DeleteCommand({ TableName: 'congress', Key: { pk: `ORDERROW#${old.id}`, sk: 'tickets' } }));
    const listed = async () => (await call<{ items: { id: string }[] }>('GET', '/checkin/tickets', { token: deskA.token, at: DAY1 })).body.data.items.some((t) => t.id === old.tickets[0]!.id);
    expect(await listed()).toBe(false);
    const run = await backfill();
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/; [1-9]\d* paid order\(s\) gave their tickets to the doors\.$/);
    expect(await listed()).toBe(true);
  });

  it('the office exports every scan as CSV, with the holder, the answer at the door and the conflicts', async () => {
    const requested = await call<{ job: { id: string } }>('POST', '/office/exports', { token: office, at: DAY1_LATER, json: { kind: 'checkins' } });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    let link: { url: string } | undefined;
    for (let i = 0; i < 100 && !link; i++) {
      await new Promise((r) => setTimeout(r, 250));
      const got = await call<{ url: string }>('GET', `/office/exports/${requested.body.data.job.id}/download`, { token: office, at: DAY1_LATER });
      if (got.status === 200) link = got.body.data;
    }
    expect(link, 'the export was made').toBeDefined();
    const rows = parse(Buffer.from(await (await fetch(link!.url)).arrayBuffer()).toString('utf8'), { columns: true, bom: true }) as Record<string, string>[];
    const mine = rows.filter((r) => r.ticket === delegate.tickets[0]!.id && r.list === 'gala-dinner');
    // Two scans recorded in the same instant keep no order between them: compared as a set.
    expect(mine.map((r) => [r.device, r.outcome, r.conflict, r.chinese_name, r.first_entry_device]).sort()).toEqual([
      ['Desk A', 'entry', '', '李明', ''],
      ['Desk B', 'duplicate', 'duplicate', '李明', 'Desk A'],
      ['Desk B', 'refused', '', '李明', ''],
    ]);
    expect(mine.find((r) => r.outcome === 'entry')!['scanned_at (CST, UTC+8)']).toBe('2024-11-04 08:30:00 +08:00');
  });

  it('another delegate cannot read the tickets of an order not theirs', async () => {
    const stranger = await newDelegate('checkin-stranger');
    expect((await call('GET', `/registration/tickets/${delegate.id}`, { token: stranger.token, at: DAY1 })).status).toBe(404);
  });
});
