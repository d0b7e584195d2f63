/**
 * The reconciliation over made-up provider data: each rule against the provider, alone, flags
 * what breaks it and nothing that keeps it; then whole orders (the money invariants with the
 * provider's word) and the flows of the order rules on in-memory ports, which must reconcile.
 */
import { describe, expect, it } from 'vitest';
import { moneyViolations } from '#core/orders/invariants';
import { cancelOrder } from '#core/orders/cancel-order';
import { createOrder } from '#core/orders/save-order';
import { startOrderCheckout } from '#core/orders/pay-by-card';
import type { StoredOrder } from '#core/orders/ports';
import { orderFormSchema } from '#core/orders/schemas';
import type { Payment, Refund } from '#core/payments/model';
import { settleCheckout } from '#core/payments/card-checkout';
import { settleProviderRefund } from '#core/payments/refunds';
import type { CheckoutSession, ProviderRefund } from '#core/payments/ports';
import { reconcileAll, reconcileWithProvider, type OrderMoney, type ProviderReader } from '#core/payments/reconcile';
import { validForm } from '../orders/form';
import { orderWorld } from '../orders/world';

const ORDER = 'o1';
const subject = { kind: 'order' as const, id: ORDER, owner_id: 'u1' };
const AT = '2024-08-01T02:00:00.000Z';

let n = 0;
function payment(over: Partial<Payment> = {}): Payment {
  const id = over.id ?? `p${++n}`;
  return {
    id,
    subject,
    amount: 99000,
    currency: 'USD',
    method: 'card',
    provider: 'stripe',
    provider_ids: { checkout_session: `cs_${id}`, payment_intent: `pi_${id}` },
    state: 'confirmed',
    version: 3,
    created_at: AT,
    updated_at: AT,
    ...over,
  };
}

function refund(of: Payment, over: Partial<Refund> = {}): Refund {
  const id = over.id ?? `r${++n}`;
  return {
    id,
    payment_id: of.id,
    subject,
    amount: of.amount,
    currency: 'USD',
    method: of.method,
    state: 'done',
    version: 2,
    reason: 'cancellation',
    requested_by: 'delegate',
    provider_refund_id: `re_${id}`,
    created_at: AT,
    updated_at: AT,
    ...over,
  };
}

/** The session the provider holds for a payment in its state (as it would, when all agree). */
function sessionOf(p: Payment, over: Partial<CheckoutSession> = {}): CheckoutSession {
  const paid = p.state === 'confirmed' || p.state === 'refunded';
  const status = paid ? 'complete' : p.state === 'canceled' ? 'expired' : p.state === 'failed' ? 'complete' : 'open';
  return {
    id: p.provider_ids.checkout_session!,
    url: null,
    status,
    paymentStatus: paid ? 'paid' : 'unpaid',
    amountTotal: p.amount,
    currency: 'usd',
    paymentIntent: paid ? (p.provider_ids.payment_intent ?? null) : null,
    metadata: { payment_id: p.id, subject_kind: 'order', subject_id: ORDER, owner_id: 'u1' },
    ...over,
  };
}

/** The provider's refund for one of ours (as it would be, when all agree). */
function providerRefundOf(r: Refund, p: Payment, over: Partial<ProviderRefund> = {}): ProviderRefund {
  const status = r.state === 'done' ? 'succeeded' : r.state === 'failed' ? 'failed' : 'pending';
  return { id: r.provider_refund_id!, status, amount: r.amount, paymentIntent: p.provider_ids.payment_intent!, metadata: { refund_id: r.id, payment_id: p.id }, failureReason: null, ...over };
}

/** A provider holding exactly these sessions and refunds; an unknown session answers 404 as Stripe does. */
function provider(sessions: CheckoutSession[], refunds: ProviderRefund[] = []) {
  const reads: string[] = [];
  const gateway: ProviderReader = {
    readCheckout: async (id) => {
      reads.push(id);
      const found = sessions.find((s) => s.id === id);
      if (!found) throw Object.assign(new Error(`No such checkout.session: '${id}'`), { type: 'StripeInvalidRequestError', statusCode: 404 });
      return structuredClone(found);
    },
    listRefunds: async (intent) => {
      reads.push(intent);
      return refunds.filter((r) => r.paymentIntent === intent).map((r) => structuredClone(r));
    },
  };
  return { gateway, reads };
}

const check = (gateway: ProviderReader, payments: Payment[], refunds: Refund[] = []) => reconcileWithProvider(gateway, ORDER, { payments, refunds });
const rules = async (found: Promise<{ rule: string }[]>) => (await found).map((d) => d.rule);

