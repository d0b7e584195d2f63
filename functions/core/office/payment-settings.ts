/**
 * The congress bank account delegates pay into: entered and published by an organiser in the
 * office (audited), never written in code. Until it is published, bank transfer is closed: the
 * wizard offers card payment only and says why, and "Done" is refused by the server.
 */
import * as z from 'zod/mini';
import { auditEntry, type Actor } from '../audit/audit';
import { conflict } from '../errors';

const text = (label: string, max: number, required = true) => {
  const message = `Please enter the ${label}.`;
  const base = z.string({ message }).check(z.maxLength(max, `The ${label} is at most ${max} characters.`));
  return required ? base.check(z.refine((v) => v.trim().length > 0, message)) : base;
};

/** What the office enters (one schema for the API and the office form). */
export const bankAccountSchema = z.object({
  beneficiary: text('beneficiary (account holder)', 140),
  beneficiary_address: text('beneficiary address', 300, false),
  bank: text('bank name', 140),
  bank_address: text('bank address', 300),
  account_number: text('account number or IBAN', 64),
  swift: z.string({ message: 'Please enter the SWIFT/BIC code (8 or 11 letters and digits).' }).check(
    z.regex(/^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/, 'Please enter the SWIFT/BIC code (8 or 11 letters and digits).'),
  ),
  currency: z.literal('USD', 'Delegates pay in US dollars: the currency is USD.'),
});
export type BankAccountInput = z.infer<typeof bankAccountSchema>;

export const savePaymentSettingsSchema = z.object({
  bank_account: bankAccountSchema,
  /** The version the form was opened on (0: none published yet). */
  base_version: z.number().check(z.int(), z.gte(0)),
});

export interface BankAccount extends BankAccountInput {
  version: number;
  published_at: string;
  published_by: string;
}

export interface PaymentSettingsStore {
  bankAccount(): Promise<BankAccount | undefined>;
  /** Saves `account` as version base+1 if the stored version is still `baseVersion`; false otherwise. */
  saveBankAccount(account: BankAccount, baseVersion: number, audit: ReturnType<typeof auditEntry>): Promise<boolean>;
}

export const paymentSettingsMessages = {
  published: 'The bank account is published: delegates now see it at the bank transfer step and in their e-mails.',
  changedElsewhere: 'The bank account was changed in another window or by another organiser. Reload the page to see it, then make your change again.',
  transferClosed:
    'Bank transfer opens when the registration office publishes the congress bank account. Please pay by card, or choose "Pay later" and come back.',
} as const;

const tidy = (input: BankAccountInput): BankAccountInput => ({
  ...input,
  beneficiary: input.beneficiary.trim(),
  beneficiary_address: input.beneficiary_address.trim(),
  bank: input.bank.trim(),
  bank_address: input.bank_address.trim(),
  account_number: input.account_number.trim().replace(/\s+/g, ' '),
  swift: input.swift.trim().toUpperCase(),
});

/** Publishes the bank account (a new version), audited with the values before and after. */
export async function publishBankAccount(deps: { settings: PaymentSettingsStore }, actor: Actor, input: BankAccountInput, baseVersion: number, now: Date) {
  const before = await deps.settings.bankAccount();
  if ((before?.version ?? 0) !== baseVersion) throw conflict(paymentSettingsMessages.changedElsewhere);
  const account: BankAccount = { ...tidy(input), version: baseVersion + 1, published_at: now.toISOString(), published_by: actor.email ?? actor.id };
  const { version: _v, published_at: _a, published_by: _b, ...previous } = before ?? ({} as Partial<BankAccount>);
  const saved = await deps.settings.saveBankAccount(
    account,
    baseVersion,
    auditEntry({
      action: 'payment_settings.bank_account_published',
      actor,
      at: now,
      object: { type: 'payment_settings', id: 'bank_account' },
      before: before ? previous : undefined,
      after: tidy(input),
    }),
  );
  if (!saved) throw conflict(paymentSettingsMessages.changedElsewhere);
  return { message: paymentSettingsMessages.published, data: { bank_account: account } };
}

/** The account as a delegate sees it (who published it and its version are the office's). */
export function bankAccountForDelegates(account: BankAccount | undefined) {
  if (!account) return null;
  const { published_by: _who, version: _v, ...shown } = account;
  return shown;
}
export type PublishedBankAccount = NonNullable<ReturnType<typeof bankAccountForDelegates>>;

/** The lines of a mail or page that tell a delegate where to transfer (nothing invented when unpublished). */
export function bankDetailLines(account: BankAccount | undefined, reference: string, office: string): string[] {
  const lines = account
    ? [
        `Beneficiary: ${account.beneficiary}`,
        ...(account.beneficiary_address ? [`Beneficiary address: ${account.beneficiary_address}`] : []),
        `Bank: ${account.bank}`,
        `Bank address: ${account.bank_address}`,
        `Account number / IBAN: ${account.account_number}`,
        `SWIFT/BIC: ${account.swift}`,
        `Currency: ${account.currency}`,
      ]
    : [`Bank transfer opens when the registration office publishes the congress bank account (${office}); you can pay by card meanwhile.`];
  return [...lines, `Payment reference (write it in the transfer): ${reference}`];
}
