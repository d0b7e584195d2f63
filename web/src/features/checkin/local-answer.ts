/**
 * The answer at the door from the phone's own copy (offline, or while the server is slow): the
 * same rule the server applies (core/checkin/scan-rules.ts `identify` + `answerFor`), with the
 * ticket's Ed25519 signature verified here by WebCrypto under the synced public keys.
 */
import { cstDate } from '#core/time';
import {
  answerFor,
  identify,
  listOrThrow,
  type KnownTicket,
  type PriorEntry,
  type ScanAnswer,
  type Scanned,
} from '#core/checkin/scan-rules';
import type { Ticket } from '#core/checkin/tickets';

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const imported = new Map<string, Promise<CryptoKey>>();

/** A verifier over the synced keys (kid -> raw public key, base64url). */
export function verifierFor(keys: Record<string, string>) {
  return async (
    keyId: number,
    message: Uint8Array,
    signature: Uint8Array,
  ): Promise<boolean | 'unknown-key'> => {
    const raw = keys[String(keyId)];
    if (!raw) return 'unknown-key';
    const cacheKey = `${keyId}:${raw}`;
    if (!imported.has(cacheKey))
      imported.set(
        cacheKey,
        crypto.subtle.importKey('raw', fromBase64Url(raw), { name: 'Ed25519' }, false, ['verify']),
      );
    try {
      return await crypto.subtle.verify(
        { name: 'Ed25519' },
        await imported.get(cacheKey)!,
        new Uint8Array(signature),
        new Uint8Array(message),
      );
    } catch {
      return false;
    }
  };
}

export interface LocalCopy {
  keys: Record<string, string>;
  ticket(id: string): Ticket | undefined;
  entry(list: string, ticketId: string): PriorEntry | undefined;
}

export interface LocalAnswer {
  answer: ScanAnswer;
  ticketId: string | null;
}

export async function answerLocally(
  copy: LocalCopy,
  listId: string,
  scanned: Scanned,
  now: Date,
): Promise<LocalAnswer> {
  const known = (id: string): KnownTicket | undefined => copy.ticket(id);
  const identified = await identify(scanned, verifierFor(copy.keys), known, cstDate(now));
  if (!identified.ok) return { answer: identified.answer, ticketId: null };
  const list = listOrThrow(listId);
  return {
    answer: answerFor(
      list,
      identified,
      known(identified.ticket_id),
      copy.entry(listId, identified.ticket_id),
    ),
    ticketId: identified.ticket_id,
  };
}