describe('card payments against their checkout sessions', () => {
  it('finds nothing when every payment state matches its session', async () => {
    const payments = (['confirmed', 'refunded', 'pending', 'canceled', 'failed'] as const).map((state) => payment({ state }));
    const refunded = payments[1]!;
    const done = refund(refunded);
    const { gateway } = provider(payments.map((p) => sessionOf(p)), [providerRefundOf(done, refunded)]);
    expect(await check(gateway, payments, [done])).toEqual([]);
  });

  it.each([
    ['confirmed', { status: 'open', paymentStatus: 'unpaid', paymentIntent: null }],
    ['confirmed', { status: 'expired', paymentStatus: 'unpaid', paymentIntent: null }],
    ['pending', { status: 'complete', paymentStatus: 'paid' }],
    ['pending', { status: 'expired' }],
    ['pending', { status: 'complete' }],
    ['canceled', { status: 'complete', paymentStatus: 'paid' }],
    ['canceled', { status: 'open' }],
    ['failed', { status: 'expired' }],
    ['failed', { status: 'complete', paymentStatus: 'paid' }],
    ['refunded', { status: 'open', paymentStatus: 'unpaid', paymentIntent: null }],
  ] as const)('flags a %s payment whose checkout is %o', async (state, session) => {
    const p = payment({ state });
    const { gateway } = provider([sessionOf(payment({ ...p, state: 'pending' }), { paymentIntent: p.provider_ids.payment_intent!, ...session })]);
    const found = await check(gateway, [p]);
    expect(found.map((d) => d.rule)).toEqual(['payment-matches-checkout']);
    expect(found[0]).toMatchObject({ order_id: ORDER, payment_id: p.id });
  });

  it('flags a paid checkout that brought in another amount, currency or payment intent than its payment records', async () => {
    const p = payment();
    for (const over of [{ amountTotal: 98000 }, { currency: 'eur' }, { paymentIntent: 'pi_other' }]) {
      const found = await check(provider([sessionOf(p, over)]).gateway, [p]);
      expect(found.map((d) => d.rule)).toEqual(['received-matches-checkout']);
    }
    // Money in another currency is recorded in ours, as surplus given back in full.
    const surplus = payment({ surplus: 'amount-mismatch' });
    expect(await check(provider([sessionOf(surplus, { currency: 'eur' })]).gateway, [surplus])).toEqual([]);
  });

  it('flags a payment whose checkout the provider does not have, or that was made for another payment', async () => {
    const p = payment();
    expect(await rules(check(provider([]).gateway, [p]))).toEqual(['checkout-exists']);
    expect(await rules(check(provider([sessionOf(p, { metadata: { payment_id: 'p-other' } })]).gateway, [p]))).toEqual(['checkout-exists']);
  });

  it('flags a card payment left without a checkout, except a failed one (its checkout could not be made)', async () => {
    const { gateway, reads } = provider([]);
    const stuck = payment({ state: 'created', provider_ids: {} });
    const failed = payment({ state: 'failed', provider_ids: {} });
    expect(await rules(check(gateway, [stuck, failed]))).toEqual(['checkout-exists']);
    expect(reads).toEqual([]);
  });

  it('stops when the provider does not answer (a failure of the run, not a finding)', async () => {
    const gateway: ProviderReader = {
      readCheckout: async () => {
        throw Object.assign(new Error('connect ECONNREFUSED'), { type: 'StripeConnectionError' });
      },
      listRefunds: async () => [],
    };
    await expect(check(gateway, [payment()])).rejects.toThrow('ECONNREFUSED');
  });

  it('leaves bank transfers to the invariants: the provider is never asked about them', async () => {
    const transfer = payment({ method: 'transfer', provider: 'bank', provider_ids: {} });
    const back = refund(transfer, { method: 'transfer', provider_refund_id: undefined });
    const { gateway, reads } = provider([]);
    expect(await check(gateway, [transfer], [back])).toEqual([]);
    expect(reads).toEqual([]);
  });
});

