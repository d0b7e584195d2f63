/**
 * The facts of a payment or a refund as every money mail lists them, made from the ledger record
 * itself, never from what the subject costs (the model-based money test reads them back from the
 * sent mails and compares them with the ledger: test/support/money-mails.ts). In the mail's
 * language (decision 0059); the amount is always US$.
 */
import { formatMoney } from '../money';
import type { Lang } from '../i18n/lang';
import { mailTranslator } from '../i18n/mail-messages';
import type { Payment, PaymentMethod, Refund } from './model';

export const methodName = (m: PaymentMethod, lang: Lang = 'en') => mailTranslator(lang)(m === 'card' ? 'mail.money.method.card' : 'mail.money.method.transfer');

export const moneyItems = (r: Pick<Payment | Refund, 'amount' | 'method'>, lang: Lang = 'en') => {
  const t = mailTranslator(lang);
  return [t('mail.money.amount', { amount: formatMoney(r.amount, 'USD') }), t('mail.money.method', { method: methodName(r.method, lang) })];
};
