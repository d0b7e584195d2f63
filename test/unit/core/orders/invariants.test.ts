/** The money invariants flag each broken rule (and nothing on records that agree). */
import { describe, expect, it } from 'vitest';
import { moneyViolations, type MoneyRule } from '#core/orders/invariants';
import type { StoredOrder } from '#core/orders/ports';
import type { Payment, Refund } from '#core/payments/model';

const subject = { kind: 'order' as const, id: 'o1', owner_id: 'u1' };
const at = '2024-08-01T02:00:00.000Z';
const order = (over: Partial<StoredOrder> = {}) => ({ id: 'o1', payment_status: 1, amount_required: 65000, updated_at: at, ...over }) as StoredOrder;
const payment = (over: Partial<Payment> = {}): Payment => ({
  id: 'p1',
  subject,
  amount: 65000,
  currency: 'USD',
  method: 'card',
  provider: 'stripe',
  provider_ids: {},
  state: 'confirmed',
  version: 2,
  created_at: at,
  updated_at: at,
  ...over,
});
const refund = (over: Partial<Refund> = {}): Refund => ({
  id: 'r1',
  payment_id: 'p1',
  subject,
  amount: 60000,
  currency: 'USD',
  method: 'card',
  state: 'done',
  version: 2,
  reason: 'cancellation',
  requested_by: 'delegate',
  created_at: at,
  updated_at: at,
  ...over,
});
const rules = (o: StoredOrder | undefined, payments: Payment[], refunds: Refund[] = []) => moneyViolations('o1', o, { payments, refunds }).map((v) => v.rule);

describe('money invariants', () => {
  it('accept orders whose status and money agree', () => {
    expect(rules(order(), [payment()])).toEqual([]);
    expect(rules(order({ payment_status: -1 }), [payment()], [refund()])).toEqual([]);
    expect(rules(order({ payment_status: 0 }), [])).toEqual([]);
    expect(rules(order({ payment_status: 2 }), [payment({ method: 'transfer', state: 'pending' })])).toEqual([]);
    expect(rules(order({ payment_status: 1, refund_failed_at: at }), [payment()], [refund({ state: 'failed' })])).toEqual([]);
    expect(rules(undefined, [payment({ surplus: 'not-payable', state: 'refunded' })], [refund({ reason: 'surplus', amount: 65000 })])).toEqual([]);
  });

  it.each<[string, MoneyRule, StoredOrder | undefined, Payment[], Refund[]]>([
    ['a refund beyond the payment', 'refund-within-payment', order({ payment_status: -1 }), [payment({ state: 'refunded' })], [refund({ amount: 70000 })]],
    ['Paid on a transfer of the old amount', 'paid-is-covered', order({ amount_required: 275000 }), [payment({ method: 'transfer', amount: 25000 })], []],
    ['more kept than the order costs', 'no-overpayment-kept', order(), [payment({ amount: 70000 })], []],
    ['an Unpaid order holding money', 'unpaid-holds-nothing', order({ payment_status: 0 }), [payment()], []],
    ['Checking, waiting for the wrong amount', 'checking-awaits-the-rest', order({ payment_status: 2, amount_required: 275000 }), [payment({ method: 'transfer', state: 'pending', amount: 25000 })], []],
    ['Refunding with no refund in progress', 'refunding-has-refund', order({ payment_status: -2 }), [payment()], [refund({ state: 'failed' })]],
    ['Cancelled with a refund still in progress', 'cancelled-refunds-finished', order({ payment_status: -1 }), [payment()], [refund({ method: 'transfer', state: 'created' })]],
    ['a card refund never answered', 'card-refund-answered', order({ payment_status: -2 }), [payment()], [refund({ state: 'created' })]],
    ['a failed refund whose note was undone', 'failed-refund-noted', order({ refund_failed_at: null }), [payment()], [refund({ state: 'failed' })]],
    ['a Cancelled order whose refund failed after succeeding', 'failed-refund-noted', order({ payment_status: -1 }), [payment()], [refund({ state: 'failed' })]],
    ['surplus money kept', 'surplus-given-back', order({ payment_status: 0 }), [payment({ surplus: 'already-paid' })], []],
    ['"refunded" with money left', 'refunded-means-refunded', order({ payment_status: -1 }), [payment({ state: 'refunded' })], [refund()]],
    ['a deleted order holding money', 'deleted-holds-nothing', undefined, [payment()], []],
  ])('flag %s', (_what, rule, o, payments, refunds) => {
    expect(rules(o, payments, refunds)).toContain(rule);
  });
});
