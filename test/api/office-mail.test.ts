/**
 * Mail to delegates from the office: the rules of the form, the preview for one recipient (no
 * mail sent), the job that sends through the queue worker and records what was sent to whom,
 * the announcement's unsubscribe link and List-Unsubscribe headers (kept by the local SES), the
 * opt-out honoured for announcements and not for mail about the delegate's own order, the
 * account centre's switch, and the audit entries.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JobView } from '#core/office/jobs';
import { mailMessages, type RecipientResult } from '#core/office/mail-jobs';
import { mailConfirmationMessages } from '#core/office/send-mail';
import { validOrder } from '../support/bodies';
import { call, dynamoOrigin, mailOrigin, newDelegate, officeSession } from './support';

const T0 = '2024-08-01T02:00:00Z';
const plus = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();
const db = () =>
  DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: dynamoOrigin(), region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));

interface StoredMail {
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
  headers?: { name: string; value: string }[];
}
async function mailsTo(to: string) {
  const store = (await (await fetch(`${mailOrigin()}/store`)).json()) as { emails: StoredMail[] };
  return store.emails.filter((m) => m.destination.to.some((d) => d.toLowerCase().includes(to.toLowerCase())));
}

let office: { token: string; email: string };
let paid: { token: string; email: string; orderNo: string };
let unpaid: { token: string; email: string; orderNo: string };
let tick = 0;
/** Every office call a second later (the clock is pinned): job ids sort by the time they were asked. */
const at = () => plus((tick += 1));

