/**
 * The office's order table and order detail: every filter and search is one list kept in the
 * order's own writes, read a page at a time; an order in full has its money and audit trail.
 */
import { describe, expect, it } from 'vitest';
import { officeOrderMessages } from '#core/office/orders';
import type { OrderRow } from '#core/office/order-rows';
import { validOrder } from '../support/bodies';
import { orderResultMessages } from '#core/orders/order-deps';
import { orderMailLabels, resendMessages } from '#core/office/order-mail-kinds';
import { call, mailsTo, newDelegate, officeSession, until } from './support';

const T0 = '2024-08-01T02:00:00Z';
type Page = { rows: OrderRow[]; next: string | null; items_read: number };
const unique = () => Math.random().toString(36).slice(2, 8);

async function placeOrder(token: string, overrides: Record<string, string | number> = {}) {
  const created = await call<{ id: string }>('POST', '/registration/submission', { token, at: T0, json: validOrder(overrides) });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.data.id;
  const { order } = (await call<{ order: { reference: string; order_no: string } }>('GET', `/registration/submission/${id}`, { token, at: T0 })).body.data;
  return { id, reference: order.reference, order_no: order.order_no };
}

const page = (token: string, query: Record<string, string>) => call<Page>('GET', `/office/orders?${new URLSearchParams(query)}`, { token, at: T0 });

describe('who may read the office orders', () => {
  it('refuses anonymous (401), delegates (403) and organisers without the second factor (403)', async () => {
    const d = await newDelegate('orders-door');
    const { id } = await placeOrder(d.token);
    for (const path of ['/office/orders', `/office/orders/${id}`]) {
      expect((await call('GET', path, { at: T0 })).status).toBe(401);
      expect((await call('GET', path, { token: d.token, at: T0 })).status).toBe(403);
    }
    expect((await call('POST', `/office/orders/${id}/cancel`, { at: T0, json: {} })).status).toBe(401);
    expect((await call('POST', `/office/orders/${id}/cancel`, { token: d.token, at: T0, json: {} })).status).toBe(403);
    expect((await call('POST', `/office/orders/${id}/mails`, { at: T0, json: { mail: 'order-placed' } })).status).toBe(401);
    expect((await call('POST', `/office/orders/${id}/mails`, { token: d.token, at: T0, json: { mail: 'order-placed' } })).status).toBe(403);
  });
});

