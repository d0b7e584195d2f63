/**
 * The registration office's door: the organiser role only from the command line, a second
 * factor (TOTP, recovery codes) per office session, 12 hours of inactivity, wrong codes limited,
 * and every change audited.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { officeMessages } from '#core/office/access';
import { validOrder } from '../support/bodies';
import { PASSWORD, call, dynamoOrigin, newClient, newDelegate, officeSession, organiserCommand, totpCode, uniqueEmail, until, userIdOf } from './support';

const T0 = '2024-08-01T02:00:00Z';
const plus = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();

const db = () =>
  DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: dynamoOrigin(), region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));

async function auditActions(userId: string) {
  const r = await db().send(new QueryCommand({ TableName: 'congress', KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `AUDIT#account#${userId}` } }));
  return (r.Items ?? []).map((i) => ({ action: i.action as string, actor: i.actor as { kind: string; id: string } }));
}
/** An office route behind the second factor (an unknown reference: 404 once through the door). */
const officeRoute = (token: string | undefined, at = T0) => call('POST', '/office/transfers/IACR24-000000-0/received', { token, at, json: { amount: '10.00' } });
async function login(email: string) {
  const r = await call<{ api_token: string }>('POST', '/login', { json: { email, password: PASSWORD }, client: newClient() });
  return r.body.data.api_token;
}

describe('the organiser role', () => {
  it('is granted, listed and revoked only by the command, which names a missing or inactive account', async () => {
    const d = await newDelegate('grantee');
    expect(await organiserCommand('grant', uniqueEmail('nobody'))).toMatchObject({ code: 1, output: expect.stringMatching(/^organiser: No account uses .* signs up on the site/) });
    expect(await organiserCommand('grant', d.email)).toEqual({ code: 0, output: `${d.email} is now an organiser. On the first visit to /office they set up an authenticator app.` });
    expect((await organiserCommand('grant', d.email)).output).toBe(`${d.email} already is an organiser.`);
    expect((await organiserCommand('list')).output).toContain(`${d.email}\tauthenticator not set up yet`);
    expect((await call('GET', '/office/second_factor', { token: d.token, at: T0 })).status).toBe(200);

    expect((await organiserCommand('revoke', d.email)).output).toBe(`${d.email} is no longer an organiser (refused from the next office request).`);
    expect((await call('GET', '/office/second_factor', { token: d.token, at: T0 })).body.message).toBe(officeMessages.organisersOnly);
    expect((await organiserCommand('list')).output).not.toContain(d.email);
    const userId = await userIdOf(d.token);
    expect(await auditActions(userId)).toEqual(
      expect.arrayContaining([
        { action: 'role.granted', actor: { kind: 'command-line', id: 'test-runner' } },
        { action: 'role.revoked', actor: { kind: 'command-line', id: 'test-runner' } },
      ]),
    );
    expect(await organiserCommand('promote', d.email)).toMatchObject({ code: 2, output: expect.stringContaining('usage:') });
  });
});

