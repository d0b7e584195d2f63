/** Every ledger write is audited: each record it creates or moves, and the subject's state when it changes. */
import { describe, expect, it } from 'vitest';
import { ledgerAuditEntries } from '#core/audit/ledger-audit';
import type { Payment } from '#core/payments/model';

const AT = new Date('2024-08-01T02:00:00Z');
const organiser = { kind: 'organiser' as const, id: 'o1', email: 'office@example.org' };
const subject = { kind: 'order' as const, id: 'order-1', owner_id: 'u1' };
const names: Record<number, string> = { 0: 'Unpaid', 1: 'Paid', 2: 'Checking' };
const statusName = (_kind: string, s: number) => names[s]!;
const transfer = { id: 'pay-1', subject, method: 'transfer', state: 'confirmed', amount: 65000, version: 2 } as Payment;

describe('ledgerAuditEntries', () => {
  it('names a confirmed transfer and the order it paid, with who, when, before and after', () => {
    const entries = ledgerAuditEntries(
      { payments: [{ record: transfer, expect: 1, before: { ...transfer, state: 'pending', version: 1 } }], subject: { subject, from: 2, to: 1, version: { base: 'v1', next: 'v2' }, set: { paid_at: AT.toISOString() } } },
      organiser,
      AT,
      statusName,
    );
    expect(entries).toEqual([
      {
        action: 'transfer.confirmed',
        actor: organiser,
        at: AT.toISOString(),
        object: { type: 'payment', id: 'pay-1' },
        before: { version: 1 },
        after: { state: 'confirmed', amount: 65000, method: 'transfer', version: 2, subject: 'order:order-1' },
      },
      {
        action: 'order.paid',
        actor: organiser,
        at: AT.toISOString(),
        object: { type: 'order', id: 'order-1' },
        before: { status: 'Checking', version: 'v1' },
        after: { status: 'Paid', version: 'v2', paid_at: AT.toISOString() },
      },
    ]);
  });

  it('records a new card payment as created (nothing before) and no order entry when its state stays', () => {
    const card = { ...transfer, method: 'card', state: 'created', version: 1 } as Payment;
    const entries = ledgerAuditEntries({ payments: [{ record: card, expect: null, before: null }], subject: { subject, from: 0, to: 0, version: { base: 'v1', next: 'v2' } } }, organiser, AT, statusName);
    expect(entries.map((e) => [e.action, e.before])).toEqual([['payment.created', undefined]]);
  });
});
