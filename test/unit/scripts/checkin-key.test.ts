import { describe, expect, it } from 'vitest';
import { checkinKeyCommand } from '../../../scripts/checkin-key';
import { keysFromJson } from '#lib/checkin-signing';
import { signTicket } from '#core/checkin/tickets';
import { readPayload } from '#core/checkin/payload';

describe('npm run checkin-key', () => {
  it('makes a key set, and a rotation signs with a new key id while the old key still verifies', () => {
    const first = checkinKeyCommand([], () => '');
    const rotated = checkinKeyCommand(['--rotate'], () => first);
    const before = keysFromJson(first);
    const after = keysFromJson(rotated);
    expect([before.current, after.current]).toEqual([1, 2]);
    const printed = readPayload(signTicket({ sequence: 3, person: 0, entitlements: 1 }, before));
    if (typeof printed === 'string') throw new Error(printed);
    expect(after.verify(printed.facts.keyId, printed.message, printed.signature)).toBe(true);
    expect(JSON.parse(checkinKeyCommand(['--public'], () => rotated))).toEqual(after.publicKeys());
  });

  it('refuses to rotate what is not a key set, and unknown arguments', () => {
    expect(() => checkinKeyCommand(['--rotate'], () => '{"current":1,"keys":{}}')).toThrow(/current signing key/);
    expect(() => checkinKeyCommand(['--frobnicate'], () => '')).toThrow(/unknown argument/);
  });
});
