import { beforeEach, describe, expect, it } from 'vitest';
import {
  accountMessages as M,
  activate,
  authenticate,
  changePassword,
  checkEmail,
  getPersonInfo,
  login,
  logout,
  register,
  requestPasswordReset,
  resendActivation,
  resetPassword,
  updateProfile,
} from '#core/accounts/accounts';
import { AppError } from '#core/errors';
import { accountLimits, timing } from '#core/config/conference';
import { fakeDeps } from './fakes';

const t0 = new Date('2024-03-01T10:00:00+08:00');
const later = (ms: number) => new Date(t0.getTime() + ms);
const MIN = 60_000;
const HOUR = 60 * MIN;

async function rejects(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected a rejection');
}

let f: ReturnType<typeof fakeDeps>;
beforeEach(() => {
  f = fakeDeps();
});

async function activeUser(email = 'ada@example.org', password = 'correct horse') {
  await register(f.deps, { email, password }, 'ip', t0);
  await activate(f.deps, f.lastLinkToken(email), later(MIN));
  return { email, password };
}

async function sessionOf(email: string, password: string, at = later(2 * MIN)) {
  return (await login(f.deps, { email, password }, 'ip', at)).data.api_token;
}

describe('sign-up and activation', () => {
  it('creates an unactivated account and mails a single-use activation link to the site', async () => {
    const r = await register(f.deps, { email: 'ada@example.org', password: 'correct horse' }, 'ip', t0);
    expect(r.message).toBe(M.registered);
    expect(r.data.activation_mail_sent).toBe(true);
    expect(f.outbox[0]!.subject).toContain('Activate');
    expect(f.outbox[0]!.text).toContain('https://congress.example.org/common/activate/');
    expect(f.outbox[0]!.html).toContain('https://congress.example.org/common/activate/');
    const [user] = [...f.users.values()];
    expect(user!.status).toBe(0);
  });

  it('answers -101 for an address registered but not activated, and a plain conflict once active', async () => {
    await register(f.deps, { email: 'ada@example.org', password: 'correct horse' }, 'ip', t0);
    const pending = await rejects(checkEmail(f.deps, 'ada@example.org', 'ip', t0));
    expect([pending.code, pending.message]).toEqual([-101, M.emailNotActivated]);
    await activate(f.deps, f.lastLinkToken('ada@example.org'), t0);
    const taken = await rejects(checkEmail(f.deps, 'ada@example.org', 'ip', t0));
    expect([taken.kind, taken.code, taken.message]).toEqual(['conflict', undefined, M.emailTaken]);
    expect((await checkEmail(f.deps, 'new@example.org', 'ip', t0)).message).toBe(M.emailFree);
  });

  it('keeps the account when the mail fails, logs it, and lets the user resend', async () => {
    f.failMailer(true);
    const r = await register(f.deps, { email: 'ada@example.org', password: 'correct horse' }, 'ip', t0);
    expect(r.data.activation_mail_sent).toBe(false);
    expect(f.errors).toContain('mail not sent');
    expect(f.users.size).toBe(1);
    f.failMailer(false);
    await resendActivation(f.deps, 'ada@example.org', later(61_000));
    expect(f.outbox).toHaveLength(1);
  });

  it('activates once and expires after 24 hours; a link opened again says the account is already active', async () => {
    await register(f.deps, { email: 'ada@example.org', password: 'correct horse' }, 'ip', t0);
    const token = f.lastLinkToken('ada@example.org');
    expect((await activate(f.deps, token, later(23 * HOUR))).message).toBe(M.activated);
    // Used: it activates nothing again, and tells the truth (not "ask for a new activation e-mail").
    const again = await activate(f.deps, token, later(30 * HOUR));
    expect(again).toEqual({ message: M.alreadyActive, data: { email: 'ada@example.org', already_active: true } });
    const muchLater = later((timing.usedActivationLinkDays * 24 + 24) * HOUR);
    expect((await rejects(activate(f.deps, token, muchLater))).message).toBe(M.activationInvalid);

    await register(f.deps, { email: 'bob@example.org', password: 'correct horse' }, 'ip', t0);
    const expired = f.lastLinkToken('bob@example.org');
    expect((await rejects(activate(f.deps, expired, later(24 * HOUR)))).message).toBe(M.activationInvalid);
    expect((await rejects(activate(f.deps, 'never-issued-token-xxxxxxxx', later(MIN)))).message).toBe(M.activationInvalid);
  });

  it('sends at most one activation mail a minute per address, and answers alike for unknown addresses', async () => {
    await register(f.deps, { email: 'ada@example.org', password: 'correct horse' }, 'ip', t0);
    const tooSoon = await rejects(resendActivation(f.deps, 'ada@example.org', later(59_000)));
    expect([tooSoon.kind, tooSoon.message]).toEqual(['rate_limited', M.mailCooldown]);
    expect((await resendActivation(f.deps, 'ada@example.org', later(60_000))).message).toBe(M.resent);
    expect((await resendActivation(f.deps, 'nobody@example.org', later(60_000))).message).toBe(M.resent);
    expect(f.outbox.map((m) => m.to)).toEqual(['ada@example.org', 'ada@example.org']);
  });
});

