/**
 * The local Stripe (infra/local/stripe) through the REAL stripe SDK, as the portal's functions
 * will use it: sessions, idempotency, errors, payments (control API and hosted page), the delayed
 * method, refunds, signed webhooks with retries and ordering, expiry, persistence, and refusal
 * of prototype pollution. Ephemeral ports; settle and retry delays shortened.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stripeClientOptions } from '../../functions/lib/payments/stripe-client';
import { startLocalStripe, type LocalStripe, type LocalStripeOptions } from '../../infra/local/stripe/server';

const SECRET_KEY = 'sk_test_local_tests';
const WEBHOOK_SECRET = 'whsec_local_tests';
const CARD = { pays: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', refundsFail: '4000 0000 0000 5126' };
const BANK = { settles: '000123456789', fails: '000111111116' };

/** A webhook endpoint that keeps what it got and answers 500 as often as told. */
interface Received {
  raw: string;
  signature: string;
  event: Stripe.Event;
}
const receiver = {
  got: [] as Received[],
  failNext: 0,
  failAll: false,
  server: undefined as http.Server | undefined,
  url: '',
};

async function startReceiver() {
  receiver.server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      if (receiver.failAll || receiver.failNext > 0) {
        receiver.failNext = Math.max(0, receiver.failNext - 1);
        res.writeHead(500).end('try later');
        return;
      }
      receiver.got.push({ raw, signature: String(req.headers['stripe-signature']), event: JSON.parse(raw) as Stripe.Event });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.server!.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server!.address() as AddressInfo).port}/webhook`;
}

const options = (extra: Partial<LocalStripeOptions> = {}): LocalStripeOptions => ({
  port: 0,
  secretKey: SECRET_KEY,
  webhookSecret: WEBHOOK_SECRET,
  webhookUrl: receiver.url,
  refundSettleMs: 100,
  asyncSettleMs: 150,
  retryDelaysMs: [40, 80, 120],
  ...extra,
});

let local: LocalStripe;
let stripe: Stripe;

const sdk = (key = SECRET_KEY, on: LocalStripe = local) => new Stripe(key, stripeClientOptions({ apiBase: on.endpoint }));

/** Counts the HTTP attempts an SDK client makes (the SDK emits `request` per attempt, retries included). */
function countRequests(client: Stripe) {
  const counter = { n: 0 };
  client.on('request', () => counter.n++);
  return counter;
}

async function control<T = Record<string, unknown>>(path: string, body?: unknown, on: LocalStripe = local): Promise<{ status: number; body: T }> {
  const res = await fetch(`${on.endpoint}/_control/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  return { status: res.status, body: (await res.json()) as T };
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 15));
  }
}

const inMinutes = (minutes: number) => Math.floor(Date.now() / 1000) + minutes * 60;

