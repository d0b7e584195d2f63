/**
 * The one payments module of the product (this file: how every decision about money is taken and
 * written; the use cases are card-checkout.ts, transfers.ts, refunds.ts, provider-events.ts): card checkouts, bank transfers, refunds, and the card
 * provider's events. Every path (the delegate's pages, the provider's webhook, the registration
 * office) moves payments and refunds through model.ts and writes them with their subject's state
 * in one ledger transaction, so money is never lost or counted twice:
 *
 * - fulfilment re-reads the checkout from the provider, whoever asks (webhook or success page),
 *   and is safe to run any number of times;
 * - money that cannot pay its subject (already paid from another tab, a different amount or
 *   currency) is recorded as received and refunded in full at once, and the delegate is told;
 * - what follows a write (mails, an order's receipt or credit note) is written with it as money
 *   events (`LedgerWrite.events`, money-events.ts) and followed off the payment path, once each:
 *   a mail that fails is logged; it never blocks or undoes a state change;
 * - every write is made over the versions of the records (and the subject) it was decided on: a
 *   decision taken on a state that changed meanwhile is taken again from a fresh read
 *   (`decideAndCommit`), or refused with "changed meanwhile" when it was the delegate's.
 */
import { ACCOUNT_DELETING, deletionLeaseMessages } from '../accounts/deletion-lease';
import { conflict } from '../errors';
import {
  type Payment,
  type PaymentMethod,
  type Refund,
  type RefundReason,
  type RefundRequester,
  type Subject,
  subjectKinds,
} from './model';
import type { LedgerResult, LedgerWrite, Payable, PaymentsDeps, RecordWrite } from './ports';

export const paymentMessages = {
  justPaid: 'This order has just been paid. Please reload the page.',
  notPayable: 'This order cannot be paid in its current state.',
  providerDown: 'The card payment service did not answer. Please try again in a moment.',
  changed: 'This order was changed in another window or on another device. Please reload the page.',
  refundTooLarge: 'This refund is more than the payment can still give back. Please reload the page.',
} as const;

/** The refusal of money started while a deletion of the account is under way (core/accounts/deletion-lease.ts). */
export const accountDeleting = (by: 'delegate' | 'office' = 'delegate') => conflict(deletionLeaseMessages[by], { reason: ACCOUNT_DELETING });

/** Money a person starts for `subject` at `at`: refused while a deletion of its owner's account is under way. */
export const whileAccountLives = (subject: Subject, at: Date) => ({ ownerNotDeleting: { owner_id: subject.owner_id, at: at.toISOString() } });

/** How often a decision is taken again from a fresh read when its write lost a race. */
const ATTEMPTS = 6;

/** Metadata our checkouts and refunds carry, so that every provider object leads back to our records. */
export const metadataOf = (payment: Pick<Payment, 'id' | 'subject'>, refund?: Pick<Refund, 'id'>) => ({
  payment_id: payment.id,
  owner_id: payment.subject.owner_id,
  subject_kind: payment.subject.kind,
  subject_id: payment.subject.id,
  ...(refund ? { refund_id: refund.id } : {}),
});

/** The subject our metadata names (only kinds this module knows), or undefined for objects that are not ours. */
export function subjectOfMetadata(meta: Record<string, string>): Subject | undefined {
  const kind = subjectKinds.find((k) => k === meta.subject_kind);
  if (!kind || !meta.subject_id || !meta.owner_id || !meta.payment_id) return undefined;
  return { kind, id: meta.subject_id, owner_id: meta.owner_id };
}

export function newPayment(
  deps: PaymentsDeps,
  payable: Payable,
  method: PaymentMethod,
  at: Date,
  amount = payable.amount,
  state: 'created' | 'pending' = 'created',
): Payment {
  return {
    id: deps.newId(),
    subject: payable.subject,
    amount,
    currency: payable.currency,
    method,
    provider: method === 'card' ? 'stripe' : 'bank',
    provider_ids: {},
    state,
    version: 1,
    created_at: at.toISOString(),
    updated_at: at.toISOString(),
  };
}

export function newRefund(
  deps: PaymentsDeps,
  payment: Payment,
  amount: number,
  reason: RefundReason,
  by: RefundRequester,
  at: Date,
): Refund {
  return {
    id: deps.newId(),
    payment_id: payment.id,
    subject: payment.subject,
    amount,
    currency: payment.currency,
    method: payment.method,
    state: 'created',
    version: 1,
    reason,
    requested_by: by,
    created_at: at.toISOString(),
    updated_at: at.toISOString(),
  };
}

export const written = <T extends { version: number }>(record: T, read?: T): RecordWrite<T> => ({
  record,
  expect: read ? read.version : null,
  before: read ?? null,
});

export async function commitOrFail(deps: PaymentsDeps, write: LedgerWrite, what: string) {
  const result = await deps.ledger.commit(write);
  if (result !== 'ok') throw new Error(`${what}: ledger write refused (${result})`);
}

/** Everything a decision about a subject's money is taken on, read together. */
export interface Reading {
  payable: Payable | undefined;
  payments: Payment[];
  refunds: Refund[];
}

export async function read(deps: PaymentsDeps, subject: Subject): Promise<Reading> {
  // The subject first: a ledger write that moves it is then seen in the records read after it.
  const payable = await deps.payables.load(subject);
  return { payable, ...(await deps.ledger.ofSubject(subject)) };
}

/**
 * Takes a decision on a fresh reading and commits it; when the write loses a race (a record or
 * the subject moved since the reading), reads again and decides again. `decide` answers the
 * write and what to do once it is made, or null when there is nothing (more) to do.
 */
export async function decideAndCommit<T>(
  deps: PaymentsDeps,
  subject: Subject,
  decide: (reading: Reading) => { write: LedgerWrite; done: () => Promise<T> | T } | { result: T },
  onDuplicate: () => T,
  /** A reading just taken by the caller: the first decision is taken on it (the next ones read again). */
  first?: Reading,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const decision = decide(attempt === 1 && first ? first : await read(deps, subject));
    if ('result' in decision) return decision.result;
    const result: LedgerResult = await deps.ledger.commit(decision.write);
    if (result === 'ok') return decision.done();
    if (result === 'duplicate-event') return onDuplicate();
    if (result === 'account-deleting') throw accountDeleting();
    if (attempt >= ATTEMPTS) throw conflict(paymentMessages.changed);
  }
}
