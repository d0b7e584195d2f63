/**
 * The doors' records (core/checkin, decision 0070):
 *
 *   CHECKINDEVICE#<id> / DEVICE          a device; in the byList index under CHECKIN#devices
 *   CHECKINPAIR#<code hash> / PAIR       a one-time pairing code (expires: TTL and a condition)
 *   CHECKINTOKEN#<token hash> / TOKEN    names the device a token belongs to
 *   CHECKINSCAN#<device>#<scan> / SCAN   a scan, once; byList CHECKIN#scans by when it arrived
 *   CHECKINCONFLICT#<device>#<scan> / C  the conflict report's line of a scan; byList CHECKIN#conflicts
 *   CHECKINENTRY#<list>#<ticket> / E     a ticket's one entry at a list; byList CHECKIN#entries by
 *                                        the moment of the write (devices read it by position: it only grows)
 *   CHECKINCOUNT#<list> / COUNT          entries, re-entries, duplicates and refusals at a list
 *
 * The tickets themselves are the orders' (storage/order-rows.ts, slot `tickets`).
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditEntry } from '#core/audit/audit';
import type { SyncStore } from '#core/checkin/device-sync';
import type { CheckinStore, Device, DeviceStore, Entry, RecordedScan, TicketSource } from '#core/checkin/ports';
import type { Ticket } from '#core/checkin/tickets';
import { TICKETS_LIST } from '#core/office/order-rows';
import { transferReference } from '#core/orders/reference';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { auditPut } from './audit';
import { transact, type Items } from './claims';
import { keys } from './keys';
import { orderStore } from './orders';
import type { IndexName } from './table';

const table = () => env.tableName();
const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const isConditionFailure = (error: unknown) => (error as { name?: string }).name === 'ConditionalCheckFailedException';

export const checkinKeys = {
  device: (id: string) => ({ pk: `CHECKINDEVICE#${id}`, sk: 'DEVICE' }),
  pairing: (codeHash: string) => ({ pk: `CHECKINPAIR#${codeHash}`, sk: 'PAIR' }),
  token: (tokenHash: string) => ({ pk: `CHECKINTOKEN#${tokenHash}`, sk: 'TOKEN' }),
  scan: (key: string) => ({ pk: `CHECKINSCAN#${key}`, sk: 'SCAN' }),
  conflict: (key: string) => ({ pk: `CHECKINCONFLICT#${key}`, sk: 'C' }),
  entry: (list: string, ticketId: string) => ({ pk: `CHECKINENTRY#${list}#${ticketId}`, sk: 'E' }),
  count: (list: string) => ({ pk: `CHECKINCOUNT#${list}`, sk: 'COUNT' }),
  devices: 'CHECKIN#devices',
  scans: 'CHECKIN#scans',
  conflicts: 'CHECKIN#conflicts',
  entries: 'CHECKIN#entries',
};

// ---------------------------------------------------------------------------------------------
// Devices

const deviceItem = (d: Device, tokenHash?: string) => ({
  ...checkinKeys.device(d.id),
  entity: 'checkin-device',
  gsi3pk: checkinKeys.devices,
  gsi3sk: `${d.created_at}#${d.id}`,
  device: d,
  ...(tokenHash ? { token_hash: tokenHash } : {}),
});
const pairingItem = (deviceId: string, pairing: { codeHash: string; expiresAt: string }) => ({
  ...checkinKeys.pairing(pairing.codeHash),
  entity: 'checkin-pairing',
  device_id: deviceId,
  expires: pairing.expiresAt,
  // The table's TTL removes it a day after it lapsed (the code's check is `expires`).
  expires_at: epochSeconds(pairing.expiresAt) + 86_400,
});

async function deviceRecord(id: string) {
  const r = await documentClient().send(new GetCommand({ TableName: table(), Key: checkinKeys.device(id), ConsistentRead: true }));
  return r.Item as { device: Device; token_hash?: string } | undefined;
}

/**
 * Over the device's version: its item is replaced; its token is kept (a revoked device is told it
 * is revoked), dropped (a renewed pairing), or replaced (paired again).
 */
async function replaceDevice(next: Device, base: string, extra: Items, token: 'keep' | 'drop' | { hash: string }, audit?: AuditEntry): Promise<boolean> {
  const before = await deviceRecord(next.id);
  if (!before || before.device.version !== base) return false;
  const tokenHash = token === 'keep' ? before.token_hash : token === 'drop' ? undefined : token.hash;
  const items: Items = [
    {
      Put: {
        TableName: table(),
        Item: deviceItem(next, tokenHash),
        ConditionExpression: 'device.version = :base',
        ExpressionAttributeValues: { ':base': base },
      },
    },
    ...(before.token_hash && before.token_hash !== tokenHash ? [{ Delete: { TableName: table(), Key: checkinKeys.token(before.token_hash) } }] : []),
    ...extra,
    ...(audit ? [auditPut(audit)] : []),
  ];
  return (await transact(items)) === 'ok';
}

