/**
 * Account rules through the local server, DynamoDB Local and the local SES mailbox: every rule
 * and message of the accounts issue. Times are pinned per request (x-app-now) where expiry matters.
 */
import { describe, expect, it } from 'vitest';
import { accountMessages as M } from '#core/accounts/accounts';
import { accountLimits } from '#core/config/conference';
import { messages } from '#core/accounts/schemas';
import { API_BASE } from '#core/routes';
import { call, mailedToken, mailsTo, newClient, origin, uniqueEmail } from './support';

const PASSWORD = 'correct horse battery';

async function signUp(email = uniqueEmail(), at?: string) {
  const r = await call('POST', '/email_register', { json: { email, password: PASSWORD, confirm: PASSWORD }, at, client: newClient() });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return email;
}

async function activeDelegate(at?: string) {
  const email = await signUp(undefined, at);
  const act = await call('POST', '/activate', { json: { token: await mailedToken(email, 'activate') }, at });
  expect(act.body.code).toBe(200);
  return email;
}

async function loginToken(email: string, password = PASSWORD, at?: string) {
  const r = await call<{ api_token: string }>('POST', '/login', { json: { email, password }, at });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.api_token;
}

describe('check e-mail and sign-up', () => {
  it('answers 200 for a free address, -101 when not activated, another code when active', async () => {
    const free = await call('GET', '/check_email', { query: { email: uniqueEmail() } });
    expect(free.body).toMatchObject({ code: 200, message: M.emailFree });
    const email = await signUp();
    const pending = await call('GET', '/check_email', { query: { email: email.toUpperCase() } });
    expect(pending.body).toMatchObject({ code: -101, message: M.emailNotActivated });
    await call('POST', '/activate', { json: { token: await mailedToken(email, 'activate') } });
    const taken = await call('GET', '/check_email', { query: { email } });
    expect(taken.body.code).not.toBe(200);
    expect(taken.body.code).not.toBe(-101);
    expect(taken.body.message).toBe(M.emailTaken);
  });

  it('validates sign-up with the spec messages', async () => {
    const empty = await call('POST', '/email_register', { json: {} });
    expect(empty.status).toBe(422);
    expect(empty.body.data).toEqual({
      errors: { email: messages.emailRequired, password: messages.newPasswordRequired, confirm: messages.confirmRequired },
    });
    const bad = await call('POST', '/email_register', { json: { email: 'not-an-email', password: 'short', confirm: 'other' } });
    expect(bad.body.data).toEqual({
      errors: { email: messages.emailInvalid, password: messages.passwordTooShort, confirm: messages.confirmMismatch },
    });
    const mismatch = await call('POST', '/email_register', {
      json: { email: uniqueEmail(), password: PASSWORD, confirm: `${PASSWORD}!` },
    });
    expect(mismatch.body).toMatchObject({ code: 422, message: messages.confirmMismatch, data: { errors: { confirm: messages.confirmMismatch } } });
  });

  it('limits sign-ups per client to 20 an hour', async () => {
    const client = newClient();
    const at = '2031-01-01T00:10:00Z';
    for (let i = 0; i < 20; i++) {
      const ok = await call('POST', '/email_register', { json: { email: uniqueEmail('burst'), password: PASSWORD, confirm: PASSWORD }, client, at });
      expect(ok.body.code).toBe(200);
    }
    const blocked = await call('POST', '/email_register', { json: { email: uniqueEmail('burst'), password: PASSWORD, confirm: PASSWORD }, client, at });
    expect(blocked.body).toMatchObject({ code: 429, message: M.tooManyRequests });
  });

  it('accepts the spec form encoding and normalises the address', async () => {
    const email = uniqueEmail('Form');
    const r = await call('POST', '/email_register', { form: { email: `  ${email.toUpperCase()} `, password: PASSWORD, confirm: PASSWORD } });
    expect(r.body).toMatchObject({ code: 200, message: M.registered, data: { email: email.toLowerCase() } });
  });

  it('creates exactly one account when ten sign-ups with one address race', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('POST', '/email_register', { json: { email, password: PASSWORD, confirm: PASSWORD }, client: newClient() }),
      ),
    );
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === -101)).toHaveLength(9);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('mails an activation link (HTML and text) that works once and expires after 24 hours', async () => {
    const email = await signUp();
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toContain('Activate');
    expect(mail!.body.html).toContain(`${origin()}/common/activate/`);
    expect(mail!.body.text).toContain(`${origin()}/common/activate/`);
    const token = await mailedToken(email, 'activate');
    expect((await call('POST', '/activate', { json: { token } })).body).toMatchObject({ code: 200, message: M.activated, data: { already_active: false } });
    // Opened again: the account is active, and the answer says so (not "ask for a new activation e-mail").
    const again = await call('POST', '/activate', { json: { token } });
    expect(again.body).toMatchObject({ code: 200, message: M.alreadyActive, data: { email, already_active: true } });
    expect((await call('POST', '/activate', { json: { token: 'x'.repeat(43) } })).body).toMatchObject({ code: 400, message: M.activationInvalid });

    // A used link is remembered for a while, then no more.
    const kept = uniqueEmail();
    await signUp(kept, '2030-03-01T00:00:00Z');
    const keptToken = await mailedToken(kept, 'activate');
    expect((await call('POST', '/activate', { json: { token: keptToken }, at: '2030-03-01T01:00:00Z' })).body.message).toBe(M.activated);
    expect((await call('POST', '/activate', { json: { token: keptToken }, at: '2030-08-01T00:00:00Z' })).body.message).toBe(M.alreadyActive);
    expect((await call('POST', '/activate', { json: { token: keptToken }, at: '2030-09-01T00:00:00Z' })).body.message).toBe(M.activationInvalid);

    const later = uniqueEmail();
    await signUp(later, '2030-01-01T00:00:00Z');
    const expired = await call('POST', '/activate', { json: { token: await mailedToken(later, 'activate') }, at: '2030-01-02T00:00:01Z' });
    expect(expired.body).toMatchObject({ code: 400, message: M.activationInvalid });
  });

  it('resends activation at most once a minute per address, answering alike for unknown addresses', async () => {
    const email = await signUp(undefined, '2030-02-01T00:00:00Z');
    const soon = await call('POST', '/send', { json: { email }, at: '2030-02-01T00:00:30Z' });
    expect(soon.status).toBe(429);
    expect(soon.body.message).toBe(M.mailCooldown);
    expect(soon.headers.get('retry-after')).toBe('30');
    const ok = await call('POST', '/send', { json: { email }, at: '2030-02-01T00:01:00Z' });
    expect(ok.body).toMatchObject({ code: 200, message: M.resent });
    expect(await mailsTo(email)).toHaveLength(2);
    const unknown = await call('POST', '/send', { json: { email: uniqueEmail('nobody') } });
    expect(unknown.body).toMatchObject({ code: 200, message: M.resent });
    const missing = await call('POST', '/send', { json: { email: '' } });
    expect(missing.body).toMatchObject({ code: 422, message: messages.resendEmailRequired });
  });
});

