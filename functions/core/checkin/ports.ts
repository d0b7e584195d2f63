/** What the check-in domain needs from storage and the platform (functions/storage/checkin.ts, functions/lib/checkin-keys.ts). */
import type { AuditEntry } from '../audit/audit';
import type { AnswerKind, PriorEntry, ScanAnswer } from './scan-rules';
import type { Ticket, TicketOrder } from './tickets';

export interface Device {
  id: string;
  name: string;
  /** The lists it may scan. */
  lists: string[];
  /** Its token stops working after this instant. */
  valid_until: string;
  created_at: string;
  created_by: string;
  paired_at?: string;
  revoked_at?: string;
  last_sync_at?: string;
  /** Bumped at each write of the device (pairing, revocation): writes are conditioned on it. */
  version: string;
}

/** A scan as the server recorded it. */
export interface RecordedScan {
  /** `<device>#<the device's scan id>`: a scan sent again is found, never counted twice. */
  key: string;
  scan_id: string;
  device_id: string;
  device_name: string;
  list: string;
  /** The ticket named, when the scan named one. */
  ticket_id: string | null;
  order_id: string | null;
  via: 'qr' | 'search';
  /** When the device scanned (its clock), and when the server heard of it. */
  at: string;
  received_at: string;
  offline: boolean;
  /** What the device showed (an offline scan) or what the server answered (an online one). */
  device_answer: AnswerKind | null;
  outcome: ScanOutcome;
  /** The record's answer: what an online scan showed at the door, what an offline one should have. */
  server_answer: ScanAnswer;
  /** Set when the door and the record disagree: the office's conflict report. */
  conflict: null | { kind: 'duplicate' | 'revoked-admitted' | 'refused-admitted'; first?: PriorEntry & { device_id: string } };
}

/**
 * What the scan became in the record: the entry of its ticket at its list; a re-entry; a
 * duplicate (let in by a device that did not know of the first entry, or refused as already in);
 * refused (with the answer's kind).
 */
export type ScanOutcome = 'entry' | 'reentry' | 'duplicate' | 'refused';

export interface Entry {
  list: string;
  ticket_id: string;
  order_id: string;
  person: number;
  scan_key: string;
  device_id: string;
  device_name: string;
  at: string;
}

export interface CheckinStore {
  /** The scan as recorded earlier (a batch sent again), if it was. */
  scan(key: string): Promise<RecordedScan | undefined>;
  /** The ticket's entry at the list, if any. */
  entry(list: string, ticketId: string): Promise<Entry | undefined>;
  /**
   * Records the scan and the entry it makes, in one transaction, only if neither exists:
   * 'scan-exists' (sent again), or the entry that came first.
   */
  recordEntry(scan: RecordedScan, entry: Entry): Promise<'recorded' | 'scan-exists' | { first: Entry }>;
  /** Records a scan that makes no entry, only if it is not recorded yet. */
  recordScan(scan: RecordedScan): Promise<'recorded' | 'scan-exists'>;
}

export interface TicketSource {
  /** The order behind a ticket's sequence number (its transfer reference names it). */
  orderBySequence(sequence: number): Promise<TicketOrder | undefined>;
}

export interface DeviceStore {
  get(id: string): Promise<Device | undefined>;
  list(): Promise<Device[]>;
  /** Creates the device with its one-time pairing code (by its hash), with the audit entry. */
  create(device: Device, pairing: { codeHash: string; expiresAt: string }, audit: AuditEntry): Promise<void>;
  /** The device a pairing code's hash names while the code is unused and unexpired. */
  pairing(codeHash: string): Promise<{ device_id: string; expires_at: string } | undefined>;
  /**
   * Pairs: the code is used up, the device's token (by its hash) replaces any earlier one, all
   * over the device's version; 'changed' when the code was used or the device moved on.
   */
  pair(device: Device, codeHash: string, tokenHash: string, base: string): Promise<'paired' | 'changed'>;
  /** A new pairing code for the device (its token is ended), over its version, with the audit entry. */
  renewPairing(device: Device, pairing: { codeHash: string; expiresAt: string }, base: string, audit: AuditEntry): Promise<'renewed' | 'changed'>;
  revoke(device: Device, base: string, audit: AuditEntry): Promise<'revoked' | 'changed'>;
  /** The device a token's hash belongs to. */
  byToken(tokenHash: string): Promise<Device | undefined>;
  /** Notes the device's last sync (no version: a note, not a change). */
  synced(id: string, at: string): Promise<void>;
}

export type { Ticket };
