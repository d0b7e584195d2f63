/** Which mail still goes to a marked address, and what clears a mark (fixed clock). */
import { describe, expect, it } from 'vitest';
import { activate, getPersonInfo, register, requestPasswordReset, resetPassword } from '#core/accounts/accounts';
import type { Mail } from '#core/accounts/ports';
import { addressOf, linkClearsMark, markAwareMailer, mayDeliver, type MailMark } from '#core/mail/delivery';
import { fakeDeps } from '../accounts/fakes';
import { fakeMailMarks } from './fake-marks';

const t0 = new Date('2024-08-03T02:00:00Z');
const later = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
const bounced = (at: Date, address = 'ada@example.org'): MailMark => ({ address, kind: 'bounced', at: at.toISOString(), diagnostic: 'Permanent/General' });

describe('delivery rules', () => {
  it('sends essential mail whatever the mark; notifications only to unmarked addresses', () => {
    const mark = bounced(t0);
    expect(mayDeliver('essential', mark)).toBe(true);
    expect(mayDeliver('essential', { ...mark, kind: 'complained' })).toBe(true);
    expect(mayDeliver('notification', mark)).toBe(false);
    expect(mayDeliver('notification', { ...mark, kind: 'complained' })).toBe(false);
    expect(mayDeliver('notification', undefined)).toBe(true);
  });

  it('a link clears a bounce only if it was mailed after the bounce, and never a complaint', () => {
    expect(linkClearsMark(bounced(t0), later(1))).toBe(true);
    expect(linkClearsMark(bounced(t0), t0)).toBe(false);
    expect(linkClearsMark(bounced(t0), later(-1))).toBe(false);
    expect(linkClearsMark({ ...bounced(t0), kind: 'complained' }, later(60))).toBe(false);
  });

  it('normalises addresses as sign-up does', () => {
    expect(addressOf(' Ada <ADA@Example.org> ')).toBe('ada@example.org');
    expect(addressOf('ADA@example.org ')).toBe('ada@example.org');
  });
});

describe('the mark-aware mailer', () => {
  function mailer() {
    const m = fakeMailMarks();
    const sent: Mail[] = [];
    const lines: string[] = [];
    const log = { error: (x: string) => void lines.push(`error ${x}`), info: (x: string) => void lines.push(x) };
    return { m, sent, lines, mailer: markAwareMailer({ marks: m.store, transport: async (mail) => void sent.push(mail), log }) };
  }
  const mail = (to: string, importance: Mail['importance']): Mail => ({ to, subject: 'S', html: '<p>h</p>', text: 't', importance });

  it('withholds (and logs) a notification to a marked address, sends essential mail there', async () => {
    const x = mailer();
    x.m.marks.set('ada@example.org', bounced(t0));
    expect(await x.mailer.send(mail('Ada@Example.org', 'notification'))).toBe('withheld');
    expect(await x.mailer.send(mail('ada@example.org', 'essential'))).toBe('sent');
    expect(await x.mailer.send(mail('bob@example.org', 'notification'))).toBe('sent');
    expect(x.sent.map((s) => `${s.to} ${s.importance}`)).toEqual(['ada@example.org essential', 'bob@example.org notification']);
    expect(x.lines).toEqual(['mail.withheld']);
  });

  it('sends the notification when the mark cannot be read', async () => {
    const x = mailer();
    x.m.store.get = async () => {
      throw new Error('DynamoDB down');
    };
    expect(await x.mailer.send(mail('ada@example.org', 'notification'))).toBe('sent');
    expect(x.lines).toEqual(['error mail mark not readable; sending']);
  });
});

describe('marks in the account rules', () => {
  const email = 'ada@example.org';
  const client = '10.0.0.1';

  it('shows the mark in the user info', async () => {
    const f = fakeDeps();
    await register(f.deps, { email, password: 'correct horse battery' }, client, t0);
    const id = [...f.users.values()][0]!.id;
    expect((await getPersonInfo(f.deps, id)).mail_delivery).toBeNull();
    f.marks.set(email, bounced(later(1)));
    expect((await getPersonInfo(f.deps, id)).mail_delivery).toEqual({ problem: 'bounced', at: later(1).toISOString() });
  });

  it('an activation link mailed before the bounce does not clear it; a reset link mailed after it does', async () => {
    const f = fakeDeps();
    await register(f.deps, { email, password: 'correct horse battery' }, client, t0);
    const activation = f.lastLinkToken(email);
    f.marks.set(email, bounced(later(1)));
    await activate(f.deps, activation, later(2));
    expect(f.marks.has(email)).toBe(true);

    await requestPasswordReset(f.deps, email, client, later(3));
    const reset = f.lastLinkToken(email);
    expect(reset).not.toBe(activation);
    await resetPassword(f.deps, { token: reset, new_password: 'another good password' }, later(4));
    expect(f.marks.has(email)).toBe(false);
  });

  it('a complaint is not cleared by a followed link', async () => {
    const f = fakeDeps();
    await register(f.deps, { email, password: 'correct horse battery' }, client, t0);
    f.marks.set(email, { ...bounced(later(1)), kind: 'complained' });
    await requestPasswordReset(f.deps, email, client, later(3));
    await resetPassword(f.deps, { token: f.lastLinkToken(email), new_password: 'another good password' }, later(4));
    expect(f.marks.get(email)?.kind).toBe('complained');
  });

  it('sends activation and reset mails as essential', async () => {
    const f = fakeDeps();
    await register(f.deps, { email, password: 'correct horse battery' }, client, t0);
    await requestPasswordReset(f.deps, email, client, later(3));
    expect(f.outbox.map((m) => m.importance)).toEqual(['essential', 'essential']);
  });
});