describe('card refunds against the provider refunds of their payment intent', () => {
  const p = payment({ state: 'refunded' });
  const withRefund = (ours: Refund, theirs: ProviderRefund[]) => check(provider([sessionOf(p)], theirs).gateway, [p], [ours]);

  it.each([
    ['done', 'pending'],
    ['done', 'failed'],
    ['failed', 'succeeded'],
    ['pending', 'succeeded'],
    ['created', 'canceled'],
  ] as const)('flags our %s refund when the provider says %s', async (state, status) => {
    const ours = refund(p, { state });
    const found = await withRefund(ours, [providerRefundOf(ours, p, { status })]);
    expect(found.map((d) => [d.rule, d.refund_id])).toEqual([['refund-matches-provider', ours.id]]);
  });

  it.each([
    ['created', 'requires_action'],
    ['pending', 'pending'],
    ['failed', 'canceled'],
  ] as const)('accepts our %s refund when the provider says %s', async (state, status) => {
    const ours = refund(p, { state });
    expect(await withRefund(ours, [providerRefundOf(ours, p, { status })])).toEqual([]);
  });

  it('flags a refund for another amount than the provider made', async () => {
    const ours = refund(p);
    expect(await rules(withRefund(ours, [providerRefundOf(ours, p, { amount: 50000 })]))).toEqual(['refund-matches-provider']);
  });

  it('finds the provider refund by our refund id when we never heard its answer', async () => {
    const ours = refund(p, { state: 'created', provider_refund_id: undefined });
    const theirs = { ...providerRefundOf(ours, p, { status: 'succeeded' }), id: 're_made' };
    expect(await rules(withRefund(ours, [theirs]))).toEqual(['refund-matches-provider']);
  });

  it('flags a refund that the provider does not have, unless the provider refused it at once', async () => {
    expect(await rules(withRefund(refund(p), []))).toEqual(['refund-exists']);
    expect(await rules(withRefund(refund(p, { state: 'created', provider_refund_id: undefined }), []))).toEqual(['refund-exists']);
    expect(await withRefund(refund(p, { state: 'failed', provider_refund_id: undefined }), [])).toEqual([]);
  });

  it('flags a refund the provider made that the ledger does not have (a dashboard refund never recorded)', async () => {
    const ours = refund(p, { amount: 50000 });
    const dashboard: ProviderRefund = { id: 're_dash', status: 'succeeded', amount: 49000, paymentIntent: p.provider_ids.payment_intent!, metadata: {}, failureReason: null };
    const found = await withRefund(ours, [providerRefundOf(ours, p), dashboard]);
    expect(found).toEqual([{ order_id: ORDER, payment_id: p.id, rule: 'provider-refund-recorded', detail: expect.stringContaining('re_dash') as string }]);
    // Once recorded as external (under the provider's id), it agrees.
    const recorded = refund(p, { id: 'external-re_dash', amount: 49000, reason: 'external', requested_by: 'provider', provider_refund_id: 're_dash' });
    const { gateway } = provider([sessionOf(p)], [providerRefundOf(ours, p), dashboard]);
    expect(await check(gateway, [p], [ours, recorded])).toEqual([]);
  });

  it('flags a refund of a payment the order does not have, or of a card payment never paid through the provider', async () => {
    const open = payment({ state: 'pending', provider_ids: { checkout_session: 'cs_open' } });
    const { gateway } = provider([sessionOf(open)]);
    const orphan = refund(payment({ id: 'p-gone' }));
    const unpaid = refund(open, { state: 'created', provider_refund_id: undefined });
    const found = await check(gateway, [open], [orphan, unpaid]);
    expect(found.map((d) => [d.rule, d.refund_id])).toEqual([
      ['refund-has-payment', orphan.id],
      ['refund-has-payment', unpaid.id],
    ]);
  });

  it('reads each payment intent\'s refunds once', async () => {
    const ours = [refund(p, { amount: 40000 }), refund(p, { amount: 59000 })];
    const { gateway, reads } = provider([sessionOf(p)], ours.map((r) => providerRefundOf(r, p)));
    expect(await check(gateway, [p], ours)).toEqual([]);
    expect(reads.filter((id) => id === p.provider_ids.payment_intent)).toHaveLength(1);
  });
});