const sessionParams = (extra: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams => ({
  mode: 'payment',
  line_items: [
    { quantity: 1, price_data: { currency: 'usd', unit_amount: 65000, product_data: { name: 'Registration, delegate', description: 'Early bird' } } },
    { quantity: 2, price_data: { currency: 'usd', unit_amount: 19500, product_data: { name: 'Congress dinner' } } },
  ],
  client_reference_id: 'ord_123',
  metadata: { order_id: 'ord_123' },
  payment_intent_data: { metadata: { order_id: 'ord_123' } },
  customer_email: 'delegate@example.org',
  success_url: 'http://localhost:3000/pay/done?session={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://localhost:3000/pay/cancelled',
  expires_at: inMinutes(45),
  ...extra,
});

const createSession = (extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) => stripe.checkout.sessions.create(sessionParams(extra));

async function paidSession(card = CARD.pays) {
  const session = await createSession();
  const paid = await control<Stripe.Checkout.Session>(`sessions/${session.id}/pay`, { card });
  expect(paid.status).toBe(200);
  return { session, paymentIntent: paid.body.payment_intent as string };
}

/** Events the receiver got (2xx) about one object (a session, payment intent, refund id). */
const received = (about: string, type?: string) =>
  receiver.got.filter(({ event }) => {
    const object = event.data.object as unknown as Record<string, unknown>;
    return (!type || event.type === type) && (object.id === about || object.payment_intent === about);
  });

const receivedOnce = (about: string, type: string) => waitFor(`${type} for ${about}`, () => received(about, type)[0]);

beforeAll(async () => {
  await startReceiver();
  local = await startLocalStripe(options());
  stripe = sdk();
});

afterAll(async () => {
  await local?.stop();
  receiver.server?.closeAllConnections();
  await new Promise((resolve) => receiver.server?.close(resolve));
});

beforeEach(async () => {
  await control('reset', {});
  receiver.got = [];
  receiver.failNext = 0;
  receiver.failAll = false;
});

describe('checkout sessions', () => {
  it('creates a session the way Stripe answers it', async () => {
    const session = await createSession();
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: 104000,
      amount_total: 104000,
      currency: 'usd',
      client_reference_id: 'ord_123',
      metadata: { order_id: 'ord_123' },
      customer_email: 'delegate@example.org',
      payment_intent: null,
      livemode: false,
      success_url: 'http://localhost:3000/pay/done?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/pay/cancelled',
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${local.checkoutOrigin}/pay/${session.id}`);
    expect(local.checkoutOrigin).toMatch(/^http:\/\/localhost:\d+$/);
    expect(Math.abs(session.created - Date.now() / 1000)).toBeLessThan(5);
    expect(session.expires_at).toBeGreaterThan(session.created + 30 * 60);
  });

  it('defaults expires_at to 24 h and keeps allowed_payment_method_types', async () => {
    const { expires_at: _drop, ...params } = sessionParams();
    const session = await stripe.checkout.sessions.create({ ...params, allowed_payment_method_types: ['card'] });
    expect(session.expires_at - session.created).toBe(24 * 3600);
    expect(session.allowed_payment_method_types).toEqual(['card']);
  });

  it('retrieves with expanded line items and payment intent, and lists line items', async () => {
    const { session, paymentIntent } = await paidSession();
    const full = await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items', 'payment_intent'] });
    expect(full.line_items).toMatchObject({ object: 'list', has_more: false, url: `/v1/checkout/sessions/${session.id}/line_items` });
    expect(full.line_items!.data.map((i) => [i.description, i.quantity, i.amount_total, i.price?.unit_amount])).toEqual([
      ['Registration, delegate', 1, 65000, 65000],
      ['Congress dinner', 2, 39000, 19500],
    ]);
    const intent = full.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({ id: paymentIntent, object: 'payment_intent', status: 'succeeded', amount: 104000, amount_received: 104000 });
    expect(intent.metadata).toEqual({ order_id: 'ord_123' });

    const items = await stripe.checkout.sessions.listLineItems(session.id, { expand: ['data.price.product'] });
    expect(items.data).toHaveLength(2);
    expect((items.data[0]!.price!.product as Stripe.Product).description).toBe('Early bird');

    const plain = await stripe.checkout.sessions.retrieve(session.id);
    expect(plain.payment_intent).toBe(paymentIntent);
    expect(plain.line_items).toBeUndefined();
  });

  it('lists sessions by payment intent', async () => {
    const { session, paymentIntent } = await paidSession();
    await createSession();
    const list = await stripe.checkout.sessions.list({ payment_intent: paymentIntent });
    expect(list.object).toBe('list');
    expect(list.data.map((s) => s.id)).toEqual([session.id]);
  });

  it('expires an open session early, and only an open one', async () => {
    const session = await createSession();
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ id: session.id, status: 'expired', url: null });
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
    });
    await receivedOnce(session.id, 'checkout.session.expired');
  });

  it('lets a session lapse by the clock: expired, with its event', async () => {
    const session = await createSession({ expires_at: inMinutes(31) });
    const lapsed = await control<Stripe.Checkout.Session>(`sessions/${session.id}/lapse`, {});
    expect(lapsed.body.status).toBe('expired');
    const { event } = await receivedOnce(session.id, 'checkout.session.expired');
    expect((event.data.object as Stripe.Checkout.Session).status).toBe('expired');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired');
    const page = await fetch(session.url!.replace(local.checkoutOrigin, local.endpoint));
    expect(page.status).toBe(410);
    const html = await page.text();
    expect(html).toContain('This checkout session has expired');
    expect(html).toContain('href="http://localhost:3000/pay/cancelled"');
  });
});

describe('idempotency', () => {
  it('replays the first answer for the same key and parameters', async () => {
    const first = await stripe.checkout.sessions.create(sessionParams({ expires_at: inMinutes(60) }), { idempotencyKey: 'cs:ord_1:1' });
    const again = await stripe.checkout.sessions.create(sessionParams({ expires_at: first.expires_at }), { idempotencyKey: 'cs:ord_1:1' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(first.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    expect((await stripe.checkout.sessions.list()).data).toHaveLength(1);
  });

  it('refuses the same key with other parameters (idempotency_error)', async () => {
    await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: 'cs:ord_2:1' });
    const error = await stripe.checkout.sessions
      .create(sessionParams({ client_reference_id: 'ord_other' }), { idempotencyKey: 'cs:ord_2:1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error).toMatchObject({ statusCode: 400, rawType: 'idempotency_error' });
  });

  it('answers 409 while the first request with a key is still running; the SDK retries into the replay', async () => {
    await control('latency', { ms: 250 });
    const body = new URLSearchParams({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '1000',
      'line_items[0][price_data][product_data][name]': 'Fee',
    }).toString();
    const post = () =>
      fetch(`${local.endpoint}/v1/checkout/sessions`, {
        method: 'POST',
        body,
        headers: { authorization: `Bearer ${SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': 'raw-1' },
      });
    const [a, b] = await Promise.all([post(), new Promise((r) => setTimeout(r, 50)).then(post)]);
    expect([a.status, b.status]).toEqual([200, 409]);
    expect(((await b.json()) as { error: { code: string } }).error.code).toBe('idempotency_key_in_use');

    const client = sdk();
    const attempts = countRequests(client);
    const params = sessionParams();
    const [one, two] = await Promise.all([
      client.checkout.sessions.create(params, { idempotencyKey: 'sdk-1' }),
      new Promise((r) => setTimeout(r, 50)).then(() => client.checkout.sessions.create(params, { idempotencyKey: 'sdk-1' })),
    ]);
    expect(two.id).toBe(one.id);
    expect(attempts.n).toBe(3);
  });
});