describe('login, tokens and logout', () => {
  it('logs in and answers api_token, status and pay_status; refuses wrong and unactivated', async () => {
    const email = await activeDelegate();
    const ok = await call<{ api_token: string; status: number; pay_status: number }>('POST', '/login', { json: { email, password: PASSWORD } });
    expect(ok.body.data).toMatchObject({ status: 1, pay_status: 1 });
    expect(ok.body.data.api_token.length).toBeGreaterThanOrEqual(32);

    const wrong = await call('POST', '/login', { json: { email, password: 'wrong password' } });
    expect(wrong.body).toMatchObject({ code: 400, message: M.loginFailed });
    const pending = await signUp();
    const inactive = await call('POST', '/login', { form: { email: pending, password: PASSWORD } });
    expect(inactive.body).toMatchObject({ code: -101, message: M.loginNotActivated });
    const empty = await call('POST', '/login', { json: { email: '', password: '' } });
    expect(empty.body.data).toEqual({ errors: { email: messages.emailRequired, password: messages.passwordRequired } });
  });

  it('accepts api_token as Bearer, query field and form field; 401 without or with a bad one', async () => {
    const email = await activeDelegate();
    const token = await loginToken(email);
    const bearer = await call<{ email: string }>('GET', '/get_person_info', { token });
    const query = await call<{ email: string }>('GET', '/get_person_info', { query: { api_token: token } });
    const form = await call<{ status: number }>('POST', '/update', {
      form: { api_token: token, occupation: 'Registrar', organization: 'Registry', country: 'Peru', mobile: '+51 1 000 0000' },
    });
    expect(bearer.body.data.email).toBe(email);
    expect(query.body.data.email).toBe(email);
    expect(form.body.code).toBe(200);
    expect((await call('GET', '/get_person_info')).status).toBe(401);
    expect((await call('GET', '/get_person_info', { token: 'x'.repeat(43) })).body.code).toBe(401);
  });

  it('answers the user info fields of the spec, never the password hash', async () => {
    const email = await activeDelegate();
    const info = await call<Record<string, unknown>>('GET', '/get_person_info', { token: await loginToken(email) });
    expect(Object.keys(info.body.data)).toEqual(
      expect.arrayContaining(['id', 'email', 'first_name', 'last_name', 'occupation', 'organization', 'country', 'mobile', 'status', 'pay_status', 'repast_status', 'register_status']),
    );
    expect(info.body.data).toMatchObject({ status: 1, pay_status: 1, repast_status: 1, register_status: 0 });
    expect(JSON.stringify(info.body)).not.toContain('scrypt');
  });

  it('revokes the session on logout, and refuses an expired session', async () => {
    const email = await activeDelegate();
    const token = await loginToken(email);
    expect((await call('POST', '/logout', { token })).body).toMatchObject({ code: 200, message: M.loggedOut });
    expect((await call('GET', '/get_person_info', { token })).status).toBe(401);
    const other = await loginToken(email);
    expect((await call('GET', '/get_person_info', { token: other, at: '2099-01-01T00:00:00Z' })).status).toBe(401);
  });

  it('answers 429 with Retry-After to the guessing client, while the owner on another client still gets in', async () => {
    const email = await activeDelegate();
    const stranger = newClient();
    // One instant for every attempt: the limits count in fixed windows of 15 minutes, and attempts
    // on both sides of a window's end were counted apart (this test once met xx:45:00).
    const window = accountLimits.loginFailuresPerAddressAndClient.windowSeconds * 1000;
    const at = new Date(Math.floor(Date.now() / window) * window + window / 2).toISOString();
    for (let i = 0; i < accountLimits.loginFailuresPerAddressAndClient.limit; i++) {
      expect((await call('POST', '/login', { json: { email, password: 'guess' }, client: stranger, at })).status).toBe(400);
    }
    const blocked = await call('POST', '/login', { json: { email, password: PASSWORD }, client: stranger, at });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many failed attempts\. Please wait \d+ minutes? and try again, or reset your password\.$/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The delegate on their own device is not locked out by the stranger.
    expect((await call('POST', '/login', { json: { email, password: PASSWORD }, client: newClient(), at })).body.code).toBe(200);
    // The window passes and the stranger's client may try again.
    const later = await call('POST', '/login', { json: { email, password: PASSWORD }, client: stranger, at: new Date(Date.parse(at) + window).toISOString() });
    expect(later.body.code).toBe(200);
  });

  it('checks exactly 5 passwords of 50 parallel wrong guesses for one address from one client', async () => {
    const email = await activeDelegate();
    const bot = newClient();
    const answers = await Promise.all(Array.from({ length: 50 }, () => call('POST', '/login', { json: { email, password: 'guess' }, client: bot })));
    const statuses = answers.map((a) => a.status);
    // 400 means the password was checked (and wrong); 429 means it was refused before any check.
    expect(statuses.filter((s) => s === 400)).toHaveLength(accountLimits.loginFailuresPerAddressAndClient.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - accountLimits.loginFailuresPerAddressAndClient.limit);
  });

  it('refuses a body larger than Lambda accepts with 413', async () => {
    const response = await fetch(`${origin()}${API_BASE}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@example.org', password: 'x'.repeat(7 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ code: 413, message: 'The request is too large.', data: null });
  });
});

describe('passwords and profile', () => {
  it('changes the password: wrong current refused, then every session revoked', async () => {
    const email = await activeDelegate();
    const a = await loginToken(email);
    const b = await loginToken(email);
    const wrong = await call('POST', '/change_password', {
      token: a,
      json: { current_password: 'nope', new_password: 'new password 1', confirm_password: 'new password 1' },
    });
    expect(wrong.body).toMatchObject({ code: 422, message: M.currentPasswordWrong, data: { errors: { current_password: M.currentPasswordWrong } } });
    const missing = await call('POST', '/change_password', { token: a, json: {} });
    expect(missing.body.data).toEqual({
      errors: { current_password: messages.currentRequired, new_password: messages.resetNewRequired, confirm_password: messages.confirmRequired },
    });
    const ok = await call('POST', '/change_password', {
      token: a,
      json: { current_password: PASSWORD, new_password: 'new password 1', confirm_password: 'new password 1', api_token: a },
    });
    expect(ok.body).toMatchObject({ code: 200, message: M.passwordChanged });
    for (const token of [a, b]) expect((await call('GET', '/get_person_info', { token })).status).toBe(401);
    expect(await loginToken(email, 'new password 1')).toBeTruthy();
  });

  it('answers forgot-password identically for unknown and known addresses, mailing only the known', async () => {
    const email = await activeDelegate();
    const known = await call('POST', '/forgot_password', { json: { email, url: 'https://evil.example/steal' } });
    const unknownEmail = uniqueEmail('ghost');
    const unknown = await call('POST', '/forgot_password', { json: { email: unknownEmail, url: 'x' } });
    expect(known.status).toBe(unknown.status);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe(M.resetRequested);
    const resetMail = (await mailsTo(email)).find((m) => m.subject.includes('Reset'))!;
    expect(resetMail.body.text).toContain(`${origin()}/common/reset/`);
    expect(resetMail.body.text).not.toContain('evil.example');
    expect(await mailsTo(unknownEmail)).toHaveLength(0);
  });

  it('resets with the mailed single-use token, revoking sessions; expired and reused tokens refused', async () => {
    const email = await activeDelegate();
    const session = await loginToken(email);
    await call('POST', '/forgot_password', { json: { email } });
    const token = await mailedToken(email, 'reset');
    const r = await call('POST', '/reset_password', { json: { token, new_password: 'reset password 1', confirm_password: 'reset password 1' } });
    expect(r.body).toMatchObject({ code: 200, message: M.passwordReset });
    expect((await call('GET', '/get_person_info', { token: session })).status).toBe(401);
    const reuse = await call('POST', '/reset_password', { json: { token, new_password: 'reset password 2', confirm_password: 'reset password 2' } });
    expect(reuse.body).toMatchObject({ code: 400, message: M.resetInvalid });
    expect(await loginToken(email, 'reset password 1')).toBeTruthy();

    const other = await activeDelegate('2030-03-01T00:00:00Z');
    await call('POST', '/forgot_password', { json: { email: other }, at: '2030-03-01T00:10:00Z' });
    const late = await call('POST', '/reset_password', {
      json: { token: await mailedToken(other, 'reset'), new_password: 'reset password 3', confirm_password: 'reset password 3' },
      at: '2030-03-01T01:10:01Z',
    });
    expect(late.body).toMatchObject({ code: 400, message: M.resetInvalid });
  });

  it('edits the profile with the spec rules; the e-mail cannot change', async () => {
    const email = await activeDelegate();
    const token = await loginToken(email);
    const missing = await call('POST', '/update', { token, json: { nick_name: 'Ada' } });
    expect(missing.body.data).toEqual({
      errors: { occupation: 'Please enter.', organization: 'Please enter.', country: 'Please enter.', mobile: 'Please enter.' },
    });
    const ok = await call<{ email: string; status: number }>('POST', '/update', {
      token,
      json: { occupation: 'Statistician', organization: 'Registry', country: 'Chile', mobile: '+56 2 0000 0000', email: 'hijack@example.org' },
    });
    expect(ok.body).toMatchObject({ code: 200, message: M.profileUpdated, data: { email, status: 2 } });
  });
});
