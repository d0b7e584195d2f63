/**
 * A device's scans reach the record (issue 34, decision 0070). A device online sends each scan
 * as it happens and shows the server's answer (a revocation or another desk's entry is known at
 * once); offline it answers from its synced copy, queues the scan, and sends the queue when the
 * network returns. Either way every scan is recorded here once (the device's scan id, within
 * the device), and every ticket has at most one entry per list (a conditional write), so:
 *
 * - the same ticket let in by two offline devices is one entry plus a duplicate in the office's
 *   conflict report (which devices, when), never silently;
 * - a ticket revoked before an offline device heard of it, and let in, is reported;
 * - a batch sent again changes nothing and gets the same answers.
 *
 * A first entry at a conference-entry list marks the delegate's attendance (the certificate's).
 */
import * as z from 'zod/mini';
import { conference, doors } from '../config/conference';
import { cstDate } from '../time';
import { checkinListIds, type CheckinList } from './lists';
import { readPayload } from './payload';
import type { CheckinStore, Device, Entry, RecordedScan, ScanOutcome, TicketSource } from './ports';
import { admits, answerFor, identify, listOrThrow, type AnswerKind, type KnownTicket, type PriorEntry, type ScanAnswer, type Scanned } from './scan-rules';
import { parseTicketId, ticketsOf, type TicketOrder } from './tickets';

export const answerKinds = ['admitted', 'reentry', 'already', 'not-for-list', 'revoked', 'invalid', 'other-edition', 'expired'] as const satisfies readonly AnswerKind[];
/** Most scans a device sends at once (a queue longer than this goes in several requests). */
export const MAX_SCANS_PER_BATCH = doors.maxScansPerBatch;

const scanSchema = z.strictObject({
  /** The device's own id for the scan (a UUID): the same scan sent again is recognised. */
  id: z.string().check(z.regex(/^[A-Za-z0-9-]{8,64}$/)),
  list: z.enum(checkinListIds),
  via: z.enum(['qr', 'search']),
  payload: z.optional(z.string().check(z.maxLength(200))),
  ticket_id: z.optional(z.string().check(z.maxLength(20))),
  /** When the device scanned. */
  at: z.iso.datetime({ offset: true }),
  /** Scanned offline: the device answered and let the person in or not already. */
  offline: z.boolean(),
  /** What the device showed (offline scans). */
  answer: z.nullable(z.enum(answerKinds)),
});
export const scansBody = z.strictObject({ scans: z.array(scanSchema).check(z.minLength(1), z.maxLength(MAX_SCANS_PER_BATCH)) });
export type ScanInput = z.output<typeof scanSchema>;

export interface ScanResult {
  id: string;
  outcome: ScanOutcome;
  /** The record's answer (an online scan shows it at the door). */
  answer: ScanAnswer;
  conflict: RecordedScan['conflict'];
}

export interface RecordScansDeps {
  store: CheckinStore;
  tickets: TicketSource;
  /** Whether a signature holds under a key id we have, or 'unknown-key'. */
  verify(keyId: number, message: Uint8Array, signature: Uint8Array): Promise<boolean | 'unknown-key'>;
  /** Marks the order's delegate as attending (a first conference entry); never fails the scan. */
  attended(order: TicketOrder, entry: Entry): Promise<void>;
}

const scannedOf = (s: ScanInput): Scanned | null =>
  s.via === 'qr' ? (s.payload ? { via: 'qr', payload: s.payload } : null) : s.ticket_id ? { via: 'search', ticket_id: s.ticket_id } : null;

function sequenceOf(scanned: Scanned): number | null {
  if (scanned.via === 'search') return parseTicketId(scanned.ticket_id)?.sequence ?? null;
  const read = readPayload(scanned.payload);
  return typeof read === 'string' ? null : read.facts.sequence;
}

const priorOf = (e: Entry): PriorEntry & { device_id: string } => ({ at: e.at, device_name: e.device_name, device_id: e.device_id });

/** A recorded scan's result (the same when its batch is sent again). */
const resultOf = (scan: RecordedScan): ScanResult => ({ id: scan.scan_id, outcome: scan.outcome, answer: scan.server_answer, conflict: scan.conflict });

export async function recordScans(deps: RecordScansDeps, device: Device, scans: readonly ScanInput[], now: Date): Promise<ScanResult[]> {
  const results: ScanResult[] = [];
  // One after another: two scans of one ticket in a batch are first and second, in the device's order.
  for (const scan of scans) results.push(await recordScan(deps, device, scan, now));
  return results;
}

