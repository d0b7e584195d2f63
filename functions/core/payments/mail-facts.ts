/**
 * The facts of a payment or a refund as every money mail lists them, made from the ledger record
 * itself, never from what the subject costs (the model-based money test reads them back from the
 * sent mails and compares them with the ledger: test/support/money-mails.ts).
 */
import { formatMoney } from '../money';
import type { Payment, PaymentMethod, Refund } from './model';

export const methodName = (m: PaymentMethod) => (m === 'card' ? 'card' : 'bank transfer');

export const moneyItems = (r: Pick<Payment | Refund, 'amount' | 'method'>) => [`Amount: ${formatMoney(r.amount, 'USD')}`, `Method: ${methodName(r.method)}`];