describe('who may use an office route', () => {
  it('refuses anonymous (401), delegates (403) and organisers without the second factor (403, saying what to do)', async () => {
    expect((await officeRoute(undefined)).status).toBe(401);
    const delegate = await newDelegate('not-office');
    expect([(await officeRoute(delegate.token)).status, (await officeRoute(delegate.token)).body.message]).toEqual([403, officeMessages.organisersOnly]);
    expect((await call('POST', '/office/second_factor/enrol', { token: delegate.token, at: T0 })).status).toBe(403);

    const o = await newDelegate('new-office');
    await organiserCommand('grant', o.email);
    const refused = await officeRoute(o.token);
    expect([refused.status, refused.body.message, refused.body.data]).toEqual([403, officeMessages.enrolmentRequired, { second_factor: 'enrol' }]);
    expect((await call('GET', '/office/second_factor', { token: o.token, at: T0 })).body.data).toEqual({ enrolled: false, verified: false, recovery_codes_left: 0, email: o.email });
  });

  it('enrols with a code from the app, answers ten recovery codes once, and then opens the office', async () => {
    const o = await newDelegate('enrol');
    await organiserCommand('grant', o.email);
    const start = await call<{ secret: string; otpauth_uri: string }>('POST', '/office/second_factor/enrol', { token: o.token, at: T0 });
    expect(start.body.data.otpauth_uri).toMatch(new RegExp(`^otpauth://totp/.*\\?.*secret=${start.body.data.secret}`));
    const wrong = await call('POST', '/office/second_factor/confirm', { token: o.token, at: T0, json: { code: '000000' } });
    expect([wrong.status, wrong.body.message]).toEqual([400, officeMessages.wrongCode]);
    const malformed = await call('POST', '/office/second_factor/confirm', { token: o.token, at: T0, json: { code: '12ab' } });
    expect([malformed.status, malformed.body.message]).toEqual([422, 'Please enter the 6-digit code from your authenticator app.']);

    const confirmed = await call<{ recovery_codes: string[] }>('POST', '/office/second_factor/confirm', { token: o.token, at: T0, json: { code: await totpCode(start.body.data.secret) } });
    expect([confirmed.status, confirmed.body.message]).toEqual([200, officeMessages.enrolled]);
    expect(confirmed.body.data.recovery_codes).toHaveLength(10);
    expect(new Set(confirmed.body.data.recovery_codes).size).toBe(10);
    for (const c of confirmed.body.data.recovery_codes) expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect((await officeRoute(o.token)).status).toBe(404); // through the door: the reference is unknown
    expect((await call('POST', '/office/second_factor/enrol', { token: o.token, at: T0 })).body.message).toBe(officeMessages.alreadyEnrolled);

    // The stored item holds only hashes of the codes, and the profile holds no secret.
    const userId = await userIdOf(o.token);
    const item = (await db().send(new GetCommand({ TableName: 'congress', Key: { pk: `USER#${userId}`, sk: 'SECOND_FACTOR' } }))).Item!;
    for (const c of confirmed.body.data.recovery_codes) expect(JSON.stringify(item)).not.toContain(c.replace('-', ''));
    expect(JSON.stringify((await call('GET', '/get_person_info', { token: o.token })).body)).not.toContain(start.body.data.secret);
    expect((await auditActions(userId)).map((a) => a.action)).toEqual(expect.arrayContaining(['role.granted', 'second_factor.enrolment_started', 'second_factor.enrolled']));
  });

  it('asks each new session for a code; a code is accepted once, a recovery code once', async () => {
    const o = await officeSession('verify', T0);
    const second = await login(o.email);
    const asked = await officeRoute(second, plus(T0, 90));
    expect([asked.status, asked.body.message, asked.body.data]).toEqual([403, officeMessages.secondFactorRequired, { second_factor: 'verify' }]);
    // The code the enrolment used (same time step) is not accepted again.
    const replay = await call('POST', '/office/second_factor/verify', { token: second, at: T0, json: { code: o.code } });
    expect([replay.status, replay.body.message]).toEqual([400, officeMessages.wrongCode]);
    const at = plus(T0, 90);
    const ok = await call('POST', '/office/second_factor/verify', { token: second, at, json: { code: await totpCode(o.secret, 1) } });
    expect([ok.status, ok.body.message, ok.body.data]).toEqual([200, officeMessages.verified, { recovery_codes_left: 10 }]);
    expect((await officeRoute(second, at)).status).toBe(404);

    const third = await login(o.email);
    const recovery = o.recoveryCodes[3]!.toLowerCase().replace('-', ' ');
    const byRecovery = await call('POST', '/office/second_factor/verify', { token: third, at, json: { recovery_code: recovery } });
    expect([byRecovery.status, byRecovery.body.data]).toEqual([200, { recovery_codes_left: 9 }]);
    const fourth = await login(o.email);
    const again = await call('POST', '/office/second_factor/verify', { token: fourth, at, json: { recovery_code: o.recoveryCodes[3] } });
    expect([again.status, again.body.message]).toEqual([400, officeMessages.wrongRecoveryCode]);
    expect((await auditActions(await userIdOf(o.token))).map((a) => a.action)).toContain('second_factor.recovery_code_used');
  });

  it('ends an office session after 12 hours without an office request, and not before', async () => {
    const o = await officeSession('idle', T0);
    expect((await officeRoute(o.token, plus(T0, 11 * 3600))).status).toBe(404);
    // Counted from the last request: 11 h later again is still within 12 h of it.
    expect((await officeRoute(o.token, plus(T0, 22 * 3600))).status).toBe(404);
    const idle = await officeRoute(o.token, plus(T0, 34 * 3600 + 60));
    expect([idle.status, idle.body.message, idle.body.data]).toEqual([403, officeMessages.idle, { second_factor: 'verify' }]);
  });

  it('limits wrong codes like wrong passwords (ten parallel guesses get five checks)', async () => {
    const o = await officeSession('guess', T0);
    const fresh = await login(o.email);
    const guesses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call('POST', '/office/second_factor/verify', { token: fresh, at: plus(T0, 300), json: { code: String(100000 + i) } })),
    );
    expect(guesses.map((g) => g.status).sort()).toEqual([400, 400, 400, 400, 400, 429, 429, 429, 429, 429]);
    expect(guesses.find((g) => g.status === 429)!.body.message).toMatch(/^Too many wrong codes\. Please wait \d+ minutes? and try again\.$/);
    // Even the right code waits for the window.
    const at = plus(T0, 330);
    expect((await call('POST', '/office/second_factor/verify', { token: fresh, at, json: { code: await totpCode(o.secret, 1) } })).status).toBe(429);
  });

  it('lets the command remove a lost authenticator: the next visit sets up a new one', async () => {
    const o = await officeSession('lost-phone', T0);
    expect((await organiserCommand('reset-second-factor', o.email)).output).toBe(`${o.email}'s authenticator was removed: the next visit to /office sets up a new one.`);
    const fresh = await login(o.email);
    expect((await officeRoute(fresh, plus(T0, 60))).body.data).toEqual({ second_factor: 'enrol' });
  });

  it('checks codes against real time, not the portal clock: a phone opens the office while the portal runs in 2024', async () => {
    const o = await newDelegate('real-clock');
    await organiserCommand('grant', o.email);
    const start = await call<{ secret: string }>('POST', '/office/second_factor/enrol', { token: o.token, at: T0 });
    // The code of the portal's own clock (1 August 2024) is what no phone shows.
    const portalClock = await call('POST', '/office/second_factor/confirm', { token: o.token, at: T0, json: { code: await generate({ secret: start.body.data.secret, epoch: Date.parse(T0) / 1000 }) } });
    expect([portalClock.status, portalClock.body.message]).toEqual([400, officeMessages.wrongCode]);
    const phone = await call('POST', '/office/second_factor/confirm', { token: o.token, at: T0, json: { code: await totpCode(start.body.data.secret) } });
    expect([phone.status, phone.body.message]).toEqual([200, officeMessages.enrolled]);
    expect((await officeRoute(o.token)).status).toBe(404);
  });
});

