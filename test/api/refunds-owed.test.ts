/**
 * Refunds by bank transfer the office owes (issue 29 item 5), through the local server: an
 * overpaid transfer (700.00 for a 650.00 order) leaves US$50.00 owed; the office lists it (order,
 * delegate, amount, why, since when); the delegate gives the account on the form the mail links
 * to (validated, each field's message); only organisers see it; the office records the refund as
 * sent only with the amount and the account it confirmed; the credit note is issued and the
 * delegate is told where the money went.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { refundAccountMessages as A } from '#core/orders/refund-account';
import { refundsOwedMessages as M, type RefundOwedRow } from '#core/office/refunds-owed';
import { validOrder } from '../support/bodies';
import { call, mailsTo, newDelegate, officeSession, until } from './support';

const T0 = '2024-08-01T02:00:00Z';
let office: { token: string; email: string };
let d: { token: string; email: string };
let order: { id: string; reference: string; order_no: string };

const mine = async () => (await call<{ items: RefundOwedRow[] }>('GET', '/office/refunds_owed', { token: office.token, at: T0 })).body.data.items.filter((r) => r.order_id === order.id);

beforeAll(async () => {
  office = await officeSession('refunds-owed', T0);
  d = await newDelegate('refund-owed');
  const created = await call<{ id: string }>('POST', '/registration/submission', { token: d.token, at: T0, json: validOrder() });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const got = await call<{ order: { reference: string; order_no: string } }>('GET', `/registration/submission/${created.body.data.id}`, { token: d.token, at: T0 });
  order = { id: created.body.data.id, ...got.body.data.order };
  expect((await call('POST', `/registration/submission/transfer-payment/${order.id}`, { token: d.token, at: T0, json: { type: 'done' } })).status).toBe(200);
  const confirmed = await call('POST', `/office/transfers/${order.reference}/received`, { token: office.token, at: T0, json: { amount: '700.00' } });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
}, 90_000);

describe('a bank refund owed after an overpaid transfer', () => {
  it('is listed for the office (order, delegate, amount, why, since when), not for delegates; the mail and the order list ask for the account', async () => {
    const rows = await mine();
    expect(rows).toEqual([expect.objectContaining({ order_no: order.order_no, reference: order.reference, delegate: 'Wei Zhang', email: d.email, amount: '50.00', reason: 'surplus', reason_text: 'Paid more than the order costs', since: expect.any(String), waiting_days: 0, account: null })]);
    expect((await call('GET', '/office/refunds_owed', { token: d.token, at: T0 })).status).toBe(403);
    // The mail comes from the money-events worker, moments after the write.
    const mail = (await until('overpayment mail', () => mailsTo(d.email), (list) => list.some((m) => m.subject === `Overpayment to be refunded: registration order ${order.order_no}`))).find((m) => m.subject === `Overpayment to be refunded: registration order ${order.order_no}`)!;
    expect(mail.body.text).toContain('We refund the difference, US$50.00, by bank transfer to the account you give us.');
    expect(mail.body.text).toMatch(/Give the account for your refund: http:\/\/[^ ]+\/registration\/refund-account/);
    const list = await call<{ items: { id: string; bank_refund_owed: string | null }[] }>('GET', '/registration', { token: d.token, at: T0 });
    expect(list.body.data.items.find((i) => i.id === order.id)?.bank_refund_owed).toBe('50.00');
  });

  it('cannot be recorded as sent before the delegate gave an account', async () => {
    const [row] = await mine();
    const r = await call('POST', `/office/orders/${order.id}/refunds/${row!.refund_id}/sent`, { token: office.token, at: T0, json: { amount: '50.00', paid_to: 'anyone' } });
    expect([r.status, r.body.message]).toEqual([409, M.noAccount]);
  });

  it('the delegate gives the account: each field wrong says why; a good one is shown to the office in full', async () => {
    const owed = await call<{ owed: { order_no: string; amount: string }[]; account: null }>('GET', '/registration/refund_account', { token: d.token, at: T0 });
    expect(owed.body.data).toEqual({ owed: [expect.objectContaining({ order_no: order.order_no, amount: 'US$50.00', reason: 'surplus' })], account: null });
    const bad = await call<{ errors: Record<string, string> }>('PUT', '/registration/refund_account', { token: d.token, at: T0, json: { holder: '', account: 'DE88 3704 0044 0532 0130 00', bank: 'Deutsche Bank', bic: 'DEUT' } });
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors).toMatchObject({ holder: A.holder, account: A.ibanCheck, bic: A.bic });
    const ok = await call('PUT', '/registration/refund_account', { token: d.token, at: T0, json: { holder: 'Wei Zhang', account: 'de89 3704 0044 0532 0130 00', bank: 'Deutsche Bank', bic: 'deutdeff' } });
    expect([ok.status, ok.body.message]).toEqual([200, A.saved]);
    const [row] = await mine();
    expect(row!.account).toMatchObject({ holder: 'Wei Zhang', account: 'DE89 3704 0044 0532 0130 00', bank: 'Deutsche Bank', bic: 'DEUTDEFF', paid_to: 'Wei Zhang, Deutsche Bank, IBAN ending 3000' });
  });

  it('is recorded as sent only with the amount and the account confirmed; then the credit note is issued and the delegate told', async () => {
    const [row] = await mine();
    const path = `/office/orders/${order.id}/refunds/${row!.refund_id}/sent`;
    const wrongAmount = await call('POST', path, { token: office.token, at: T0, json: { amount: '700.00', paid_to: row!.account!.paid_to } });
    expect([wrongAmount.status, wrongAmount.body.message]).toEqual([409, M.amountChanged]);
    const wrongAccount = await call('POST', path, { token: office.token, at: T0, json: { amount: '50.00', paid_to: 'Wei Zhang, Other Bank, IBAN ending 9999' } });
    expect([wrongAccount.status, wrongAccount.body.message]).toEqual([409, M.accountChanged]);
    const sent = await call('POST', path, { token: office.token, at: T0, json: { amount: row!.amount, paid_to: row!.account!.paid_to } });
    expect([sent.status, sent.body.message]).toEqual([200, M.recorded('US$50.00', 'Wei Zhang, Deutsche Bank, IBAN ending 3000')]);
    expect(await mine()).toEqual([]);
    const again = await call('POST', path, { token: office.token, at: T0, json: { amount: row!.amount, paid_to: row!.account!.paid_to } });
    expect([again.status, again.body.message]).toEqual([409, M.notOwed]);
    const mail = (await mailsTo(d.email)).find((m) => m.subject === `Refund sent: registration order ${order.order_no}`)!;
    expect(mail.body.text).toContain('We have sent US$50.00 for registration order');
    expect(mail.body.text).toContain('by bank transfer to Wei Zhang, Deutsche Bank, IBAN ending 3000');
    const list = await call<{ items: { id: string; bank_refund_owed: string | null; documents: { kind: string }[] }[] }>('GET', '/registration', { token: d.token, at: T0 });
    const item = list.body.data.items.find((i) => i.id === order.id)!;
    expect(item.bank_refund_owed).toBeNull();
    expect(item.documents.map((x) => x.kind).sort()).toEqual(['credit-note', 'receipt']);
    // Nothing owed any more: the form says so.
    const late = await call('PUT', '/registration/refund_account', { token: d.token, at: T0, json: { holder: 'Wei Zhang', account: 'DE89370400440532013000', bank: 'Deutsche Bank', bic: 'DEUTDEFF' } });
    expect([late.status, late.body.message]).toEqual([409, A.nothingOwed]);
  });
});
