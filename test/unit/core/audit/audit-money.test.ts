/**
 * Money in audit entries is read as an amount with its currency (issue 29, item 16): the ledger
 * writes cents (65000), statement lines dollars ("650.00"); both read as US$650.00, and nothing
 * that is not money is touched.
 */
import { describe, expect, it } from 'vitest';
import { auditEntryWithMoney, auditMoney, moneyText } from '#core/audit/audit-money';
import { ledgerAuditEntries } from '#core/audit/ledger-audit';
import type { Payment } from '#core/payments/model';

const AT = new Date('2024-08-01T02:00:00Z');
const subject = { kind: 'order' as const, id: 'order-1', owner_id: 'u1' };
const transfer = { id: 'pay-1', subject, method: 'transfer', state: 'confirmed', amount: 104000, version: 2 } as Payment;
const [confirmed] = ledgerAuditEntries({ payments: [{ record: transfer, expect: 1, before: { ...transfer, state: 'pending', version: 1 } }] }, { kind: 'system', id: 'system' }, AT, () => '');

describe('money in the audit log', () => {
  it("reads a ledger entry's cents as US dollars with their currency", () => {
    expect(confirmed!.after!.amount).toBe(104000);
    expect(auditMoney(confirmed!, 'amount', 104000)).toEqual({ amount: '1040.00', currency: 'USD' });
    expect(moneyText(auditMoney(confirmed!, 'amount', 104000)!)).toBe('US$1,040.00');
  });

  it('reads the dollars of a statement line and a registration fee the same way', () => {
    const line = { after: { amount: '400.00', currency: 'USD' } };
    expect(moneyText(auditMoney(line, 'amount', '400.00')!)).toBe('US$400.00');
    expect(moneyText(auditMoney({ after: { register_fee: 74000 } }, 'register_fee', 74000)!)).toBe('US$740.00');
    expect(moneyText(auditMoney({ before: { dinner_fee: 0 } }, 'dinner_fee', 0)!)).toBe('US$0.00');
  });

  it('leaves what is not money as it is: versions, counts, states, ids', () => {
    expect(auditMoney(confirmed!, 'version', 2)).toBeNull();
    expect(auditMoney(confirmed!, 'state', 'confirmed')).toBeNull();
    expect(auditMoney({ after: { total: 6 } }, 'total', 6)).toBeNull();
    expect(auditMoney({ after: { order_no: 'R24-000123' } }, 'order_no', 'R24-000123')).toBeNull();
  });

  it('gives an entry with every amount as an amount with its currency, nothing else changed', () => {
    expect(auditEntryWithMoney(confirmed!)).toEqual({ ...confirmed, after: { ...confirmed!.after, amount: { amount: '1040.00', currency: 'USD' } } });
  });
});
