/** The congress bank account: published by the office (versioned, audited); until then no "Done". */
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '#core/audit/audit';
import { bankDetailLines, publishBankAccount, paymentSettingsMessages, type BankAccount, type PaymentSettingsStore } from '#core/office/payment-settings';
import { chooseTransfer } from '#core/orders/pay-by-transfer';
import { OPEN, owner, placed, refusal } from '../orders/steps';
import { OFFICE, orderWorld } from '../orders/world';

const NOW = new Date('2024-07-20T02:00:00Z');
const organiser = { kind: 'organiser' as const, id: 'o1', email: 'office@example.org' };
const input = {
  beneficiary: ' National Cancer Center ',
  beneficiary_address: '',
  bank: 'Bank of China, Beijing Branch',
  bank_address: '1 Fuxingmen Nei Dajie, Beijing',
  account_number: '3456  7890 1234',
  swift: 'bkchcnbj110',
  currency: 'USD' as const,
};

function memoryStore() {
  let stored: BankAccount | undefined;
  const audits: AuditEntry[] = [];
  const store: PaymentSettingsStore = {
    bankAccount: async () => stored,
    async saveBankAccount(account, base, audit) {
      if ((stored?.version ?? 0) !== base) return false;
      stored = account;
      audits.push(audit);
      return true;
    },
  };
  return { store, audits };
}

describe('publishing the bank account', () => {
  it('publishes a tidied version 1, audited with who and what', async () => {
    const { store, audits } = memoryStore();
    const r = await publishBankAccount({ settings: store }, organiser, input, 0, NOW);
    expect(r.message).toBe(paymentSettingsMessages.published);
    expect(r.data.bank_account).toMatchObject({ beneficiary: 'National Cancer Center', account_number: '3456 7890 1234', swift: 'BKCHCNBJ110', version: 1, published_by: 'office@example.org' });
    expect(audits).toEqual([expect.objectContaining({ action: 'payment_settings.bank_account_published', actor: organiser, before: undefined, after: expect.objectContaining({ bank: input.bank }) })]);
  });

  it('refuses a save over a version another organiser changed meanwhile', async () => {
    const { store } = memoryStore();
    await publishBankAccount({ settings: store }, organiser, input, 0, NOW);
    await expect(publishBankAccount({ settings: store }, organiser, { ...input, bank: 'Other' }, 0, NOW)).rejects.toMatchObject({ message: paymentSettingsMessages.changedElsewhere });
    const second = await publishBankAccount({ settings: store }, organiser, { ...input, bank: 'Other' }, 1, NOW);
    expect(second.data.bank_account.version).toBe(2);
  });

  it('says where to transfer only from what was published, never invented', () => {
    expect(bankDetailLines(undefined, 'IACR24-000001-3', OFFICE)).toEqual([
      `Bank transfer opens when the registration office publishes the congress bank account (${OFFICE}); you can pay by card meanwhile.`,
      'Payment reference (write it in the transfer): IACR24-000001-3',
    ]);
  });
});

describe('bank transfer before the account is published', () => {
  it('refuses "Done" (nothing to pay into) but lets the delegate choose "Pay later"', async () => {
    const world = orderWorld();
    world.setBankAccount(undefined);
    const { id } = await placed(world);
    expect(await refusal(chooseTransfer(world.deps, owner.id, id, 'done', OPEN, OFFICE))).toMatchObject({ message: paymentSettingsMessages.transferClosed });
    expect((await world.orders.store.get(owner.id, id))!.payment_status).toBe(0);
    expect((await chooseTransfer(world.deps, owner.id, id, 'later', OPEN, OFFICE)).message).toBeDefined();
    // The order mail says how to pay meanwhile, and invents no account.
    expect(world.outbox.at(-1)!.text).toContain('Bank transfer opens when the registration office publishes the congress bank account');
  });
});
