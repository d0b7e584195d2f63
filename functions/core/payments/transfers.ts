/** Bank transfers: the delegate says one is on its way; the office finds it on the statement. */
import { AppError, conflict } from '../errors';
import { movePayment, netReceived, type Payment, type Subject } from './model';
import type { Payable, PaymentsDeps, SubjectChange } from './ports';
import { paymentMessages, newPayment, newRefund, written, decideAndCommit, accountDeleting, whileAccountLives } from './ledger-decisions';

/**
 * A transfer is on its way: a pending transfer payment of what the subject costs, with its change.
 * The delegate's "Done" starts money: refused while a deletion of the account is under way. The
 * office noting money that already arrived (`by: 'bank'`) is recorded whatever happens to the account.
 */
export async function noteTransfer(deps: PaymentsDeps, payable: Payable, change: SubjectChange, at: Date, by: 'delegate' | 'bank' = 'delegate') {
  const payment = newPayment(deps, payable, 'transfer', at, payable.amount, 'pending');
  const result = await deps.ledger.commit({ payments: [written(payment)], subject: change, ...(by === 'delegate' ? whileAccountLives(payable.subject, at) : {}) });
  if (result === 'account-deleting') throw accountDeleting();
  if (result !== 'ok') throw conflict(paymentMessages.changed);
  return payment;
}

export type TransferOutcome = 'paid' | 'incomplete';

/**
 * What a transfer of `arrived` does to a subject that awaits `awaited` (what it costs less what it
 * holds; cents): it is paid when the transfer covers it (more is a surplus to give back),
 * otherwise `missing` is still awaited. `confirmTransfer` books by this rule, and the office's
 * confirmation says it before anything is booked.
 */
export function transferOutcome(awaited: number, arrived: number): { outcome: TransferOutcome; missing: number; excess: number } {
  return arrived >= awaited ? { outcome: 'paid', missing: 0, excess: arrived - awaited } : { outcome: 'incomplete', missing: awaited - arrived, excess: 0 };
}

/**
 * The registration office found a transfer on the bank statement: `amount` is what arrived. It
 * is recorded as received; the subject is paid when what it holds now covers what it costs (more
 * than that is given back by the office: a surplus refund of the difference); when it does not,
 * the subject keeps waiting, with a new pending transfer payment of what is still missing.
 */
export async function confirmTransfer(
  deps: PaymentsDeps,
  paymentId: string,
  subject: Subject,
  amount: number,
  at: Date,
  mark: Pick<Payment, 'statement_line'> = {},
) {
  if (!Number.isInteger(amount) || amount <= 0)
    throw new AppError('validation', 'The amount received must be more than zero.');
  return decideAndCommit(
    deps,
    subject,
    ({ payable, payments, refunds }) => {
      const payment = payments.find((p) => p.id === paymentId);
      if (!payable || !payment || payment.method !== 'transfer' || payment.state !== 'pending')
        throw conflict(paymentMessages.notPayable);
      const confirmed = movePayment(payment, 'confirmed', at, { amount, ...mark });
      const { outcome, missing, excess } = transferOutcome(payable.amount - netReceived(payments, refunds), amount);
      if (outcome === 'paid') {
        const change = deps.payables.paid(payable, confirmed, at);
        if (!change) throw conflict(paymentMessages.notPayable);
        const refund = excess > 0 ? newRefund(deps, confirmed, excess, 'surplus', 'system', at) : undefined;
        return {
          write: {
            payments: [written(confirmed, payment)],
            refunds: refund ? [written(refund)] : [],
            subject: change,
            events: [{ kind: 'payment-received', payable, payment: confirmed, at }, ...(refund ? [{ kind: 'surplus-refunded' as const, payable, payment: confirmed, refund, at }] : [])],
          },
          done: () => ({ outcome: 'paid' as TransferOutcome, payment: confirmed, missing: 0, excess }),
        };
      }
      const waiting: Payment = { ...newPayment(deps, payable, 'transfer', at, missing, 'pending'), rest_of: payment.id };
      return {
        write: {
          payments: [written(confirmed, payment), written(waiting)],
          subject: deps.payables.holds(payable, at),
          events: [{ kind: 'payment-incomplete', payable, payment: waiting, arrived: confirmed, at }],
        },
        done: () => ({ outcome: 'incomplete' as TransferOutcome, payment: confirmed, missing, excess: 0 }),
      };
    },
    () => {
      throw conflict(paymentMessages.changed);
    },
  );
}
