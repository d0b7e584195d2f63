/**
 * The answer at the door (issue 34, decision 0070): one pure rule, used by the device when it is
 * offline (from what it has synced) and by the server for every scan it records, so the two can
 * only disagree about what one of them did not know yet (another device's entry, a revocation).
 */
import { conference } from '../config/conference';
import { checkinList, entitledTo, entitlementsOf, type CheckinList } from './lists';
import { readPayload, type ReadPayload } from './payload';
import { parseTicketId, ticketId } from './tickets';

export type ScanAnswer =
  /** Let in: the first admission of this ticket at this list. */
  | { kind: 'admitted' }
  /** Let in again at a list that allows re-entry (conference entry). */
  | { kind: 'reentry'; first: PriorEntry }
  /** Already admitted here: at, on which device. */
  | { kind: 'already'; first: PriorEntry }
  | { kind: 'not-for-list' }
  | { kind: 'revoked' }
  /** Not one of our tickets: unreadable, forged, signed by a key we do not know. */
  | { kind: 'invalid'; reason: 'malformed' | 'format' | 'unknown-key' | 'signature' | 'unknown-ticket' }
  | { kind: 'other-edition'; edition: number }
  | { kind: 'expired'; validUntil: string };
export type AnswerKind = ScanAnswer['kind'];

/** Whether the answer lets the person in. */
export const admits = (answer: Pick<ScanAnswer, 'kind'>) => answer.kind === 'admitted' || answer.kind === 'reentry';

export interface PriorEntry {
  at: string;
  device_name: string;
}

/** What the scanner read: a ticket's QR text, or a ticket chosen by search (name, order number). */
export type Scanned = { via: 'qr'; payload: string } | { via: 'search'; ticket_id: string };

/** What a ticket is known to be, by whoever answers (the server's orders, a device's synced copy). */
export interface KnownTicket {
  id: string;
  entitlements: number;
  revoked: boolean;
}

/** A read QR whose signature is checked or not (the check is async on a device: WebCrypto). */
export type Identified =
  | { ok: true; ticket_id: string; entitlements: number; facts?: ReadPayload['facts'] }
  | { ok: false; answer: ScanAnswer };

/**
 * Step 1: who the scanned thing names. A QR's signature must verify under its key id; a ticket
 * chosen by search is one the answerer knows. `verify` answers whether the signature holds, or
 * 'unknown-key'.
 */
export async function identify(
  scanned: Scanned,
  verify: (keyId: number, message: Uint8Array, signature: Uint8Array) => Promise<boolean | 'unknown-key'>,
  known: (id: string) => KnownTicket | undefined,
  today: string,
): Promise<Identified> {
  if (scanned.via === 'search') {
    const ticket = parseTicketId(scanned.ticket_id) ? known(scanned.ticket_id) : undefined;
    return ticket ? { ok: true, ticket_id: ticket.id, entitlements: ticket.entitlements } : { ok: false, answer: { kind: 'invalid', reason: 'unknown-ticket' } };
  }
  const read = readPayload(scanned.payload);
  if (typeof read === 'string') return { ok: false, answer: { kind: 'invalid', reason: read } };
  const verified = await verify(read.facts.keyId, read.message, read.signature);
  if (verified === 'unknown-key') return { ok: false, answer: { kind: 'invalid', reason: 'unknown-key' } };
  if (!verified) return { ok: false, answer: { kind: 'invalid', reason: 'signature' } };
  if (read.facts.edition !== conference.edition) return { ok: false, answer: { kind: 'other-edition', edition: read.facts.edition } };
  if (today > read.facts.validUntil) return { ok: false, answer: { kind: 'expired', validUntil: read.facts.validUntil } };
  return { ok: true, ticket_id: ticketId(read.facts.sequence, read.facts.person), entitlements: read.facts.entitlements, facts: read.facts };
}

/**
 * Step 2: the answer for an identified ticket at a list. A signed ticket the answerer has not
 * synced yet (paid after the device's last sync) passes on its payload's entitlements; a ticket
 * it knows passes on what it knows (a revocation wins over the payload).
 */
export function answerFor(list: CheckinList, who: { ticket_id: string; entitlements: number }, known: KnownTicket | undefined, prior: PriorEntry | undefined): ScanAnswer {
  if (known?.revoked) return { kind: 'revoked' };
  if (!entitledTo(list, entitlementsOf(known?.entitlements ?? who.entitlements))) return { kind: 'not-for-list' };
  if (prior) return list.reentry ? { kind: 'reentry', first: prior } : { kind: 'already', first: prior };
  return { kind: 'admitted' };
}

/** The list by id, or an error for a caller that gave one we do not have (the schemas already refuse it). */
export function listOrThrow(id: string): CheckinList {
  const list = checkinList(id);
  if (!list) throw new Error(`No check-in list ${id}`);
  return list;
}
