/**
 * Certificates of attendance (issue 17): the office marks attendance on an order (over its
 * version, audited), and the delegate's certificate is issued only after the congress ends, for a
 * paid order with attendance marked; it is the owner's (404 for another delegate) and the same
 * document on every request.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceMessages } from '#core/office/attendance';
import { certificateMessages } from '#core/documents/certificate';
import type { DocumentSummary } from '#core/documents/model';
import { documentMessages } from '#core/documents/download';
import { validOrder } from '../support/bodies';
import { pdfText } from '../support/pdf';
import { call, mailsTo, newDelegate, officeSession, sendToJobsQueue, until } from './support';
import { schedules } from '#core/workers';

const T0 = '2024-08-01T02:00:00Z';
/** The congress's second day, 10:00 CST. */
const DAY2 = '2024-11-05T02:00:00Z';
/** 7 November 2024 23:59:59 CST, and the congress's end (8 November 00:00 CST). */
const LAST_SECOND = '2024-11-07T15:59:59Z';
const AFTER = '2024-11-08T01:00:00Z';

type OfficeOrder = { order: { updated_at: string; attendance?: { attended: boolean } | null; payment_status: number }; audit: { action: string; actor: { email?: string } }[] };
type ListItem = { id: string; certificate: { available: boolean; refusal: string | null; message: string | null; offered: boolean } };

async function placeOrder(token: string, names: { first_name: string; last_name: string }) {
  const created = await call<{ id: string }>('POST', '/registration/submission', { token, at: T0, json: validOrder(names) });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.data.id;
  const { order } = (await call<{ order: { reference: string } }>('GET', `/registration/submission/${id}`, { token, at: T0 })).body.data;
  return { id, reference: order.reference };
}

/** A delegate's order, paid by a transfer the office received (Paid). */
async function paidOrder(office: string, names = { first_name: 'Łukasz', last_name: 'Żółćiński' }) {
  const d = await newDelegate('certificate');
  const { id, reference } = await placeOrder(d.token, names);
  expect((await call('POST', `/registration/submission/transfer-payment/${id}`, { token: d.token, at: T0, json: { type: 'done' } })).status).toBe(200);
  const received = await call('POST', `/office/transfers/${reference}/received`, { token: office, at: T0, json: { amount: '650.00' } });
  expect(received.status, JSON.stringify(received.body)).toBe(200);
  return { ...d, id };
}

const officeOrder = async (token: string, id: string, at = DAY2) => (await call<OfficeOrder>('GET', `/office/orders/${id}`, { token, at })).body.data;
const mark = (token: string | undefined, id: string, body: unknown, at = DAY2) => call<{ version: string }>('POST', `/office/orders/${id}/attendance`, { token, at, json: body });
const certificate = (token: string, id: string, at = AFTER) => call<DocumentSummary>('POST', `/registration/certificate/${id}`, { token, at });
const listItem = async (token: string, id: string, at: string) => (await call<{ items: ListItem[] }>('GET', '/registration', { token, at })).body.data.items.find((i) => i.id === id)!;

/** Two organisers shared by the tests (each costs a sign-up and the organiser command): one in August, one on the congress's second day. */
let early: Awaited<ReturnType<typeof officeSession>>;
let o: Awaited<ReturnType<typeof officeSession>>;
beforeAll(async () => {
  [early, o] = await Promise.all([officeSession('cert-early', T0), officeSession('cert-office', DAY2)]);
}, 120_000);

/** A test that signs up delegates and pays their orders through the office: more than the default 30 s on a loaded machine. */
const SLOW = 90_000;