describe('login and sessions', () => {
  it('logs in an active delegate and answers token, status and pay_status', async () => {
    const { email, password } = await activeUser();
    const r = await login(f.deps, { email, password }, 'ip', later(2 * MIN));
    expect(r.data).toMatchObject({ status: 1, pay_status: 1 });
    expect(r.data.api_token.length).toBeGreaterThanOrEqual(22);
    const principal = await authenticate(f.deps, r.data.api_token, later(3 * MIN));
    expect((await getPersonInfo(f.deps, principal.userId)).email).toBe(email);
  });

  it('refuses a wrong password and an unactivated account with their messages', async () => {
    await activeUser();
    const wrong = await rejects(login(f.deps, { email: 'ada@example.org', password: 'wrong one' }, 'ip', t0));
    expect([wrong.kind, wrong.message]).toEqual(['bad_request', M.loginFailed]);
    const unknown = await rejects(login(f.deps, { email: 'zed@example.org', password: 'wrong one' }, 'ip', t0));
    expect(unknown.message).toBe(M.loginFailed);
    await register(f.deps, { email: 'new@example.org', password: 'correct horse' }, 'ip', t0);
    const inactive = await rejects(login(f.deps, { email: 'new@example.org', password: 'correct horse' }, 'ip', t0));
    expect([inactive.code, inactive.message]).toEqual([-101, M.loginNotActivated]);
  });

  it('throttles failures per address and client: the guessing client is stopped, the owner elsewhere is not', async () => {
    const { email, password } = await activeUser();
    const at = later(5 * MIN);
    for (let i = 0; i < 5; i++) await rejects(login(f.deps, { email, password: 'guess' }, 'stranger', at));
    const blocked = await rejects(login(f.deps, { email, password }, 'stranger', later(6 * MIN)));
    expect(blocked.kind).toBe('rate_limited');
    expect(blocked.message).toMatch(/^Too many failed attempts\. Please wait \d+ minutes? and try again, or reset your password\.$/);
    // The delegate, on their own device, is not locked out by the stranger.
    expect((await login(f.deps, { email, password }, 'owner', later(6 * MIN))).data.api_token).toBeTruthy();
    // The stranger's window ends and the limit lifts.
    expect((await login(f.deps, { email, password }, 'stranger', later(16 * MIN))).data.api_token).toBeTruthy();
  });

  it('has a higher ceiling per address across clients (a distributed guess is stopped too)', async () => {
    const { email, password } = await activeUser();
    const at = later(5 * MIN);
    for (let i = 0; i < accountLimits.loginFailuresPerAddress.limit; i++) {
      await rejects(login(f.deps, { email, password: 'guess' }, `bot-${Math.floor(i / 5)}`, at));
    }
    expect((await rejects(login(f.deps, { email, password }, 'owner', at))).kind).toBe('rate_limited');
  });

  it('checks exactly the allowed number of passwords in a burst of parallel guesses', async () => {
    const { email } = await activeUser();
    let checked = 0;
    const verify = f.deps.secrets.verifyPassword;
    f.deps.secrets.verifyPassword = async (p, h) => {
      checked++;
      return verify(p, h);
    };
    const answers = await Promise.all(Array.from({ length: 50 }, () => rejects(login(f.deps, { email, password: 'guess' }, 'bot', later(5 * MIN)))));
    expect(checked).toBe(accountLimits.loginFailuresPerAddressAndClient.limit);
    expect(answers.filter((a) => a.kind === 'rate_limited')).toHaveLength(50 - checked);
  });

  it('does not count a right password as a failure', async () => {
    const { email, password } = await activeUser();
    for (let i = 0; i < 4; i++) await rejects(login(f.deps, { email, password: 'typo' }, 'ip', later(5 * MIN)));
    for (let i = 0; i < 3; i++) await login(f.deps, { email, password }, 'ip', later(5 * MIN));
    await rejects(login(f.deps, { email, password: 'typo' }, 'ip', later(5 * MIN)));
    expect((await rejects(login(f.deps, { email, password }, 'ip', later(5 * MIN)))).kind).toBe('rate_limited');
  });

  it('throttles failures per client across addresses', async () => {
    await activeUser();
    const { limit } = accountLimits.loginFailuresPerClient;
    for (let i = 0; i < limit; i++) await rejects(login(f.deps, { email: `x${i}@example.org`, password: 'guess' }, 'bot', later(5 * MIN)));
    const blocked = await rejects(login(f.deps, { email: 'ada@example.org', password: 'correct horse' }, 'bot', later(5 * MIN)));
    expect(blocked.kind).toBe('rate_limited');
  });

  it('upgrades a hash made with weaker parameters at the next successful login, keeping sessions', async () => {
    const { email, password } = await activeUser();
    const token = await sessionOf(email, password);
    const user = [...f.users.values()][0]!;
    f.users.set(user.id, { ...user, password_hash: `weak:${password}` });
    await rejects(login(f.deps, { email, password: 'wrong' }, 'ip', later(3 * MIN)));
    expect(f.users.get(user.id)!.password_hash).toBe(`weak:${password}`);
    await login(f.deps, { email, password }, 'ip', later(3 * MIN));
    expect(f.users.get(user.id)!.password_hash).toBe(`hashed:${password}`);
    expect((await authenticate(f.deps, token, later(4 * MIN))).userId).toBe(user.id);
  });

  it('limits wrong current passwords in the change-password form', async () => {
    const { email, password } = await activeUser();
    const token = await sessionOf(email, password);
    const { userId } = await authenticate(f.deps, token, later(3 * MIN));
    const input = { current_password: 'guess', new_password: 'a new password' };
    for (let i = 0; i < accountLimits.currentPasswordFailures.limit; i++) {
      expect((await rejects(changePassword(f.deps, userId, input, later(3 * MIN)))).message).toBe(M.currentPasswordWrong);
    }
    expect((await rejects(changePassword(f.deps, userId, { ...input, current_password: password }, later(3 * MIN)))).kind).toBe('rate_limited');
  });

  it('ends a session on logout, and refuses an expired one', async () => {
    const { email, password } = await activeUser();
    const token = await sessionOf(email, password);
    const { sessionId } = await authenticate(f.deps, token, later(3 * MIN));
    await logout(f.deps, sessionId);
    expect((await rejects(authenticate(f.deps, token, later(4 * MIN)))).kind).toBe('unauthorized');
    const other = await sessionOf(email, password);
    expect((await rejects(authenticate(f.deps, other, later(15 * 24 * HOUR)))).kind).toBe('unauthorized');
  });
});

