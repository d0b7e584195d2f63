/**
 * A paid registration order with its card payment and a refund, as the ledger holds them: the
 * receipts' tests and the documents bench start from them (1 August 2024, 10:00 CST).
 */
import type { StoredOrder } from '#core/orders/ports';
import { orderTotal } from '#core/orders/pricing';
import { orderFormSchema } from '#core/orders/schemas';
import type { Payment, Refund } from '#core/payments/model';
import { validForm } from '../unit/core/orders/form';

export const PAID_AT = new Date('2024-08-01T02:00:00Z');

export function paidOrder(over: Record<string, unknown> = {}): StoredOrder {
  const form = orderFormSchema.parse(validForm(over));
  return {
    ...form,
    id: 'o1',
    owner_id: 'u1',
    owner_email: 'delegate@example.org',
    sequence: 12,
    order_no: 'R24-000012',
    reference: 'IACR24-000012-3',
    checksum: 'c',
    payment_status: 1,
    amount_required: orderTotal(form),
    currency: 'USD',
    payment_method: 'card',
    created_at: '2024-07-31T02:00:00.000Z',
    updated_at: PAID_AT.toISOString(),
    paid_at: PAID_AT.toISOString(),
  };
}

export const payment = (order: StoredOrder, over: Partial<Payment> = {}): Payment => ({
  id: 'p1',
  subject: { kind: 'order', id: order.id, owner_id: order.owner_id },
  amount: order.amount_required,
  currency: 'USD',
  method: 'card',
  provider: 'stripe',
  provider_ids: { checkout_session: 'cs_test_1', payment_intent: 'pi_test_1' },
  state: 'confirmed',
  version: 2,
  created_at: '2024-08-01T01:55:00.000Z',
  updated_at: PAID_AT.toISOString(),
  confirmed_at: PAID_AT.toISOString(),
  ...over,
});

export const refund = (p: Payment, amount: number, over: Partial<Refund> = {}): Refund => ({
  id: 'r1',
  payment_id: p.id,
  subject: p.subject,
  amount,
  currency: 'USD',
  method: p.method,
  state: 'done',
  version: 2,
  reason: 'cancellation',
  requested_by: 'delegate',
  created_at: '2024-08-10T02:00:00.000Z',
  updated_at: '2024-08-10T02:00:01.000Z',
  done_at: '2024-08-10T02:00:01.000Z',
  ...over,
});