async function recordScan(deps: RecordScansDeps, device: Device, input: ScanInput, now: Date): Promise<ScanResult> {
  const key = `${device.id}#${input.id}`;
  const earlier = await deps.store.scan(key);
  if (earlier) return resultOf(earlier);

  const deviceAdmitted = input.offline && input.answer !== null && admits({ kind: input.answer });
  const record = (answer: ScanAnswer, outcome: ScanOutcome, who: { ticket_id: string; order_id: string } | null, conflict: RecordedScan['conflict'] = null): RecordedScan => ({
    key,
    scan_id: input.id,
    device_id: device.id,
    device_name: device.name,
    list: input.list,
    ticket_id: who?.ticket_id ?? null,
    order_id: who?.order_id ?? null,
    via: input.via,
    at: input.at,
    received_at: now.toISOString(),
    offline: input.offline,
    device_answer: input.offline ? input.answer : null,
    outcome,
    server_answer: answer,
    conflict,
  });
  // Sent twice at once: the one recorded first is the answer of both.
  const save = async (scan: RecordedScan) => ((await deps.store.recordScan(scan)) === 'scan-exists' ? resultOf((await deps.store.scan(key))!) : resultOf(scan));
  /** Refused by the record; a device that let the person in anyway (offline) is reported. */
  const refuse = (answer: ScanAnswer, who: { ticket_id: string; order_id: string } | null = null) =>
    save(record(answer, 'refused', who, deviceAdmitted ? { kind: answer.kind === 'revoked' ? 'revoked-admitted' : 'refused-admitted' } : null));

  const list = listOrThrow(input.list);
  const scanned = scannedOf(input);
  if (!scanned) return refuse({ kind: 'invalid', reason: 'malformed' });
  if (!device.lists.includes(list.id)) return refuse({ kind: 'not-for-list' });

  const sequence = sequenceOf(scanned);
  const order = sequence === null ? undefined : await deps.tickets.orderBySequence(sequence);
  const tickets = order ? ticketsOf(order) : [];
  const known = (id: string): KnownTicket | undefined => tickets.find((t) => t.id === id);
  const identified = await identify(scanned, deps.verify, known, cstDate(now));
  if (!identified.ok) return refuse(identified.answer);

  // The record is the authority: a signed ticket that its order no longer gives (cancelled, the account deleted) is revoked.
  const ticket = known(identified.ticket_id);
  if (!ticket || !order) return refuse({ kind: 'revoked' });
  const who = { ticket_id: ticket.id, order_id: order.id };
  const prior = await deps.store.entry(list.id, ticket.id);
  const answer = answerFor(list, identified, ticket, prior && priorOf(prior));
  // A device that turned the person away: recorded as refused, whatever the record would say now (they scan again).
  const letIn = !input.offline || deviceAdmitted;

  if (answer.kind === 'admitted' && letIn) return claimEntry(deps, { list, device, input, order, ticketId: ticket.id, record, save });
  if (answer.kind === 'reentry' && letIn) return save(record(answer, 'reentry', who));
  if (answer.kind === 'already' && deviceAdmitted) return save(record(answer, 'duplicate', who, { kind: 'duplicate', first: priorOf(prior!) }));
  return refuse(answer, who);
}

interface Claim {
  list: CheckinList;
  device: Device;
  input: ScanInput;
  order: TicketOrder;
  ticketId: string;
  record: (answer: ScanAnswer, outcome: ScanOutcome, who: { ticket_id: string; order_id: string }, conflict?: RecordedScan['conflict']) => RecordedScan;
  save: (scan: RecordedScan) => Promise<ScanResult>;
}

/** The ticket's entry at the list, claimed with the scan in one conditional write; a lost race makes it a re-entry or a duplicate. */
async function claimEntry(deps: RecordScansDeps, { list, device, input, order, ticketId, record, save }: Claim): Promise<ScanResult> {
  const who = { ticket_id: ticketId, order_id: order.id };
  const person = parseTicketId(ticketId)!.person;
  const scan = record({ kind: 'admitted' }, 'entry', who);
  const entry: Entry = { list: list.id, ticket_id: ticketId, order_id: order.id, person, scan_key: scan.key, device_id: device.id, device_name: device.name, at: input.at };
  const claimed = await deps.store.recordEntry(scan, entry);
  if (claimed === 'scan-exists') return resultOf((await deps.store.scan(scan.key))!);
  if (claimed === 'recorded') {
    if (list.attendance && person === 0) await deps.attended(order, entry);
    return resultOf(scan);
  }
  // Another device's entry came first, a moment ago.
  const first = priorOf(claimed.first);
  if (list.reentry) return save(record({ kind: 'reentry', first }, 'reentry', who));
  if (input.offline) return save(record({ kind: 'already', first }, 'duplicate', who, { kind: 'duplicate', first }));
  return save(record({ kind: 'already', first }, 'refused', who));
}

/** The congress's edition, for a device's sync (a ticket of another year is refused). */
export const EDITION = conference.edition;
