/**
 * Card payments end to end through the real Stripe SDK, the local Stripe (its hosted checkout
 * replaced by its control API) and its signed webhooks to the portal: each webhook test proves
 * that money is never lost or counted twice (redelivery, reverse order, forged or stale
 * signatures, wrong amounts, two tabs, failing refunds, a mail server that is down).
 */
import { GetCommand,QueryCommand,TransactWriteCommand,UpdateCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { describe,expect,it } from 'vitest';
import { API_BASE } from '#core/routes';
import { webhookMessages } from '../../functions/handlers/payments/stripe-webhook';
import { orderResultMessages as M } from '#core/orders/order-deps';
import { validForm } from '../unit/core/orders/form';
import { PASSWORD, allMoneyEventsFollowed, call, mailsTo, newDelegate, officeSession, origin, stripeWebhookSecret, uniqueEmail, control, db, until } from './support';

/** 1 August 2024, 10:00 CST: registration open, refunds in the first tier. */
const OPEN = '2024-08-01T02:00:00Z';


interface Buyer {
  token: string;
  email: string;
  userId: string;
  orderId: string;
}

/** A delegate whose mails cannot be delivered: signed up (the activation mail fails) and activated by hand. */
async function unreachableDelegate(email: string) {
  expect((await call('POST', '/email_register', { json: { email, password: PASSWORD, confirm: PASSWORD } })).body).toMatchObject({ data: { activation_mail_sent: false } });
  const claim = await db().send(new GetCommand({ TableName: 'congress', Key: { pk: `EMAIL#${email}`, sk: 'EMAIL' } }));
  // As the activation does (storage/users.ts): the status and the office's counter in one write.
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        { Update: { TableName: 'congress', Key: { pk: `USER#${claim.Item!.user_id as string}`, sk: 'PROFILE' }, UpdateExpression: 'SET #s = :one', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':one': 1 } } },
        { Update: { TableName: 'congress', Key: { pk: 'STATS', sk: 'TOTAL#0' }, UpdateExpression: 'ADD #a :one', ExpressionAttributeNames: { '#a': 'accounts.activated' }, ExpressionAttributeValues: { ':one': 1 } } },
      ],
    }),
  );
  return (await call<{ api_token: string }>('POST', '/login', { json: { email, password: PASSWORD } })).body.data.api_token;
}

async function buyer(tag: string, email = uniqueEmail(tag)): Promise<Buyer> {
  const token = email.includes('+maildown@') ? await unreachableDelegate(email) : (await newDelegate(tag, email)).token;
  const me = await call<{ id: string }>('GET', '/get_person_info', { token });
  const order = await call<{ id: string }>('POST', '/registration/submission', { token, at: OPEN, json: validForm() });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  return { token, email, userId: me.body.data.id, orderId: order.body.data.id };
}