describe('reconcileAll: the invariants and the provider over every order', () => {
  const order = (over: Partial<StoredOrder> = {}) => ({ id: ORDER, owner_id: 'u1', payment_status: 1, amount_required: 99000, refund_failed_at: null, ...over }) as StoredOrder;

  it('counts what it checked and reports both kinds of disagreement, each with its order', async () => {
    const paid = payment();
    // Paid at the provider; the portal never heard of it.
    const lost = payment({ state: 'pending' });
    const left = payment({ id: 'p-o3', subject: { ...subject, id: 'o3' } });
    const { gateway } = provider([sessionOf(paid), sessionOf(left), sessionOf(lost, { status: 'complete', paymentStatus: 'paid', paymentIntent: lost.provider_ids.payment_intent! })]);
    const all: OrderMoney[] = [
      { order_id: ORDER, order: order(), ledger: { payments: [paid, lost], refunds: [] } },
      // Paid without money: only the invariants see it.
      { order_id: 'o2', order: order({ id: 'o2' }), ledger: { payments: [], refunds: [] } },
      // Deleted, its money left behind.
      { order_id: 'o3', order: undefined, ledger: { payments: [left], refunds: [] } },
    ];
    const result = await reconcileAll(gateway, all, new Date(AT));
    expect({ ...result, disagreements: result.disagreements.map((d) => [d.order_id, d.rule]) }).toEqual({
      orders: 3,
      payments: 3,
      refunds: 0,
      disagreements: [
        [ORDER, 'payment-matches-checkout'],
        ['o2', 'paid-is-covered'],
        ['o2', 'paid-is-covered'],
        ['o3', 'deleted-holds-nothing'],
      ],
    });
    // The invariants are the order module's own, not a copy.
    expect(result.disagreements.filter((d) => d.order_id === 'o2')).toEqual(moneyViolations('o2', order({ id: 'o2' }), { payments: [], refunds: [] }));
  });

  it('checks the documents against the money once none of the order\'s events is pending, and reports an event pending over 10 minutes', async () => {
    const paid = payment();
    const { gateway } = provider([sessionOf(paid)]);
    const money = (pending: { id: string; created_at: string }[]): OrderMoney => ({ order_id: ORDER, order: order({ paid_at: AT }), ledger: { payments: [paid], refunds: [] }, documents: { issued: [], pending_events: pending } });
    const rulesAt = async (m: OrderMoney, at: string) => (await reconcileAll(gateway, [m], new Date(at))).disagreements.map((d) => [d.rule, d.detail]);
    // No receipt, nothing pending: the receipt is missing (a receipt less than the money too).
    expect((await rulesAt(money([]), AT)).map(([rule]) => rule)).toEqual(['receipt-when-paid', 'documents-balance']);
    // Its event still pending: the receipt is on its way, until the event is late.
    const event = { id: `payment-received.${paid.id}.2`, created_at: AT };
    expect(await rulesAt(money([event]), '2024-08-01T02:10:00.000Z')).toEqual([]);
    expect(await rulesAt(money([event]), '2024-08-01T02:10:01.000Z')).toEqual([['event-followed', `event ${event.id} pending since ${AT}`]]);
    // Without the documents read (the unit tests above), nothing is said of them.
    expect(await rulesAt({ ...money([]), documents: undefined }, AT)).toEqual([]);
  });

  it('takes the orders as a stream too', async () => {
    async function* none(): AsyncGenerator<OrderMoney> {}
    expect(await reconcileAll(provider([]).gateway, none(), new Date(AT))).toEqual({ orders: 0, payments: 0, refunds: 0, disagreements: [] });
  });
});

describe('the order rules keep the ledger and the provider in agreement', () => {
  const owner = { id: 'u1', email: 'delegate@example.org' };
  const OPEN = new Date('2024-08-01T02:00:00Z');
  const SEPT = new Date('2024-09-01T02:00:00Z');

  async function reconciled(world: ReturnType<typeof orderWorld>) {
    const orders = [...world.orders.orders.values()];
    const all = await Promise.all(orders.map(async (o) => ({ order_id: o.id, order: o, ledger: await world.deps.payments.ledger.ofSubject({ kind: 'order', id: o.id, owner_id: o.owner_id }) })));
    return (await reconcileAll(world.card.gateway, all, new Date(AT))).disagreements.map((d) => `${d.rule}: ${d.detail}`);
  }

  it('a card payment, a cancellation refunded and a dashboard refund recorded reconcile; the same refund unrecorded does not', async () => {
    const world = orderWorld();
    const form = orderFormSchema.parse(validForm());
    const { data } = await createOrder(world.deps, owner, form, OPEN);
    await startOrderCheckout(world.deps, owner.id, data.id, undefined, OPEN);
    const session = [...world.card.sessions.values()].at(-1)!;
    world.card.pay(session.id);
    await settleCheckout(world.deps.payments, session.id, OPEN);
    expect(await reconciled(world)).toEqual([]);

    const dashboard = world.card.dashboardRefund(`pi_${session.id}`, 1000);
    expect(await reconciled(world)).toEqual([expect.stringMatching(/^provider-refund-recorded: .*re_\d+.*made outside the portal/)]);
    await settleProviderRefund(world.deps.payments, dashboard, OPEN);
    expect(await reconciled(world)).toEqual([]);

    world.card.refundsWill('succeeded');
    await cancelOrder(world.deps, owner.id, data.id, undefined, SEPT);
    expect(await reconciled(world)).toEqual([]);
  });

  it('a checkout left open reconciles; one that expired without the portal hearing of it does not', async () => {
    const world = orderWorld();
    const { data } = await createOrder(world.deps, owner, orderFormSchema.parse(validForm()), OPEN);
    await startOrderCheckout(world.deps, owner.id, data.id, undefined, OPEN);
    expect(await reconciled(world)).toEqual([]);
    const session = [...world.card.sessions.values()].at(-1)!;
    session.status = 'expired';
    expect(await reconciled(world)).toEqual([expect.stringMatching(/^payment-matches-checkout: payment \S+ is pending; checkout \S+ is expired, unpaid$/)]);
    await settleCheckout(world.deps.payments, session.id, OPEN);
    expect(await reconciled(world)).toEqual([]);
  });
});