export const deviceStore: DeviceStore = {
  async get(id) {
    return (await deviceRecord(id))?.device;
  },
  async list() {
    const out: Device[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const r = await documentClient().send(
        new QueryCommand({ TableName: table(), IndexName: 'byList' satisfies IndexName, KeyConditionExpression: 'gsi3pk = :p', ExpressionAttributeValues: { ':p': checkinKeys.devices }, ExclusiveStartKey: start }),
      );
      for (const item of r.Items ?? []) out.push(item.device as Device);
      start = r.LastEvaluatedKey;
    } while (start);
    return out;
  },
  async create(device, pairing, audit) {
    const result = await transact([
      { Put: { TableName: table(), Item: deviceItem(device), ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: table(), Item: pairingItem(device.id, pairing), ConditionExpression: 'attribute_not_exists(pk)' } },
      auditPut(audit),
    ]);
    if (result !== 'ok') throw new Error(`device not created: ${result.join(', ')}`);
  },
  async pairing(codeHash) {
    const r = await documentClient().send(new GetCommand({ TableName: table(), Key: checkinKeys.pairing(codeHash), ConsistentRead: true }));
    return r.Item ? { device_id: r.Item.device_id as string, expires_at: r.Item.expires as string } : undefined;
  },
  async pair(device, codeHash, tokenHash, base) {
    const ok = await replaceDevice(device, base, [
      // The code is used up in the same write: a second phone with the same code loses.
      { Delete: { TableName: table(), Key: checkinKeys.pairing(codeHash), ConditionExpression: 'attribute_exists(pk)' } },
      { Put: { TableName: table(), Item: { ...checkinKeys.token(tokenHash), entity: 'checkin-token', device_id: device.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
    ], { hash: tokenHash });
    return ok ? 'paired' : 'changed';
  },
  async renewPairing(device, pairing, base, audit) {
    const ok = await replaceDevice(device, base, [{ Put: { TableName: table(), Item: pairingItem(device.id, pairing), ConditionExpression: 'attribute_not_exists(pk)' } }], 'drop', audit);
    return ok ? 'renewed' : 'changed';
  },
  async revoke(device, base, audit) {
    return (await replaceDevice(device, base, [], 'keep', audit)) ? 'revoked' : 'changed';
  },
  async byToken(tokenHash) {
    const r = await documentClient().send(new GetCommand({ TableName: table(), Key: checkinKeys.token(tokenHash), ConsistentRead: true }));
    if (!r.Item) return undefined;
    const record = await deviceRecord(r.Item.device_id as string);
    // A token the device no longer holds (renewed meanwhile) names nothing.
    return record && record.token_hash === tokenHash ? record.device : undefined;
  },
  async synced(id, at) {
    await documentClient()
      .send(
        new UpdateCommand({
          TableName: table(),
          Key: checkinKeys.device(id),
          UpdateExpression: 'SET device.last_sync_at = :at',
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(device.last_sync_at) OR device.last_sync_at < :at)',
          ExpressionAttributeValues: { ':at': at },
        }),
      )
      .catch((error: unknown) => {
        if (!isConditionFailure(error)) throw error;
      });
  },
};

// ---------------------------------------------------------------------------------------------
// Scans and entries

const scanItem = (scan: RecordedScan) => ({ ...checkinKeys.scan(scan.key), entity: 'checkin-scan', gsi3pk: checkinKeys.scans, gsi3sk: `${scan.received_at}#${scan.key}`, scan });
const conflictItem = (scan: RecordedScan) => ({ ...checkinKeys.conflict(scan.key), entity: 'checkin-conflict', gsi3pk: checkinKeys.conflicts, gsi3sk: `${scan.received_at}#${scan.key}`, scan });
type Counter = 'entries' | 'reentries' | 'duplicates' | 'refused' | 'conflicts';
/** One update of a list's counters (a transaction may name an item once). */
const countUpdate = (list: string, counters: readonly Counter[]) => ({
  Update: {
    TableName: table(),
    Key: checkinKeys.count(list),
    UpdateExpression: `ADD ${counters.map((_, i) => `#c${i} :one`).join(', ')} SET entity = :e`,
    ExpressionAttributeNames: Object.fromEntries(counters.map((c, i) => [`#c${i}`, c])),
    ExpressionAttributeValues: { ':one': 1, ':e': 'checkin-count' },
  },
});
const counterOf = (scan: RecordedScan) => (scan.outcome === 'entry' ? 'entries' : scan.outcome === 'reentry' ? 'reentries' : scan.outcome === 'duplicate' ? 'duplicates' : 'refused');

async function readScan(key: string) {
  const r = await documentClient().send(new GetCommand({ TableName: table(), Key: checkinKeys.scan(key), ConsistentRead: true }));
  return r.Item?.scan as RecordedScan | undefined;
}
async function readEntry(list: string, ticketId: string) {
  const r = await documentClient().send(new GetCommand({ TableName: table(), Key: checkinKeys.entry(list, ticketId), ConsistentRead: true }));
  return r.Item?.entry as Entry | undefined;
}

export const checkinStore: CheckinStore = {
  scan: readScan,
  entry: readEntry,
  async recordEntry(scan, entry) {
    const result = await transact([
      { Put: { TableName: table(), Item: scanItem(scan), ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        Put: {
          TableName: table(),
          Item: { ...checkinKeys.entry(entry.list, entry.ticket_id), entity: 'checkin-entry', gsi3pk: checkinKeys.entries, gsi3sk: `${new Date().toISOString()}#${entry.list}#${entry.ticket_id}`, entry },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      countUpdate(entry.list, ['entries']),
    ]);
    if (result === 'ok') return 'recorded';
    if (result[0] === 'ConditionalCheckFailed') return 'scan-exists';
    if (result[1] === 'ConditionalCheckFailed') {
      const first = await readEntry(entry.list, entry.ticket_id);
      if (first) return { first };
    }
    throw new Error(`scan not recorded: ${result.join(', ')}`);
  },
  async recordScan(scan) {
    const result = await transact([
      { Put: { TableName: table(), Item: scanItem(scan), ConditionExpression: 'attribute_not_exists(pk)' } },
      ...(scan.conflict ? [{ Put: { TableName: table(), Item: conflictItem(scan) } }] : []),
      countUpdate(scan.list, scan.conflict ? [counterOf(scan), 'conflicts'] : [counterOf(scan)]),
    ]);
    if (result === 'ok') return 'recorded';
    if (result[0] === 'ConditionalCheckFailed') return 'scan-exists';
    throw new Error(`scan not recorded: ${result.join(', ')}`);
  },
};

// ---------------------------------------------------------------------------------------------
// What devices sync, and the office's reads

async function listPage(partition: string, from: string | undefined, limit: number, newestFirst = false) {
  const r = await documentClient().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'byList' satisfies IndexName,
      KeyConditionExpression: from ? (newestFirst ? 'gsi3pk = :p AND gsi3sk < :f' : 'gsi3pk = :p AND gsi3sk > :f') : 'gsi3pk = :p',
      ExpressionAttributeValues: { ':p': partition, ...(from ? { ':f': from } : {}) },
      ScanIndexForward: !newestFirst,
      Limit: limit,
    }),
  );
  const items = r.Items ?? [];
  return { items, last: items.length ? (items[items.length - 1]!.gsi3sk as string) : null, more: Boolean(r.LastEvaluatedKey) };
}

export const syncStore: SyncStore = {
  async ticketsFrom(from, limit) {
    const page = await listPage(keys.orderList(TICKETS_LIST), from, limit);
    return { ...page, items: page.items.map((i) => ({ sort: i.gsi3sk as string, tickets: (i.tickets ?? []) as Ticket[] })) };
  },
  async entriesFrom(from, limit) {
    const page = await listPage(checkinKeys.entries, from, limit);
    return { ...page, items: page.items.map((i) => ({ sort: i.gsi3sk as string, entry: i.entry as Entry })) };
  },
};

export const ticketSource: TicketSource = {
  orderBySequence: (sequence) => orderStore.findByReference(transferReference(sequence)),
};

/** The office's overview: counts per list. */
export async function checkinCounts(lists: readonly string[]) {
  const counts = await Promise.all(
    lists.map(async (list) => {
      const r = await documentClient().send(new GetCommand({ TableName: table(), Key: checkinKeys.count(list) }));
      const n = (k: string) => Number(r.Item?.[k] ?? 0);
      return { list, entries: n('entries'), reentries: n('reentries'), duplicates: n('duplicates'), refused: n('refused'), conflicts: n('conflicts') };
    }),
  );
  return counts;
}

/** The latest scans (newest first) and a page of the conflict report (newest first, from a cursor). */
export async function recentScans(limit: number) {
  return (await listPage(checkinKeys.scans, undefined, limit, true)).items.map((i) => i.scan as RecordedScan);
}
export async function conflictPage(before: string | undefined, limit: number) {
  const page = await listPage(checkinKeys.conflicts, before, limit, true);
  return { items: page.items.map((i) => i.scan as RecordedScan), next: page.more ? page.last : null };
}
