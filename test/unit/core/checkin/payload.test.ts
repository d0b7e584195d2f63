import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base45Decode, base45Encode, encodePayload, factsBytes, PAYLOAD_BYTES, readPayload, signedMessage } from '#core/checkin/payload';
import { keysFromJson, newKeysJson } from '#lib/checkin-signing';

const text = (s: string) => new TextEncoder().encode(s);

describe('Base45 (RFC 9285)', () => {
  it("encodes and decodes the RFC's examples", () => {
    expect(base45Encode(text('AB'))).toBe('BB8');
    expect(base45Encode(text('Hello!!'))).toBe('%69 VD92EX0');
    expect(base45Encode(text('base-45'))).toBe('UJCLQE7W581');
    expect(new TextDecoder().decode(base45Decode('QED8WEX0')!)).toBe('ietf!');
  });

  it('round-trips any bytes, and every text it writes is in the QR alphanumeric set', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const encoded = base45Encode(bytes);
        expect(encoded).toMatch(/^[0-9A-Z $%*+\-./:]*$/);
        expect([...base45Decode(encoded)!]).toEqual([...bytes]);
      }),
    );
  });

  it('refuses what is not Base45: a character outside the set, a dangling character, a group over 65535', () => {
    expect(base45Decode('ab8')).toBeNull();
    expect(base45Decode('BB8B')).toBeNull();
    expect(base45Decode('GGW')).toBeNull();
    expect(base45Decode(':::')).toBeNull();
  });
});

describe('the ticket payload', () => {
  const keys = keysFromJson(newKeysJson());
  const factsArb = fc.record({
    keyId: fc.integer({ min: 1, max: 255 }),
    edition: fc.integer({ min: 2000, max: 2255 }),
    sequence: fc.integer({ min: 0, max: 2 ** 32 - 1 }),
    person: fc.integer({ min: 0, max: 255 }),
    entitlements: fc.integer({ min: 0, max: 0xffff }),
    validUntil: fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2150-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  });

  it('reads back every fact it was given, and the signature covers exactly them', () => {
    fc.assert(
      fc.property(factsArb, (facts) => {
        const bytes = factsBytes(facts);
        const payload = encodePayload(bytes, keys.sign(signedMessage(bytes)));
        expect(payload).toHaveLength((PAYLOAD_BYTES / 2) * 3);
        const read = readPayload(payload);
        if (typeof read === 'string') throw new Error(read);
        expect(read.facts).toEqual(facts);
        expect(keys.verify(1, read.message, read.signature)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses truncated, padded and other-format payloads before any signature is checked', () => {
    const bytes = factsBytes({ keyId: 1, edition: 2024, sequence: 7, person: 0, entitlements: 1, validUntil: '2024-11-07' });
    const payload = encodePayload(bytes, keys.sign(signedMessage(bytes)));
    expect(readPayload(payload.slice(0, -3))).toBe('malformed');
    expect(readPayload(`${payload}BB8`)).toBe('malformed');
    expect(readPayload(payload.toLowerCase())).toBe('malformed');
    const other = base45Decode(payload)!;
    other[0] = 2;
    expect(readPayload(base45Encode(other))).toBe('format');
    // A line end a scanner adds is not part of it; a space is (Base45 has it).
    expect(typeof readPayload(`${payload}\r\n`)).toBe('object');
    expect(readPayload(` ${payload}`)).toBe('malformed');
  });
});