describe('errors', () => {
  it('refuses another key with 401 (StripeAuthenticationError), once', async () => {
    const client = sdk('sk_test_not_the_right_key');
    const attempts = countRequests(client);
    const error = await client.checkout.sessions.retrieve('cs_test_x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error).toMatchObject({ statusCode: 401, rawType: 'invalid_request_error' });
    expect((error as Error).message).toMatch(/^Invalid API Key provided: sk_test_\*+_key$/);
    expect(attempts.n).toBe(1);
  });

  it('answers validation errors with 400/404 (StripeInvalidRequestError) that the SDK does not retry', async () => {
    const client = sdk();
    const attempts = countRequests(client);
    const cases: [Promise<unknown>, Record<string, unknown>][] = [
      [client.checkout.sessions.create({ ...sessionParams(), line_items: undefined }), { code: 'parameter_missing', param: 'line_items' }],
      [client.checkout.sessions.create(sessionParams({ expires_at: inMinutes(10) })), { param: 'expires_at', statusCode: 400 }],
      [client.checkout.sessions.create(sessionParams({ expires_at: inMinutes(25 * 60) })), { param: 'expires_at' }],
      [client.checkout.sessions.create(sessionParams({ success_url: 'not a url' })), { code: 'url_invalid', param: 'success_url' }],
      [client.checkout.sessions.create(sessionParams({ client_reference_id: null as unknown as string })), { code: 'parameter_invalid_empty' }],
      [
        client.checkout.sessions.create({ ...sessionParams(), payment_method_typez: ['card'] } as Stripe.Checkout.SessionCreateParams),
        { code: 'parameter_unknown', param: 'payment_method_typez' },
      ],
      [
        client.checkout.sessions.create(
          sessionParams({ line_items: [{ quantity: 0, price_data: { currency: 'usd', unit_amount: 5, product_data: { name: 'x' } } }] }),
        ),
        { code: 'parameter_invalid_integer', param: 'line_items[0][quantity]' },
      ],
      [client.checkout.sessions.retrieve('cs_test_missing'), { statusCode: 404, code: 'resource_missing' }],
      [client.paymentIntents.retrieve('pi_test_missing'), { statusCode: 404, code: 'resource_missing' }],
      [client.refunds.create({ payment_intent: 'pi_test_missing' }), { code: 'resource_missing', param: 'payment_intent' }],
    ];
    for (const [call, expected] of cases) {
      const error = await call.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({ rawType: 'invalid_request_error', ...expected });
    }
    expect(attempts.n).toBe(cases.length);
  });

  it('refuses prototype pollution in a body or a query, and Object.prototype stays clean', async () => {
    const attempts = [
      ['POST', '/v1/checkout/sessions', 'mode=payment&__proto__[polluted]=yes'],
      ['POST', '/v1/checkout/sessions', 'mode=payment&metadata[__proto__][polluted]=yes'],
      ['POST', '/v1/refunds', 'payment_intent=pi_x&constructor[prototype][polluted]=yes'],
      ['POST', '/v1/refunds', 'payment_intent=pi_x&metadata%5B__proto__%5D%5Bpolluted%5D=yes'],
      ['GET', '/v1/checkout/sessions?expand[0]=x&__proto__[polluted]=yes', ''],
    ] as const;
    for (const [method, url, body] of attempts) {
      const res = await fetch(`${local.endpoint}${url}`, {
        method,
        headers: { authorization: `Bearer ${SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
        ...(method === 'POST' ? { body } : {}),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('parameter_unknown');
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});

describe('payments', () => {
  it('4242 pays: session complete and paid, payment intent succeeded with a charge', async () => {
    const { session, paymentIntent } = await paidSession(CARD.pays);
    expect(paymentIntent).toMatch(/^pi_test_/);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    const intent = await stripe.paymentIntents.retrieve(paymentIntent);
    expect(intent).toMatchObject({ status: 'succeeded', amount: 104000, amount_received: 104000, currency: 'usd', metadata: { order_id: 'ord_123' } });
    expect(intent.latest_charge).toMatch(/^ch_test_/);
    const { event } = await receivedOnce(session.id, 'checkout.session.completed');
    expect(event.data.object).toMatchObject({ id: session.id, payment_status: 'paid', payment_intent: paymentIntent });
  });

  it('0002 is declined (402, session stays open, no event); another number is incorrect', async () => {
    const session = await createSession();
    const declined = await control<{ error: Record<string, string> }>(`sessions/${session.id}/pay`, { card: CARD.declined });
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({ type: 'card_error', code: 'card_declined', message: 'Your card was declined.' });
    const wrong = await control<{ error: Record<string, string> }>(`sessions/${session.id}/pay`, { card: '4111 1111 1111 1111' });
    expect(wrong.status).toBe(402);
    expect(wrong.body.error).toMatchObject({ code: 'incorrect_number', message: 'Your card number is incorrect.' });
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect((await control<{ data: unknown[] }>(`events?session=${session.id}`)).body.data).toEqual([]);
  });

  it('pays through the hosted page with plain form posts', async () => {
    const session = await createSession();
    const pageUrl = session.url!.replace(local.checkoutOrigin, local.endpoint);
    const page = await fetch(pageUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const text of ['Registration, delegate', 'Early bird', 'Congress dinner', 'US$650.00', 'US$390.00', 'US$1,040.00', '>Pay US$1,040.00</button>'])
      expect(html).toContain(text);
    expect(html).toContain('<a href="http://localhost:3000/pay/cancelled">Cancel and return</a>');

    const post = (fields: Record<string, string>) =>
      fetch(pageUrl, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
    const card = { method: 'card', card_expiry: '12 / 34', card_cvc: '123' };
    const declined = await post({ ...card, card_number: CARD.declined });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    const wrong = await post({ ...card, card_number: '1234 5678 9012 3456' });
    expect(await wrong.text()).toContain('Your card number is incorrect.');
    const noExpiry = await post({ ...card, card_number: CARD.pays, card_expiry: 'soon' });
    expect(await noExpiry.text()).toContain('expiration date is incomplete');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');

    const paid = await post({ ...card, card_number: CARD.pays });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://localhost:3000/pay/done?session=${session.id}`);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const after = await fetch(pageUrl);
    expect(await after.text()).toContain('Payment complete');
  });

  it('serves an accessible page: labelled inputs, one heading, viewport, language', async () => {
    const session = await createSession();
    const html = await (await fetch(session.url!.replace(local.checkoutOrigin, local.endpoint))).text();
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html.match(/<h1>/g)).toHaveLength(1);
    const inputs = [...html.matchAll(/<input ([^>]*)>/g)].map((m) => m[1]!);
    const textInputs = inputs.filter((attrs) => attrs.includes('type="text"'));
    expect(textInputs.length).toBe(4);
    for (const attrs of textInputs) {
      const id = /id="([^"]+)"/.exec(attrs)?.[1];
      expect(id, attrs).toBeTruthy();
      expect(html).toContain(`<label for="${id}">`);
    }
    expect(html).toContain('<label for="card-number">Card number</label>');
    for (const radio of inputs.filter((attrs) => attrs.includes('type="radio"')))
      expect(html).toMatch(new RegExp(`<label class="choice"><input ${radio.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}>`));
    expect(html).not.toMatch(/<script|https?:\/\/(?!localhost:3000)/);
  });

  it('delayed method: completed unpaid, then async_payment_succeeded', async () => {
    const session = await createSession();
    const paid = await control<Stripe.Checkout.Session>(`sessions/${session.id}/pay`, { bank_account: BANK.settles });
    expect(paid.body).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    const pi = paid.body.payment_intent as string;
    expect((await stripe.paymentIntents.retrieve(pi)).status).toBe('processing');
    const completed = await receivedOnce(session.id, 'checkout.session.completed');
    expect((completed.event.data.object as Stripe.Checkout.Session).payment_status).toBe('unpaid');
    const settled = await receivedOnce(session.id, 'checkout.session.async_payment_succeeded');
    expect((settled.event.data.object as Stripe.Checkout.Session).payment_status).toBe('paid');
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('paid');
    expect(await stripe.paymentIntents.retrieve(pi)).toMatchObject({ status: 'succeeded', amount_received: 104000 });
  });

  it('delayed method through the page, failing later: async_payment_failed', async () => {
    const session = await createSession();
    const paid = await fetch(session.url!.replace(local.checkoutOrigin, local.endpoint), {
      method: 'POST',
      body: new URLSearchParams({ method: 'bank_debit', bank_account: BANK.fails }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    await receivedOnce(session.id, 'checkout.session.async_payment_failed');
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    expect((done.payment_intent as Stripe.PaymentIntent).status).toBe('requires_payment_method');
  });
});

describe('refunds', () => {
  it('partial then the rest: pending, then succeeded; more is refused', async () => {
    const { paymentIntent } = await paidSession();
    const first = await stripe.refunds.create(
      { payment_intent: paymentIntent, amount: 30000, reason: 'requested_by_customer', metadata: { order_id: 'ord_123' } },
      { idempotencyKey: 'rf:ord_123:1' },
    );
    expect(first).toMatchObject({ object: 'refund', status: 'pending', amount: 30000, payment_intent: paymentIntent, metadata: { order_id: 'ord_123' } });
    expect(first.id).toMatch(/^re_test_/);
    const rest = await stripe.refunds.create({ payment_intent: paymentIntent }, { idempotencyKey: 'rf:ord_123:2' });
    expect(rest.amount).toBe(74000);
    const list = await stripe.refunds.list({ payment_intent: paymentIntent });
    expect(list.data.map((r) => r.id)).toEqual([rest.id, first.id]);

    const more = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 100 }).catch((e: unknown) => e);
    expect(more).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(more).toMatchObject({ code: 'charge_already_refunded' });

    await waitFor('refunds settled', async () => (await stripe.refunds.retrieve(rest.id)).status === 'succeeded');
    expect((await stripe.refunds.retrieve(first.id)).status).toBe('succeeded');
    const updated = await receivedOnce(first.id, 'refund.updated');
    expect((updated.event.data.object as Stripe.Refund).status).toBe('succeeded');
    await waitFor('refund.created', () => received(first.id, 'refund.created').length === 1);
    await waitFor('charge.refunded twice', () => received(paymentIntent, 'charge.refunded').length === 2);
  });

  it('refuses more than remains refundable (amount_too_large)', async () => {
    const { paymentIntent } = await paidSession();
    await stripe.refunds.create({ payment_intent: paymentIntent, amount: 100000 });
    const error = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 5000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ code: 'amount_too_large', param: 'amount', statusCode: 400 });
    expect((error as Error).message).toContain('US$40.00');
  });

  it('a refund of a 5126 payment fails later (expired_or_canceled_card) and can be made again', async () => {
    const { paymentIntent } = await paidSession(CARD.refundsFail);
    const refund = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 20000 });
    expect(refund.status).toBe('pending');
    const failed = await receivedOnce(refund.id, 'refund.failed');
    expect(failed.event.data.object).toMatchObject({ status: 'failed', failure_reason: 'expired_or_canceled_card' });
    expect(await stripe.refunds.retrieve(refund.id)).toMatchObject({ status: 'failed', failure_reason: 'expired_or_canceled_card' });
    // The failed amount is refundable again.
    expect((await stripe.refunds.create({ payment_intent: paymentIntent })).amount).toBe(104000);
  });

  it('a refund made in the dashboard announces charge.refunded', async () => {
    const { paymentIntent } = await paidSession();
    const refund = await control<Stripe.Refund>('refunds', { payment_intent: paymentIntent, amount: 4000 });
    expect(refund.body).toMatchObject({ status: 'pending', amount: 4000, metadata: {} });
    const charged = await receivedOnce(paymentIntent, 'charge.refunded');
    expect(charged.event.data.object).toMatchObject({ object: 'charge', amount_refunded: 4000, refunded: false });
    expect((await stripe.refunds.list({ payment_intent: paymentIntent })).data).toHaveLength(1);
  });
});

