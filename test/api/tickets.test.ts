/**
 * Tickets for delegates and the office (issue 34): a paid order's tickets (one per person) with
 * their signed QR texts, only for the order's owner (404 for anyone else); the ticket as a PDF
 * (its text read with pdftotext: the name in Chinese characters and in Latin, no "?" for a
 * missing glyph); the office's badge print, audited as a print then as a reprint; the badges of
 * every paid order as an office job; a cancelled order's tickets revoked; the messages in both
 * languages.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readPayload } from '#core/checkin/payload';
import { entitlementsOf } from '#core/checkin/lists';
import type { JobView } from '#core/office/jobs';
import { validOrder } from '../support/bodies';
import { pdfText } from '../support/pdf';
import { call, mailsTo, newDelegate, officeSession, until } from './support';

const T0 = '2024-08-01T02:00:00Z';
const zh = { 'x-language': 'zh-Hans' };

type TicketView = { id: string; person: number; role: string; qr: string | null; revoked: boolean; entitlement_names: string[]; chinese_name: string | null; first_name: string };
type Tickets = { order_id: string; order_no: string; tickets: TicketView[] };
type OfficeDetail = { order: { payment_status: number }; audit: { action: string; actor: { email?: string }; after?: Record<string, unknown> }[]; cancellation: { refund_amount: string } | null };

const names = { first_name: 'Xiaoming', last_name: 'Wang', family_name_in_chinese: '王', given_name_in_chinese: '小明' };

/** A delegate's order with one accompanying person and one place on the visit, paid by a transfer the office received. */
async function paidOrder(office: string, over: Record<string, string | number> = {}) {
  const d = await newDelegate('tickets');
  const created = await call<{ id: string }>('POST', '/registration/submission', { token: d.token, at: T0, json: validOrder({ ...names, accompanying_person: 1, post_conference_activities_person: 1, post_conference_activities_attach: 1, ...over }) });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.data.id;
  const { order } = (await call<{ order: { reference: string; amount_required: string } }>('GET', `/registration/submission/${id}`, { token: d.token, at: T0 })).body.data;
  expect((await call('POST', `/registration/submission/transfer-payment/${id}`, { token: d.token, at: T0, json: { type: 'done' } })).status).toBe(200);
  const received = await call('POST', `/office/transfers/${order.reference}/received`, { token: office, at: T0, json: { amount: order.amount_required } });
  expect(received.status, JSON.stringify(received.body)).toBe(200);
  return { ...d, id };
}

const fetchPdf = async (url: string) => {
  const file = await fetch(url);
  expect(file.status).toBe(200);
  return new Uint8Array(await file.arrayBuffer());
};

let office: Awaited<ReturnType<typeof officeSession>>;
beforeAll(async () => {
  office = await officeSession('tickets-office', T0);
}, 120_000);

const SLOW = 90_000;