describe('a second-factor pass is tied to the authenticator and the grant it was made under', () => {
  // On the real clock (nothing pinned): what is tested here does not depend on the season.
  const officeNow = (token: string) => officeRoute(token, '');

  it('ends with reset-second-factor at once (the old session sets up again), and a new authenticator does not revive it', async () => {
    const o = await officeSession('pass-reset');
    expect((await officeNow(o.token)).status).toBe(404);
    expect((await organiserCommand('reset-second-factor', o.email)).code).toBe(0);
    const ended = await officeNow(o.token);
    expect([ended.status, ended.body.message, ended.body.data]).toEqual([403, officeMessages.enrolmentRequired, { second_factor: 'enrol' }]);
    expect((await call('GET', '/office/second_factor', { token: o.token })).body.data).toMatchObject({ enrolled: false, verified: false });

    // The organiser sets up a new phone in another session: the old session's pass was made under the removed one.
    const other = await login(o.email);
    const start = await call<{ secret: string }>('POST', '/office/second_factor/enrol', { token: other });
    expect((await call('POST', '/office/second_factor/confirm', { token: other, json: { code: await totpCode(start.body.data.secret) } })).status).toBe(200);
    expect((await officeNow(other)).status).toBe(404);
    const stillEnded = await officeNow(o.token);
    expect([stillEnded.status, stillEnded.body.data]).toEqual([403, { second_factor: 'verify' }]);
  });

  it('ends with a revoke and a re-grant at once: the old session asks for a new code', async () => {
    const o = await officeSession('pass-regrant');
    expect((await officeNow(o.token)).status).toBe(404);
    expect((await organiserCommand('revoke', o.email)).code).toBe(0);
    expect((await organiserCommand('grant', o.email)).code).toBe(0);
    const ended = await officeNow(o.token);
    expect([ended.status, ended.body.message, ended.body.data]).toEqual([403, officeMessages.secondFactorRequired, { second_factor: 'verify' }]);
    expect((await call('GET', '/office/second_factor', { token: o.token })).body.data).toMatchObject({ enrolled: true, verified: false });
    // A new code opens it again, under the new grant.
    expect((await call('POST', '/office/second_factor/verify', { token: o.token, json: { code: await totpCode(o.secret, 1) } })).status).toBe(200);
    expect((await officeNow(o.token)).status).toBe(404);
  });
});

