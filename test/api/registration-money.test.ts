/**
 * Cost detail, dinners and payment of a registration by category (spec sections 3, 4, 7, 8, 9)
 * through the local server, DynamoDB Local, the local Stripe (the real SDK) and its signed
 * webhooks: every rule and message of GET /cost_detail, POST /update_repast and POST /payment,
 * and the fee confirmed exactly once when the webhook and the return page race.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe,expect,it } from 'vitest';
import { payMessages } from '#core/registration-by-category/pay-registration';
import { moneyMessages } from '#core/registration-by-category/schemas';
import { call,mailsTo,newDelegate,putFile,control,db,until } from './support';
import { pdfBytes } from '../support/files';

/** 1 July 2019, 10:00 CST: the early period, dinners open. */
const EARLY = '2019-07-01T02:00:00Z';
/** 22 October 2019, 00:00 CST: the first instant after the dinner payment deadline. */
const AFTER_DINNERS = '2019-10-21T16:00:00Z';

const person = { first_name: 'Ada', last_name: 'Lovelace', occupation: 'Surgeon', organization: 'Peking Hospital', country: 'China', mobile: '+86 10 1234 5678' };
const regular = { ...person, regiatration_type: 1, gala_dinner: 'Yes', working_lunch: 'No', accompanying_type: 'no' };
const companion = { first_name: 'Bo', last_name: 'Li', relationship: 'Spouse', occupation: 'Teacher', organization: 'School', country: 'China', mobile: '+86 139 0000 0000', gala_dinner: 'Yes', working_lunch: 'No' };
const member = (i: number) => ({ first_name: `Member${i}`, last_name: 'Group', gala_dinner: i % 2 ? 'Yes' : 'No', working_lunch: 'Yes' });

interface Cost {
  register_code: string;
  pay_status: number;
  repast_status: number;
  register: { no: number; register: string; name: string; fee: number }[];
  register_total: number;
  dinner: { id: number; type: number; no: number; name: string; gala_dinner: string; working_lunch: string; fee: number }[];
  dinner_total: number;
  dinner_note: string;
}


async function registered(tag: string, form: Record<string, unknown> = regular) {
  const { token, email } = await newDelegate(tag);
  const r = await call<{ register_code: string }>('POST', '/register', { token, at: EARLY, json: form });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const me = await call<{ id: string }>('GET', '/get_person_info', { token });
  return { token, email, userId: me.body.data.id, code: r.body.data.register_code };
}

const costOf = (token: string, at = EARLY) => call<Cost>('GET', '/cost_detail', { token, at });
const info = async (token: string) => (await call<{ pay_status: number; repast_status: number; dinner_fee: number | null }>('GET', '/get_person_info', { token })).body.data;
const pay = (token: string, type: number | string, at = EARLY) => call<{ url: string }>('POST', '/payment', { at, form: { api_token: token, type: String(type) } });
const sessionOf = (url: string) => url.split('/').pop()!;
const paySession = (session: string) => control('POST', `/sessions/${session}/pay`, { card: '4242424242424242' });
const eventsOf = (session: string, type: string) => control<{ data: { id: string }[] }>('GET', `/events?session=${session}&type=${type}`).then((r) => r.data);

async function ledgerOf(userId: string, kind: string, code: string) {
  const r = await db().send(
    new QueryCommand({
      TableName: 'congress',
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':p': `LEDGER#${kind}#${code}#` },
      ConsistentRead: true,
    }),
  );
  return (r.Items ?? []).filter((i) => i.entity === 'payment') as { state: string; amount: number; surplus?: string }[];
}

