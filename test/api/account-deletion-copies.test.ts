/**
 * What stays readable of a deleted account outside its own records (issue 29, item 10;
 * docs/decisions/0042-what-a-deleted-account-leaves.md): the office's mail jobs, the imported
 * bank statement lines and the office's export files held its name and address until they
 * expired. After the deletion: the mail jobs' recipients and the statement lines keep what the
 * office's counts and the money trail need (state, order number, amount, date, reference) but
 * not the name, address or the bank's payer text; every export made before is withdrawn (its file
 * deleted, its link refused). The kept order, its payment and its receipt stay (accounting).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceMessages } from '#core/office/attendance';
import { jobMessages, type JobView } from '#core/office/jobs';
import type { RecipientResult } from '#core/office/mail-jobs';
import { validOrder } from '../support/bodies';
import { PASSWORD, call, db, mailsTo, newDelegate, officeSession, s3Origin, userIdOf } from './support';

const T0 = '2024-08-01T02:00:00Z';
const tag = Math.random().toString(36).slice(2, 8);
// Names no other test writes: found anywhere after the deletion, they are this delegate's.
const FIRST = `Qiao${tag}`;
const LAST = `Forgotten${tag}`;
const PAYER = `Payer${tag}`;
const mapping = { date: 'Buchungstag', amount: 'Betrag', currency: 'Währung', payer: 'Auftraggeber', reference: 'Verwendungszweck' };
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

let office: { token: string };
let tick = 0;
/** Office calls a second apart (the clock is pinned): jobs sort by the time they were asked. */
const at = () => new Date(Date.parse(T0) + (tick += 1) * 1000).toISOString();