describe('the congress bank account', () => {
  const account = {
    beneficiary: 'National Cancer Center (API test)',
    beneficiary_address: '17 Panjiayuan Nanli, Beijing',
    bank: 'Bank of China, Beijing Branch',
    bank_address: '1 Fuxingmen Nei Dajie, Beijing',
    account_number: '3456 7890 1234',
    swift: 'bkchcnbj',
    currency: 'USD',
  };

  it('is published by the office (validated, versioned, audited) and shown to delegates without who published it', async () => {
    const o = await officeSession('bank', T0);
    const current = await call<{ version: number }>('GET', '/office/payment_settings', { token: o.token, at: T0 });
    expect(current.status).toBe(200);
    const base = current.body.data.version;

    const bad = await call('PUT', '/office/payment_settings', { token: o.token, at: T0, json: { bank_account: { ...account, swift: 'BANK OF CHINA', currency: 'EUR', bank: '' }, base_version: base } });
    expect(bad.status).toBe(422);
    expect(bad.body.data).toMatchObject({
      errors: {
        'bank_account.swift': 'Please enter the SWIFT/BIC code (8 or 11 letters and digits).',
        'bank_account.currency': 'Delegates pay in US dollars: the currency is USD.',
        'bank_account.bank': 'Please enter the bank name.',
      },
    });

    const saved = await call<{ bank_account: { version: number; swift: string; published_by: string } }>('PUT', '/office/payment_settings', { token: o.token, at: T0, json: { bank_account: account, base_version: base } });
    expect([saved.status, saved.body.message]).toEqual([200, 'The bank account is published: delegates now see it at the bank transfer step and in their e-mails.']);
    expect(saved.body.data.bank_account).toMatchObject({ version: base + 1, swift: 'BKCHCNBJ', published_by: o.email });
    const stale = await call('PUT', '/office/payment_settings', { token: o.token, at: T0, json: { bank_account: account, base_version: base } });
    expect([stale.status, stale.body.message]).toEqual([409, 'The bank account was changed in another window or by another organiser. Reload the page to see it, then make your change again.']);

    const delegate = await newDelegate('payer');
    const shown = await call<{ bank_account: Record<string, unknown> }>('GET', '/registration/bank_account', { token: delegate.token, at: T0 });
    expect(shown.body.data.bank_account).toMatchObject({ beneficiary: account.beneficiary, swift: 'BKCHCNBJ', currency: 'USD' });
    expect(shown.body.data.bank_account).not.toHaveProperty('published_by');
    expect((await call('PUT', '/office/payment_settings', { token: delegate.token, at: T0, json: { bank_account: account, base_version: base + 1 } })).status).toBe(403);

    const audit = await db().send(new QueryCommand({ TableName: 'congress', KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'AUDIT#payment_settings#bank_account' } }));
    expect((audit.Items ?? []).some((i) => i.action === 'payment_settings.bank_account_published' && (i.actor as { email: string }).email === o.email)).toBe(true);
  });
});

