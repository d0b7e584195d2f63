/**
 * The payments module: records of money kept apart from what they pay for (as pretix keeps
 * OrderPayment and OrderRefund apart from Order). A payment or refund moves only along the arrows
 * below, and the thing it pays for (the subject: a registration order now, the older flow's fees
 * and dinners later) changes state in the same transaction as the payment or refund that causes it.
 *
 *   payment: created ─▶ pending ─▶ confirmed ◀─▶ refunded   (back to confirmed when a refund that
 *                  │        │                            had succeeded fails after all)
 *                  └────────┴──▶ failed | canceled ─▶ confirmed (money that arrived for an attempt
 *                                                     given up: it is counted, or refunded in full)
 *   refund:  created ─▶ pending ─▶ done ─▶ failed     (created ─▶ failed when the provider refuses at
 *                                                     once; done ─▶ failed when a card refund that
 *                                                     succeeded is returned by the card's bank later)
 *
 * Every record carries a version: a write is made only over the version it was read at, and
 * every write moves it (storage/ledger.ts). The rules that must hold over any interleaving of
 * writes are in invariants.ts.
 */

/**
 * What a payment pays for. The kind says which module owns it (payables-by-kind.ts): a 2024
 * registration order, or a registration by category's fee or its dinners.
 */
export const subjectKinds = ['order', 'registration-fee', 'registration-dinners'] as const;
export type SubjectKind = (typeof subjectKinds)[number];

export interface Subject {
  kind: SubjectKind;
  id: string;
  owner_id: string;
}

export type PaymentMethod = 'card' | 'transfer';
export type PaymentState = 'created' | 'pending' | 'confirmed' | 'failed' | 'canceled' | 'refunded';
export type RefundState = 'created' | 'pending' | 'done' | 'failed';

export interface Payment {
  id: string;
  subject: Subject;
  /** In cents of `currency`. */
  amount: number;
  currency: 'USD';
  method: PaymentMethod;
  provider: 'stripe' | 'bank';
  /** The card provider's ids: checkout session, then payment intent once paid. */
  provider_ids: { checkout_session?: string; payment_intent?: string };
  state: PaymentState;
  /** Moves by one with every write of the record; a write is made only over the version read. */
  version: number;
  /** Card: the checkout address the delegate is sent to while the payment is pending. */
  checkout_url?: string;
  /**
   * Card: the wallet it was paid with through the provider's checkout (Alipay, WeChat Pay), when
   * the provider said so. The method stays `card`: refunds, reconciliation and documents treat it as one.
   */
  wallet?: 'alipay' | 'wechat_pay';
  /**
   * Why a confirmed payment did not pay its subject: the subject was already paid (two tabs),
   * or the amount or currency received differed. Such money is refunded in full automatically.
   */
  surplus?: 'already-paid' | 'amount-mismatch' | 'not-payable';
  /** The bank statement line that brought this transfer (office import): a re-run finds it booked. */
  statement_line?: string;
  /** A transfer awaited for the rest of an order after part of it arrived (the id of the part's payment). */
  rest_of?: string;
  created_at: string;
  updated_at: string;
  confirmed_at?: string;
}

/** cancellation: the delegate cancelled; surplus: money we could not count; external: made in the provider's dashboard. */
export type RefundReason = 'cancellation' | 'surplus' | 'external';
export type RefundRequester = 'delegate' | 'office' | 'system' | 'provider';

export interface Refund {
  id: string;
  payment_id: string;
  subject: Subject;
  amount: number;
  currency: 'USD';
  method: PaymentMethod;
  state: RefundState;
  /** Moves by one with every write of the record; a write is made only over the version read. */
  version: number;
  reason: RefundReason;
  requested_by: RefundRequester;
  /** Why the office gave back another amount than the policy's (it says so to the delegate too). */
  note?: string;
  /** A refund by bank transfer: the account the office recorded it as sent to (holder, bank, the account's last digits). */
  paid_to?: string;
  provider_refund_id?: string;
  failure_reason?: string;
  created_at: string;
  updated_at: string;
  done_at?: string;
}