describe('the office marks attendance', () => {
  it('organisers only: anonymous 401, a delegate 403', async () => {
    const d = await newDelegate('attendance-door');
    const { id } = await placeOrder(d.token, { first_name: 'Anna', last_name: 'Nowak' });
    expect((await mark(undefined, id, { attended: true, version: 'x' })).status).toBe(401);
    expect((await mark(d.token, id, { attended: true, version: 'x' })).status).toBe(403);
  });

  it('over the version read (409 stale), from the first day, with its audit entry; a mark taken back', async () => {
    const d = await paidOrder(early.token);
    const { order } = await officeOrder(o.token, d.id);

    const missing = await mark(o.token, d.id, { version: order.updated_at });
    expect([missing.status, (missing.body.data as unknown as { errors: Record<string, string> }).errors.attended]).toEqual([422, attendanceMessages.choose]);
    const noVersion = await mark(o.token, d.id, { attended: true });
    expect([noVersion.status, (noVersion.body.data as unknown as { errors: Record<string, string> }).errors.version]).toEqual([422, attendanceMessages.reload]);

    const tooEarly = await mark(early.token, d.id, { attended: true, version: order.updated_at }, T0);
    expect([tooEarly.status, tooEarly.body.message]).toEqual([409, attendanceMessages.tooEarly]);

    const marked = await mark(o.token, d.id, { attended: true, version: order.updated_at });
    expect([marked.status, marked.body.message], JSON.stringify(marked.body)).toEqual([200, attendanceMessages.marked]);
    const after = await officeOrder(o.token, d.id);
    expect(after.order.attendance).toMatchObject({ attended: true, marked_by: o.email });
    expect(after.order.updated_at).toBe(marked.body.data.version);
    expect(after.audit.find((a) => a.action === 'order.attendance_marked')?.actor.email).toBe(o.email);

    // The version read before the mark is stale now.
    const stale = await mark(o.token, d.id, { attended: false, version: order.updated_at });
    expect([stale.status, stale.body.message]).toEqual([409, attendanceMessages.stale]);
    const removed = await mark(o.token, d.id, { attended: false, version: after.order.updated_at });
    expect([removed.status, removed.body.message]).toEqual([200, attendanceMessages.unmarked]);
    expect((await officeOrder(o.token, d.id)).audit.map((a) => a.action)).toContain('order.attendance_removed');
    expect((await mark(o.token, 'no-such-order', { attended: true, version: 'x' })).status).toBe(404);
  }, SLOW);
});

describe('the certificate of attendance', () => {
  it('is refused before the congress ends, for an unpaid order and without attendance, with the reason also in the order list', async () => {
    const d = await paidOrder(early.token);
    const unpaid = await placeOrder(d.token, { first_name: 'Anna', last_name: 'Nowak' });

    // Paid, not attended: after the end, the reason is the attendance.
    const notAttended = await certificate(d.token, d.id);
    expect([notAttended.status, notAttended.body.message]).toEqual([409, certificateMessages.notAttended]);
    expect((await listItem(d.token, d.id, AFTER)).certificate).toEqual({ available: false, refusal: 'not-attended', message: certificateMessages.notAttended, offered: true });

    for (const id of [d.id, unpaid.id]) {
      const { order } = await officeOrder(o.token, id);
      expect((await mark(o.token, id, { attended: true, version: order.updated_at })).status).toBe(200);
    }
    // Attended, the last second of the congress: not yet (the message names the end and its zone).
    const before = await certificate(d.token, d.id, LAST_SECOND);
    expect([before.status, before.body.message]).toEqual([409, 'Available after the congress ends: 7 November 2024, 24:00 CST (UTC+8).']);
    expect((await listItem(d.token, d.id, LAST_SECOND)).certificate.message).toBe(certificateMessages.beforeEnd);
    // Attended but unpaid.
    const notPaid = await certificate(d.token, unpaid.id);
    expect([notPaid.status, notPaid.body.message]).toEqual([409, certificateMessages.notPaid('Unpaid')]);
    // An unpaid order is told it is not paid (not "after the congress"), and has no certificate line (issue 29, item 18).
    expect((await listItem(d.token, unpaid.id, AFTER)).certificate).toMatchObject({ refusal: 'not-paid', offered: false });
    expect((await listItem(d.token, unpaid.id, LAST_SECOND)).certificate).toMatchObject({ refusal: 'not-paid', offered: false });
  }, SLOW);

  it("is issued once for a paid, attended order after the end, the same document after, and is no other delegate's", async () => {
    const d = await paidOrder(early.token, { first_name: '小明', last_name: '王' });
    const { order } = await officeOrder(o.token, d.id);
    expect((await mark(o.token, d.id, { attended: true, version: order.updated_at })).status).toBe(200);

    expect((await listItem(d.token, d.id, AFTER)).certificate).toEqual({ available: true, refusal: null, message: null, offered: true });
    const [first, parallel] = await Promise.all([certificate(d.token, d.id), certificate(d.token, d.id)]);
    expect([first.status, first.body.message], JSON.stringify(first.body)).toEqual([200, certificateMessages.issued]);
    expect(parallel.body.data.id).toBe(first.body.data.id);
    expect(first.body.data).toMatchObject({ kind: 'certificate', title: 'Certificate of Attendance', subject: { kind: 'order', id: d.id }, file_name: expect.stringMatching(/^IACR2024-certificate-R24-\d+\.pdf$/) });
    const later = await certificate(d.token, d.id, '2024-12-24T02:00:00Z');
    expect(later.body.data).toEqual(first.body.data);
    // Issued once, in its own audit entry on the order.
    expect((await officeOrder(o.token, d.id)).audit.filter((a) => a.action === 'certificate.issued')).toHaveLength(1);

    const stranger = await newDelegate('cert-stranger');
    const refused = await certificate(stranger.token, d.id);
    expect([refused.status, refused.body.message]).toEqual([404, certificateMessages.notFound]);

    // Downloads: the owner and the office; another delegate is told there is no such document.
    const id = first.body.data.id;
    const mine = await call<{ items: DocumentSummary[] }>('GET', '/documents', { token: d.token, at: AFTER });
    expect(mine.body.data.items.filter((x) => x.kind === 'certificate').map((x) => x.id)).toEqual([id]);
    const link = await call<{ url: string; file_name: string }>('GET', `/documents/${id}`, { token: d.token, at: AFTER });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    expect(link.body.data.file_name).toBe(first.body.data.file_name);
    const pdf = await fetch(link.body.data.url);
    expect(pdf.status).toBe(200);
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer())).replace(/\s+/g, ' ');
    for (const part of ['Certificate of Attendance', '王小明', 'Beijing International Convention Center', '4-7 November 2024', 'Prof. Wei Wenqiang']) expect(text).toContain(part);
    // And in Chinese above the English (decision 0062).
    for (const part of ['参会证明', '兹证明', '2024年11月4日至7日', '北京国际会议中心', '魏文强 教授']) expect(text.replace(/ /g, '')).toContain(part.replace(/ /g, ''));
    const other = await call('GET', `/documents/${id}`, { token: stranger.token, at: AFTER });
    expect([other.status, other.body.message]).toEqual([404, documentMessages.notFound]);
    const ownerId = (await call<{ id: string }>('GET', '/get_person_info', { token: d.token, at: AFTER })).body.data.id;
    const office = await call<{ url: string }>('GET', `/office/documents/${ownerId}/${id}`, { token: o.token, at: DAY2 });
    expect(office.status, JSON.stringify(office.body)).toBe(200);
    expect((await fetch(office.body.data.url)).status).toBe(200);
  }, SLOW);
});