describe('passwords', () => {
  it('changes the password after checking the current one, and ends every session', async () => {
    const { email, password } = await activeUser();
    const a = await sessionOf(email, password);
    const b = await sessionOf(email, password);
    const { userId } = await authenticate(f.deps, a, later(3 * MIN));
    const wrong = await rejects(changePassword(f.deps, userId, { current_password: 'nope', new_password: 'new secret 1' }, later(4 * MIN)));
    expect(wrong.data).toEqual({ errors: { current_password: M.currentPasswordWrong } });
    expect((await changePassword(f.deps, userId, { current_password: password, new_password: 'new secret 1' }, later(4 * MIN))).message).toBe(
      M.passwordChanged,
    );
    for (const token of [a, b]) expect((await rejects(authenticate(f.deps, token, later(5 * MIN)))).kind).toBe('unauthorized');
    expect(await sessionOf(email, 'new secret 1', later(6 * MIN))).toBeTruthy();
  });

  it('answers a reset request the same way for known and unknown addresses', async () => {
    await activeUser();
    const known = await requestPasswordReset(f.deps, 'ada@example.org', 'ip', later(2 * MIN));
    const unknown = await requestPasswordReset(f.deps, 'nobody@example.org', 'ip', later(2 * MIN));
    expect(known).toEqual(unknown);
    expect(f.outbox.filter((m) => m.subject.includes('Reset')).map((m) => m.to)).toEqual(['ada@example.org']);
  });

  it('resets with a single-use link valid for one hour, ending every session', async () => {
    const { email, password } = await activeUser();
    const session = await sessionOf(email, password);
    await requestPasswordReset(f.deps, email, 'ip', later(2 * MIN));
    const token = f.lastLinkToken(email);
    expect((await resetPassword(f.deps, { token, new_password: 'brand new pw' }, later(30 * MIN))).message).toBe(M.passwordReset);
    expect((await rejects(resetPassword(f.deps, { token, new_password: 'again new pw' }, later(31 * MIN)))).message).toBe(M.resetInvalid);
    expect((await rejects(authenticate(f.deps, session, later(32 * MIN)))).kind).toBe('unauthorized');
    expect(await sessionOf(email, 'brand new pw', later(33 * MIN))).toBeTruthy();

    await requestPasswordReset(f.deps, email, 'ip', later(2 * HOUR));
    const late = f.lastLinkToken(email);
    expect((await rejects(resetPassword(f.deps, { token: late, new_password: 'too late pw' }, later(3 * HOUR + 1)))).message).toBe(
      M.resetInvalid,
    );
  });

  it('voids an older reset link once the password changed', async () => {
    const { email, password } = await activeUser();
    await requestPasswordReset(f.deps, email, 'ip', later(2 * MIN));
    const token = f.lastLinkToken(email);
    const { userId } = await authenticate(f.deps, await sessionOf(email, password), later(3 * MIN));
    await changePassword(f.deps, userId, { current_password: password, new_password: 'changed pw 1' }, later(4 * MIN));
    expect((await rejects(resetPassword(f.deps, { token, new_password: 'attacker pw' }, later(5 * MIN)))).message).toBe(M.resetInvalid);
  });

  it('activates an account whose owner resets the password from the mailed link', async () => {
    await register(f.deps, { email: 'ada@example.org', password: 'correct horse' }, 'ip', t0);
    await requestPasswordReset(f.deps, 'ada@example.org', 'ip', later(2 * MIN));
    await resetPassword(f.deps, { token: f.lastLinkToken('ada@example.org'), new_password: 'brand new pw' }, later(3 * MIN));
    expect(await sessionOf('ada@example.org', 'brand new pw', later(4 * MIN))).toBeTruthy();
  });
});

describe('profile', () => {
  it('updates the profile, keeps the e-mail, and marks it complete (status 2)', async () => {
    const { email, password } = await activeUser();
    const { userId } = await authenticate(f.deps, await sessionOf(email, password), later(3 * MIN));
    const r = await updateProfile(
      f.deps,
      userId,
      { occupation: 'Epidemiologist', organization: 'Registry', country: 'Kenya', mobile: '+254 700 000000', nick_name: 'Ada' },
      later(4 * MIN),
    );
    expect(r.message).toBe('The update was successful.');
    expect(r.data).toMatchObject({ email, occupation: 'Epidemiologist', status: 2, nick_name: 'Ada' });
    expect(r.data).not.toHaveProperty('password_hash');
  });
});