async function waitFor<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  const until = Date.now() + 30_000;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > until) throw new Error(`${what}: ${JSON.stringify(v).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const mailJob = (id: string) => call<{ job: JobView; recipients: (RecipientResult & { account_deleted?: boolean })[] }>('GET', `/office/mail/${id}`, { token: office.token, at: T0 });
const exportJob = async (id: string) => (await call<{ items: (JobView & { withdrawn_at?: string | null })[] }>('GET', '/office/exports', { token: office.token, at: T0 })).body.data.items.find((j) => j.id === id);

let d: { email: string; token: string };
let userId: string;
let order: { id: string; order_no: string; reference: string; amount_required: string };
let mailId: string;
let exportId: string;
let lineImport: string;
let exportUrl: string;
let summary: Record<string, unknown>;

beforeAll(async () => {
  office = await officeSession('copies-office', T0);
  d = await newDelegate('copies');
  userId = await userIdOf(d.token);
  expect((await call('POST', '/update', { token: d.token, at: T0, json: { first_name: FIRST, last_name: LAST, occupation: 'Registrar', organization: 'Registry', country: 'China', mobile: '+86 10 1234 5678' } })).status).toBe(200);
  const created = await call<{ id: string }>('POST', '/registration/submission', { token: d.token, at: T0, json: validOrder({ first_name: FIRST, last_name: LAST }) });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect((await call('POST', `/registration/submission/transfer-payment/${created.body.data.id}`, { token: d.token, at: T0, json: { type: 'done' } })).status).toBe(200);
  order = { id: created.body.data.id, ...(await call<{ order: { order_no: string; reference: string; amount_required: string } }>('GET', `/registration/submission/${created.body.data.id}`, { token: d.token, at: T0 })).body.data.order };

  // The bank's line, in the payer's words: booked to the order (now Paid).
  const file = ['Buchungstag;Betrag;Währung;Auftraggeber;Verwendungszweck;Saldo', `05.08.2024;${order.amount_required.replace('.', ',')};USD;"${PAYER} ${LAST}";"${order.reference} for ${FIRST} ${LAST}";1000`].join('\r\n');
  const imported = await call<{ import: { id: string }; lines: { state: string }[] }>('POST', '/office/statements', { token: office.token, at: at(), json: { file_name: `copies-${tag}.csv`, content_base64: b64(file), mapping } });
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  expect(imported.body.data.lines.map((l) => l.state)).toEqual(['booked']);
  lineImport = imported.body.data.import.id;

  // An office mail about the order, sent.
  const mail = await call<{ job: JobView }>('POST', '/office/mail', { token: office.token, at: at(), json: { filter: 'order', order_no: order.order_no, purpose: 'order', subject: 'Your badge, {first_name}', text: 'Dear {first_name}, your badge is ready.' } });
  expect(mail.status, JSON.stringify(mail.body)).toBe(200);
  mailId = mail.body.data.job.id;
  // The office confirms how many it goes to before it is sent (docs/decisions/0048-office-confirms-before-money-or-mail.md).
  const ready = await waitFor('mail job ready', () => mailJob(mailId), (r) => r.body.data.job.state === 'ready');
  const confirmed = await call('POST', `/office/mail/${mailId}/send`, { token: office.token, at: at(), json: { recipients: ready.body.data.job.total } });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  const sent = await waitFor('mail job', () => mailJob(mailId), (r) => r.body.data.job.state === 'done');
  expect(sent.body.data.recipients).toEqual([expect.objectContaining({ email: d.email, first_name: FIRST, state: 'sent' })]);

  // An export of the orders, made and downloadable.
  const requested = await call<{ job: JobView }>('POST', '/office/exports', { token: office.token, at: at(), json: { kind: 'orders' } });
  expect(requested.status).toBe(200);
  exportId = requested.body.data.job.id;
  await waitFor('export', () => exportJob(exportId), (j) => j?.state === 'done');
  const link = await call<{ url: string }>('GET', `/office/exports/${exportId}/download`, { token: office.token, at: T0 });
  expect(link.status).toBe(200);
  exportUrl = link.body.data.url;
  expect(await (await fetch(exportUrl)).text()).toContain(LAST);

  const deleted = await call<Record<string, unknown>>('POST', '/account/delete', { token: d.token, at: T0, json: { password: PASSWORD } });
  expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
  summary = deleted.body.data;
}, 180_000);

describe("after the deletion, the account's name and address are not readable", () => {
  it('the deletion says what it scrubbed outside the account (also in its audit entry)', () => {
    expect(summary).toMatchObject({ orders_kept_anonymised: [order.order_no], copies: { mail_recipients: 1, statement_lines: 1, exports_withdrawn: expect.any(Number) } });
    expect((summary.copies as { exports_withdrawn: number }).exports_withdrawn).toBeGreaterThanOrEqual(1);
  });

  it("in the office's mail jobs: the recipient stays counted (sent, its order), without name or address", async () => {
    const job = (await mailJob(mailId)).body.data;
    expect(job.job.counts).toMatchObject({ sent: 1 });
    expect(job.recipients).toEqual([expect.objectContaining({ email: '', first_name: '', order_no: order.order_no, state: 'sent', account_deleted: true })]);
    expect(JSON.stringify(job)).not.toContain(d.email);
    expect(JSON.stringify(job)).not.toContain(FIRST);
  });

  it('in the imported statement lines: the line keeps its date, amount, reference and booking, not the payer or the text', async () => {
    const imported = await call<{ lines: Record<string, unknown>[] }>('GET', `/office/statements/${lineImport}`, { token: office.token, at: T0 });
    expect(imported.status).toBe(200);
    const [line] = imported.body.data.lines;
    expect(line).toMatchObject({ state: 'booked', reference: order.reference, amount: order.amount_required });
    const text = JSON.stringify(imported.body.data);
    for (const word of [PAYER, LAST, FIRST]) expect(text).not.toContain(word);
    // Nor in the table itself (what a backup or a later page would read).
    const items = await db().send(new QueryCommand({ TableName: 'congress', IndexName: 'byOwner', KeyConditionExpression: 'gsi1pk = :p', ExpressionAttributeValues: { ':p': `STATEMENTIMPORT#${lineImport}` } }));
    expect(items.Items?.length ?? 0).toBeGreaterThan(0);
    for (const word of [PAYER, LAST, FIRST]) expect(JSON.stringify(items.Items)).not.toContain(word);
  });

  it('in the export files made before: withdrawn, the file deleted and the link refused with its message', async () => {
    const job = await exportJob(exportId);
    expect(job?.withdrawn_at).toEqual(expect.any(String));
    const link = await call('GET', `/office/exports/${exportId}/download`, { token: office.token, at: T0 });
    expect([link.status, link.body.message]).toEqual([409, jobMessages.withdrawn]);
    const key = new URL(exportUrl).pathname.replace(/^\/congress-uploads\//, '');
    expect((await fetch(`${s3Origin()}/congress-uploads/${key}`)).status).toBe(404);
    // A new export has nothing of the account but the kept order's numbers.
    const again = await call<{ job: JobView }>('POST', '/office/exports', { token: office.token, at: at(), json: { kind: 'orders' } });
    await waitFor('export', () => exportJob(again.body.data.job.id), (j) => j?.state === 'done');
    const fresh = await call<{ url: string }>('GET', `/office/exports/${again.body.data.job.id}/download`, { token: office.token, at: T0 });
    const csv = await (await fetch(fresh.body.data.url)).text();
    expect(csv).toContain(order.order_no);
    for (const word of [LAST, FIRST, d.email]) expect(csv).not.toContain(word);
  });

  it('while the accounting records stay: the order, its payment and its receipt', async () => {
    const page = await call<{ order: { order_no: string; payment_status: number }; payments: { state: string }[]; documents: { kind: string }[] }>('GET', `/office/orders/${order.id}`, { token: office.token, at: T0 });
    expect(page.status).toBe(200);
    expect(page.body.data.order).toMatchObject({ order_no: order.order_no, payment_status: 1 });
    expect(page.body.data.payments.map((p) => p.state)).toEqual(['confirmed']);
    expect(page.body.data.documents.map((doc) => doc.kind)).toContain('receipt');
    expect(userId).toBeTruthy();
  });
});

