/**
 * The money path's DynamoDB round trips, counted (issue 30): the local API gateway tells each
 * request's count in `x-local-dynamodb-round-trips` (infra/local/api-gateway.ts; nothing of the
 * kind on AWS). Counts, not times: a change that adds a read to the webhook or the list fails
 * here, not only in a bench nobody re-ran. Authentication (the session and the account) is
 * measured on a route that does nothing else (the order form's options, as the orders bench does)
 * and not counted.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { API_BASE, routes } from '#core/routes';
import { validForm } from '../unit/core/orders/form';
import { call, control, mailsTo, newDelegate, origin, stripeWebhookSecret, until } from './support';

const OPEN = '2024-08-01T02:00:00Z';
const OPTIONS = routes.getRegistrationOptions.path;
const trips = (r: { headers: Headers }) => Number(r.headers.get('x-local-dynamodb-round-trips'));

async function paidOrder(tag: string) {
  const d = await newDelegate(tag);
  const auth = trips(await call('GET', OPTIONS, { token: d.token, at: OPEN }));
  const order = await call<{ id: string }>('POST', '/registration/submission', { token: d.token, at: OPEN, json: validForm() });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const generated = await call<{ url: string }>('POST', '/stripe-payment/generate', { token: d.token, at: OPEN, json: { id: order.body.data.id } });
  expect(generated.status, JSON.stringify(generated.body)).toBe(200);
  return { ...d, auth, orderId: order.body.data.id, session: generated.body.data.url.split('/').pop()! };
}

describe('round trips of the money path (beyond authentication)', () => {
  it('measures authentication on a route that does nothing else: the session and the account', async () => {
    const d = await newDelegate('trips-auth');
    expect(trips(await call('GET', OPTIONS, { token: d.token, at: OPEN }))).toBe(2);
  });

  it('placing an order: at most 2 (its number; one transaction with its names and its order-placed event), the first and the next; its mail comes from the worker', async () => {
    const d = await newDelegate('trips-create');
    const auth = trips(await call('GET', OPTIONS, { token: d.token, at: OPEN }));
    for (const first_name of ['Wei', 'Lan']) {
      const order = await call<{ id: string; order_no: string }>('POST', '/registration/submission', { token: d.token, at: OPEN, json: { ...validForm(), first_name } });
      expect(order.status, JSON.stringify(order.body)).toBe(200);
      expect(trips(order) - auth).toBeLessThanOrEqual(2);
      const subject = `Registration order ${order.body.data.order_no}: please complete the payment`;
      await until(`order-placed mail of ${first_name}`, () => mailsTo(d.email), (mails) => mails.filter((m) => m.subject === subject).length === 1);
    }
  });

  it("the webhook: at most 3 (the order, its ledger, one transaction); the receipt and mails are the worker's", async () => {
    const b = await paidOrder('trips-webhook');
    await control('POST', '/deliveries/pause');
    try {
      await control('POST', `/sessions/${b.session}/pay`, { card: '4242424242424242' });
      const [completed] = (await control<{ data: { id: string }[] }>('GET', `/events?session=${b.session}&type=checkout.session.completed`)).data;
      const payload = JSON.stringify({ id: `${completed!.id}_trips`, object: 'event', type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000), data: { object: { id: b.session, object: 'checkout.session' } } });
      const r = await fetch(`${origin()}${API_BASE}/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: stripeWebhookSecret() }) },
        body: payload,
      });
      expect(r.status).toBe(200);
      expect(trips(r)).toBeGreaterThan(0);
      expect(trips(r)).toBeLessThanOrEqual(3);
    } finally {
      await control('POST', '/deliveries/resume');
    }
  });

  it('the success page: at most 5 beyond authentication (it settles as the webhook does, 3, and answers the order as the list shows it, 2)', async () => {
    const b = await paidOrder('trips-success');
    await control('POST', '/deliveries/pause');
    try {
      await control('POST', `/sessions/${b.session}/pay`, { card: '4242424242424242' });
      const back = await call<{ outcome: string }>('POST', '/stripe-payment/confirm', { token: b.token, at: OPEN, json: { session_id: b.session } });
      expect(back.body.data.outcome).toBe('paid');
      expect(trips(back) - b.auth).toBeLessThanOrEqual(5);
    } finally {
      await control('POST', '/deliveries/resume');
    }
  });

  it('the order list: exactly 1 (one Query of the delegate), also while a receipt is being issued and after, writing nothing', async () => {
    const b = await paidOrder('trips-list');
    await control('POST', `/sessions/${b.session}/pay`, { card: '4242424242424242' });
    const list = () => call<{ items: { id: string; payment_status: number; documents: { kind: string }[] }[] }>('GET', '/registration', { token: b.token, at: OPEN });
    const first = await list();
    expect(trips(first) - b.auth).toBe(1);
    const receipted = await until('receipt issued by the worker', list, (r) => r.body.data.items[0]!.documents.some((doc) => doc.kind === 'receipt'));
    expect(receipted.body.data.items[0]!.payment_status).toBe(1);
    expect(trips(receipted) - b.auth).toBe(1);
  });
});