describe('an order\'s tickets', () => {
  let d: Awaited<ReturnType<typeof paidOrder>>;
  beforeAll(async () => {
    d = await paidOrder(office.token);
  }, 120_000);

  it('are one per person, signed with the facts of the order, and only the owner\'s', async () => {
    const mine = await call<Tickets>('GET', `/registration/tickets/${d.id}`, { token: d.token, at: T0 });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const [delegate, guest] = mine.body.data.tickets;
    expect(mine.body.data.tickets.map((t) => [t.person, t.role, t.revoked])).toEqual([
      [0, 'delegate', false],
      [1, 'accompanying', false],
    ]);
    expect(delegate!.chinese_name).toBe('王小明');
    // The QR text is the compact payload: its facts are the ticket's.
    for (const t of [delegate!, guest!]) {
      expect(t.qr).toHaveLength(114);
      const read = readPayload(t.qr!);
      if (typeof read === 'string') throw new Error(read);
      expect(read.facts).toMatchObject({ edition: 2024, person: t.person, validUntil: '2024-11-07' });
      expect([...entitlementsOf(read.facts.entitlements)].sort()).toEqual([...t.entitlement_names].sort());
    }
    expect(delegate!.entitlement_names).toEqual(expect.arrayContaining(['day1', 'day4', 'morningWorkshop', 'welcomeReception', 'galaDinner', 'groupVisit']));
    expect(guest!.entitlement_names.sort()).toEqual(['galaDinner', 'welcomeReception']);

    const other = await newDelegate('tickets-other');
    const theirs = await call('GET', `/registration/tickets/${d.id}`, { token: other.token, at: T0 });
    expect(theirs.status).toBe(404);
    expect((await call('GET', `/registration/tickets/${d.id}/1/pdf`, { token: other.token, at: T0 })).status).toBe(404);
    const zh404 = await call('GET', `/registration/tickets/${d.id}/1/pdf`, { token: other.token, at: T0, headers: zh });
    expect([zh404.status, zh404.body.message]).toEqual([404, '未找到该入场票。']);
    expect((await call('GET', `/registration/tickets/${d.id}/1/pdf`, { at: T0 })).status).toBe(401);
    expect((await call('GET', `/registration/tickets/${d.id}/3/pdf`, { token: d.token, at: T0 })).status).toBe(404);
  }, SLOW);

  it('prints as a one-page PDF with the name in Chinese characters and in Latin', async () => {
    const link = await call<{ url: string; file_name: string }>('GET', `/registration/tickets/${d.id}/1/pdf`, { token: d.token, at: T0 });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    expect(link.body.data.file_name).toMatch(/^IACR2024-ticket-.+-1\.pdf$/);
    const text = pdfText(await fetchPdf(link.body.data.url));
    expect(text).toContain('王小明');
    expect(text).toContain('Xiaoming Wang');
    expect(text).toContain('入场票 Ticket');
    expect(text).toContain('参会代表 Delegate');
    expect(text).not.toContain('?');
    const guest = await call<{ url: string }>('GET', `/registration/tickets/${d.id}/2/pdf`, { token: d.token, at: T0 });
    expect(pdfText(await fetchPdf(guest.body.data.url))).toContain('Guest of Xiaoming Wang');
  }, SLOW);

  it('are printed as badges by the office, each print and reprint in the audit trail', async () => {
    const first = await call<{ url: string; badges: number; reprint: boolean }>('POST', `/office/orders/${d.id}/badges`, { token: office.token, at: T0 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ badges: 2, reprint: false });
    expect(first.body.message).toMatch(/^2 badges of order .+ ready to print\.$/);
    const text = pdfText(await fetchPdf(first.body.data.url));
    expect(text).toContain('王小明');
    expect(text).toContain('Xiaoming Wang');
    expect(text).toContain('参会代表 Delegate');
    expect(text).toContain('随行人员 Accompanying person');
    expect(text).not.toContain('?');

    const again = await call<{ reprint: boolean }>('POST', `/office/orders/${d.id}/badges`, { token: office.token, at: T0, headers: zh });
    expect(again.status).toBe(200);
    expect(again.body.data.reprint).toBe(true);
    expect(again.body.message).toMatch(/^订单.+的2张胸卡已可重新打印/);

    const detail = (await call<OfficeDetail>('GET', `/office/orders/${d.id}`, { token: office.token, at: T0 })).body.data;
    // Both at the pinned clock's instant: in the order of their count.
    const prints = detail.audit.filter((a) => a.action.startsWith('badge.')).sort((a, b) => Number(a.after?.prints) - Number(b.after?.prints));
    expect(prints.map((a) => [a.action, a.actor.email, a.after?.prints])).toEqual([
      ['badge.printed', office.email, 1],
      ['badge.reprinted', office.email, 2],
    ]);
    // Only the office prints badges.
    expect((await call('POST', `/office/orders/${d.id}/badges`, { token: d.token, at: T0 })).status).toBe(403);
  }, SLOW);

  it('are all printed on A4 sheets of four by an office job', async () => {
    const requested = await call<{ job: JobView }>('POST', '/office/exports', { token: office.token, at: T0, json: { kind: 'badges' } });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    const id = requested.body.data.job.id;
    let job: JobView | undefined;
    for (const until = Date.now() + 120_000; Date.now() < until; await new Promise((r) => setTimeout(r, 300))) {
      job = (await call<{ items: JobView[] }>('GET', '/office/exports', { token: office.token, at: T0 })).body.data.items.find((j) => j.id === id);
      if (job?.state === 'done' || job?.state === 'failed') break;
    }
    expect(job, JSON.stringify(job)).toMatchObject({ state: 'done', label: 'Badges (PDF)' });
    expect(job!.file_name).toMatch(/^badges-.+\.pdf$/);
    expect(job!.rows).toBeGreaterThanOrEqual(2);
    const link = await call<{ url: string }>('GET', `/office/exports/${id}/download`, { token: office.token, at: T0 });
    const text = pdfText(await fetchPdf(link.body.data.url));
    expect(text).toContain('王小明');
    expect(text).not.toContain('?');
  }, 180_000);
});