async function checkout(b: Buyer) {
  const r = await call<{ url: string }>('POST', '/stripe-payment/generate', { token: b.token, at: OPEN, json: { id: b.orderId } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.url.split('/').pop()!;
}

const statusOf = async (b: Buyer) =>
  (await call<{ items: { id: string; payment_status: number; refund_failed: boolean }[] }>('GET', '/registration', { token: b.token, at: OPEN })).body.data.items.find((i) => i.id === b.orderId)!;

async function ledgerOf(b: Buyer) {
  const r = await db().send(
    new QueryCommand({
      TableName: 'congress',
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': `USER#${b.userId}`, ':p': `LEDGER#order#${b.orderId}#` },
      ConsistentRead: true,
    }),
  );
  const items = r.Items ?? [];
  return {
    payments: items.filter((i) => i.entity === 'payment') as { state: string; surplus?: string; amount: number }[],
    refunds: items.filter((i) => i.entity === 'refund') as { state: string; reason: string; amount: number }[],
  };
}

/** The subjects of the mails to `to`, once every money event has been followed (the worker sends them, moments after each write). */
const subjects = async (to: string) => {
  await allMoneyEventsFollowed();
  return (await mailsTo(to)).map((m) => m.subject);
};
const eventsOf = (session: string, type?: string) =>
  control<{ data: { id: string; type: string }[] }>('GET', `/events?session=${session}${type ? `&type=${type}` : ''}`).then((r) => r.data);

async function pay(session: string, card = '4242424242424242') {
  await control('POST', `/sessions/${session}/pay`, { card });
}

describe('card payment through the webhook', () => {
  it('pays the order once, however often the same event is delivered', async () => {
    const b = await buyer('webhook');
    const session = await checkout(b);
    await pay(session);
    await until('order paid', () => statusOf(b), (o) => o.payment_status === 1);
    const [completed] = await eventsOf(session, 'checkout.session.completed');
    await control('POST', `/events/${completed!.id}/redeliver`, { times: 10 });
    await until(
      'ten redeliveries answered',
      () => control<{ data: { outcome: string }[] }>('GET', `/deliveries?event=${completed!.id}`),
      (d) => d.data.filter((a) => a.outcome === 'done').length >= 11,
    );
    const ledger = await ledgerOf(b);
    expect(ledger.payments.map((p) => p.state)).toEqual(['confirmed']);
    expect(ledger.refunds).toEqual([]);
    expect((await subjects(b.email)).filter((s) => s.startsWith('Payment received'))).toHaveLength(1);
    expect((await statusOf(b)).payment_status).toBe(1);
  });

  it('ends in the right state when the events arrive newest first', async () => {
    const b = await buyer('reverse');
    const session = await checkout(b);
    await control('POST', '/deliveries/pause');
    try {
      await pay(session);
      // The delegate is back before any event: the success page settles the payment itself.
      const back = await call<{ outcome: string }>('POST', '/stripe-payment/confirm', { token: b.token, at: OPEN, json: { session_id: session } });
      expect(back.body.data.outcome).toBe('paid');
      const cancel = await call('POST', `/registration/submission/refund/${b.orderId}`, { token: b.token, at: OPEN, json: { expected_refund: '990.00' } });
      expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
      await until('refund made at the provider', () => eventsOf(session, 'refund.created'), (e) => e.length > 0);
    } finally {
      await control('POST', '/deliveries/resume', { order: 'newest_first' });
    }
    await until('order cancelled', () => statusOf(b), (o) => o.payment_status === -1);
    const ledger = await ledgerOf(b);
    expect(ledger.payments.map((p) => p.state)).toEqual(['confirmed']);
    expect(ledger.refunds.map((r) => [r.state, r.reason, r.amount])).toEqual([['done', 'cancellation', 99000]]);
    const mails = await subjects(b.email);
    expect(mails.filter((s) => s.startsWith('Payment received'))).toHaveLength(1);
    expect(mails.filter((s) => s.startsWith('Refund completed'))).toHaveLength(1);
  });
});

describe('wallets through Stripe Checkout (decision 0061)', () => {
  it('a checkout offers card, Alipay and WeChat Pay; a failed WeChat Pay moves nothing, Alipay then pays: a card payment recording its wallet, refunded as one', async () => {
    const b = await buyer('wallet');
    const session = await checkout(b);
    const failed = await control<{ status: string; payment_method_types: string[]; payment_method_options: unknown }>('POST', `/sessions/${session}/pay`, {
      wallet: 'wechat_pay',
      outcome: 'fail',
    });
    expect(failed).toMatchObject({ status: 'open', payment_method_types: ['card', 'alipay', 'wechat_pay'], payment_method_options: { wechat_pay: { client: 'web' } } });
    const back = await call<{ outcome: string }>('POST', '/stripe-payment/confirm', { token: b.token, at: OPEN, json: { session_id: session } });
    expect(back.body.data.outcome).toBe('pending');
    expect((await ledgerOf(b)).payments.map((p) => p.state)).toEqual(['pending']);
    expect((await statusOf(b)).payment_status).toBe(0);

    await control('POST', `/sessions/${session}/pay`, { wallet: 'alipay' });
    await until('order paid', () => statusOf(b), (o) => o.payment_status === 1);
    expect((await ledgerOf(b)).payments).toEqual([expect.objectContaining({ state: 'confirmed', method: 'card', wallet: 'alipay' })]);

    const cancel = await call('POST', `/registration/submission/refund/${b.orderId}`, { token: b.token, at: OPEN, json: { expected_refund: '990.00' } });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    await until('order cancelled', () => statusOf(b), (o) => o.payment_status === -1);
    expect((await ledgerOf(b)).refunds.map((r) => [r.state, r.reason, r.amount])).toEqual([['done', 'cancellation', 99000]]);
  });
});

describe('the office refunds a card payment', () => {
  it('gives back another amount than the policy, with its reason, through the same Stripe refund and webhook as a delegate', async () => {
    const b = await buyer('office-card-refund');
    const session = await checkout(b);
    await pay(session);
    await until('order paid', () => statusOf(b), (o) => o.payment_status === 1);
    const o = await officeSession('card-refund', OPEN);
    const detail = async () =>
      (
        await call<{ refundable: string; cancellation: { refund_amount: string }; order: { status_name: string }; refunds: { requested_by: string; amount: string; note: string | null; state: string }[]; audit: { action: string; after?: Record<string, unknown> }[] }>(
          'GET',
          `/office/orders/${b.orderId}`,
          { token: o.token, at: OPEN },
        )
      ).body.data;
    const before = await detail();
    expect([before.refundable, before.cancellation.refund_amount]).toEqual(['1040.00', '990.00']);
    const cancel = (json: Record<string, unknown>) => call<{ refund_amount: string }>('POST', `/office/orders/${b.orderId}/cancel`, { token: o.token, at: OPEN, json });

    // More than was paid, or no reason: refused with the field's message, nothing changes.
    const tooMuch = await cancel({ refund: 'other', refund_amount: '1040.01', reason: 'Goodwill' });
    expect([tooMuch.status, tooMuch.body.message, tooMuch.body.data]).toEqual([422, 'The refund can be at most US$1,040.00: what the order\'s payments can still give back.', { errors: { refund_amount: 'The refund can be at most US$1,040.00: what the order\'s payments can still give back.' } }]);
    const noReason = await cancel({ refund: 'other', refund_amount: '300.00', reason: '  ' });
    expect([noReason.status, noReason.body.data]).toEqual([422, { errors: { reason: 'Please say why the refund differs from the policy: the delegate is told, and the order keeps it.' } }]);
    const badAmount = await cancel({ refund: 'other', refund_amount: '-5', reason: 'x' });
    expect([badAmount.status, badAmount.body.data]).toEqual([422, { errors: { refund_amount: 'Please give the refund in US dollars, e.g. 325.00 (0 for none).' } }]);
    expect((await detail()).order.status_name).toBe('Paid');

    const done = await cancel({ refund: 'other', refund_amount: '300', reason: 'Visa refused after the deadline' });
    expect([done.status, done.body.data]).toEqual([200, { refund_amount: '300.00' }]);
    await until('order cancelled by the refund webhook', () => statusOf(b), (s) => s.payment_status === -1);
    // One refund at Stripe, of the office's amount, made by the payments module (its metadata names our refund).
    const made = await control<{ data: { data: { object: { amount: number; metadata: Record<string, string> } } }[] }>('GET', `/events?session=${session}&type=refund.created`);
    expect(made.data.map((e) => [e.data.object.amount, Boolean(e.data.object.metadata.refund_id)])).toEqual([[30000, true]]);
    const ledger = await ledgerOf(b);
    expect(ledger.refunds.map((r) => [r.state, r.reason, r.amount])).toEqual([['done', 'cancellation', 30000]]);
    const after = await detail();
    expect(after.refunds.map((r) => [r.requested_by, r.amount, r.note, r.state])).toEqual([['office', '300.00', 'Visa refused after the deadline', 'done']]);
    expect(after.audit.find((a) => a.action === 'refund.created')?.after).toMatchObject({ amount: 30000, note: 'Visa refused after the deadline' });
    await allMoneyEventsFollowed();
    const mail = (await mailsTo(b.email)).find((m) => m.subject.startsWith('Cancellation of registration order'));
    expect(mail?.body.text).toContain('The registration office set this amount: Visa refused after the deadline');
    expect((await subjects(b.email)).filter((s) => s.startsWith('Refund completed'))).toHaveLength(1);
  });
});

describe('webhook signatures', () => {
  const post = (body: string, signature?: string) =>
    fetch(`${origin()}${API_BASE}/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      body,
    });

  function completedEventFor(session: string) {
    return JSON.stringify({ id: `evt_forged_${Date.now()}`, object: 'event', type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000), data: { object: { id: session, object: 'checkout.session' } } });
  }

  it('refuses a missing, forged or stale signature with 400, changing nothing', async () => {
    const b = await buyer('signature');
    const session = await checkout(b);
    // Paid at the provider, but no event reaches the portal: only the forged ones below.
    await control('POST', '/deliveries/pause');
    try {
      await pay(session);
      const payload = completedEventFor(session);
      const missing = await post(payload);
      expect([missing.status, ((await missing.json()) as { message: string }).message]).toEqual([400, webhookMessages.badSignature]);
      const forged = await post(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' }));
      expect(forged.status).toBe(400);
      const stale = await post(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: stripeWebhookSecret(), timestamp: Math.floor(Date.now() / 1000) - 301 }));
      expect(stale.status).toBe(400);
      const tampered = await post(payload.replace('checkout.session.completed', 'checkout.session.expired'), Stripe.webhooks.generateTestHeaderString({ payload, secret: stripeWebhookSecret() }));
      expect(tampered.status).toBe(400);
      expect((await statusOf(b)).payment_status).toBe(0);
      expect((await ledgerOf(b)).payments.map((p) => p.state)).toEqual(['pending']);
      // A right signature, within 300 s: the event is applied (after reading the session again).
      const good = await post(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: stripeWebhookSecret() }));
      expect(good.status).toBe(200);
      expect((await statusOf(b)).payment_status).toBe(1);
    } finally {
      await control('POST', '/deliveries/resume');
    }
  });
});

describe('money that cannot be counted', () => {
  it('refunds in full a payment whose amount differs from the order, which stays unpaid', async () => {
    const b = await buyer('mismatch');
    const session = await checkout(b);
    // The order's amount changed behind the checkout's back (as if edited without ending it).
    await db().send(
      new UpdateCommand({ TableName: 'congress', Key: { pk: `USER#${b.userId}`, sk: `ORDER#${b.orderId}` }, UpdateExpression: 'SET amount_required = :a', ExpressionAttributeValues: { ':a': 25000 } }),
    );
    await pay(session);
    await until('surplus refunded', () => ledgerOf(b), (l) => l.refunds.some((r) => r.state === 'done'));
    expect((await statusOf(b)).payment_status).toBe(0);
    const ledger = await ledgerOf(b);
    expect(ledger.payments).toEqual([expect.objectContaining({ state: 'refunded', surplus: 'amount-mismatch', amount: 104000 })]);
    expect(ledger.refunds).toEqual([expect.objectContaining({ reason: 'surplus', amount: 104000 })]);
    await until('payment refunded mail', () => subjects(b.email), (list) => list.some((s) => /^Payment refunded: registration order R24-/.test(s)));
  });

  it('refunds in full a second payment for an order paid in another tab, counting the order once', async () => {
    const b = await buyer('two-tabs');
    // Both tabs ask for a checkout at the same moment (the provider is slow): both are open.
    await control('POST', '/latency', { ms: 700 });
    let sessions: string[];
    try {
      sessions = await Promise.all([checkout(b), checkout(b)]);
    } finally {
      await control('POST', '/latency', { ms: 0 });
    }
    expect(new Set(sessions).size).toBe(2);
    await pay(sessions[0]!);
    await pay(sessions[1]!);
    await until('one refunded in full', () => ledgerOf(b), (l) => l.refunds.some((r) => r.state === 'done'));
    expect((await statusOf(b)).payment_status).toBe(1);
    const ledger = await ledgerOf(b);
    expect(ledger.payments.map((p) => [p.state, p.surplus ?? null]).sort()).toEqual([
      ['confirmed', null],
      ['refunded', 'already-paid'],
    ]);
    expect((await subjects(b.email)).filter((s) => s.startsWith('Payment received'))).toHaveLength(1);
  });
});

