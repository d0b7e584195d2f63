/**
 * The 2024 registration orders through the local server and DynamoDB Local (spec section 7):
 * every route, every rule, the encodings the spec's client sends, the cap under a burst, and
 * 404 for another delegate's order everywhere. The clock is pinned per request (x-app-now).
 */
import { describe, expect, it } from 'vitest';
import { orderResultMessages as M } from '#core/orders/order-deps';
import { orderMessages } from '#core/orders/schemas';
import { pngBytes } from '../support/files';
import { validForm, visaAndHotel } from '../unit/core/orders/form';
import { call, newDelegate, putFile, type CallOptions } from './support';

/** 1 August 2024, 10:00 CST: registration is open. */
const OPEN = '2024-08-01T02:00:00Z';

interface ListItem {
  id: string;
  checksum: string;
  payment_status: number;
  amount_required: string;
  reference: string;
  cancellation: { refund_amount: string; rule: string } | null;
}

const asForm = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v ?? '')]));

async function create(token: string, values = validForm(), options: CallOptions = {}) {
  return call<{ id: string; checksum: string; amount_required: string }>('POST', '/registration/submission', { token, at: OPEN, form: asForm(values), ...options });
}

async function list(token: string, at = OPEN) {
  return (await call<{ items: ListItem[]; total: number; max: number; new_order: { allowed: boolean; message: string | null } }>('GET', '/registration', { token, at })).body.data;
}

describe('options', () => {
  it('answers the country list and the phone prefixes', async () => {
    const { token } = await newDelegate('options');
    const r = await call<{ country_regions: string[]; phone_number_prefixes: string[] }>('GET', '/registration/options', { token });
    expect(r.body.code).toBe(200);
    expect(r.body.data.country_regions).toContain('China');
    expect(r.body.data.phone_number_prefixes).toContain('+86');
    expect((await call('GET', '/registration/options')).status).toBe(401);
  });
});

describe('creating orders', () => {
  it('takes the form as the spec client sends it (form fields, 0/1) and answers id and checksum', async () => {
    const { token } = await newDelegate('create');
    const r = await create(token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ code: 200, message: M.created, data: { id: expect.any(String), checksum: expect.any(String), amount_required: '1040.00' } });
    const items = (await list(token)).items;
    expect(items).toEqual([expect.objectContaining({ id: r.body.data.id, payment_status: 0, amount_required: '1040.00', rate: 650, accompanying_person: 1, post_conference_activities_person: 2 })]);
  });

  it('takes multipart (as the spec client sends it) and JSON too, with the same result', async () => {
    const { token } = await newDelegate('encodings');
    const multipart = new FormData();
    for (const [k, v] of Object.entries(asForm(validForm()))) multipart.append(k, v);
    multipart.append('api_token', token);
    const m = await call('POST', '/registration/submission', { at: OPEN, multipart });
    expect(m.status, JSON.stringify(m.body)).toBe(200);
    const j = await call('POST', '/registration/submission', { token, at: OPEN, json: { ...validForm(), rate: 250, accompanying_person: 0, post_conference_activities_person: 0, visa_required: false, hotel_book_required: 0 } });
    expect(j.body.data).toMatchObject({ amount_required: '250.00' });
  });

  it('computes the total itself: an amount sent by the client is ignored', async () => {
    const { token } = await newDelegate('amount');
    const r = await create(token, validForm({ amount_required: '1.00', rate: '250', accompanying_person: '2', post_conference_activities_person: '0' }));
    expect(r.body.data.amount_required).toBe('750.00');
  });

  it('answers every rule of section 5 with its message', async () => {
    const { token } = await newDelegate('rules');
    const empty = await create(token, {});
    expect(empty.status).toBe(422);
    expect((empty.body.data as unknown as { errors: Record<string, string> }).errors).toMatchObject({ rate: orderMessages.rate, first_name: orderMessages.enter, title: orderMessages.select });
    const phone = await create(token, validForm({ phone_number: '123 456' }));
    expect(phone.body).toMatchObject({ code: 422, message: orderMessages.phonePrefix });
    const visa = await create(token, validForm({ visa_required: '1' }));
    expect((visa.body.data as unknown as { errors: Record<string, string> }).errors.front_page_of_the_passport).toBe(orderMessages.passportFile);
    const activity = await create(token, validForm({ post_conference_activities_attach: '' }));
    expect(activity.body.message).toBe(orderMessages.select);
  });

  it('is open from 18 July 2024 and until the rates end, with clear messages', async () => {
    const { token } = await newDelegate('window');
    const before = await create(token, validForm(), { at: '2024-07-17T15:59:59Z' });
    expect([before.status, before.body.message]).toEqual([403, M.notYetOpen]);
    const after = await create(token, validForm(), { at: '2024-11-04T16:00:00Z' });
    expect([after.status, after.body.message]).toEqual([403, M.closed]);
    expect((await create(token, validForm(), { at: '2024-07-17T16:00:00Z' })).status).toBe(200);
  });

  it('keeps at most 5 orders when 20 creates race', async () => {
    const { token } = await newDelegate('cap');
    const answers = await Promise.all(Array.from({ length: 20 }, () => create(token)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.message)).toEqual(Array(15).fill(M.limit));
    const full = await list(token);
    expect(full.total).toBe(5);
    // The list says so before the delegate starts a sixth, in the words of the refusal.
    expect(full.new_order).toEqual({ allowed: false, message: M.limit });
  });

  it('takes a passport front page uploaded through the upload mechanism (jpg, png or pdf, checked by its bytes)', async () => {
    const { token } = await newDelegate('passport');
    const { key } = await putFile(token, 'passport', 'passport.png', pngBytes());
    const file = await call<{ id: string }>('POST', '/registration/passport', { token, json: { key } });
    expect(file.status, JSON.stringify(file.body)).toBe(200);
    const r = await create(token, validForm(visaAndHotel(file.body.data.id)));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const { key: fake } = await putFile(token, 'passport', 'fake.jpg', Buffer.from('not an image at all'));
    const refused = await call('POST', '/registration/passport', { token, json: { key: fake } });
    expect([refused.status, refused.body.message]).toEqual([422, 'The file is not a valid JPG, PNG or PDF file.']);
    const wrongType = await call('POST', '/uploads/presign', { token, json: { purpose: 'passport', file_name: 'passport.doc', size: 100 } });
    expect(wrongType.body.message).toBe('You can only upload JPG, PDF PNG,file!');
    const tooLarge = await call('POST', '/uploads/presign', { token, json: { purpose: 'passport', file_name: 'passport.jpg', size: 5 * 1024 * 1024 + 1 } });
    expect(tooLarge.body.message).toBe('Image must smaller than 5MB!');
  });
});

