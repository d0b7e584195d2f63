/**
 * The bank details as a mail lists them, in the mail's language (decision 0059): the words are
 * the catalogs', the values the office's. Apart from office/payment-settings.ts, which the web
 * imports: the server's catalogs stay out of the pages' bundle. English: the same lines as
 * bankDetailLines (a unit test compares them).
 */
import type { BankAccount } from '../office/payment-settings';
import type { Lang } from '../i18n/lang';
import { mailTranslator } from '../i18n/mail-messages';

export function bankMailLines(account: BankAccount | undefined, reference: string, office: string, lang: Lang = 'en'): string[] {
  const t = mailTranslator(lang);
  const lines = account
    ? [
        t('mail.bank.beneficiary', { value: account.beneficiary }),
        ...(account.beneficiary_address ? [t('mail.bank.beneficiaryAddress', { value: account.beneficiary_address })] : []),
        t('mail.bank.bank', { value: account.bank }),
        t('mail.bank.bankAddress', { value: account.bank_address }),
        t('mail.bank.accountNumber', { value: account.account_number }),
        t('mail.bank.swift', { value: account.swift }),
        t('mail.bank.currency', { value: account.currency }),
      ]
    : [t('mail.bank.closed', { office })];
  return [...lines, t('mail.bank.reference', { reference })];
}