describe('the totals of the office tables (issue 29, item 23)', () => {
  it('says how many orders a search holds over all its pages, each order once, and the page rows add up to it', async () => {
    // Given and family name alike: the order's two name keys are the same, both in the search's list.
    const name = `Qix${unique()}`;
    const d = await newDelegate('totals');
    const placed = [await placeOrder(d.token, { first_name: name, last_name: name }), await placeOrder(d.token, { first_name: name, last_name: name }), await placeOrder(d.token, { first_name: name, last_name: name })];
    const done = await call('POST', `/registration/submission/transfer-payment/${placed[0]!.id}`, { token: d.token, at: T0, json: { type: 'done' } });
    expect(done.status).toBe(200);
    const o = await officeSession('totals-office', T0);

    const first = await call<Page & { total: number }>('GET', `/office/orders?${new URLSearchParams({ q: name, limit: '1', count: '1' })}`, { token: o.token, at: T0 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.total).toBe(3);
    // Walking the pages finds as many orders as the total says.
    const seen = new Set<string>();
    let cursor: string | null = null;
    do {
      const r: { body: { data: Page } } = await page(o.token, { q: name, limit: '1', ...(cursor ? { cursor } : {}) });
      for (const row of r.body.data.rows) seen.add(row.id);
      cursor = r.body.data.next;
    } while (cursor);
    expect([...seen].sort()).toEqual(placed.map((p) => p.id).sort());

    const checking = await call<Page & { total: number }>('GET', `/office/orders?${new URLSearchParams({ q: name, filter: 'status:2', count: '1' })}`, { token: o.token, at: T0 });
    expect(checking.body.data.total).toBe(1);
    const byNumber = await call<Page & { total: number }>('GET', `/office/orders?${new URLSearchParams({ q: placed[1]!.order_no, count: '1' })}`, { token: o.token, at: T0 });
    expect(byNumber.body.data.total).toBe(1);
    // Without count=1 the page is read alone.
    expect((await page(o.token, { q: name })).body.data).not.toHaveProperty('total');
    expect((await call('GET', `/office/orders?count=yes`, { token: o.token, at: T0 })).status).toBe(422);
  });

  it('says how many registrations, accounts and abstracts their lists hold', async () => {
    const o = await officeSession('totals-lists', T0);
    for (const path of ['/office/registrations?count=1', '/office/registrations?list=review&count=1', '/office/delegates?count=1', `/office/delegates?q=${encodeURIComponent(o.email)}&count=1`, '/office/abstracts?category=descriptive.incidence-mortality&count=1']) {
      const r = await call<{ total: number; items: unknown[] }>('GET', path, { token: o.token, at: T0 });
      expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
      expect(r.body.data.total, path).toBeGreaterThanOrEqual(r.body.data.items.length);
    }
    expect((await call<{ total: number }>('GET', `/office/delegates?q=${encodeURIComponent(o.email)}&count=1`, { token: o.token, at: T0 })).body.data.total).toBe(1);
  });
});

describe('the order table', () => {
  it('finds orders by e-mail, name prefix (either order, any case and accents), order number and reference, and filters them', async () => {
    const name = `Zoë${unique()}`;
    const d = await newDelegate('table');
    const local = await placeOrder(d.token, { first_name: name, last_name: 'Van Der Berg', rate: 250, primary_address_country: 'Germany' });
    const standard = await placeOrder(d.token, { first_name: name, last_name: 'Van Der Berg' });
    const o = await officeSession('table-office', T0);

    const byEmail = await page(o.token, { q: d.email.toUpperCase() });
    expect(byEmail.status, JSON.stringify(byEmail.body)).toBe(200);
    expect(byEmail.body.data.rows.map((r) => r.id).sort()).toEqual([local.id, standard.id].sort());

    const byName = await page(o.token, { q: `  ${name.toUpperCase().replace('Ë', 'E')} van` });
    expect(byName.body.data.rows.map((r) => r.id).sort()).toEqual([local.id, standard.id].sort());
    const byLastName = await page(o.token, { q: `van der berg ${name.slice(0, 5)}` });
    expect(byLastName.body.data.rows.map((r) => r.id).sort()).toEqual([local.id, standard.id].sort());

    const byNumber = await page(o.token, { q: local.order_no.toLowerCase() });
    expect(byNumber.body.data.rows.map((r) => r.id)).toEqual([local.id]);
    const byReference = await page(o.token, { q: local.reference.toLowerCase().replace(/-/g, ' ') });
    expect(byReference.body.data.rows.map((r) => r.id)).toEqual([local.id]);

    // A filter on a search: the Local-rate order of a delegate outside China is flagged for checking.
    const flagged = await page(o.token, { q: d.email, filter: 'local-check' });
    expect(flagged.body.data.rows.map((r) => [r.id, r.local_check, r.rate])).toEqual([[local.id, true, 250]]);
    // The filter lists alone: newest first, each page about its own size in items read.
    const localCheck = await page(o.token, { filter: 'local-check', limit: '5' });
    expect(localCheck.body.data.rows.map((r) => r.id)).toContain(local.id);
    expect(localCheck.body.data.items_read).toBeLessThanOrEqual(5);
    const visa = await page(o.token, { filter: 'visa', limit: '100' });
    expect(visa.body.data.rows.every((r) => r.visa)).toBe(true);
  });

  it('pages with a continuation it gave, refuses one it did not, and follows an order to its new status', async () => {
    const d = await newDelegate('paging');
    const first = await placeOrder(d.token);
    const second = await placeOrder(d.token);
    const o = await officeSession('paging-office', T0);
    const one = await page(o.token, { q: d.email, limit: '1' });
    expect(one.body.data.rows).toHaveLength(1);
    expect(one.body.data.next).toEqual(expect.any(String));
    const two = await page(o.token, { q: d.email, limit: '1', cursor: one.body.data.next! });
    expect([...one.body.data.rows, ...two.body.data.rows].map((r) => r.id).sort()).toEqual([first.id, second.id].sort());

    for (const cursor of ['not-a-cursor', Buffer.from(JSON.stringify({ pk: 'x', sk: 'y', gsi3pk: 'ORDERLIST#all', gsi3sk: 'z', __proto__: { a: 1 } })).toString('base64url')]) {
      const bad = await page(o.token, { q: d.email, cursor });
      expect([bad.status, bad.body.message]).toEqual([422, officeOrderMessages.staleCursor]);
    }
    const badFilter = await page(o.token, { filter: 'everything' });
    expect([badFilter.status, badFilter.body.message]).toEqual([422, 'Please choose a filter from the list.']);
    expect((await page(o.token, { limit: '1000' })).body.message).toBe('Please ask for 1 to 100 rows.');

    expect((await call('POST', `/registration/submission/transfer-payment/${first.id}`, { token: d.token, at: T0, json: { type: 'done' } })).status).toBe(200);
    const checking = await page(o.token, { q: d.email, filter: 'status:2' });
    expect(checking.body.data.rows.map((r) => [r.id, r.status_name, r.payment_method])).toEqual([[first.id, 'Checking', 'transfer']]);
  });
});

describe('one order in the office', () => {
  it('shows every field, the money, and the audit trail', async () => {
    const d = await newDelegate('detail');
    const { id, reference } = await placeOrder(d.token);
    expect((await call('POST', `/registration/submission/transfer-payment/${id}`, { token: d.token, at: T0, json: { type: 'done' } })).status).toBe(200);
    const o = await officeSession('detail-office', T0);
    expect((await call('POST', `/office/transfers/${reference}/received`, { token: o.token, at: T0, json: { amount: '200.00' } })).status).toBe(200);

    const detail = await call<{ order: Record<string, unknown>; money: Record<string, string>; payments: { state: string; amount: string }[]; audit: { action: string }[]; passport: unknown }>('GET', `/office/orders/${id}`, { token: o.token, at: T0 });
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    expect(detail.body.data.order).toMatchObject({ id, reference, status_name: 'Checking', organization: validOrder().organization, owner_email: d.email });
    expect(detail.body.data.money).toEqual({ required: '650.00', received: '200.00', refunded: '0.00', balance: '-450.00', balance_text: 'US$450.00 still to pay' });
    // Both at one pinned instant: entries of one instant have no order among them.
    expect(detail.body.data.payments.map((p) => [p.state, p.amount]).sort()).toEqual([
      ['confirmed', '200.00'],
      ['pending', '450.00'],
    ]);
    expect(detail.body.data.audit.map((a) => a.action)).toContain('order.checking');
    expect((await call('GET', '/office/orders/no-such-order', { token: o.token, at: T0 })).body.message).toBe(officeOrderMessages.notFound);
  });
});

describe('the office cancels an order', () => {
  it('as its delegate would: the refund of the policy today, only the amount shown, requested by the office', async () => {
    const d = await newDelegate('office-cancel');
    const { id, reference } = await placeOrder(d.token);
    expect((await call('POST', `/registration/submission/transfer-payment/${id}`, { token: d.token, at: T0, json: { type: 'done' } })).status).toBe(200);
    const o = await officeSession('cancel-office', T0);
    expect((await call('POST', `/office/transfers/${reference}/received`, { token: o.token, at: T0, json: { amount: '650.00' } })).status).toBe(200);

    type Detail = { can_cancel: boolean; cancellation: { refund_amount: string } | null; order: { status_name: string }; refunds: { requested_by: string; amount: string }[] };
    const detail = async () => (await call<Detail>('GET', `/office/orders/${id}`, { token: o.token, at: T0 })).body.data;
    const before = await detail();
    expect(before.can_cancel).toBe(true);
    const refund = before.cancellation!.refund_amount;
    expect(Number(refund)).toBeGreaterThan(0);

    const stale = await call('POST', `/office/orders/${id}/cancel`, { token: o.token, at: T0, json: { expected_refund: '1.00' } });
    expect(stale.status).toBe(409);
    expect((await detail()).order.status_name).toBe('Paid');

    const cancelled = await call<{ refund_amount: string }>('POST', `/office/orders/${id}/cancel`, { token: o.token, at: T0, json: { expected_refund: refund } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const after = await detail();
    // Paid by bank transfer: the refund waits for the office to send it.
    expect([after.order.status_name, after.can_cancel]).toEqual(['Refunding', false]);
    expect(after.refunds.map((r) => [r.requested_by, r.amount])).toEqual([['office', refund]]);
    expect((await call('POST', `/office/orders/${id}/cancel`, { token: o.token, at: T0, json: { expected_refund: refund } })).status).toBe(403);
  });

  it('with no refund at all when the office says so, with its reason told to the delegate', async () => {
    const d = await newDelegate('office-cancel-none');
    const { id, reference } = await placeOrder(d.token);
    expect((await call('POST', `/registration/submission/transfer-payment/${id}`, { token: d.token, at: T0, json: { type: 'done' } })).status).toBe(200);
    const o = await officeSession('cancel-none', T0);
    expect((await call('POST', `/office/transfers/${reference}/received`, { token: o.token, at: T0, json: { amount: '650.00' } })).status).toBe(200);
    const r = await call<{ refund_amount: string }>('POST', `/office/orders/${id}/cancel`, { token: o.token, at: T0, json: { refund: 'other', refund_amount: '0', reason: 'Transferred to a colleague, who registered anew' } });
    expect([r.status, r.body.message, r.body.data]).toEqual([200, orderResultMessages.cancelledByOffice, { refund_amount: '0.00' }]);
    const after = (await call<{ order: { status_name: string }; refunds: unknown[] }>('GET', `/office/orders/${id}`, { token: o.token, at: T0 })).body.data;
    expect([after.order.status_name, after.refunds]).toEqual(['Cancelled', []]);
    const mail = (await mailsTo(d.email)).find((m) => m.subject.startsWith('Cancellation of registration order'));
    expect(mail?.body.text).toContain("The registration office's reason: Transferred to a colleague, who registered anew");
    // The order keeps the reason: the audit entry has it, and the mail sent again says it again.
    const trail = (await call<{ audit: { action: string; after?: Record<string, unknown> }[] }>('GET', `/office/orders/${id}`, { token: o.token, at: T0 })).body.data.audit;
    expect(trail.find((a) => a.action === 'order.cancelled')?.after).toMatchObject({ cancel_note: 'Transferred to a colleague, who registered anew' });
    expect((await call('POST', `/office/orders/${id}/mails`, { token: o.token, at: T0, json: { mail: 'cancelled' } })).status).toBe(200);
    const again = (await mailsTo(d.email)).filter((m) => m.subject.startsWith('Cancellation of registration order'));
    expect(again.map((m) => m.body.text?.includes("The registration office's reason: Transferred to a colleague"))).toEqual([true, true]);
  });
});

describe("the office sends an order's mails again", () => {
  it('only the mails the order has had, as it reads now, once however often it is clicked, each in the audit trail', async () => {
    const d = await newDelegate('office-resend');
    const { id, order_no } = await placeOrder(d.token);
    const o = await officeSession('resend', T0);
    type Detail = { mails: { kind: string; label: string }[]; audit: { action: string; after?: Record<string, unknown> }[] };
    const detail = async () => (await call<Detail>('GET', `/office/orders/${id}`, { token: o.token, at: T0 })).body.data;
    const resend = (mail: string) => call<{ sent: boolean }>('POST', `/office/orders/${id}/mails`, { token: o.token, at: T0, json: { mail } });
    const count = async (subject: string) => (await mailsTo(d.email)).filter((m) => m.subject === subject).length;

    expect((await detail()).mails).toEqual([{ kind: 'order-placed', label: orderMailLabels['order-placed'] }]);
    const wrong = await resend('payment-received');
    expect([wrong.status, wrong.body.message]).toEqual([409, resendMessages.notApplicable]);
    const unknown = await resend('everything');
    expect([unknown.status, unknown.body.data]).toEqual([422, { errors: { mail: resendMessages.kind } }]);

    const placed = `Registration order ${order_no}: please complete the payment`;
    // The first comes from the money-events worker, seconds after the order.
    await until('order-placed mail', () => count(placed), (n) => n === 1);
    const first = await resend('order-placed');
    expect([first.status, first.body.message, first.body.data]).toEqual([200, resendMessages.sent(orderMailLabels['order-placed'], d.email), { sent: true }]);
    expect(await count(placed)).toBe(2);
    const again = await resend('order-placed');
    expect([again.status, again.body.message]).toEqual([429, resendMessages.tooSoon]);

    // Ten clicks at once on another mail: one is sent.
    expect((await call('POST', `/registration/submission/transfer-payment/${id}`, { token: d.token, at: T0, json: { type: 'done' } })).status).toBe(200);
    // "not paid yet" is no longer true: only the mail of the transfer the delegate announced.
    expect((await detail()).mails.map((m) => m.kind)).toEqual(['transfer-noted']);
    const noted = `Bank transfer noted: registration order ${order_no}`;
    const clicks = await Promise.all(Array.from({ length: 10 }, () => resend('transfer-noted')));
    expect(clicks.map((c) => c.status).sort()).toEqual([200, ...Array(9).fill(429)]);
    expect(await count(noted)).toBe(2);
    const entries = (await detail()).audit.filter((a) => a.action === 'mail.resent');
    expect(entries.map((a) => [a.after?.mail, a.after?.sent]).sort()).toEqual([
      ['order-placed', true],
      ['transfer-noted', true],
    ]);
  });
});

describe('the money lists', () => {
  it('partially paid while the rest of a transfer is awaited, overpaid until the surplus goes back, paid-not-confirmed while Checking', async () => {
    const o = await officeSession('money-lists', T0);
    const inList = async (filter: string, id: string) => (await page(o.token, { filter, limit: '100' })).body.data.rows.some((r) => r.id === id);
    const transferDone = async (token: string, id: string) => expect((await call('POST', `/registration/submission/transfer-payment/${id}`, { token, at: T0, json: { type: 'done' } })).status).toBe(200);
    const received = async (reference: string, amount: string) => expect((await call('POST', `/office/transfers/${reference}/received`, { token: o.token, at: T0, json: { amount } })).status).toBe(200);

    const short = await newDelegate('money-partial');
    const a = await placeOrder(short.token);
    await transferDone(short.token, a.id);
    expect([await inList('money:unconfirmed', a.id), await inList('money:partial', a.id)]).toEqual([true, false]);
    await received(a.reference, '100.00');
    expect([await inList('money:unconfirmed', a.id), await inList('money:partial', a.id)]).toEqual([true, true]);
    await received(a.reference, '550.00');
    expect([await inList('money:unconfirmed', a.id), await inList('money:partial', a.id), await inList('money:overpaid', a.id)]).toEqual([false, false, false]);

    const over = await newDelegate('money-over');
    const b = await placeOrder(over.token);
    await transferDone(over.token, b.id);
    await received(b.reference, '700.00');
    expect(await inList('money:overpaid', b.id)).toBe(true);
    expect((await call('POST', `/office/transfers/${b.reference}/refunded`, { token: o.token, at: T0, json: {} })).status).toBe(200);
    expect(await inList('money:overpaid', b.id)).toBe(false);

    const searched = await page(o.token, { filter: 'money:partial', q: a.order_no.toLowerCase() });
    expect([searched.status, searched.body.message]).toEqual([422, officeOrderMessages.moneyWithSearch]);
  });
});