describe('reading, editing and deleting', () => {
  it('reads an order by id (order and detail parts) and by checksum', async () => {
    const { token } = await newDelegate('read');
    const { id, checksum } = (await create(token)).body.data;
    const byId = await call<{ order: { payment_status: number }; detail: Record<string, unknown> }>('GET', `/registration/submission/${id}`, { token, at: OPEN });
    expect(byId.body.data.order.payment_status).toBe(0);
    expect(byId.body.data.detail).toMatchObject({ first_name: 'Wei', gala_dinner: 1, rate: 650 });
    const byChecksum = await call('GET', `/registration/detail/${checksum}`, { token, at: OPEN });
    expect(byChecksum.body.data).toMatchObject({ id, rate: 650, accompanying_person: 1, post_conference_activities_person: 2, payment_status: 0 });
  });

  it('updates an unpaid order with _method=PUT and recomputes the total', async () => {
    const { token } = await newDelegate('update');
    const { id } = (await create(token)).body.data;
    const r = await call('POST', `/registration/submission/${id}`, { token, at: OPEN, form: { ...asForm(validForm({ rate: '250', accompanying_person: '0', post_conference_activities_person: '0' })), _method: 'PUT' } });
    expect(r.body).toMatchObject({ code: 200, message: M.updated, data: { amount_required: '250.00' } });
    const wrongMethod = await call('POST', `/registration/submission/${id}`, { token, at: OPEN, form: { ...asForm(validForm()), _method: 'DELETE' } });
    expect(wrongMethod.status).toBe(422);
  });

  it('refuses a save over a newer version or a different status than the form was opened on (two tabs)', async () => {
    const { token } = await newDelegate('stale');
    const { id } = (await create(token)).body.data;
    const opened = await call<{ order: { updated_at: string; payment_status: number } }>('GET', `/registration/submission/${id}`, { token, at: OPEN });
    const base = { base_updated_at: opened.body.data.order.updated_at, base_status: '0' };
    const first = await call<{ updated_at: string }>('POST', `/registration/submission/${id}?${new URLSearchParams(base)}`, { token, at: OPEN, json: { ...validForm({ accompanying_person: '2' }), _method: 'PUT' } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // The second tab still holds the first version: refused, and the first save stays.
    const second = await call('POST', `/registration/submission/${id}?${new URLSearchParams(base)}`, { token, at: OPEN, json: { ...validForm({ accompanying_person: '1' }), _method: 'PUT' } });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 409, message: 'This order was changed in another window or on another device. Please reload the page.' });
    const paidElsewhere = await call('POST', `/registration/submission/${id}?${new URLSearchParams({ base_updated_at: first.body.data.updated_at, base_status: '1' })}`, {
      token,
      at: OPEN,
      json: { ...validForm(), _method: 'PUT' },
    });
    expect(paidElsewhere.status).toBe(409);
    const now = await call<{ order: { amount_required: string } }>('GET', `/registration/submission/${id}`, { token, at: OPEN });
    expect(now.body.data.order.amount_required).toBe('1290.00');
  });

  it('deletes unpaid orders and frees their place', async () => {
    const { token } = await newDelegate('delete');
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await create(token)).body.data.id);
    expect((await create(token)).status).toBe(409);
    const del = await call('DELETE', `/registration/submission/${ids[0]}`, { token, at: OPEN });
    expect(del.body).toMatchObject({ code: 200, message: M.deleted });
    expect((await create(token)).status).toBe(200);
  });

  it("answers 404 for another delegate's order on every order route", async () => {
    const owner = await newDelegate('owner');
    const other = await newDelegate('other');
    const { id, checksum } = (await create(owner.token)).body.data;
    const attempts = [
      call('GET', `/registration/submission/${id}`, { token: other.token }),
      call('GET', `/registration/detail/${checksum}`, { token: other.token }),
      call('POST', `/registration/submission/${id}`, { token: other.token, at: OPEN, form: { ...asForm(validForm()), _method: 'PUT' } }),
      call('DELETE', `/registration/submission/${id}`, { token: other.token, at: OPEN }),
      call('POST', `/registration/submission/refund/${id}`, { token: other.token, at: OPEN, json: {} }),
    ];
    for (const r of await Promise.all(attempts)) expect(r.status, JSON.stringify(r.body)).toBe(404);
    // Paying or transferring: not your order, so "submit the form first" (nothing of yours is there).
    const pay = await call('POST', '/stripe-payment/generate', { token: other.token, at: OPEN, json: { id } });
    const transfer = await call('POST', `/registration/submission/transfer-payment/${id}`, { token: other.token, at: OPEN, json: { type: 'done' } });
    for (const r of [pay, transfer]) expect([r.status, r.body.message]).toEqual([400, orderMessages.submitFirst]);
    // And the owner's order is untouched.
    expect((await list(owner.token)).items[0]).toMatchObject({ id, payment_status: 0 });
  });

  it('refuses paying or transferring an order that was never submitted', async () => {
    const { token } = await newDelegate('submit-first');
    const pay = await call('POST', '/stripe-payment/generate', { token, at: OPEN, json: { id: 'not-submitted' } });
    expect([pay.status, pay.body.message]).toEqual([400, orderMessages.submitFirst]);
    const missingId = await call('POST', '/stripe-payment/generate', { token, at: OPEN, json: {} });
    expect(missingId.body.message).toBe(orderMessages.idRequired);
  });
});