describe('GET /cost_detail', () => {
  it('rows of the registrant and an accompanying person, priced by the server in the period registered, with dinner rows and totals', async () => {
    const d = await registered('cost-companion', { ...regular, accompanying_type: 'yes', accompany: [companion] });
    const r = await costOf(d.token);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      register_code: d.code,
      pay_status: 1,
      repast_status: 1,
      register: [
        { no: 1, register: 'Regular', name: 'Ada Lovelace', fee: 800 },
        { no: 2, register: 'Accompanying person', name: 'Bo Li', fee: 210 },
      ],
      register_total: 1010,
      dinner: [
        { id: 0, type: 1, no: 1, name: 'Ada Lovelace', gala_dinner: 'Yes', working_lunch: 'No', fee: 120 },
        { id: 1, type: 2, no: 2, name: 'Bo Li', gala_dinner: 'Yes', working_lunch: 'No', fee: 120 },
      ],
      dinner_total: 240,
    });
    expect(r.body.data.dinner_note).toBe('Please pay for the dinners before 21 October 2019, 24:00 CST (UTC+8).');
    // Read later in another period: still the prices of the period it was registered in.
    expect((await costOf(d.token, '2019-11-06T02:00:00Z')).body.data.register_total).toBe(1010);
    expect(await info(d.token)).toMatchObject({ dinner_fee: 240 });
  });

  it('a group of 10: the registrant and 9 members at the group fee', async () => {
    const d = await registered('cost-group', {
      ...regular,
      regiatration_type: 7,
      group_name: 'Shanghai team',
      company_represent: 'Shanghai Cancer Centre',
      address_one: '270 Dong An Road',
      groups: Array.from({ length: 9 }, (_, i) => member(i + 1)),
    });
    const cost = (await costOf(d.token)).body.data;
    expect(cost.register).toHaveLength(10);
    expect(cost.register.every((row) => row.register === 'Groups of 10 or more' && row.fee === 740)).toBe(true);
    expect(cost.register_total).toBe(7400);
    // Registrant gala 120; members 1,3,5,7,9 gala + working 190, members 2,4,6,8 working 70.
    expect(cost.dinner_total).toBe(120 + 5 * 190 + 4 * 70);
    expect(cost.dinner.filter((row) => row.type === 3).map((row) => row.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("is only ever the delegate's own: without a registration it is not found", async () => {
    const a = await registered('cost-own-a');
    const b = await newDelegate('cost-own-b');
    const none = await costOf(b.token);
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(payMessages.notRegistered);
    expect((await costOf(a.token)).body.data.register_code).toBe(a.code);
    expect((await call('GET', '/cost_detail', {})).status).toBe(401);
  });
});

describe('POST /update_repast', () => {
  it('changes one dinner of one person (form-encoded, token in the body) and the totals follow', async () => {
    const d = await registered('repast-change', { ...regular, accompanying_type: 'yes', accompany: [companion] });
    const r = await call<Cost>('POST', '/update_repast', { at: EARLY, form: { api_token: d.token, id: '1', type: '2', working_lunch: 'Yes' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe(payMessages.dinnerSaved);
    expect(r.body.data.dinner[1]).toMatchObject({ name: 'Bo Li', gala_dinner: 'Yes', working_lunch: 'Yes', fee: 190 });
    expect((await costOf(d.token)).body.data.dinner_total).toBe(310);
    expect(await info(d.token)).toMatchObject({ dinner_fee: 310 });
  });

  it('refuses a person not in the table, both dinners or none at once, and any change after the dinner deadline', async () => {
    const d = await registered('repast-rules');
    const missing = await call('POST', '/update_repast', { token: d.token, at: EARLY, json: { id: 1, type: 2, gala_dinner: 'No' } });
    expect([missing.status, missing.body.message]).toEqual([404, payMessages.noSuchRow]);
    const both = await call<{ errors: Record<string, string> }>('POST', '/update_repast', { token: d.token, at: EARLY, json: { id: 0, type: 1, gala_dinner: 'No', working_lunch: 'No' } });
    expect(both.status).toBe(422);
    expect(both.body.data.errors.gala_dinner).toBe(moneyMessages.oneField);
    const bad = await call<{ errors: Record<string, string> }>('POST', '/update_repast', { token: d.token, at: EARLY, json: { id: 0, type: 9, gala_dinner: 'Maybe' } });
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors.type).toBe(moneyMessages.dinnerRow);
    const late = await call('POST', '/update_repast', { token: d.token, at: AFTER_DINNERS, json: { id: 0, type: 1, gala_dinner: 'No' } });
    expect([late.status, late.body.message]).toEqual([403, payMessages.dinnersClosed]);
  });

  it('changes made at once: each either saved or refused as stale (409), never lost', async () => {
    const d = await registered('repast-race', { ...regular, accompanying_type: 'yes', accompany: [companion, { ...companion, first_name: 'Cai' }] });
    const changes = [
      { id: 0, type: 1, working_lunch: 'Yes' },
      { id: 1, type: 2, working_lunch: 'Yes' },
      { id: 2, type: 2, working_lunch: 'Yes' },
      { id: 1, type: 2, gala_dinner: 'No' },
    ];
    const results = await Promise.all(changes.map((json) => call('POST', '/update_repast', { token: d.token, at: EARLY, json })));
    expect(results.every((r) => r.status === 200 || (r.status === 409 && r.body.message === payMessages.changed))).toBe(true);
    const cost = (await costOf(d.token)).body.data;
    // What the table shows is exactly the saved changes applied to the registration.
    const expected = [
      { gala_dinner: 'Yes', working_lunch: 'No' },
      { gala_dinner: 'Yes', working_lunch: 'No' },
      { gala_dinner: 'Yes', working_lunch: 'No' },
    ];
    changes.forEach((c, i) => {
      if (results[i]!.status !== 200) return;
      const row = c.type === 1 ? 0 : c.id;
      Object.assign(expected[row]!, 'gala_dinner' in c ? { gala_dinner: c.gala_dinner } : { working_lunch: c.working_lunch });
    });
    expect(cost.dinner.map((r) => ({ gala_dinner: r.gala_dinner, working_lunch: r.working_lunch }))).toEqual(expected);
  });
});

describe('POST /payment', () => {
  it('refuses the dinners before the registration fee is paid', async () => {
    const d = await registered('pay-dinners-first');
    const r = await pay(d.token, 2);
    expect([r.status, r.body.message]).toEqual([403, 'Please pay the registration fee first.']);
  });

  it('refuses the fee while the registration is under review, and an unknown type', async () => {
    const { token } = await newDelegate('pay-review');
    const { presign, key } = await putFile(token, 'document', 'student-card.pdf', pdfBytes(2000), EARLY);
    expect(key, JSON.stringify(presign.body)).toBeTruthy();
    const doc = await call<{ id: string }>('POST', '/register/documents', { token, at: EARLY, json: { key } });
    const r = await call('POST', '/register', { token, at: EARLY, json: { ...regular, regiatration_type: 3, young_investigator_files: [doc.body.data.id] } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const refused = await pay(token, 1);
    expect([refused.status, refused.body.message]).toEqual([403, payMessages.inReview]);
    const unknown = await call<{ errors: Record<string, string> }>('POST', '/payment', { token, at: EARLY, json: { type: 3 } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.data.errors.type).toBe(moneyMessages.paymentType);
    const none = await pay((await newDelegate('pay-none')).token, 1);
    expect([none.status, none.body.message]).toEqual([404, payMessages.notRegistered]);
  });

  it('confirms the fee exactly once when the webhook is replayed and the return page confirms at the same time; then dinners', async () => {
    const d = await registered('pay-once');
    const started = await pay(d.token, 1);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data.url).toMatch(/^http:\/\/.+\/pay\/cs_/);
    const session = sessionOf(started.body.data.url);
    // Nothing moves until the payment is confirmed.
    expect(await info(d.token)).toMatchObject({ pay_status: 1 });

    await control('POST', '/deliveries/pause');
    try {
      await paySession(session);
    } catch (error) {
      await control('POST', '/deliveries/resume');
      throw error;
    }
    // The webhook's events and three return-page confirms, all at once.
    const [, ...confirms] = await Promise.all([
      control('POST', '/deliveries/resume'),
      ...Array.from({ length: 3 }, () => call<{ outcome: string; pay_status: number }>('POST', '/payment/confirm', { token: d.token, at: EARLY, json: { session_id: session } })),
    ]);
    expect(confirms.every((c) => c.status === 200 && c.body.data.pay_status === 2)).toBe(true);
    const [completed] = await until('completed event', () => eventsOf(session, 'checkout.session.completed'), (e) => e.length > 0);
    await control('POST', `/events/${completed!.id}/redeliver`, { times: 5 });
    await until(
      'redeliveries answered',
      () => control<{ data: { outcome: string }[] }>('GET', `/deliveries?event=${completed!.id}`),
      (r) => r.data.filter((a) => a.outcome === 'done').length >= 6,
    );

    expect((await ledgerOf(d.userId, 'registration-fee', d.code)).map((p) => [p.state, p.amount, p.surplus])).toEqual([['confirmed', 80000, undefined]]);
    expect(await info(d.token)).toMatchObject({ pay_status: 2, repast_status: 1 });
    const received = async () => (await mailsTo(d.email)).filter((m) => m.subject === `Payment received: registration fee ${d.code}`);
    await until('fee mail', received, (m) => m.length >= 1);
    expect(await received()).toHaveLength(1);

    const again = await pay(d.token, 1);
    expect([again.status, again.body.message]).toEqual([409, payMessages.feePaid]);

    // Dinners: none chosen -> a clear message; one chosen -> paid through the same module.
    expect((await call('POST', '/update_repast', { token: d.token, at: EARLY, json: { id: 0, type: 1, gala_dinner: 'No' } })).status).toBe(200);
    const nothing = await pay(d.token, 2);
    expect([nothing.status, nothing.body.message]).toEqual([403, payMessages.noDinner]);
    expect((await call('POST', '/update_repast', { token: d.token, at: EARLY, json: { id: 0, type: 1, working_lunch: 'Yes' } })).status).toBe(200);
    const dinners = await pay(d.token, 2);
    expect(dinners.status, JSON.stringify(dinners.body)).toBe(200);
    await paySession(sessionOf(dinners.body.data.url));
    await until('dinners paid', () => info(d.token), (i) => i.repast_status === 2);
    expect((await ledgerOf(d.userId, 'registration-dinners', d.code)).map((p) => [p.state, p.amount])).toEqual([['confirmed', 7000]]);
    await until('dinner mail', () => mailsTo(d.email), (m) => m.some((x) => x.subject === `Payment received: dinners of registration ${d.code}`));

    const late = await call('POST', '/update_repast', { token: d.token, at: EARLY, json: { id: 0, type: 1, gala_dinner: 'Yes' } });
    expect([late.status, late.body.message]).toEqual([409, payMessages.dinnersPaid]);
    const twice = await pay(d.token, 2);
    expect([twice.status, twice.body.message]).toEqual([409, payMessages.dinnersPaid]);
    expect((await costOf(d.token)).body.data).toMatchObject({ pay_status: 2, repast_status: 2, dinner_total: 70 });
  });

  it('a dinner choice changed after checkout began: the old amount is refunded in full, the dinners stay unpaid', async () => {
    const d = await registered('pay-changed');
    const fee = await pay(d.token, 1);
    await paySession(sessionOf(fee.body.data.url));
    await until('fee paid', () => info(d.token), (i) => i.pay_status === 2);
    const dinners = await pay(d.token, 2);
    const session = sessionOf(dinners.body.data.url);
    expect((await call('POST', '/update_repast', { token: d.token, at: EARLY, json: { id: 0, type: 1, working_lunch: 'Yes' } })).status).toBe(200);
    await paySession(session);
    await until('surplus recorded', () => ledgerOf(d.userId, 'registration-dinners', d.code), (p) => p.some((x) => x.state !== 'pending'));
    expect((await ledgerOf(d.userId, 'registration-dinners', d.code)).map((p) => [p.amount, p.surplus])).toEqual([[12000, 'amount-mismatch']]);
    expect(await info(d.token)).toMatchObject({ repast_status: 1 });
  });

  it('tells a delegate who paid by category about it on the order list (it is no "no registration order yet")', async () => {
    const none = await newDelegate('list-no-category');
    expect((await call<{ registration_by_category: unknown }>('GET', '/registration', { token: none.token, at: EARLY })).body.data.registration_by_category).toBeNull();

    const d = await registered('list-by-category');
    const listed = async () => (await call<{ items: unknown[]; registration_by_category: unknown }>('GET', '/registration', { token: d.token, at: EARLY })).body.data;
    expect(await listed()).toMatchObject({ items: [], registration_by_category: { register_code: d.code, type_name: 'Regular', status: 'unpaid', status_text: 'Registered, fee not paid yet', fee: '800.00' } });
    const started = await pay(d.token, 1);
    await paySession(sessionOf(started.body.data.url));
    await until('fee paid', () => info(d.token), (i) => i.pay_status === 2);
    expect((await listed()).registration_by_category).toEqual({ register_code: d.code, regiatration_type: 1, type_name: 'Regular', status: 'paid', status_text: 'Paid', fee: '800.00' });
  });

  it("the confirm call answers only for one's own registration checkout", async () => {
    const a = await registered('pay-confirm-a');
    const b = await newDelegate('pay-confirm-b');
    const session = sessionOf((await pay(a.token, 1)).body.data.url);
    const other = await call('POST', '/payment/confirm', { token: b.token, at: EARLY, json: { session_id: session } });
    expect([other.status, other.body.message]).toEqual([404, payMessages.checkoutNotFound]);
  });
});
