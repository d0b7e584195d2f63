/** The office's counters: what each record contributes, what a write moves, and the dashboard read from them. */
import { describe, expect, it } from 'vitest';
import { countsDelta, countsDiffer, flatCounts, orderCounts, paymentCounts, recordCounts, refundCounts } from '#core/office/counters';
import { dashboardView } from '#core/office/dashboard';
import type { Payment, Refund } from '#core/payments/model';

const subject = { kind: 'order' as const, id: 'o1', owner_id: 'u1' };
const payment = (over: Partial<Payment>): Payment => ({ id: 'p1', subject, amount: 65000, currency: 'USD', method: 'transfer', provider: 'bank', provider_ids: {}, state: 'pending', version: 1, created_at: '2024-08-01T02:00:00Z', updated_at: '2024-08-01T02:00:00Z', ...over });
const refund = (over: Partial<Refund>): Refund => ({ id: 'r1', payment_id: 'p1', subject, amount: 65000, currency: 'USD', method: 'card', state: 'pending', version: 1, reason: 'cancellation', requested_by: 'delegate', created_at: '2024-08-02T02:00:00Z', updated_at: '2024-08-02T02:00:00Z', ...over });

describe('the office counters', () => {
  it('count an order by status and by the China Standard Time day it was placed', () => {
    // 23:30 UTC on 31 July is 07:30 on 1 August in Beijing.
    expect(orderCounts({ payment_status: 2, created_at: '2024-07-31T23:30:00Z' })).toEqual({ 'orders.checking': 1, 'day.2024-08-01.orders': 1 });
  });

  it('move a found transfer from awaited to received, on the day it was confirmed, and back for a refund that failed', () => {
    const awaited = payment({});
    const found = payment({ state: 'confirmed', amount: 20000, confirmed_at: '2024-08-03T01:00:00Z', version: 2 });
    expect(countsDelta(paymentCounts(awaited), paymentCounts(found))).toEqual({
      'transfers.awaited': -1,
      'transfers.awaited_amount': -65000,
      'received.transfer': 20000,
      'day.2024-08-03.received': 20000,
    });
    // A refunded payment was still received; the refund counts what went back.
    expect(countsDelta(paymentCounts(found), paymentCounts({ ...found, state: 'refunded' }))).toEqual({});
    expect(countsDelta(refundCounts(refund({})), refundCounts(refund({ state: 'done' })))).toEqual({ 'refunds.waiting.card': -1, refunded: 65000 });
    expect(countsDelta(refundCounts(refund({ state: 'done' })), refundCounts(refund({ state: 'failed' })))).toEqual({ refunded: -65000 });
  });

  it('give the rebuild the same contributions as the writes, and name every counter that differs', () => {
    expect(recordCounts('user', { status: 0 })).toEqual({ 'accounts.created': 1 });
    expect(recordCounts('user', { status: 2 })).toEqual({ 'accounts.created': 1, 'accounts.activated': 1 });
    expect(recordCounts('file', { purpose: 'poster' })).toEqual({ 'files.poster': 1 });
    expect(recordCounts('session', {})).toEqual({});
    const live = flatCounts({ totals: { 'orders.paid': 2 }, days: [{ day: '2024-08-01', counts: { orders: 2 } }] });
    expect(live).toEqual({ 'orders.paid': 2, 'day.2024-08-01.orders': 2 });
    expect(countsDiffer(live, { 'orders.paid': 2, 'day.2024-08-01.orders': 3, refunded: 0 })).toEqual([{ name: 'day.2024-08-01.orders', live: 2, rebuilt: 3 }]);
  });

  it('make the dashboard: money in dollars, every status in the order of an order\'s life, and how long the oldest transfer has waited', () => {
    const view = dashboardView(
      {
        totals: { 'received.card': 65000, 'received.transfer': 25000, refunded: 10000, 'transfers.awaited': 1, 'transfers.awaited_amount': 65000, 'orders.paid': 3, 'orders.checking': 1 },
        days: [
          { day: '2024-08-02', counts: { orders: 1, received: 25000 } },
          { day: '2024-08-01', counts: { orders: 3, received: 65000 } },
          { day: '2024-08-03', counts: { orders: 0, received: 0 } },
        ],
      },
      { created_at: '2024-08-01T02:00:00Z' },
      new Date('2024-08-04T03:00:00Z'),
    );
    expect(view.money).toEqual({ received_card: '650.00', received_transfer: '250.00', received: '900.00', refunded: '100.00', kept: '800.00', awaited: '650.00' });
    expect(view.orders.map((o) => [o.name, o.count])).toEqual([['Unpaid', 0], ['Checking', 1], ['Paid', 3], ['Refunding', 0], ['Cancelled', 0]]);
    expect(view.transfers_awaited).toEqual({ count: 1, oldest_noted_at: '2024-08-01T02:00:00Z', oldest_waiting_days: 3 });
    expect(view.days).toEqual([
      { day: '2024-08-01', orders: 3, received: '650.00' },
      { day: '2024-08-02', orders: 1, received: '250.00' },
    ]);
  });
});