describe('bank transfer', () => {
  it('"later" keeps the order unpaid; "done" moves it to Checking, which can then neither be edited nor deleted', async () => {
    const { token } = await newDelegate('transfer');
    const { id } = (await create(token)).body.data;
    const later = await call('POST', `/registration/submission/transfer-payment/${id}`, { token, at: OPEN, form: { type: 'later' } });
    expect(later.body).toMatchObject({ code: 200, message: M.transferLater });
    expect((await list(token)).items[0]!.payment_status).toBe(0);
    const done = await call('POST', `/registration/submission/transfer-payment/${id}`, { token, at: OPEN, form: { type: 'done' } });
    expect(done.body).toMatchObject({ code: 200, message: M.transferDone });
    expect((await list(token)).items[0]!.payment_status).toBe(2);
    const edit = await call('POST', `/registration/submission/${id}`, { token, at: OPEN, form: { ...asForm(validForm()), _method: 'PUT' } });
    expect([edit.status, edit.body.message]).toEqual([403, orderMessages.editNotAllowed]);
    expect((await call('DELETE', `/registration/submission/${id}`, { token, at: OPEN })).body.message).toBe(M.deleteNotAllowed);
    expect((await call('POST', `/registration/submission/transfer-payment/${id}`, { token, at: OPEN, json: { type: 'sometime' } })).status).toBe(422);
  });
});