describe("the office's page of the order kept after the deletion (issue 29, item 22)", () => {
  it('names it truly ("Deleted account, order R24-...") and says why; offers no mail and no attendance, and the server refuses them', async () => {
    const page = await call<{ heading: string; account_deleted: { at: string; note: string } | null; mails: unknown[]; can_cancel: boolean; order: { first_name: string; owner_email: string } }>('GET', `/office/orders/${order.id}`, { token: office.token, at: T0 });
    expect(page.body.data.heading).toBe(`Deleted account, order ${order.order_no}`);
    expect(page.body.data.account_deleted).toEqual({ at: expect.any(String), note: expect.stringMatching(/^The delegate deleted their account on .+\(UTC\+8\)\. The order is kept for accounting without their personal data .*no mail can be sent about it/) });
    expect(page.body.data.order).toMatchObject({ first_name: '', owner_email: '' });
    expect(page.body.data.mails).toEqual([]);
    const attendance = await call('POST', `/office/orders/${order.id}/attendance`, { token: office.token, at: T0, json: { attended: true, version: (page.body.data.order as unknown as { updated_at: string }).updated_at } });
    expect([attendance.status, attendance.body.message]).toEqual([409, attendanceMessages.accountDeleted]);
  });

  it('can still be cancelled with its refund (by the bank, recorded by the office), with no mail to anyone', async () => {
    const cancelled = await call<{ refund_amount: string }>('POST', `/office/orders/${order.id}/cancel`, { token: office.token, at: T0, json: { refund: 'other', refund_amount: '100.00', reason: 'Congress fee adjusted' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const after = await call<{ order: { payment_status: number } }>('GET', `/office/orders/${order.id}`, { token: office.token, at: T0 });
    expect(after.body.data.order.payment_status).toBe(-2);
    // Nothing is sent to the emptied address (order-deps.ts `send` does not try).
    expect((await mailsTo('')).filter((m) => m.destination.to.some((t) => t.trim() === ''))).toEqual([]);
  });
});

