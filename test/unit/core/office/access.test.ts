/** The office's door on a fixed clock: role, second factor, 12 hours of inactivity, codes. */
import { generate } from 'otplib';
import { describe, expect, it, vi } from 'vitest';
import { assertOfficeSession, normaliseRecoveryCode, officeMessages, type OfficePrincipal } from '#core/office/access';
import type { SecondFactorRecord } from '#core/office/ports';
import { newRecoveryCode, totp } from '#lib/totp';

const NOW = new Date('2024-08-01T02:00:00Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3600_000);
const organiser = (fields: Partial<OfficePrincipal> = {}): OfficePrincipal => ({ userId: 'u1', sessionId: 's1', email: 'o@example.org', role: 'organiser', ...fields });

function deps(record?: SecondFactorRecord) {
  return {
    secondFactors: { get: vi.fn(async () => record) } as never,
    sessions: { touch: vi.fn(async () => {}), markSecondFactor: vi.fn(async () => {}) },
  };
}
const refusal = async (run: Promise<unknown>) => run.then(() => undefined, (e: { message: string; data: unknown }) => ({ message: e.message, data: e.data }));

describe('assertOfficeSession', () => {
  it('refuses a delegate, and an organiser without the second factor (enrol or verify)', async () => {
    expect(await refusal(assertOfficeSession(deps(), organiser({ role: 'delegate' }), NOW, { secondFactor: true }))).toMatchObject({ message: officeMessages.organisersOnly });
    expect(await refusal(assertOfficeSession(deps(), organiser(), NOW, { secondFactor: true }))).toEqual({ message: officeMessages.enrolmentRequired, data: { second_factor: 'enrol' } });
    const enrolled = deps({ userId: 'u1', secret: 'S', recoveryCodes: [] });
    expect(await refusal(assertOfficeSession(enrolled, organiser(), NOW, { secondFactor: true }))).toEqual({ message: officeMessages.secondFactorRequired, data: { second_factor: 'verify' } });
    // The set-up routes let an organiser in without it.
    expect(await refusal(assertOfficeSession(deps(), organiser(), NOW, { secondFactor: false }))).toBeUndefined();
  });

  it('ends the office session 12 hours after the last office request, and counts from the last one', async () => {
    const d = deps();
    expect(await refusal(assertOfficeSession(d, organiser({ secondFactorAt: hoursAgo(30), officeSeenAt: hoursAgo(12) }), NOW, { secondFactor: true }))).toBeUndefined();
    expect(d.sessions.touch).toHaveBeenCalledWith('s1', NOW);
    expect(await refusal(assertOfficeSession(d, organiser({ secondFactorAt: hoursAgo(30), officeSeenAt: hoursAgo(12.01) }), NOW, { secondFactor: true }))).toEqual({
      message: officeMessages.idle,
      data: { second_factor: 'verify' },
    });
    // A request within the minute does not write again.
    const quiet = deps();
    await assertOfficeSession(quiet, organiser({ secondFactorAt: new Date(NOW.getTime() - 30_000) }), NOW, { secondFactor: true });
    expect(quiet.sessions.touch).not.toHaveBeenCalled();
  });
});

describe('codes', () => {
  it('accepts the TOTP code of the current step and the steps next to it, answering its step', async () => {
    const secret = totp.newSecret();
    const epoch = NOW.getTime() / 1000;
    const step = Math.floor(epoch / 30);
    expect(await totp.verify(secret, await generate({ secret, epoch }), NOW)).toBe(step);
    expect(await totp.verify(secret, await generate({ secret, epoch: epoch - 30 }), NOW)).toBe(step - 1);
    expect(await totp.verify(secret, await generate({ secret, epoch: epoch - 120 }), NOW)).toBeUndefined();
    expect(await totp.verify(secret, 'abcdef', NOW)).toBeUndefined();
  });

  it('makes recovery codes without look-alike letters and compares them without case, spaces or dashes', () => {
    const codes = Array.from({ length: 200 }, newRecoveryCode);
    for (const c of codes) expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(new Set(codes).size).toBe(200);
    expect(normaliseRecoveryCode(' ab3de-fg7hk ')).toBe('AB3DEFG7HK');
  });
});