describe('the audit log of money', () => {
  it('records who confirmed a transfer (the organiser) and that the order became paid, in the same write', async () => {
    const d = await newDelegate('audited');
    const created = await call<{ id: string }>('POST', '/registration/submission', { token: d.token, at: T0, json: validOrder() });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id;
    expect((await call('POST', `/registration/submission/transfer-payment/${id}`, { token: d.token, at: T0, json: { type: 'done' } })).status).toBe(200);
    const order = await call<{ order: { reference: string } }>('GET', `/registration/submission/${id}`, { token: d.token, at: T0 });
    const o = await officeSession('auditor', T0);
    // A minute later: entries are kept in time order (entries of one instant have no order among them).
    expect((await call('POST', `/office/transfers/${order.body.data.order.reference}/received`, { token: o.token, at: plus(T0, 60), json: { amount: '650.00' } })).status).toBe(200);

    const entries = async (type: string, objectId: string) =>
      ((await db().send(new QueryCommand({ TableName: 'congress', KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `AUDIT#${type}#${objectId}` } }))).Items ?? []).map(
        (i) => [i.action as string, (i.actor as { kind: string }).kind, (i.actor as { email?: string }).email],
      );
    const trail = await entries('order', id);
    expect(trail.filter(([action]) => (action ?? '').startsWith('order.'))).toEqual([
      ['order.checking', 'delegate', d.email],
      ['order.paid', 'organiser', o.email],
    ]);
    // The receipt the payment called for, issued by the money-events worker in the organiser's name (the event's actor).
    await until('receipt issued', () => entries('order', id), (t) => t.some(([action, kind, email]) => action === 'receipt.issued' && kind === 'organiser' && email === o.email));
  });
});

describe('the transfers the office is waiting for', () => {
  it('lists each transfer a delegate said they sent, with what is still awaited, until it has all arrived', async () => {
    const d = await newDelegate('waiting');
    const created = await call<{ id: string }>('POST', '/registration/submission', { token: d.token, at: T0, json: validOrder() });
    const id = created.body.data.id;
    expect((await call('POST', `/registration/submission/transfer-payment/${id}`, { token: d.token, at: T0, json: { type: 'done' } })).status).toBe(200);
    const { reference } = (await call<{ order: { reference: string } }>('GET', `/registration/submission/${id}`, { token: d.token, at: T0 })).body.data.order;
    const later = plus(T0, 3 * 86_400);
    const o = await officeSession('waiting-office', later);
    const rowOf = async () =>
      (await call<{ items: { reference: string; amount: string; email: string; waiting_days: number }[] }>('GET', '/office/transfers', { token: o.token, at: later })).body.data.items.find(
        (r) => r.reference === reference,
      );
    expect(await rowOf()).toMatchObject({ amount: '650.00', email: d.email, waiting_days: 3 });
    expect((await call('GET', '/office/transfers', { token: d.token, at: later })).status).toBe(403);

    await call('POST', `/office/transfers/${reference}/received`, { token: o.token, at: later, json: { amount: '200.00' } });
    expect(await rowOf()).toMatchObject({ amount: '450.00' });
    await call('POST', `/office/transfers/${reference}/received`, { token: o.token, at: later, json: { amount: '450.00' } });
    expect(await rowOf()).toBeUndefined();
  });
});
