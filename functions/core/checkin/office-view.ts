/**
 * What the office sees of the doors (issue 34): per list its entries, re-entries, duplicates and
 * refusals; the devices and their last sync; the latest scans; and the conflict report (the same
 * ticket let in twice by offline devices, a revoked ticket let in before the device heard of it).
 */
import * as z from 'zod/mini';
import { CHECKIN_LISTS } from './lists';
import { deviceView, type DeviceView } from './devices';
import type { Device, RecordedScan } from './ports';

export interface ListCounts {
  list: string;
  entries: number;
  reentries: number;
  duplicates: number;
  refused: number;
  conflicts: number;
}

export interface OfficeCheckinReads {
  counts(lists: readonly string[]): Promise<ListCounts[]>;
  devices(): Promise<Device[]>;
  recentScans(limit: number): Promise<RecordedScan[]>;
  conflicts(before: string | undefined, limit: number): Promise<{ items: RecordedScan[]; next: string | null }>;
}

export const RECENT_SCANS = 30;
export const CONFLICTS_PAGE = 50;

/** A scan as the office's tables show it. */
export const scanLine = (s: RecordedScan) => ({
  key: s.key,
  list: s.list,
  ticket_id: s.ticket_id,
  order_id: s.order_id,
  device_id: s.device_id,
  device_name: s.device_name,
  at: s.at,
  received_at: s.received_at,
  offline: s.offline,
  via: s.via,
  outcome: s.outcome,
  answer: s.server_answer.kind,
  device_answer: s.device_answer,
  conflict: s.conflict,
});
export type ScanLine = ReturnType<typeof scanLine>;

export async function checkinOverview(reads: OfficeCheckinReads, now: Date): Promise<{ lists: (ListCounts & { day: string | null })[]; devices: DeviceView[]; recent: ScanLine[]; conflicts: { items: ScanLine[]; next: string | null } }> {
  const [counts, devices, recent, conflicts] = await Promise.all([
    reads.counts(CHECKIN_LISTS.map((l) => l.id)),
    reads.devices(),
    reads.recentScans(RECENT_SCANS),
    reads.conflicts(undefined, CONFLICTS_PAGE),
  ]);
  return {
    lists: CHECKIN_LISTS.map((l) => ({ ...counts.find((c) => c.list === l.id)!, day: l.day ?? null })),
    devices: devices.sort((a, b) => a.created_at.localeCompare(b.created_at)).map((d) => deviceView(d, now)),
    recent: recent.map(scanLine),
    conflicts: { items: conflicts.items.map(scanLine), next: conflicts.next },
  };
}

const position = z.string().check(z.maxLength(300), z.regex(/^\d{4}-\d\d-\d\dT[\d:.]+Z#[A-Za-z0-9#_-]{1,250}$/));
export const conflictsQuery = z.strictObject({ cursor: z.optional(position) });

export async function conflictReport(reads: Pick<OfficeCheckinReads, 'conflicts'>, cursor: string | undefined) {
  const page = await reads.conflicts(cursor, CONFLICTS_PAGE);
  return { items: page.items.map(scanLine), next: page.next };
}