describe('the payment mail', () => {
  it('names the tickets and links to them, in the delegate\'s language', async () => {
    const d = await paidOrder(office.token);
    const mails = await until('the payment mail', () => mailsTo(d.email), (m) => m.some((x) => x.subject.startsWith('Payment received')));
    const text = mails.find((m) => m.subject.startsWith('Payment received'))!.body.text ?? '';
    expect(text).toMatch(/Your 2 tickets, one per person, are on your order list with their QR codes, each also as a PDF to print: \S+\/registration\/list\./);
    expect(text).toContain('- Person 1 (delegate): 4 Nov, 5 Nov, 6 Nov, 7 Nov, Morning workshop, Welcome reception, Gala dinner, Group visit\n- Person 2 (accompanying person): Welcome reception, Gala dinner\n');

    const zh = await newDelegate('tickets-zh');
    expect((await call('PUT', '/language', { token: zh.token, at: T0, json: { language: 'zh-Hans' } })).status).toBe(200);
    const created = await call<{ id: string }>('POST', '/registration/submission', { token: zh.token, at: T0, json: validOrder(names) });
    const { order } = (await call<{ order: { reference: string; amount_required: string } }>('GET', `/registration/submission/${created.body.data.id}`, { token: zh.token, at: T0 })).body.data;
    await call('POST', `/registration/submission/transfer-payment/${created.body.data.id}`, { token: zh.token, at: T0, json: { type: 'done' } });
    expect((await call('POST', `/office/transfers/${order.reference}/received`, { token: office.token, at: T0, json: { amount: order.amount_required } })).status).toBe(200);
    const zhMails = await until('the Chinese payment mail', () => mailsTo(zh.email), (m) => m.some((x) => x.subject.startsWith('已收到付款')));
    expect(zhMails.find((m) => m.subject.startsWith('已收到付款'))!.body.text).toMatch(/您的1张入场票（每人一张）及其二维码已在订单列表中，也可下载PDF文件打印：\S+\/zh\/registration\/list。/);
  }, SLOW);
});

describe('a cancelled order\'s tickets', () => {
  it('are revoked: no QR code, no badge', async () => {
    const d = await paidOrder(office.token, { accompanying_person: 0, post_conference_activities_person: 0 });
    const detail = (await call<OfficeDetail>('GET', `/office/orders/${d.id}`, { token: office.token, at: T0 })).body.data;
    const cancelled = await call('POST', `/office/orders/${d.id}/cancel`, { token: office.token, at: T0, json: { expected_refund: detail.cancellation!.refund_amount } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const after = await call<Tickets>('GET', `/registration/tickets/${d.id}`, { token: d.token, at: T0 });
    expect(after.body.data.tickets.map((t) => [t.revoked, t.qr])).toEqual([[true, null]]);
    const badge = await call('POST', `/office/orders/${d.id}/badges`, { token: office.token, at: T0 });
    expect(badge.status).toBe(409);
    expect(badge.body.message).toMatch(/has no valid ticket/);
    const pdf = await call<{ url: string }>('GET', `/registration/tickets/${d.id}/1/pdf`, { token: d.token, at: T0, headers: zh });
    const text = pdfText(await fetchPdf(pdf.body.data.url));
    expect(text).toContain('此票已作废');
    expect(text).toContain('This ticket is revoked');
  }, SLOW);
});