const paymentMoves: Record<PaymentState, readonly PaymentState[]> = {
  created: ['pending', 'failed', 'canceled'],
  pending: ['confirmed', 'failed', 'canceled'],
  confirmed: ['refunded'],
  failed: [],
  canceled: ['confirmed'],
  refunded: ['confirmed'],
};

const refundMoves: Record<RefundState, readonly RefundState[]> = {
  created: ['pending', 'failed', 'done'],
  pending: ['done', 'failed'],
  done: ['failed'],
  failed: [],
};

export class TransitionRefused extends Error {
  constructor(what: string, from: string, to: string) {
    super(`${what} cannot move from ${from} to ${to}`);
    this.name = 'TransitionRefused';
  }
}

/** The payment in its next state, or a refusal: the one function every path moves payments with. */
export function movePayment(payment: Payment, to: PaymentState, at: Date, set: Partial<Payment> = {}): Payment {
  if (!paymentMoves[payment.state].includes(to)) throw new TransitionRefused('A payment', payment.state, to);
  const confirmedAt = to === 'confirmed' && !payment.confirmed_at ? { confirmed_at: at.toISOString() } : {};
  return { ...payment, ...set, state: to, version: payment.version + 1, updated_at: at.toISOString(), ...confirmedAt };
}

/** The same payment written again in its state (its refunds changed): the version still moves. */
export const touchPayment = (payment: Payment, at: Date): Payment => ({ ...payment, version: payment.version + 1, updated_at: at.toISOString() });

export const canMovePayment = (payment: Payment, to: PaymentState) => paymentMoves[payment.state].includes(to);

/**
 * Whether money arriving for this payment is news: it has not been received yet. (A refunded
 * payment may move back to confirmed, but only because a refund of it failed, never because its
 * money is reported again.)
 */
export const awaitsMoney = (payment: Payment) => payment.state !== 'confirmed' && payment.state !== 'refunded' && canMovePayment(payment, 'confirmed');

export function moveRefund(refund: Refund, to: RefundState, at: Date, set: Partial<Refund> = {}): Refund {
  if (!refundMoves[refund.state].includes(to)) throw new TransitionRefused('A refund', refund.state, to);
  return { ...refund, ...set, state: to, version: refund.version + 1, updated_at: at.toISOString(), ...(to === 'done' ? { done_at: at.toISOString() } : {}) };
}

export const canMoveRefund = (refund: Refund, to: RefundState) => refundMoves[refund.state].includes(to);

// ---------------------------------------------------------------------------------------------
// What the records say about money (derived, never stored: the records are the truth)

/** Money a payment brought in: its amount once confirmed (also when refunded since). */
export const received = (payment: Payment) => (payment.state === 'confirmed' || payment.state === 'refunded' ? payment.amount : 0);

/** A refund that still gives (or gave) money back: every state but failed. */
export const refundHolds = (refund: Refund) => refund.state !== 'failed';

/** What was given back, or is on its way back, from one payment. */
export const refundedFrom = (payment: Pick<Payment, 'id'>, refunds: readonly Refund[]) =>
  refunds.filter((r) => r.payment_id === payment.id && refundHolds(r)).reduce((sum, r) => sum + r.amount, 0);

/** What can still be given back from one payment: received less what was (or is being) refunded. */
export const refundable = (payment: Payment, refunds: readonly Refund[]) => Math.max(0, received(payment) - refundedFrom(payment, refunds));

/** Payments whose money pays the subject (not money recorded only to be given back). */
export const counted = (payments: readonly Payment[]) => payments.filter((p) => !p.surplus);

/** Net money the subject holds: what its counted payments brought in, less what went back from them. */
export const netReceived = (payments: readonly Payment[], refunds: readonly Refund[]) =>
  counted(payments).reduce((sum, p) => sum + received(p) - refundedFrom(p, refunds), 0);
