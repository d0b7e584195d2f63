/**
 * The bank account the local portal publishes at its start when the office has published none:
 * clearly a demonstration, so that bank transfer can be tried locally. Never on AWS (only the
 * local runtime seeds it); there the office publishes the real account (/office).
 */
import type { BankAccount } from '../../functions/core/office/payment-settings';

export const demoBankAccount: BankAccount = {
  beneficiary: 'DEMO ONLY - not a real account (local portal)',
  beneficiary_address: 'Local demonstration, 1 Example Road, Beijing',
  bank: 'Demo Bank (local portal)',
  bank_address: '1 Demo Street, Beijing',
  account_number: 'DEMO 0000 0000 0000',
  swift: 'DEMOCNBJ',
  currency: 'USD',
  version: 1,
  published_at: '2024-01-01T00:00:00.000Z',
  published_by: 'local portal (demo)',
};
