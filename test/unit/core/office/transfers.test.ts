import { describe, expect, it } from 'vitest';
import { awaitedTransferRows } from '#core/office/transfers';
import type { Payment } from '#core/payments/model';

const NOW = new Date('2024-08-10T02:00:00Z');
const payment = (id: string, created_at: string, amount: number) => ({ id, amount, created_at, method: 'transfer', state: 'pending' }) as Payment;
const order = (n: number) => ({ reference: `IACR24-00000${n}-0`, order_no: `R24-00000${n}`, first_name: 'Wei', last_name: 'Zhang', owner_email: `d${n}@example.org`, payment_status: 2 as const });

describe('awaitedTransferRows', () => {
  it('lists the oldest first, with the amount awaited and the whole days waited, and skips a payment whose order is gone', () => {
    const rows = awaitedTransferRows(
      [
        { payment: payment('p2', '2024-08-09T12:00:00Z', 45000), order: order(2) },
        { payment: payment('p1', '2024-08-01T02:00:00Z', 65000), order: order(1) },
        { payment: payment('p3', '2024-08-05T02:00:00Z', 1000), order: undefined },
      ],
      NOW,
    );
    expect(rows.map((r) => [r.order_no, r.amount, r.waiting_days, r.delegate])).toEqual([
      ['R24-000001', '650.00', 9, 'Wei Zhang'],
      ['R24-000002', '450.00', 0, 'Wei Zhang'],
    ]);
  });
});
