/**
 * What a ticket's QR code holds (issue 34, decision 0070): 12 bytes of facts and an Ed25519
 * signature over them, written in Base45 (RFC 9285) so the code uses the QR alphanumeric mode:
 * 114 characters, a version 5 code at error correction M, which phones read in a dim hall.
 *
 *   byte 0      format (1)
 *   byte 1      key id (1-255: the signing key, rotatable; devices know the public keys by id)
 *   byte 2      edition (the congress year - 2000: a 2023 ticket is refused in 2024)
 *   bytes 3-6   the order's sequence number (big-endian)
 *   byte 7      the person on the order (0: the delegate, 1..: accompanying persons)
 *   bytes 8-9   entitlements (lists.ts ENTITLEMENT_BITS)
 *   bytes 10-11 valid until: the last valid day, as days since 2000-01-01
 *   bytes 12-75 Ed25519 signature of `"IACR-TICKET" + bytes 0-11`
 *
 * Pure: the server signs with Node's crypto (functions/lib/checkin-keys.ts), a device verifies
 * with WebCrypto; both call these functions for the bytes.
 */
export const PAYLOAD_FORMAT = 1;
const FACTS_LENGTH = 12;
const SIGNATURE_LENGTH = 64;
export const PAYLOAD_BYTES = FACTS_LENGTH + SIGNATURE_LENGTH;
const DOMAIN = new TextEncoder().encode('IACR-TICKET');
const DAY_MS = 86_400_000;
const EPOCH = Date.UTC(2000, 0, 1);

export interface TicketFacts {
  keyId: number;
  edition: number;
  sequence: number;
  person: number;
  entitlements: number;
  /** The last day the ticket is valid (YYYY-MM-DD, Beijing). */
  validUntil: string;
}

export type PayloadProblem = 'malformed' | 'format';

const dayNumber = (day: string) => Math.round((Date.parse(`${day}T00:00:00Z`) - EPOCH) / DAY_MS);
const dayOf = (n: number) => new Date(EPOCH + n * DAY_MS).toISOString().slice(0, 10);

/** The 12 bytes of facts. */
export function factsBytes(f: TicketFacts): Uint8Array {
  const bytes = new Uint8Array(FACTS_LENGTH);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, PAYLOAD_FORMAT);
  view.setUint8(1, f.keyId);
  view.setUint8(2, f.edition - 2000);
  view.setUint32(3, f.sequence);
  view.setUint8(7, f.person);
  view.setUint16(8, f.entitlements);
  view.setUint16(10, dayNumber(f.validUntil));
  return bytes;
}

/** What the signature covers: a fixed prefix (no other signed thing of ours can pass as a ticket) and the facts. */
export function signedMessage(facts: Uint8Array): Uint8Array {
  const message = new Uint8Array(DOMAIN.length + facts.length);
  message.set(DOMAIN);
  message.set(facts, DOMAIN.length);
  return message;
}

export function encodePayload(facts: Uint8Array, signature: Uint8Array): string {
  if (facts.length !== FACTS_LENGTH || signature.length !== SIGNATURE_LENGTH) throw new Error('A ticket payload is 12 bytes of facts and a 64-byte signature');
  const bytes = new Uint8Array(PAYLOAD_BYTES);
  bytes.set(facts);
  bytes.set(signature, FACTS_LENGTH);
  return base45Encode(bytes);
}

export interface ReadPayload {
  facts: TicketFacts;
  message: Uint8Array;
  signature: Uint8Array;
}

/**
 * Reads a scanned text: its facts, and what to verify; the signature is not checked here. A line
 * end a scanner adds is dropped, never a space: the space is one of Base45's characters.
 */
export function readPayload(text: string): ReadPayload | PayloadProblem {
  const bytes = base45Decode(text.replace(/^[\r\n\t]+|[\r\n\t]+$/g, ''));
  if (!bytes || bytes.length !== PAYLOAD_BYTES) return 'malformed';
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint8(0) !== PAYLOAD_FORMAT) return 'format';
  const facts = bytes.slice(0, FACTS_LENGTH);
  return {
    facts: {
      keyId: view.getUint8(1),
      edition: 2000 + view.getUint8(2),
      sequence: view.getUint32(3),
      person: view.getUint8(7),
      entitlements: view.getUint16(8),
      validUntil: dayOf(view.getUint16(10)),
    },
    message: signedMessage(facts),
    signature: bytes.slice(FACTS_LENGTH),
  };
}

// ---------------------------------------------------------------------------------------------
// Base45 (RFC 9285): two bytes as three characters of the QR alphanumeric set.

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';
const VALUE = new Map([...ALPHABET].map((c, i) => [c, i]));

export function base45Encode(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    let n = bytes[i]! * 256 + bytes[i + 1]!;
    const c = n % 45;
    n = (n - c) / 45;
    const d = n % 45;
    const e = (n - d) / 45;
    out += ALPHABET[c]! + ALPHABET[d]! + ALPHABET[e]!;
  }
  if (bytes.length % 2 === 1) {
    const n = bytes[bytes.length - 1]!;
    out += ALPHABET[n % 45]! + ALPHABET[Math.floor(n / 45)]!;
  }
  return out;
}

/** The bytes, or null when the text is not Base45 (a character outside the set, a bad length, a group out of range). */
export function base45Decode(text: string): Uint8Array | null {
  if (text.length % 3 === 1) return null;
  const out = new Uint8Array(Math.floor(text.length / 3) * 2 + (text.length % 3 === 2 ? 1 : 0));
  let o = 0;
  for (let i = 0; i < text.length; i += 3) {
    const group = text.slice(i, i + 3);
    const values = [...group].map((ch) => VALUE.get(ch));
    if (values.some((v) => v === undefined)) return null;
    const [c, d, e = 0] = values as number[];
    const n = c! + d! * 45 + e * 45 * 45;
    if (group.length === 3) {
      if (n > 0xffff) return null;
      out[o++] = n >> 8;
      out[o++] = n & 0xff;
    } else {
      if (n > 0xff) return null;
      out[o++] = n;
    }
  }
  return out;
}
