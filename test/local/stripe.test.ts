/**
 * The local Stripe (infra/local/stripe) through the REAL stripe SDK, as the portal's functions
 * will use it: sessions, idempotency, errors (parameters API version 2026-10-28 no longer has),
 * payments (control API and hosted page), the delayed method, refunds (succeeded at once; a 5126
 * card's failing later), signed webhooks with retries and ordering, events per API version,
 * `Stripe-Version`, expiry, persistence, and refusal of prototype pollution. Ephemeral ports;
 * settle and retry delays shortened.
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

  it('takes ui_mode=hosted_page and answers it, with the fields of the SDK types', async () => {
    const session = await createSession({ ui_mode: 'hosted_page' });
    expect(session).toMatchObject({
      ui_mode: 'hosted_page',
      url: `${local.checkoutOrigin}/pay/${session.id}`,
      automatic_tax: { enabled: false },
      custom_fields: [],
      shipping_options: [],
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      client_secret: null,
      customer_account: null,
    });
    expect((await createSession()).ui_mode).toBe('hosted_page');
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

  it('refuses what API version 2026-10-28 does not have, as Stripe does: payment_method_types, ui_mode=hosted, unknown parameters', async () => {
    const client = sdk();
    const attempts = countRequests(client);
    const refused = (call: Promise<unknown>) => call.then(() => expect.fail('accepted'), (e: unknown) => e);
    const asParams = (extra: Record<string, unknown>) => ({ ...sessionParams(), ...extra }) as Stripe.Checkout.SessionCreateParams;

    const gone = await refused(client.checkout.sessions.create(asParams({ payment_method_types: ['card'] })));
    expect(gone).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(gone).toMatchObject({
      statusCode: 400,
      rawType: 'invalid_request_error',
      code: 'parameter_unknown',
      param: 'payment_method_types',
      message: 'Received unknown parameter: payment_method_types',
    });
    for (const uiMode of ['hosted', 'embedded', 'bogus']) {
      const error = await refused(client.checkout.sessions.create(sessionParams({ ui_mode: uiMode })));
      expect(error).toMatchObject({
        statusCode: 400,
        code: 'parameter_invalid_string',
        param: 'ui_mode',
        message: 'Invalid ui_mode: must be one of elements, embedded_page, form, or hosted_page',
      });
    }
    const unknown: [Promise<unknown>, string][] = [
      [client.refunds.create({ payment_intent: 'pi_test_x', refund_reason: 'x' } as Stripe.RefundCreateParams), 'refund_reason'],
      [client.refunds.list({ payment_intents: 'pi_test_x' } as Stripe.RefundListParams), 'payment_intents'],
      [client.checkout.sessions.retrieve('cs_test_x', { status: 'open' } as Stripe.Checkout.SessionRetrieveParams), 'status'],
      [client.paymentIntents.retrieve('pi_test_x', { metadata: { a: 'b' } } as Stripe.PaymentIntentRetrieveParams), 'metadata'],
    ];
    for (const [call, param] of unknown)
      expect(await refused(call)).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param, message: `Received unknown parameter: ${param}` });
    // Stripe has it, the local Stripe does not read it: refused, saying so (not as unknown).
    const local = await refused(client.checkout.sessions.create(sessionParams({ allow_promotion_codes: true })));
    expect(local).toMatchObject({ statusCode: 400, param: 'allow_promotion_codes', message: expect.stringContaining('The local Stripe does not take') });
    expect((local as { code?: string }).code).toBeUndefined();
    const embedded = await refused(client.checkout.sessions.create(sessionParams({ ui_mode: 'embedded_page' })));
    expect(embedded).toMatchObject({ statusCode: 400, param: 'ui_mode', message: expect.stringContaining('only the hosted page') });
    expect(attempts.n).toBe(10);
    expect((await client.checkout.sessions.list()).data).toEqual([]);
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

describe('wallets: Alipay and WeChat Pay', () => {
  const walletParams = (extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) =>
    sessionParams({
      allowed_payment_method_types: ['card', 'alipay', 'wechat_pay'],
      payment_method_options: { wechat_pay: { client: 'web' } },
      ...extra,
    });
  const pageOf = (session: Stripe.Checkout.Session) => session.url!.replace(local.checkoutOrigin, local.endpoint);
  const refusal = (params: Stripe.Checkout.SessionCreateParams) => stripe.checkout.sessions.create(params).catch((e: unknown) => e);

  it('takes alipay and wechat_pay with the web client, answering them; refuses WeChat Pay without its client, and unknown types', async () => {
    const session = await stripe.checkout.sessions.create(walletParams());
    expect(session).toMatchObject({
      allowed_payment_method_types: ['card', 'alipay', 'wechat_pay'],
      payment_method_types: ['card', 'alipay', 'wechat_pay'],
      payment_method_options: { wechat_pay: { client: 'web', app_id: null } },
    });

    const noClient = await refusal(sessionParams({ allowed_payment_method_types: ['card', 'wechat_pay'] }));
    expect(noClient).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(noClient).toMatchObject({ code: 'parameter_missing', param: 'payment_method_options[wechat_pay][client]' });
    const ios = await refusal(walletParams({ payment_method_options: { wechat_pay: { client: 'ios', app_id: 'wx123' } } }));
    expect(ios).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(ios).toMatchObject({ param: 'payment_method_options[wechat_pay][client]' });
    const badClient = await refusal(walletParams({ payment_method_options: { wechat_pay: { client: 'desktop' as 'web' } } }));
    expect(badClient).toMatchObject({ code: 'parameter_invalid_string', param: 'payment_method_options[wechat_pay][client]' });
    const unknown = await refusal(sessionParams({ allowed_payment_method_types: ['card', 'ideal'] }));
    expect(unknown).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(unknown).toMatchObject({ param: 'allowed_payment_method_types[1]' });
    expect((unknown as Error).message).toContain('not ideal');

    // An open session has no payment intent yet: expanding through it answers null, as Stripe does.
    const unpaid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent.latest_charge'] });
    expect(unpaid.payment_intent).toBeNull();

    // Alipay needs no option; without WeChat Pay's client there is no WeChat Pay to offer.
    const alipayOnly = await stripe.checkout.sessions.create(sessionParams({ allowed_payment_method_types: ['alipay'] }));
    expect(alipayOnly.payment_method_types).toEqual(['alipay']);
    // Not asked for by name: a session offers card and bank debit, as before.
    expect((await createSession()).payment_method_types).toEqual(['card', 'us_bank_account']);
  });

  it('Alipay on the hosted page: a redirect to its test page; authorised, the session is paid as a card is', async () => {
    const session = await stripe.checkout.sessions.create(walletParams());
    const html = await (await fetch(pageOf(session))).text();
    expect(html).toContain('value="alipay"');
    expect(html).toContain('Alipay');
    expect(html).toContain('value="wechat_pay"');
    expect(html).toContain('WeChat Pay');
    expect(html).not.toContain('value="bank_debit"');

    const chosen = await fetch(pageOf(session), { method: 'POST', body: new URLSearchParams({ method: 'alipay' }), redirect: 'manual' });
    expect(chosen.status).toBe(303);
    const authorizeUrl = `${local.endpoint}${chosen.headers.get('location')}`;
    expect(authorizeUrl).toBe(`${local.endpoint}/pay/${session.id}/authorize/alipay`);
    const walletHtml = await (await fetch(authorizeUrl)).text();
    expect(walletHtml).toContain('Authorize test payment');
    expect(walletHtml).toContain('Fail test payment');
    // Nothing happened yet: the buyer is on the wallet's page.
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');

    const authorized = await fetch(authorizeUrl, { method: 'POST', body: new URLSearchParams({ outcome: 'authorize' }), redirect: 'manual' });
    expect(authorized.status).toBe(303);
    expect(authorized.headers.get('location')).toBe(`http://localhost:3000/pay/done?session=${session.id}`);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent.latest_charge'] });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const intent = done.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: 104000, payment_method_types: ['alipay'], metadata: { order_id: 'ord_123' } });
    expect((intent.latest_charge as Stripe.Charge).payment_method_details).toMatchObject({ type: 'alipay' });
    const { event } = await receivedOnce(session.id, 'checkout.session.completed');
    expect(event.data.object).toMatchObject({ payment_status: 'paid', payment_intent: intent.id });
    // The wallet's page of a paid session says it is complete.
    expect(await (await fetch(authorizeUrl)).text()).toContain('Payment complete');
  });

  it('WeChat Pay failed: the session stays open with Stripe\'s message, payment_intent.payment_failed; then a card pays on the same intent', async () => {
    const session = await stripe.checkout.sessions.create(walletParams());
    const authorizeUrl = `${local.endpoint}/pay/${session.id}/authorize/wechat_pay`;
    const failed = await fetch(authorizeUrl, { method: 'POST', body: new URLSearchParams({ outcome: 'fail' }), redirect: 'manual' });
    expect(failed.status).toBe(303);
    expect(failed.headers.get('location')).toBe(`/pay/${session.id}?failed=wechat_pay`);
    const again = await (await fetch(`${local.endpoint}${failed.headers.get('location')}`)).text();
    expect(again).toContain('role="alert"');
    expect(again).toContain('We are unable to authenticate your payment method.');

    const open = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(open).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    const intent = open.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({ status: 'requires_payment_method', amount_received: 0, latest_charge: null, payment_method_types: ['wechat_pay'] });
    expect(intent.last_payment_error).toMatchObject({ code: 'payment_intent_authentication_failure' });
    const { event } = await receivedOnce(intent.id, 'payment_intent.payment_failed');
    expect(event.data.object).toMatchObject({ id: intent.id, status: 'requires_payment_method' });
    expect(received(session.id, 'checkout.session.completed')).toEqual([]);

    const paid = await fetch(pageOf(session), {
      method: 'POST',
      body: new URLSearchParams({ method: 'card', card_number: CARD.pays, card_expiry: '12 / 34', card_cvc: '123' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect(done.payment_intent).toMatchObject({ id: intent.id, status: 'succeeded', payment_method_types: ['card'], last_payment_error: null });
  });

  it('a wallet the session does not offer is refused, on the page and through the control API', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams({ allowed_payment_method_types: ['card'] }));
    expect(await (await fetch(pageOf(session))).text()).not.toContain('Alipay');
    expect((await fetch(`${local.endpoint}/pay/${session.id}/authorize/alipay`)).status).toBe(400);
    const refused = await control<{ error: Record<string, string> }>(`sessions/${session.id}/pay`, { wallet: 'wechat_pay' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('This Checkout Session does not accept WeChat Pay.');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });

  it('refunds of a wallet payment succeed at once, partial then the rest, as a card\'s', async () => {
    for (const wallet of ['alipay', 'wechat_pay'] as const) {
      const session = await stripe.checkout.sessions.create(walletParams());
      const paid = await control<Stripe.Checkout.Session>(`sessions/${session.id}/pay`, { wallet });
      expect(paid.status).toBe(200);
      const paymentIntent = paid.body.payment_intent as string;
      const part = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 19500, reason: 'requested_by_customer' }, { idempotencyKey: `rf:${wallet}:1` });
      expect(part).toMatchObject({ status: 'succeeded', amount: 19500 });
      const rest = await stripe.refunds.create({ payment_intent: paymentIntent }, { idempotencyKey: `rf:${wallet}:2` });
      expect(rest).toMatchObject({ status: 'succeeded', amount: 84500 });
      const charge = (await stripe.paymentIntents.retrieve(paymentIntent, { expand: ['latest_charge'] })).latest_charge as Stripe.Charge;
      expect(charge).toMatchObject({ amount_refunded: 104000, refunded: true, payment_method_details: { type: wallet } });
      await receivedOnce(part.id, 'refund.created');
      await waitFor(`charge.refunded twice (${wallet})`, () => received(paymentIntent, 'charge.refunded').length === 2);
      await new Promise((r) => setTimeout(r, options().refundSettleMs! * 2));
      expect((await stripe.refunds.retrieve(part.id)).status).toBe('succeeded');
    }
  });
});

describe('refunds', () => {
  /** The types of the events made about a payment, oldest first (as recorded, whatever the delivery order). */
  const eventTypes = async (paymentIntent: string) =>
    (await control<{ data: Stripe.Event[] }>(`events?payment_intent=${paymentIntent}`)).body.data.map((e) => e.type);
  const settleMs = options().refundSettleMs!;
  const chargeOf = async (paymentIntent: string) =>
    (await stripe.paymentIntents.retrieve(paymentIntent, { expand: ['latest_charge'] })).latest_charge as Stripe.Charge;

  it('a card refund succeeds at once and stays so: refund.created and charge.refunded, nothing later', async () => {
    const { paymentIntent } = await paidSession();
    const first = await stripe.refunds.create(
      { payment_intent: paymentIntent, amount: 30000, reason: 'requested_by_customer', metadata: { order_id: 'ord_123' } },
      { idempotencyKey: 'rf:ord_123:1' },
    );
    expect(first).toMatchObject({
      object: 'refund',
      status: 'succeeded',
      amount: 30000,
      payment_intent: paymentIntent,
      reason: 'requested_by_customer',
      metadata: { order_id: 'ord_123' },
      customer: null,
      receipt_number: null,
      transfer_reversal: null,
    });
    expect(first).not.toHaveProperty('failure_reason');
    expect(first.id).toMatch(/^re_test_/);
    const rest = await stripe.refunds.create({ payment_intent: paymentIntent }, { idempotencyKey: 'rf:ord_123:2' });
    expect(rest).toMatchObject({ amount: 74000, status: 'succeeded' });
    const list = await stripe.refunds.list({ payment_intent: paymentIntent });
    expect(list.data.map((r) => [r.id, r.status])).toEqual([
      [rest.id, 'succeeded'],
      [first.id, 'succeeded'],
    ]);
    expect(await chargeOf(paymentIntent)).toMatchObject({ amount_refunded: 104000, refunded: true });

    const more = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 100 }).catch((e: unknown) => e);
    expect(more).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(more).toMatchObject({ code: 'charge_already_refunded' });

    const created = await receivedOnce(first.id, 'refund.created');
    expect(created.event.data.object).toMatchObject({ id: first.id, status: 'succeeded' });
    await waitFor('charge.refunded twice', () => received(paymentIntent, 'charge.refunded').length === 2);
    // Well past the settle delay: nothing more happens to a card refund.
    await new Promise((r) => setTimeout(r, settleMs * 3));
    expect((await stripe.refunds.retrieve(first.id)).status).toBe('succeeded');
    expect(await eventTypes(paymentIntent)).toEqual([
      'checkout.session.completed',
      'refund.created',
      'charge.refunded',
      'refund.created',
      'charge.refunded',
    ]);
  });

  it("refuses more than remains refundable (amount_too_large) with Stripe's message", async () => {
    const { paymentIntent } = await paidSession();
    await stripe.refunds.create({ payment_intent: paymentIntent, amount: 100000 });
    const error = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 5000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ code: 'amount_too_large', param: 'amount', statusCode: 400 });
    expect((error as Error).message).toBe('Refund amount ($50.00) is greater than unrefunded amount on charge ($40.00)');
  });

  it('a 5126 refund succeeds at once, then fails after refundSettleMs: refund.updated, refund.failed, charge.refund.updated', async () => {
    const { paymentIntent } = await paidSession(CARD.refundsFail);
    const before = Date.now();
    const refund = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 20000 });
    expect(refund.status).toBe('succeeded');
    expect(refund).not.toHaveProperty('failure_reason');
    expect((await chargeOf(paymentIntent)).amount_refunded).toBe(20000);
    const created = await receivedOnce(refund.id, 'refund.created');
    expect(created.event.data.object).toMatchObject({ status: 'succeeded' });

    const failed = await receivedOnce(refund.id, 'refund.failed');
    expect(Date.now() - before).toBeGreaterThanOrEqual(settleMs);
    expect(failed.event.data.object).toMatchObject({ object: 'refund', status: 'failed', failure_reason: 'expired_or_canceled_card' });
    const updated = await receivedOnce(refund.id, 'refund.updated');
    expect(updated.event.data).toMatchObject({ object: { status: 'failed' }, previous_attributes: { status: 'succeeded' } });
    const chargeUpdated = await receivedOnce(refund.id, 'charge.refund.updated');
    // charge.refund.updated is about the refund: its object is the Refund, not the charge.
    expect(chargeUpdated.event.data.object).toMatchObject({ id: refund.id, object: 'refund', status: 'failed', charge: expect.stringMatching(/^ch_test_/) });
    expect(chargeUpdated.event.data.previous_attributes).toEqual({ status: 'succeeded' });
    expect(await stripe.refunds.retrieve(refund.id)).toMatchObject({ status: 'failed', failure_reason: 'expired_or_canceled_card' });
    expect(await chargeOf(paymentIntent)).toMatchObject({ amount_refunded: 0, refunded: false });
    expect(await eventTypes(paymentIntent)).toEqual([
      'checkout.session.completed',
      'refund.created',
      'charge.refunded',
      'refund.updated',
      'refund.failed',
      'charge.refund.updated',
    ]);

    // The failed amount is refundable again; that refund too succeeds at first.
    const again = await stripe.refunds.create({ payment_intent: paymentIntent });
    expect(again).toMatchObject({ amount: 104000, status: 'succeeded' });
  });

  it('a bank debit refund is pending, then succeeds: refund.updated and charge.refund.updated', async () => {
    const session = await createSession();
    const paid = await control<Stripe.Checkout.Session>(`sessions/${session.id}/pay`, { bank_account: BANK.settles });
    const paymentIntent = paid.body.payment_intent as string;
    await receivedOnce(session.id, 'checkout.session.async_payment_succeeded');
    const refund = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 1000 });
    expect(refund.status).toBe('pending');
    const updated = await receivedOnce(refund.id, 'refund.updated');
    expect(updated.event.data).toMatchObject({ object: { status: 'succeeded' }, previous_attributes: { status: 'pending' } });
    await receivedOnce(refund.id, 'charge.refund.updated');
    expect((await stripe.refunds.retrieve(refund.id)).status).toBe('succeeded');
    expect((await eventTypes(paymentIntent)).slice(-4)).toEqual(['refund.created', 'charge.refunded', 'refund.updated', 'charge.refund.updated']);
  });

  it('a refund made in the dashboard succeeds at once and announces charge.refunded', async () => {
    const { paymentIntent } = await paidSession();
    const refund = await control<Stripe.Refund>('refunds', { payment_intent: paymentIntent, amount: 4000 });
    expect(refund.body).toMatchObject({ status: 'succeeded', amount: 4000, metadata: {} });
    const charged = await receivedOnce(paymentIntent, 'charge.refunded');
    expect(charged.event.data.object).toMatchObject({ object: 'charge', amount_refunded: 4000, refunded: false });
    expect((await stripe.refunds.list({ payment_intent: paymentIntent })).data).toHaveLength(1);
  });

  it('a dashboard refund is refused as the API refuses it: more than is unrefunded, an unknown reason', async () => {
    const { paymentIntent } = await paidSession();
    await control('refunds', { payment_intent: paymentIntent, amount: 4000 });
    const tooMuch = await control<{ error: Record<string, string> }>('refunds', { payment_intent: paymentIntent, amount: 100001 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toEqual({
      type: 'invalid_request_error',
      code: 'amount_too_large',
      param: 'amount',
      message: 'Refund amount ($1,000.01) is greater than unrefunded amount on charge ($1,000.00)',
    });
    const reason = await control<{ error: Record<string, string> }>('refunds', { payment_intent: paymentIntent, reason: 'changed_mind' });
    expect(reason.status).toBe(400);
    expect(reason.body.error).toMatchObject({ param: 'reason', message: 'Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer' });
    // Nothing was refunded by the refused calls.
    expect((await stripe.refunds.list({ payment_intent: paymentIntent })).data.map((r) => r.amount)).toEqual([4000]);
    const rest = await control<Stripe.Refund>('refunds', { payment_intent: paymentIntent, amount: 100000 });
    expect(rest.body).toMatchObject({ status: 'succeeded', amount: 100000 });
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

describe('API version', () => {
  it("events carry the endpoint's api_version, the SDK's by default; the control API shows the endpoint", async () => {
    expect(Stripe.API_VERSION).toBe('2026-10-28.endive');
    const { session, paymentIntent } = await paidSession(CARD.refundsFail);
    await stripe.refunds.create({ payment_intent: paymentIntent, amount: 1000 });
    await waitFor('charge.refund.updated', () => received(paymentIntent, 'charge.refund.updated').length === 1);
    const events = (await control<{ data: Stripe.Event[] }>(`events?session=${session.id}`)).body.data;
    expect(events.length).toBe(6);
    expect(new Set(events.map((e) => e.api_version))).toEqual(new Set([Stripe.API_VERSION]));
    expect(new Set(received(paymentIntent).map((r) => r.event.api_version))).toEqual(new Set([Stripe.API_VERSION]));

    const endpoint = await control<Stripe.WebhookEndpoint>('webhook_endpoint');
    expect(endpoint.status).toBe(200);
    expect(endpoint.body).toMatchObject({ object: 'webhook_endpoint', api_version: Stripe.API_VERSION, status: 'enabled', url: receiver.url });
    expect([...endpoint.body.enabled_events].sort()).toEqual([
      'charge.refund.updated',
      'charge.refunded',
      'checkout.session.async_payment_failed',
      'checkout.session.async_payment_succeeded',
      'checkout.session.completed',
      'checkout.session.expired',
      'payment_intent.payment_failed',
      'refund.created',
      'refund.failed',
      'refund.updated',
    ]);
  });

  it('an endpoint on a version before 2024-10-28 gets no refund.* events for card refunds; only enabled events are sent', async () => {
    const old = await startLocalStripe(options({ apiVersion: '2024-09-30.acacia', enabledEvents: ['charge.refunded', 'charge.refund.updated'] }));
    try {
      const client = sdk(SECRET_KEY, old);
      const session = await client.checkout.sessions.create(sessionParams());
      const paid = await control<Stripe.Checkout.Session>(`sessions/${session.id}/pay`, { card: CARD.refundsFail }, old);
      const paymentIntent = paid.body.payment_intent as string;
      const refund = await client.refunds.create({ payment_intent: paymentIntent, amount: 1000 });
      expect(refund.status).toBe('succeeded');
      const updated = await waitFor('charge.refund.updated', () => received(refund.id, 'charge.refund.updated')[0]);
      expect(updated.event).toMatchObject({ api_version: '2024-09-30.acacia', data: { object: { object: 'refund', status: 'failed' } } });
      const events = (await control<{ data: Stripe.Event[] }>(`events?session=${session.id}`, undefined, old)).body.data;
      expect(events.map((e) => e.type)).toEqual(['checkout.session.completed', 'charge.refunded', 'charge.refund.updated']);
      expect(new Set(events.map((e) => e.api_version))).toEqual(new Set(['2024-09-30.acacia']));
      // checkout.session.completed is recorded but not enabled: never sent.
      expect(received(session.id, 'checkout.session.completed')).toEqual([]);
      expect(received(paymentIntent).map((r) => r.event.type).sort()).toEqual(['charge.refund.updated', 'charge.refunded']);
      expect((await control<Stripe.WebhookEndpoint>('webhook_endpoint', undefined, old)).body).toMatchObject({
        api_version: '2024-09-30.acacia',
        enabled_events: ['charge.refunded', 'charge.refund.updated'],
      });
    } finally {
      await old.stop();
    }
  });

  it('accepts another well-formed Stripe-Version and echoes it; refuses a malformed one as Stripe does', async () => {
    const { paymentIntent } = await paidSession();
    const plain = await stripe.refunds.list({ payment_intent: paymentIntent });
    expect(plain.lastResponse.headers['stripe-version']).toBe(Stripe.API_VERSION);
    for (const version of ['2024-06-20', '2025-03-31.basil', '2024-06-20; checkout_server_update_beta=v1']) {
      const other = await stripe.refunds.list({ payment_intent: paymentIntent }, { apiVersion: version });
      expect(other.lastResponse.headers['stripe-version']).toBe(version);
    }
    const client = sdk();
    const attempts = countRequests(client);
    for (const version of ['2024-6-20', '2024-02-30', 'latest', '2024-06-20, 2024-06-20']) {
      const error = await client.refunds.list({ payment_intent: paymentIntent }, { apiVersion: version }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({ statusCode: 400, rawType: 'invalid_request_error', message: `Invalid Stripe API version: ${version}` });
    }
    expect(attempts.n).toBe(4);
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
      // A 5126 payment: its refund fails after the restart.
      const paid = await control<Stripe.Checkout.Session>(`sessions/${session.id}/pay`, { card: CARD.refundsFail }, first);
      const refund = await client.refunds.create({ payment_intent: paid.body.payment_intent as string, amount: 500 });
      expect(refund.status).toBe('succeeded');
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
        await waitFor('the refund to fail after the restart', async () => (await again.refunds.retrieve(refund.id)).status === 'failed');
        const types = (await control<{ data: Stripe.Event[] }>(`events?session=${session.id}`, undefined, second)).body.data.map((e) => e.type);
        expect(types).toEqual(['checkout.session.completed', 'refund.created', 'charge.refunded', 'refund.updated', 'refund.failed', 'charge.refund.updated']);
      } finally {
        await second.stop();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
