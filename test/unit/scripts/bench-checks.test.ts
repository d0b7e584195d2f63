/**
 * The orders bench fails when registration day went wrong (issue 30): any error, an order left
 * unpaid, a paid order without its receipt, a document number missing or used twice. Its
 * `--delegates=N` is a positive integer or a clear error.
 */
import { describe, expect, it } from 'vitest';
import { failuresOf, parseDelegates, receiptFigures, type DocumentItem, type OrderRead } from '../../../scripts/bench-checks';
import { documentNumber } from '../../../functions/core/documents/receipt';
import { keys } from '../../../functions/storage/keys';

const PAID_AT = '2026-11-28T03:00:00.000Z';

function receipt(orderId: string, n: number, issuedAt = '2026-11-28T03:00:02.000Z', more: Partial<DocumentItem> = {}): DocumentItem {
  return { sk: `DOC#d-${orderId}-${n}`, kind: 'receipt', number: documentNumber(n), issued_at: issuedAt, subject: { kind: 'order', id: orderId }, replaced_by: null, ...more };
}

function paidOrder(orderId: string, docs: DocumentItem[]): OrderRead {
  return {
    orderId,
    paid: true,
    docs,
    payments: [{ sk: keys.payment('u', 'order', orderId, `p-${orderId}`).sk, state: 'confirmed', confirmed_at: PAID_AT }],
    // The worker was done with the payment's event two seconds after it (the receipt itself is dated at the payment).
    events: [{ sk: keys.moneyEvent('u', `payment-received.p-${orderId}.2`).sk, done_at: '2026-11-28T03:00:02.000Z' }],
  };
}

const passing = (receipts: ReturnType<typeof receiptFigures>) => ({ delegates: 3, errors: 0, paid: 3, webhookQueued: 0, receipts, receiptsWithinS: 120 });

describe('the orders bench: --delegates=N', () => {
  it('is 200 unless given, and N when N is a positive integer', () => {
    expect(parseDelegates(['--only=orders'])).toEqual({ delegates: 200 });
    expect(parseDelegates(['--only=orders', '--delegates=50'])).toEqual({ delegates: 50 });
    expect(parseDelegates(['--delegates=1000'])).toEqual({ delegates: 1000 });
  });

  it.each(['--delegates=0', '--delegates=-5', '--delegates=1.5', '--delegates=abc', '--delegates=', '--delegates', '--delegates=1e3', '--delegates=99999999999999999999'])(
    'refuses %s with a message naming it',
    (arg) => {
      const parsed = parseDelegates(['--only=orders', arg]);
      expect(parsed).toEqual({ error: expect.stringContaining('--delegates must be a positive integer') });
      expect('error' in parsed && parsed.error).toContain(JSON.stringify(arg));
    },
  );
});

describe('the orders bench: receipts of the paid orders', () => {
  it('passes when every paid order has one receipt and the numbers run 1..n once each', () => {
    const r = receiptFigures([paidOrder('a', [receipt('a', 1)]), paidOrder('b', [receipt('b', 3)]), paidOrder('c', [receipt('c', 2)])], 3);
    expect(r).toMatchObject({ expected: 3, withReceipt: 3, twice: 0, numbered: 3, duplicates: [], gaps: [], unreadable: [] });
    expect(r.fromPaymentMs).toEqual([2000, 2000, 2000]);
    expect(failuresOf(passing(r))).toEqual([]);
  });

  it('fails on a paid order without its receipt', () => {
    const r = receiptFigures([paidOrder('a', [receipt('a', 1)]), paidOrder('b', []), paidOrder('c', [receipt('c', 2)])], 2);
    expect(r.withReceipt).toBe(2);
    expect(failuresOf(passing(r))).toEqual(['1 of 3 paid orders without a receipt after 120 s']);
  });

  it('fails on a number used twice, and on a number the sequence gave that no document holds', () => {
    const twice = receiptFigures([paidOrder('a', [receipt('a', 1)]), paidOrder('b', [receipt('b', 2)]), paidOrder('c', [receipt('c', 2)])], 2);
    expect(twice.duplicates).toEqual([2]);
    expect(failuresOf(passing(twice))).toEqual(['document numbers used twice: 2']);
    const gap = receiptFigures([paidOrder('a', [receipt('a', 1)]), paidOrder('b', [receipt('b', 3)]), paidOrder('c', [receipt('c', 4)])], 5);
    expect(gap.gaps).toEqual([2, 5]);
    expect(failuresOf(passing(gap))).toEqual(['document numbers missing (gaps): 2, 5']);
  });

  it('expects a receipt for each order the table says is paid; an unpaid order needs none', () => {
    const unpaid: OrderRead = { orderId: 'c', paid: false, docs: [], payments: [] };
    const r = receiptFigures([paidOrder('a', [receipt('a', 1)]), paidOrder('b', [receipt('b', 2)]), unpaid], 2);
    expect(r).toMatchObject({ expected: 2, withReceipt: 2, gaps: [] });
    expect(failuresOf(passing(r))).toEqual([]);
  });

  it('counts a replaced receipt apart from its correction, and fails on two receipts in force for one order', () => {
    const corrected = receiptFigures([paidOrder('a', [receipt('a', 1, undefined, { replaced_by: 'd-a-2' }), receipt('a', 2)])], 2);
    expect(corrected).toMatchObject({ withReceipt: 1, twice: 0, gaps: [], duplicates: [] });
    const double = receiptFigures([paidOrder('a', [receipt('a', 1), receipt('a', 2)])], 2);
    expect(double.twice).toBe(1);
    expect(failuresOf({ ...passing(double), delegates: 1, paid: 1 })).toEqual(['1 paid order(s) hold more than one receipt']);
  });
});

describe('the orders bench fails (npm run bench exits 1) rather than report quietly', () => {
  const clean = receiptFigures([paidOrder('a', [receipt('a', 1)]), paidOrder('b', [receipt('b', 2)]), paidOrder('c', [receipt('c', 3)])], 3);

  it('on any failed request, as on 27 November (158 errors, exit 0)', () => {
    expect(failuresOf({ ...passing(clean), errors: 158 })).toEqual(['158 request(s) failed']);
  });

  it('on an order left unpaid, and on webhook events still waiting for delivery', () => {
    expect(failuresOf({ ...passing(clean), delegates: 200, paid: 3, webhookQueued: 4 })).toEqual([
      '197 of 200 orders left unpaid',
      '4 webhook event(s) still waiting for delivery',
    ]);
  });
});