describe('refunds', () => {
  it('puts the order back to Paid, noted, when a card refund that succeeded fails later, and tells the delegate and the office', async () => {
    const b = await buyer('refund-fails');
    const session = await checkout(b);
    await pay(session, '4000000000005126');
    await until('order paid', () => statusOf(b), (o) => o.payment_status === 1);
    const cancel = await call('POST', `/registration/submission/refund/${b.orderId}`, { token: b.token, at: OPEN, json: {} });
    expect(cancel.body.data).toEqual({ refund_amount: '990.00' });
    // Stripe answers a card refund "succeeded" at once; this card's bank returns it later.
    expect((await statusOf(b)).payment_status).toBe(-1);
    const failed = await until('refund failed', () => statusOf(b), (o) => o.payment_status === 1);
    expect(failed.refund_failed).toBe(true);
    expect((await ledgerOf(b)).refunds.map((r) => r.state)).toEqual(['failed']);
    // The mails come from the money-events worker, moments after the write.
    await until('the delegate told', () => subjects(b.email), (list) => list.some((s) => s.startsWith('Refund not completed')));
    await until('the office told', () => subjects('registration@iacr2024-beijing.org'), (list) => list.some((s) => s.startsWith('Refund not completed')));
  });

  it('gives back what the policy says on the day: 50% from 1 October 2024 (CST)', async () => {
    const b = await buyer('half');
    await pay(await checkout(b));
    await until('order paid', () => statusOf(b), (o) => o.payment_status === 1);
    const list = await call<{ items: { cancellation: { refund_amount: string; rule: string } }[] }>('GET', '/registration', { token: b.token, at: '2024-09-30T16:00:00Z' });
    expect(list.body.data.items[0]!.cancellation).toMatchObject({ refund_amount: '520.00', rule: 'Before 15 October 2024: a fee of 50% of the order.' });
    const stale = await call('POST', `/registration/submission/refund/${b.orderId}`, { token: b.token, at: '2024-09-30T16:00:00Z', json: { expected_refund: '990.00' } });
    expect(stale.status).toBe(409);
    const r = await call('POST', `/registration/submission/refund/${b.orderId}`, { token: b.token, at: '2024-09-30T16:00:00Z', json: { expected_refund: '520.00' } });
    expect(r.body.data).toEqual({ refund_amount: '520.00' });
    await until('order cancelled', () => statusOf(b), (o) => o.payment_status === -1);
  });

  it('shows the refund of each tier at its boundary instants, and from 15 October cancels without refund', async () => {
    const b = await buyer('tiers');
    await pay(await checkout(b));
    await until('order paid', () => statusOf(b), (o) => o.payment_status === 1);
    const previewAt = async (at: string) =>
      (await call<{ items: { id: string; cancellation: { refund_amount: string; fee: string } }[] }>('GET', '/registration', { token: b.token, at })).body.data.items.find(
        (i) => i.id === b.orderId,
      )!.cancellation;
    // 30 September 23:59:59 CST is still before 1 October; 14 October 23:59:59 still before 15 October.
    expect(await previewAt('2024-09-30T15:59:59Z')).toMatchObject({ refund_amount: '990.00', fee: '50.00' });
    expect(await previewAt('2024-10-14T15:59:59Z')).toMatchObject({ refund_amount: '520.00', fee: '520.00' });
    expect(await previewAt('2024-10-14T16:00:00Z')).toMatchObject({ refund_amount: '0.00', fee: '1040.00' });
    const r = await call('POST', `/registration/submission/refund/${b.orderId}`, { token: b.token, at: '2024-10-14T16:00:00Z', json: { expected_refund: '0.00' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual({ refund_amount: '0.00' });
    expect((await statusOf(b)).payment_status).toBe(-1);
    expect((await ledgerOf(b)).refunds).toEqual([]);
  });

  it('lets a paid order change its step 4 only: rate and persons stay as paid', async () => {
    const b = await buyer('paid-edit');
    await pay(await checkout(b));
    await until('order paid', () => statusOf(b), (o) => o.payment_status === 1);
    const form = { ...validForm(), rate: 250, accompanying_person: 3, hotel_book_required: 1, check_in_date: '2024-11-03', check_out_date: '2024-11-05', superior_suite_room: 1, _method: 'PUT' };
    const r = await call<{ amount_required: string }>('POST', `/registration/submission/${b.orderId}`, { token: b.token, at: OPEN, json: form });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe('Edit success!');
    expect(r.body.data.amount_required).toBe('1040.00');
    const after = await call<{ order: { payment_status: number; amount_required: string }; detail: Record<string, unknown> }>('GET', `/registration/submission/${b.orderId}`, {
      token: b.token,
      at: OPEN,
    });
    expect(after.body.data.order).toMatchObject({ payment_status: 1, amount_required: '1040.00' });
    expect(after.body.data.detail).toMatchObject({ rate: 650, accompanying_person: 1, hotel_book_required: 1, superior_suite_room: 1, check_in_date: '2024-11-03' });
    expect((await ledgerOf(b)).payments.filter((p) => p.state === 'confirmed')).toHaveLength(1);
  });

  it('offers a paid order no edit and no cancellation once registration has closed, and refuses both (issue 29, item 18)', async () => {
    const b = await buyer('after-congress');
    await pay(await checkout(b));
    await until('order paid', () => statusOf(b), (o) => o.payment_status === 1);
    const AFTER = '2024-11-08T02:00:00Z'; // 8 November 2024, 10:00 CST: the congress is over
    const listed = await call<{ items: { id: string; actions: Record<string, boolean>; cancellation: unknown; certificate: { offered: boolean } }[] }>('GET', '/registration', { token: b.token, at: AFTER });
    expect(listed.body.data.items[0]).toMatchObject({ actions: { edit: false, cancel: false, pay: false, delete: false }, cancellation: null, certificate: { offered: true } });
    const edit = await call('POST', `/registration/submission/${b.orderId}`, { token: b.token, at: AFTER, json: { ...validForm(), _method: 'PUT' } });
    expect([edit.status, edit.body.message]).toEqual([403, M.closed]);
    const cancel = await call('POST', `/registration/submission/refund/${b.orderId}`, { token: b.token, at: AFTER, json: {} });
    expect([cancel.status, cancel.body.message]).toEqual([403, M.cancelClosed]);
    expect((await statusOf(b)).payment_status).toBe(1);
  });

  it('records a refund made in the Stripe dashboard against the payment', async () => {
    const b = await buyer('dashboard');
    const session = await checkout(b);
    await pay(session);
    await until('order paid', () => statusOf(b), (o) => o.payment_status === 1);
    const paid = await control<{ payment_intent: string }>('GET', `/events?session=${session}&type=checkout.session.completed`).then(
      (e) => (e as unknown as { data: { data: { object: { payment_intent: string } } }[] }).data[0]!.data.object.payment_intent,
    );
    await control('POST', '/refunds', { payment_intent: paid, amount: 10000 });
    await until('dashboard refund recorded', () => ledgerOf(b), (l) => l.refunds.some((r) => r.state === 'done'));
    expect((await ledgerOf(b)).refunds).toEqual([expect.objectContaining({ reason: 'external', amount: 10000, state: 'done' })]);
    // An organiser decides what a dashboard refund means for the order: it stays Paid.
    expect((await statusOf(b)).payment_status).toBe(1);
  });
});

describe('mail server down', () => {
  it('still records the order and the payment when no mail can be sent', async () => {
    const b = await buyer('maildown', `maildown-${Date.now().toString(36)}+maildown@example.org`);
    await pay(await checkout(b));
    await until('order paid', () => statusOf(b), (o) => o.payment_status === 1);
    expect(await mailsTo(b.email)).toEqual([]);
    expect((await ledgerOf(b)).payments.map((p) => p.state)).toEqual(['confirmed']);
  });
});

describe('bank transfers and the registration office', () => {
  /** An organiser (granted by the command) past the second factor. */
  const organiser = async () => (await officeSession('office', OPEN)).token;
  const orderOf = async (b: Buyer) => (await call<{ order: { reference: string; payment_status: number; amount_required: string } }>('GET', `/registration/submission/${b.orderId}`, { token: b.token, at: OPEN })).body.data.order;
  const received = (token: string | undefined, reference: string, json: unknown) => call<{ payment_status: number }>('POST', `/office/transfers/${reference}/received`, { token, at: OPEN, json });

  it('confirms what arrived: short keeps the order Checking and says what is missing, the rest pays it, too much is given back', async () => {
    const b = await buyer('transfer');
    expect((await call('POST', `/registration/submission/transfer-payment/${b.orderId}`, { token: b.token, at: OPEN, json: { type: 'done' } })).status).toBe(200);
    const { reference } = await orderOf(b);
    const office = await organiser();
    expect((await received(undefined, reference, { amount: '1040.00' })).status).toBe(401);
    expect((await received(b.token, reference, { amount: '1040.00' })).body).toMatchObject({ message: 'This is for the registration office only.' });
    const bad = await received(office, reference, { amount: '-5' });
    expect([bad.status, bad.body.message]).toEqual([422, 'Please give the amount received in US dollars, e.g. 650.00.']);

    const short = await received(office, reference, { amount: '250.00' });
    expect([short.status, short.body.message]).toEqual([200, 'The transfer is recorded, but US$790.00 is still missing: the order stays "Checking" and the delegate has been told.']);
    expect((await orderOf(b)).payment_status).toBe(2);
    await until('incomplete payment mail (from the money-events worker)', () => subjects(b.email), (list) => list.some((s) => s.startsWith('Incomplete payment')));

    const rest = await received(office, reference, { amount: '800' });
    expect(rest.body.message).toMatch(/^The transfer is confirmed: the order is paid .* US\$10\.00 more than the order costs arrived/);
    expect(rest.body.data.payment_status).toBe(1);
    expect((await ledgerOf(b)).refunds.map((r) => [r.reason, r.state, r.amount])).toEqual([['surplus', 'created', 1000]]);
    const refunded = await call('POST', `/office/transfers/${reference}/refunded`, { token: office, at: OPEN });
    expect(refunded.body.message).toBe('The refund is recorded and the delegate has been told.');
    expect((await ledgerOf(b)).refunds.map((r) => r.state)).toEqual(['done']);
    expect((await orderOf(b)).payment_status).toBe(1);
    expect((await received(office, reference, { amount: '10.00' })).body.message).toBe('This order has no bank transfer waiting to be confirmed.');
  });

  it('books a transfer for an Unpaid order whose delegate paid without pressing Done: noted by the office, then confirmed', async () => {
    const b = await buyer('no-done');
    const { reference } = await orderOf(b);
    const office = await organiser();
    const paid = await received(office, reference, { amount: '1040.00' });
    expect([paid.status, paid.body.message, paid.body.data.payment_status]).toEqual([200, 'The transfer is confirmed: the order is paid and the delegate has been told.', 1]);
    expect((await ledgerOf(b)).payments.map((p) => [p.state, p.amount])).toEqual([['confirmed', 104000]]);
    const trail = (await call<{ audit: { action: string; actor: { kind: string } }[] }>('GET', `/office/orders/${b.orderId}`, { token: office, at: OPEN })).body.data.audit;
    expect(trail.filter((a) => ['transfer.noted', 'order.checking', 'transfer.confirmed', 'order.paid'].includes(a.action)).map((a) => [a.action, a.actor.kind]).sort()).toEqual([
      ['order.checking', 'organiser'],
      ['order.paid', 'organiser'],
      ['transfer.confirmed', 'organiser'],
      ['transfer.noted', 'organiser'],
    ]);
    await until('payment received mail', () => subjects(b.email), (list) => list.some((s) => s.startsWith('Payment received')));
    expect(await subjects(b.email)).not.toContainEqual(expect.stringMatching(/^Bank transfer noted/));
  });

  it('refuses "Done" after registration closed, as card payment is refused', async () => {
    const b = await buyer('late-transfer');
    const late = await call('POST', `/registration/submission/transfer-payment/${b.orderId}`, { token: b.token, at: '2024-11-05T02:00:00Z', json: { type: 'done' } });
    expect([late.status, late.body.message]).toEqual([403, 'Registration has closed: the rates were valid until 4 November 2024, 24:00 CST (UTC+8).']);
    expect((await orderOf(b)).payment_status).toBe(0);
  });

  it('never leaves a transfer of another amount than the order: an edit racing "Done" (15 tries)', async () => {
    const buyers: Buyer[] = [];
    // Three at a time: password hashing on a 2-core machine.
    for (let i = 0; i < 15; i += 3) buyers.push(...(await Promise.all([0, 1, 2].map((j) => buyer(`race-${i + j}`)))));
    for (const b of buyers) {
      const before = await call<{ order: { updated_at: string } }>('GET', `/registration/submission/${b.orderId}`, { token: b.token, at: OPEN });
      const [edit, done] = await Promise.all([
        call('POST', `/registration/submission/${b.orderId}`, {
          token: b.token,
          at: OPEN,
          query: { base_updated_at: before.body.data.order.updated_at, base_status: '0' },
          json: validForm({ accompanying_person: '10', _method: 'PUT' }),
        }),
        call('POST', `/registration/submission/transfer-payment/${b.orderId}`, { token: b.token, at: OPEN, json: { type: 'done' } }),
      ]);
      expect([edit.status, done.status].sort()).toContain(200);
      const order = await orderOf(b);
      const waiting = (await ledgerOf(b)).payments.filter((p) => p.state === 'pending');
      if (order.payment_status === 2) expect(waiting.map((p) => p.amount)).toEqual([Math.round(Number(order.amount_required) * 100)]);
      else expect(waiting).toEqual([]);
    }
  }, 180_000);

  it('keeps the spec form field _method out of the stored order', async () => {
    const b = await buyer('method');
    await call('POST', `/registration/submission/${b.orderId}`, { token: b.token, at: OPEN, form: Object.fromEntries(Object.entries(validForm({ _method: 'PUT' })).map(([k, v]) => [k, String(v)])) });
    const item = await db().send(new GetCommand({ TableName: 'congress', Key: { pk: `USER#${b.userId}`, sk: `ORDER#${b.orderId}` } }));
    expect(item.Item).toBeDefined();
    expect(item.Item!).not.toHaveProperty('_method');
  });

  it('lets the office try a failed card refund again', async () => {
    const b = await buyer('retry');
    await pay(await checkout(b), '4000000000005126');
    await until('order paid', () => statusOf(b), (o) => o.payment_status === 1);
    await call('POST', `/registration/submission/refund/${b.orderId}`, { token: b.token, at: OPEN, json: {} });
    await until('refund failed', () => statusOf(b), (o) => o.refund_failed);
    const office = await organiser();
    const { reference } = await orderOf(b);
    const retry = await call('POST', `/office/refunds/${reference}/retry`, { token: office, at: OPEN });
    expect([retry.status, retry.body.message]).toEqual([200, 'The refund has been requested again: the order is "Refunding".']);
    // This card's bank returns every refund: the second fails too, and the order is Paid again, noted.
    await until('second refund failed', () => ledgerOf(b), (l) => l.refunds.filter((r) => r.state === 'failed').length === 2);
    expect(await statusOf(b)).toMatchObject({ payment_status: 1, refund_failed: true });
    expect((await call('POST', `/office/refunds/${reference}/retry`, { token: b.token, at: OPEN })).status).toBe(403);
  });
});

describe('the five-order cap counts orders that are not cancelled', () => {
  it('frees the place of a cancelled order, and a refund that fails after the cancellation takes it back', async () => {
    const b = await buyer('cap');
    await pay(await checkout(b), '4000000000005126');
    await until('order paid', () => statusOf(b), (o) => o.payment_status === 1);
    const create = () => call<{ id: string }>('POST', '/registration/submission', { token: b.token, at: OPEN, json: validForm() });
    for (let i = 0; i < 4; i++) expect((await create()).status).toBe(200);
    expect([(await create()).status, (await create()).body.message]).toEqual([409, 'You can hold at most 5 registration orders. To add to an existing registration, please send an e-mail to registration@iacr2024-beijing.org.']);

    // Cancelled (the card refund succeeds at once): the list offers a new order, and the server takes it.
    await call('POST', `/registration/submission/refund/${b.orderId}`, { token: b.token, at: OPEN, json: {} });
    expect((await statusOf(b)).payment_status).toBe(-1);
    const list = await call<{ new_order: { allowed: boolean } }>('GET', '/registration', { token: b.token, at: OPEN });
    expect(list.body.data.new_order.allowed).toBe(true);
    expect((await create()).status).toBe(200);
    expect((await create()).status).toBe(409);

    // This card's bank returns the refund: the order is Paid again and holds its place again (six now).
    await until('refund failed', () => statusOf(b), (o) => o.payment_status === 1);
    const counter = await db().send(new GetCommand({ TableName: 'congress', Key: { pk: `USER#${b.userId}`, sk: 'COUNT#orders' }, ConsistentRead: true }));
    expect(counter.Item!.n).toBe(6);
    expect((await call<{ new_order: { allowed: boolean } }>('GET', '/registration', { token: b.token, at: OPEN })).body.data.new_order.allowed).toBe(false);
  }, 60_000);
});