async function delegateWithOrder(tag: string, pay: boolean) {
  const d = await newDelegate(tag);
  await call('POST', '/update', { token: d.token, at: T0, json: { first_name: 'Mei', last_name: 'Lin' } });
  const created = await call<{ id: string }>('POST', '/registration/submission', { token: d.token, at: T0, json: validOrder({ first_name: '美', last_name: '林' }) });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.data.id;
  const order = await call<{ order: { reference: string; order_no: string } }>('GET', `/registration/submission/${id}`, { token: d.token, at: T0 });
  if (pay) {
    expect((await call('POST', `/registration/submission/transfer-payment/${id}`, { token: d.token, at: T0, json: { type: 'done' } })).status).toBe(200);
    const confirmed = await call('POST', `/office/transfers/${order.body.data.order.reference}/received`, { token: office.token, at: T0, json: { amount: '650.00' } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  }
  return { ...d, orderNo: order.body.data.order.order_no };
}

beforeAll(async () => {
  office = await officeSession('mailer', T0);
  paid = await delegateWithOrder('mail-paid', true);
  unpaid = await delegateWithOrder('mail-unpaid', false);
}, 90_000);

const spec = (overrides: Record<string, unknown> = {}) => ({
  filter: 'order',
  order_no: paid.orderNo,
  purpose: 'announcement',
  subject: 'Welcome reception, {first_name}',
  text: 'Dear {first_name},\n\nyour order {order_no} ({amount}) includes the welcome reception.\n\nSee you in Beijing.',
  ...overrides,
});

/** The job once it is in one of `states` (the worker moves it from the queue). */
async function reaches(id: string, states: string[]) {
  const until = Date.now() + 25_000;
  for (;;) {
    const r = await call<{ job: JobView; recipients: RecipientResult[] }>('GET', `/office/mail/${id}`, { token: office.token, at: T0 });
    if (states.includes(r.body.data.job.state)) return r.body.data;
    if (Date.now() > until) throw new Error(`mail job ${id} still ${r.body.data.job.state}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
const finished = (id: string) => reaches(id, ['done', 'failed']);
/** A mail asked for, its recipients found, their number confirmed as the page would, and sent. */
async function send(body: Record<string, unknown>) {
  const r = await call<{ job: JobView }>('POST', '/office/mail', { token: office.token, at: at(), json: body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const ready = await reaches(r.body.data.job.id, ['ready', 'done', 'failed']);
  if (ready.job.state === 'ready') {
    const confirmed = await call('POST', `/office/mail/${r.body.data.job.id}/send`, { token: office.token, at: at(), json: { recipients: ready.job.total } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  }
  return finished(r.body.data.job.id);
}

describe('the mail form', () => {
  it('refuses unknown placeholders, a missing order number, and mail "about their order" to presenters', async () => {
    const bad = await call<{ errors: Record<string, string> }>('POST', '/office/mail', { token: office.token, at: T0, json: spec({ subject: 'Hi {name}', order_no: '' , purpose: 'order' }) });
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors).toMatchObject({ subject: mailMessages.unknownPlaceholder('name'), order_no: mailMessages.orderNo });
    const presenters = await call<{ errors: Record<string, string> }>('POST', '/office/mail', { token: office.token, at: T0, json: spec({ filter: 'presenters', purpose: 'order' }) });
    expect(presenters.body.data.errors.purpose).toBe(mailMessages.purposeNeedsOrders);
    const delegate = await call('POST', '/office/mail', { token: paid.token, at: T0, json: spec() });
    expect(delegate.status).toBe(403);
  });
});

describe('the preview', () => {
  it('shows the mail one recipient would get, placeholders filled, with the unsubscribe link and headers; sends nothing', async () => {
    const before = (await mailsTo(paid.email)).length;
    const r = await call<{ to: string; subject: string; text: string; headers: { name: string; value: string }[] }>('POST', '/office/mail/preview', {
      token: office.token,
      at: T0,
      json: { ...spec({ filter: 'paid', order_no: undefined }), preview_for: paid.orderNo.toLowerCase() },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.to).toBe(paid.email);
    expect(r.body.data.subject).toBe('Welcome reception, 美');
    expect(r.body.data.text).toContain(`your order ${paid.orderNo} (US$650.00) includes the welcome reception.`);
    expect(r.body.data.text).toMatch(/To receive no more announcements, open http:\/\/[^ ]+\/common\/unsubscribe\?token=/);
    expect(r.body.data.headers.map((h) => h.name)).toEqual(['List-Unsubscribe', 'List-Unsubscribe-Post']);
    // By the account's address too.
    const byEmail = await call<{ to: string }>('POST', '/office/mail/preview', { token: office.token, at: T0, json: { ...spec({ filter: 'paid', order_no: undefined }), preview_for: paid.email } });
    expect(byEmail.body.data.to).toBe(paid.email);
    expect((await mailsTo(paid.email)).length).toBe(before);
  });

  it('says so when the named recipient would not get the mail, or does not exist', async () => {
    const notPaid = await call('POST', '/office/mail/preview', { token: office.token, at: T0, json: { ...spec({ filter: 'paid', order_no: undefined }), preview_for: unpaid.orderNo } });
    expect([notPaid.status, notPaid.body.message]).toEqual([409, mailMessages.previewNotRecipient]);
    const nobody = await call('POST', '/office/mail/preview', { token: office.token, at: T0, json: { ...spec(), preview_for: 'R24-999999' } });
    expect([nobody.status, nobody.body.message]).toEqual([404, mailMessages.previewNobody]);
  });
});

describe('sending', () => {
  it('sends an announcement through the queue worker with List-Unsubscribe headers, records it per recipient, audits the job', async () => {
    const done = await send(spec());
    expect(done.job).toMatchObject({ state: 'done', total: 1, counts: { sent: 1, withheld: 0, opted_out: 0, failed: 0 } });
    expect(done.recipients).toEqual([expect.objectContaining({ email: paid.email, order_no: paid.orderNo, state: 'sent', subject: 'Welcome reception, 美' })]);
    // The job's subject is a template: labelled as one; what the recipient got is shown per recipient and in their own data.
    expect(done.job.label).toBe('Subject template: Welcome reception, {first_name}');
    const own = await call<{ mail: { office_mails: { subject: string }[] } }>('GET', '/account/export', { token: paid.token });
    expect(own.body.data.mail.office_mails.map((m) => m.subject)).toContain('Welcome reception, 美');
    const mail = (await mailsTo(paid.email)).find((m) => m.subject === 'Welcome reception, 美')!;
    expect(mail.body.text).toContain('(US$650.00)');
    expect(mail).toBeDefined();
    const headers = Object.fromEntries((mail.headers ?? []).map((h) => [h.name, h.value]));
    expect(headers['List-Unsubscribe']).toMatch(/^<http:\/\/[^>]+\/api\/v1\/admin\/unsubscribe\/[\w-]+>$/);
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const audit = await db().send(new QueryCommand({ TableName: 'congress', KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `AUDIT#mail#${done.job.id}` } }));
    expect(audit.Items!.map((i) => [i.action, i.actor.email]).sort()).toEqual([
      ['mail.confirmed', office.email],
      ['mail.requested', office.email],
      ['mail.sent', office.email],
    ]);
    expect(audit.Items!.find((i) => i.action === 'mail.sent')!.after).toMatchObject({ total: 1, sent: 1, failed: 0 });
  });

  it('honours an opt-out (link in the mail, or the account centre) for announcements, never for mail about the order', async () => {
    const mail = (await mailsTo(paid.email)).find((m) => m.subject === 'Welcome reception, 美')!;
    const token = /\/common\/unsubscribe\?token=([\w-]+)/.exec(mail.body.text!)![1]!;
    const bad = await call('POST', '/unsubscribe/not-a-token', { at: T0 });
    expect([bad.status, bad.body.message]).toEqual([404, mailMessages.unsubscribeInvalid]);
    // A mail program's one-click POST (RFC 8058) needs no session.
    const out = await call('POST', `/unsubscribe/${token}`, { at: T0, form: { 'List-Unsubscribe': 'One-Click' } });
    expect([out.status, out.body.message]).toEqual([200, mailMessages.unsubscribed]);
    expect((await call<{ announcements: boolean }>('GET', '/mail_preferences', { token: paid.token, at: T0 })).body.data.announcements).toBe(false);

    const skipped = await send(spec({ subject: 'Gala dinner news' }));
    expect(skipped.recipients[0]!.state).toBe('opted_out');
    expect(skipped.job.counts).toMatchObject({ sent: 0, opted_out: 1 });
    expect((await mailsTo(paid.email)).some((m) => m.subject === 'Gala dinner news')).toBe(false);

    const about = await send(spec({ purpose: 'order', subject: 'Your receipt for {order_no}' }));
    expect(about.recipients[0]!.state).toBe('sent');
    const receipt = (await mailsTo(paid.email)).find((m) => m.subject === `Your receipt for ${paid.orderNo}`)!;
    expect(receipt.headers ?? []).toEqual([]);
    expect(receipt.body.text).not.toContain('unsubscribe');

    // The account centre turns announcements back on.
    const on = await call('PUT', '/mail_preferences', { token: paid.token, at: T0, json: { announcements: true } });
    expect([on.status, on.body.message]).toEqual([200, mailMessages.preferencesSaved]);
    expect((await send(spec({ subject: 'Back on' }))).recipients[0]!.state).toBe('sent');
  });

  it('lists the mail jobs newest first', async () => {
    const list = await call<{ items: JobView[] }>('GET', '/office/mail', { token: office.token, at: T0 });
    const ids = list.body.data.items.map((j) => j.id);
    expect(ids).toEqual([...ids].sort().reverse());
    expect(list.body.data.items[0]).toMatchObject({ kind: 'mail', label: 'Back on', state: 'done' });
  });

  it('waits for the organiser to confirm how many get it: nothing is sent before, a wrong number is refused, a discarded mail sends nothing (issue 29, item 7)', async () => {
    const before = (await mailsTo(paid.email)).length;
    const asked = await call<{ job: JobView }>('POST', '/office/mail', { token: office.token, at: at(), json: spec({ subject: 'Confirm first' }) });
    expect([asked.status, asked.body.message]).toEqual([200, mailMessages.queued]);
    const ready = await reaches(asked.body.data.job.id, ['ready', 'done', 'failed']);
    expect(ready.job).toMatchObject({ state: 'ready', total: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await mailsTo(paid.email)).length).toBe(before);
    const wrong = await call('POST', `/office/mail/${asked.body.data.job.id}/send`, { token: office.token, at: at(), json: { recipients: 6 } });
    expect([wrong.status, wrong.body.message]).toEqual([409, mailConfirmationMessages.countChanged(1)]);
    const right = await call('POST', `/office/mail/${asked.body.data.job.id}/send`, { token: office.token, at: at(), json: { recipients: 1 } });
    expect([right.status, right.body.message]).toEqual([200, mailConfirmationMessages.sending(1)]);
    expect((await finished(asked.body.data.job.id)).job).toMatchObject({ state: 'done', counts: { sent: 1 }, confirmed_by: office.email });

    const other = await call<{ job: JobView }>('POST', '/office/mail', { token: office.token, at: at(), json: spec({ subject: 'Never sent' }) });
    await reaches(other.body.data.job.id, ['ready']);
    const discarded = await call('POST', `/office/mail/${other.body.data.job.id}/discard`, { token: office.token, at: at() });
    expect([discarded.status, discarded.body.message]).toEqual([200, mailConfirmationMessages.discarded]);
    const late = await call('POST', `/office/mail/${other.body.data.job.id}/send`, { token: office.token, at: at(), json: { recipients: 1 } });
    expect([late.status, late.body.message]).toEqual([409, mailConfirmationMessages.notReady]);
    expect((await reaches(other.body.data.job.id, ['cancelled'])).job.state).toBe('cancelled');
    expect((await mailsTo(paid.email)).some((m) => m.subject === 'Never sent')).toBe(false);
    const audit = await db().send(new QueryCommand({ TableName: 'congress', KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `AUDIT#mail#${other.body.data.job.id}` } }));
    expect(audit.Items!.map((i) => i.action).sort()).toEqual(['mail.discarded', 'mail.requested']);
  });
});