describe('the mail that the certificate is ready', () => {
  const ready = (d: { email: string }) => mailsTo(d.email).then((m) => m.filter((x) => /^Registration R24-\d{6}: your certificate of attendance is ready$/.test(x.subject)));
  /** What the platform's schedule puts on the office-jobs queue at the congress's end (core/workers.ts `schedules`). */
  const playSchedule = () => sendToJobsQueue(JSON.stringify(schedules.certificatesReady.message));

  it('goes at once when attendance is marked after the congress, once; marked during it, when the schedule runs at its end, once', async () => {
    // Marked after the end (by an organiser at work then): the certificate can be had now, and the delegate is told at once.
    const after = await officeSession('cert-after', AFTER);
    const late = await paidOrder(early.token, { first_name: 'Amara', last_name: 'Okafor' });
    const lateOrder = (await officeOrder(after.token, late.id, AFTER)).order;
    const marked = await mark(after.token, late.id, { attended: true, version: lateOrder.updated_at }, AFTER);
    expect([marked.status, marked.body.message], JSON.stringify(marked.body)).toEqual([200, attendanceMessages.markedAndMailed]);
    const [mail] = await until('certificate mail', () => ready(late), (m) => m.length >= 1);
    expect(mail!.body.text).toContain('Thank you for attending the IACR 2024 Scientific Conference.');
    expect(mail!.body.text).toContain('Name: Amara Okafor');
    expect(mail!.body.text).toMatch(/Get the certificate: http\S+\/registration\/list/);

    // Marked on the second day: not available yet, so no mail...
    const during = await paidOrder(early.token, { first_name: 'Bea', last_name: 'Lindqvist' });
    const duringOrder = (await officeOrder(o.token, during.id)).order;
    expect((await mark(o.token, during.id, { attended: true, version: duringOrder.updated_at })).body.message).toBe(attendanceMessages.marked);
    // ... and one not attended is never told.
    const absent = await paidOrder(early.token, { first_name: 'Carl', last_name: 'Absent' });

    // The congress ends: the schedule's message runs, and runs again (a redelivery) without a second mail.
    await playSchedule();
    await until('certificate mail at the end', () => ready(during), (m) => m.length >= 1);
    await playSchedule();
    await new Promise((r) => setTimeout(r, 3000));
    expect(await ready(during)).toHaveLength(1);
    expect(await ready(late)).toHaveLength(1);
    expect(await ready(absent)).toEqual([]);

    // Marking again after the end (taken back and marked anew) does not tell the delegate twice.
    const again = (await officeOrder(after.token, late.id, AFTER)).order;
    const unmarked = await mark(after.token, late.id, { attended: false, version: again.updated_at }, AFTER);
    const remarked = await mark(after.token, late.id, { attended: true, version: unmarked.body.data.version }, AFTER);
    expect(remarked.body.message).toBe(attendanceMessages.marked);
    expect(await ready(late)).toHaveLength(1);
  }, SLOW * 2);
});
