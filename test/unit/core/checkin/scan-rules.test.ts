import { describe, expect, it } from 'vitest';
import { checkinList, entitlementMask } from '#core/checkin/lists';
import { encodePayload, factsBytes, signedMessage } from '#core/checkin/payload';
import { answerFor, identify } from '#core/checkin/scan-rules';
import { signTicket } from '#core/checkin/tickets';
import { keysFromJson, newKeysJson } from '#lib/checkin-signing';

const keys = keysFromJson(newKeysJson());
const verify = async (kid: number, m: Uint8Array, s: Uint8Array) => keys.verify(kid, m, s);
const DAY1 = '2024-11-04';
const all = entitlementMask(['day1', 'day2', 'day3', 'day4', 'galaDinner']);
const signed = (over: Partial<Parameters<typeof factsBytes>[0]> = {}) => {
  const bytes = factsBytes({ keyId: 1, edition: 2024, sequence: 5, person: 0, entitlements: all, validUntil: '2024-11-07', ...over });
  return encodePayload(bytes, keys.sign(signedMessage(bytes)));
};

describe('identify: who a scan names', () => {
  it('a signed ticket of this congress names its ticket, with its entitlements', async () => {
    expect(await identify({ via: 'qr', payload: signTicket({ sequence: 5, person: 1, entitlements: all }, keys) }, verify, () => undefined, DAY1)).toMatchObject({ ok: true, ticket_id: '5-1', entitlements: all });
  });
  it('refuses another year, an expired ticket, an unknown key and a ticket chosen by search that the device does not know', async () => {
    expect(await identify({ via: 'qr', payload: signed({ edition: 2023 }) }, verify, () => undefined, DAY1)).toEqual({ ok: false, answer: { kind: 'other-edition', edition: 2023 } });
    expect(await identify({ via: 'qr', payload: signed({ validUntil: '2024-11-03' }) }, verify, () => undefined, DAY1)).toEqual({ ok: false, answer: { kind: 'expired', validUntil: '2024-11-03' } });
    expect(await identify({ via: 'qr', payload: signed({ keyId: 9 }) }, verify, () => undefined, DAY1)).toEqual({ ok: false, answer: { kind: 'invalid', reason: 'unknown-key' } });
    expect(await identify({ via: 'search', ticket_id: '5-0' }, verify, () => undefined, DAY1)).toEqual({ ok: false, answer: { kind: 'invalid', reason: 'unknown-ticket' } });
    expect(await identify({ via: 'search', ticket_id: '../5-0' }, verify, () => ({ id: '5-0', entitlements: 0, revoked: false }), DAY1)).toEqual({ ok: false, answer: { kind: 'invalid', reason: 'unknown-ticket' } });
  });
  it('is valid through its last day (Beijing), not after', async () => {
    expect((await identify({ via: 'qr', payload: signed() }, verify, () => undefined, '2024-11-07')).ok).toBe(true);
    expect((await identify({ via: 'qr', payload: signed() }, verify, () => undefined, '2024-11-08')).ok).toBe(false);
  });
});

describe('answerFor: the answer at a list', () => {
  const gala = checkinList('gala-dinner')!;
  const entry = checkinList('entry-2024-11-04')!;
  const badge = checkinList('badge-pickup')!;
  const who = { ticket_id: '5-0', entitlements: all };
  const prior = { at: '2024-11-04T00:02:00Z', device_name: 'Desk B' };
  it('admits once at a list without re-entry, then says where and when the first entry was', () => {
    expect(answerFor(gala, who, undefined, undefined)).toEqual({ kind: 'admitted' });
    expect(answerFor(gala, who, undefined, prior)).toEqual({ kind: 'already', first: prior });
  });
  it('lets in again at conference entry', () => {
    expect(answerFor(entry, who, undefined, prior)).toEqual({ kind: 'reentry', first: prior });
  });
  it('needs the entitlement, except badge pickup; a revocation wins over the payload, the known entitlements over the signed ones', () => {
    expect(answerFor(checkinList('workshop-morning')!, who, undefined, undefined)).toEqual({ kind: 'not-for-list' });
    expect(answerFor(badge, { ticket_id: '5-1', entitlements: 0 }, undefined, undefined)).toEqual({ kind: 'admitted' });
    expect(answerFor(gala, who, { id: '5-0', entitlements: all, revoked: true }, undefined)).toEqual({ kind: 'revoked' });
    expect(answerFor(gala, who, { id: '5-0', entitlements: entitlementMask(['day1']), revoked: false }, undefined)).toEqual({ kind: 'not-for-list' });
  });
  it('badge pickup is never attendance; conference entry is', () => {
    expect([badge.attendance, entry.attendance, gala.attendance]).toEqual([false, true, false]);
  });
});
