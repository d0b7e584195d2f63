/**
 * Mail that survives bounces, through the local portal: the local SES plays SES's mailbox
 * simulator, so a delegate signed up as bounce+...@simulator.amazonses.com gets the bounce SES
 * would publish, the mail-events worker marks the address, notifications to it are withheld
 * and essential mail is still sent.
 */
import { describe, expect, it } from 'vitest';
import { validAbstract } from '../support/bodies';
import { call, mailsTo, newClient, newDelegate } from './support';

const OPEN = '2024-05-01T02:00:00Z';
const simulator = (kind: 'bounce' | 'complaint') => `${kind}+${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@simulator.amazonses.com`;

interface MailDelivery {
  problem: 'bounced' | 'complained';
  at: string;
}

/** The user info's mail_delivery once the worker has recorded what the simulator published. */
async function markOf(token: string, timeoutMs = 5000): Promise<MailDelivery | null> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const info = await call<{ mail_delivery: MailDelivery | null }>('GET', '/get_person_info', { token });
    expect(info.status).toBe(200);
    if (info.body.data.mail_delivery || Date.now() > until) return info.body.data.mail_delivery;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('mail to an address that bounces', () => {
  it('marks the address; a notification is withheld, a password reset is still sent', async () => {
    const email = simulator('bounce');
    const before = Date.now();
    const { token } = await newDelegate('bounce', email);

    // The activation mail bounced (it was mailed before the bounce, so activating with it clears nothing).
    const mark = await markOf(token);
    expect(mark).toMatchObject({ problem: 'bounced' });
    expect(Date.parse(mark!.at)).toBeGreaterThanOrEqual(before - 1000);

    // A notification: the abstract is saved, its confirmation is withheld.
    const sentBefore = (await mailsTo(email)).length;
    const created = await call<{ id: string; confirmation_mail_sent: boolean }>('POST', '/contribute', { token, at: OPEN, json: validAbstract() });
    expect(created.status).toBe(200);
    expect(created.body.data.confirmation_mail_sent).toBe(false);
    const afterAbstract = await mailsTo(email);
    expect(afterAbstract).toHaveLength(sentBefore);
    expect(afterAbstract.map((m) => m.subject).join('\n')).not.toMatch(/abstract/i);

    // Essential: the reset link is still mailed.
    const forgot = await call('POST', '/forgot_password', { json: { email }, client: newClient() });
    expect(forgot.status).toBe(200);
    const afterReset = await mailsTo(email);
    expect(afterReset).toHaveLength(sentBefore + 1);
    expect(afterReset.at(-1)!.subject).toMatch(/reset/i);
    expect(afterReset.at(-1)!.body.text).toMatch(/\/common\/reset\//);
  });

  it('marks an address that complained', async () => {
    const { token } = await newDelegate('complaint', simulator('complaint'));
    expect(await markOf(token)).toMatchObject({ problem: 'complained' });
  });

  it('leaves other addresses alone: their notifications are sent', async () => {
    const { email, token } = await newDelegate('unmarked');
    expect(await markOf(token, 300)).toBeNull();
    const created = await call<{ confirmation_mail_sent: boolean }>('POST', '/contribute', { token, at: OPEN, json: validAbstract() });
    expect(created.body.data.confirmation_mail_sent).toBe(true);
    expect((await mailsTo(email)).map((m) => m.subject).join('\n')).toMatch(/abstract/i);
  });
});
