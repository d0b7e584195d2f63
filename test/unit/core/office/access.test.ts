/** The office's door on a fixed clock: role, second factor, 12 hours of inactivity, codes. */
import { generate } from 'otplib';
import { describe, expect, it, vi } from 'vitest';
import { assertOfficeSession, normaliseRecoveryCode, officeMessages, verifySecondFactor, type OfficeAccessDeps, type OfficePrincipal } from '#core/office/access';
import type { SecondFactorRecord } from '#core/office/ports';
import { makeTotp, newRecoveryCode, totp } from '#lib/totp';
import { fakeThrottle } from '../fake-throttle';

const NOW = new Date('2024-08-01T02:00:00Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3600_000);
const organiser = (fields: Partial<OfficePrincipal> = {}): OfficePrincipal => ({ userId: 'u1', sessionId: 's1', email: 'o@example.org', role: 'organiser', organiserGrant: 'g1', ...fields });
/** A session that passed the second factor `h` hours ago, under factor f1 and grant g1. */
const passed = (h = 0, fields: Partial<OfficePrincipal> = {}) => organiser({ secondFactorAt: hoursAgo(h), secondFactorPass: { factor: 'f1', grant: 'g1' }, ...fields });
const enrolledRecord = (fields: Partial<SecondFactorRecord> = {}): SecondFactorRecord => ({ userId: 'u1', secret: 'S', recoveryCodes: [], factorId: 'f1', ...fields });

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
    const d = deps(enrolledRecord());
    expect(await refusal(assertOfficeSession(d, passed(30, { officeSeenAt: hoursAgo(12) }), NOW, { secondFactor: true }))).toBeUndefined();
    expect(d.sessions.touch).toHaveBeenCalledWith('s1', NOW);
    expect(await refusal(assertOfficeSession(d, passed(30, { officeSeenAt: hoursAgo(12.01) }), NOW, { secondFactor: true }))).toEqual({
      message: officeMessages.idle,
      data: { second_factor: 'verify' },
    });
    // A request within the minute does not write again.
    const quiet = deps(enrolledRecord());
    await assertOfficeSession(quiet, organiser({ secondFactorAt: new Date(NOW.getTime() - 30_000), secondFactorPass: { factor: 'f1', grant: 'g1' } }), NOW, { secondFactor: true });
    expect(quiet.sessions.touch).not.toHaveBeenCalled();
  });
});

describe('a second-factor pass holds only for the factor and the role it was made under', () => {
  const check = (record: SecondFactorRecord | undefined, p: OfficePrincipal) => refusal(assertOfficeSession(deps(record), p, NOW, { secondFactor: true }));

  it('opens the office while the factor and the grant are the ones the session passed under', async () => {
    expect(await check(enrolledRecord(), passed(1))).toBeUndefined();
  });

  it('refuses it once the authenticator was removed (reset-second-factor) or set up anew', async () => {
    expect(await check({ userId: 'u1', recoveryCodes: [] }, passed(1))).toEqual({ message: officeMessages.enrolmentRequired, data: { second_factor: 'enrol' } });
    expect(await check(undefined, passed(1))).toEqual({ message: officeMessages.enrolmentRequired, data: { second_factor: 'enrol' } });
    expect(await check(enrolledRecord({ factorId: 'f2' }), passed(1))).toEqual({ message: officeMessages.secondFactorRequired, data: { second_factor: 'verify' } });
  });

  it('refuses it once the role was revoked and granted again', async () => {
    expect(await check(enrolledRecord(), passed(1, { organiserGrant: 'g2' }))).toEqual({ message: officeMessages.secondFactorRequired, data: { second_factor: 'verify' } });
  });

  it('refuses a pass that names no factor (a session marked before passes named one)', async () => {
    expect(await check(enrolledRecord(), organiser({ secondFactorAt: hoursAgo(1) }))).toEqual({ message: officeMessages.secondFactorRequired, data: { second_factor: 'verify' } });
  });
});

describe('codes are checked against the real clock, not the app clock', () => {
  function verifyDeps(secret: string) {
    const sessions = { touch: vi.fn(async () => {}), markSecondFactor: vi.fn(async () => {}) };
    const record: SecondFactorRecord = { userId: 'u1', secret, recoveryCodes: ['h'], factorId: 'f1' };
    const d: OfficeAccessDeps = {
      secondFactors: { get: async () => record, useStep: async () => true } as never,
      sessions,
      throttle: fakeThrottle().throttle,
      secrets: { hashToken: (t: string) => t },
      totp,
      newRecoveryCode,
      newId: () => 'f-new',
    };
    return { d, sessions };
  }

  it('accepts the code a phone shows now while the portal runs in 2024 (APP_NOW), and not the code of the app clock', async () => {
    const secret = totp.newSecret();
    const { d, sessions } = verifyDeps(secret);
    const phone = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
    expect(await refusal(verifySecondFactor(d, organiser(), { code: phone }, 'client', NOW))).toBeUndefined();
    expect(sessions.markSecondFactor).toHaveBeenCalledWith('s1', NOW, { factor: 'f1', grant: 'g1' });
    const appClock = await generate({ secret, epoch: NOW.getTime() / 1000 });
    expect(await refusal(verifySecondFactor(d, organiser(), { code: appClock }, 'client', NOW))).toEqual({ message: officeMessages.wrongCode, data: null });
  });
});

describe('codes', () => {
  it('accepts the TOTP code of the current step (of the real clock) and the steps next to it, answering its step', async () => {
    const real = makeTotp(() => NOW.getTime());
    const secret = real.newSecret();
    const epoch = NOW.getTime() / 1000;
    const step = Math.floor(epoch / 30);
    expect(await real.verify(secret, await generate({ secret, epoch }))).toBe(step);
    expect(await real.verify(secret, await generate({ secret, epoch: epoch - 30 }))).toBe(step - 1);
    expect(await real.verify(secret, await generate({ secret, epoch: epoch - 120 }))).toBeUndefined();
    expect(await real.verify(secret, 'abcdef')).toBeUndefined();
  });

  it('makes recovery codes without look-alike letters and compares them without case, spaces or dashes', () => {
    const codes = Array.from({ length: 200 }, newRecoveryCode);
    for (const c of codes) expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(new Set(codes).size).toBe(200);
    expect(normaliseRecoveryCode(' ab3de-fg7hk ')).toBe('AB3DEFG7HK');
  });
});