describe('webhooks', () => {
  it('are events signed for constructEvent with the webhook secret', async () => {
    const { session } = await paidSession();
    const got = await receivedOnce(session.id, 'checkout.session.completed');
    const event = stripe.webhooks.constructEvent(got.raw, got.signature, WEBHOOK_SECRET, 300);
    expect(event).toMatchObject({ object: 'event', type: 'checkout.session.completed', livemode: false, api_version: Stripe.API_VERSION });
    expect(event.id).toMatch(/^evt_/);
    expect(Math.abs(event.created - Date.now() / 1000)).toBeLessThan(5);
    expect(() => stripe.webhooks.constructEvent(got.raw.replace('"paid"', '"unpaid"'), got.signature, WEBHOOK_SECRET, 300)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => stripe.webhooks.constructEvent(got.raw, got.signature, 'whsec_other', 300)).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('are retried after a 500 until the receiver answers 2xx, every attempt recorded', async () => {
    receiver.failNext = 2;
    const { session } = await paidSession();
    const got = await receivedOnce(session.id, 'checkout.session.completed');
    const { body } = await control<{ data: { status: number; attempt: number; outcome: string }[] }>(`deliveries?event=${got.event.id}`);
    expect(body.data.map((d) => [d.attempt, d.status, d.outcome])).toEqual([
      [1, 500, 'retry'],
      [2, 500, 'retry'],
      [3, 200, 'done'],
    ]);
  });

  it('give up after the last retry delay', async () => {
    receiver.failAll = true;
    const session = await createSession();
    await stripe.checkout.sessions.expire(session.id);
    const [event] = (await control<{ data: Stripe.Event[] }>(`events?session=${session.id}`)).body.data;
    const attempts = await waitFor('the last attempt', async () => {
      const { body } = await control<{ data: { outcome: string }[]; queued: unknown[] }>(`deliveries?event=${event!.id}`);
      return body.data.at(-1)?.outcome === 'gave_up' && body.queued.length === 0 ? body.data : undefined;
    });
    expect(attempts.map((a) => a.outcome)).toEqual(['retry', 'retry', 'retry', 'gave_up']);
  });

  it('can be delivered again, N times', async () => {
    const { session } = await paidSession();
    const { event } = await receivedOnce(session.id, 'checkout.session.completed');
    const again = await control(`events/${event.id}/redeliver`, { times: 2 });
    expect(again.body).toEqual({ event: event.id, queued: 2 });
    await waitFor('three deliveries', () => received(session.id, 'checkout.session.completed').length === 3);
    expect(new Set(received(session.id).map((r) => r.event.id))).toEqual(new Set([event.id]));
  });

  it('queue while paused and go out in reverse order on resume', async () => {
    await control('deliveries/pause', {});
    const sessions = [await createSession(), await createSession(), await createSession()];
    for (const s of sessions) await stripe.checkout.sessions.expire(s.id);
    await new Promise((r) => setTimeout(r, 50));
    expect(receiver.got).toEqual([]);
    const queued = await control<{ paused: boolean; queued: unknown[] }>('deliveries');
    expect(queued.body).toMatchObject({ paused: true });
    expect(queued.body.queued).toHaveLength(3);

    const resumed = await control<{ sent: string[] }>('deliveries/resume', { order: 'newest_first' });
    const events = (await control<{ data: Stripe.Event[] }>('events?type=checkout.session.expired')).body.data;
    expect(resumed.body.sent).toEqual(events.map((e) => e.id).reverse());
    expect(receiver.got.map((r) => (r.event.data.object as Stripe.Checkout.Session).id)).toEqual(sessions.map((s) => s.id).reverse());
  });

  it('can be listed by type and by session, including the refunds of its payment', async () => {
    const { session, paymentIntent } = await paidSession();
    await stripe.refunds.create({ payment_intent: paymentIntent, amount: 1000 });
    await createSession();
    const bySession = (await control<{ data: Stripe.Event[] }>(`events?session=${session.id}`)).body.data;
    expect(bySession.map((e) => e.type)).toEqual(['checkout.session.completed', 'refund.created', 'charge.refunded']);
    const byIntent = (await control<{ data: Stripe.Event[] }>(`events?payment_intent=${paymentIntent}`)).body.data;
    expect(byIntent.map((e) => e.type)).toEqual(['checkout.session.completed', 'refund.created', 'charge.refunded']);
    const byType = (await control<{ data: Stripe.Event[] }>('events?type=refund.created')).body.data;
    expect(byType).toHaveLength(1);
  });
});

describe('persistence', () => {
  it('keeps sessions, payments, refunds, events and idempotency keys across a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-stripe-'));
    try {
      let first: LocalStripe | undefined = await startLocalStripe(options({ dataDir, refundSettleMs: 300 }));
      const client = sdk(SECRET_KEY, first);
      const params = sessionParams();
      const session = await client.checkout.sessions.create(params, { idempotencyKey: 'persist-1' });
      const paid = await control<Stripe.Checkout.Session>(`sessions/${session.id}/pay`, { card: CARD.pays }, first);
      const refund = await client.refunds.create({ payment_intent: paid.body.payment_intent as string, amount: 500 });
      await first.stop();
      first = undefined;
      expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'stripe.json'), 'utf8'))).toHaveProperty(['sessions', session.id]);

      const second = await startLocalStripe(options({ dataDir, refundSettleMs: 300 }));
      try {
        const again = sdk(SECRET_KEY, second);
        expect(await again.checkout.sessions.retrieve(session.id)).toMatchObject({ status: 'complete', payment_status: 'paid' });
        const replay = await again.checkout.sessions.create(params, { idempotencyKey: 'persist-1' });
        expect(replay.id).toBe(session.id);
        expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
        await waitFor('the refund to settle after the restart', async () => (await again.refunds.retrieve(refund.id)).status === 'succeeded');
        const types = (await control<{ data: Stripe.Event[] }>(`events?session=${session.id}`, undefined, second)).body.data.map((e) => e.type);
        expect(types).toEqual(['checkout.session.completed', 'refund.created', 'charge.refunded', 'refund.updated']);
      } finally {
        await second.stop();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
