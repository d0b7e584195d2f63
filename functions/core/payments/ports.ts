/**
 * What the payments module needs from the outside: the ledger (payments, refunds and the
 * subject's state, written together), the card provider, and the subject's own module.
 */
import type { Logger } from '../accounts/ports';
import type { Payment, Refund, Subject } from './model';

/**
 * A subject's version: the one it was read at (`base`) and the one a write moves it to (`next`).
 * A write over another version than `base` is refused: whoever read the subject earlier lost.
 */
export interface SubjectVersion {
  base: string;
  next: string;
}

/** A change of the subject that must happen with the payment or refund that causes it. */
export interface SubjectChange {
  subject: Subject;
  /** The state it must still be in. */
  from: number;
  /** Its state after the write (the same as `from` when only the money it holds changed). */
  to: number;
  version: SubjectVersion;
  /** Other fields set on the subject in the same write (e.g. paid_at, payment_method). */
  set?: Record<string, string | number | null>;
  /**
   * The subject gives back (`free`) or takes again (`take`) its place among its owner's limited
   * ones, in the same write (a cancelled order holds no place; one whose refund failed holds it again).
   */
  place?: 'free' | 'take';
  /**
   * The subject as its module read it (before `set`): what the subject's own module keeps beside
   * it (the office's lists of orders) is written again from it with the change, in the same write.
   */
  record?: object;
}

/** A ledger record written over the version it was read at (null: it must be new). */
export interface RecordWrite<T> {
  record: T;
  expect: number | null;
  /** The record as it was read (null: new): what the write changes (the office's counters move by the difference). */
  before: T | null;
}

/** One atomic write of the ledger: all of it happens, or none. */
export interface LedgerWrite {
  payments?: RecordWrite<Payment>[];
  refunds?: RecordWrite<Refund>[];
  subject?: SubjectChange;
  /** The subject must still be at this version, unchanged (e.g. a payment made for its amount). */
  subjectUnchanged?: { subject: Subject; version: string };
  /** A card provider's event applied with this write: the same event id is never applied twice. */
  eventId?: string;
  /**
   * What follows the write (its mails, an order's receipt or credit note): kept in the same
   * transaction as money events (core/payments/money-events.ts), followed off the payment path
   * by the money-events worker, once each.
   */
  events?: PaymentMail[];
  /**
   * Money a person starts (a checkout, a transfer "Done", a refund asked for): only while no
   * deletion of the owner's account is under way at `at` (core/accounts/deletion-lease.ts).
   * Never set on what the provider or the bank reports: money that moved is always recorded.
   */
  ownerNotDeleting?: { owner_id: string; at: string };
}

export interface SubjectLedger {
  payments: Payment[];
  refunds: Refund[];
}

/** `account-deleting`: the write's `ownerNotDeleting` failed (a deletion of the account holds it). */
export type LedgerResult = 'ok' | 'conflict' | 'duplicate-event' | 'account-deleting';

export interface Ledger {
  commit(write: LedgerWrite): Promise<LedgerResult>;
  /** Records an event that changed nothing, so that a redelivery is recognised. */
  markEvent(eventId: string): Promise<'ok' | 'duplicate-event'>;
  payment(subject: Subject, id: string): Promise<Payment | undefined>;
  refund(subject: Subject, id: string): Promise<Refund | undefined>;
  /** Payments and refunds of one subject, oldest first. */
  ofSubject(subject: Subject): Promise<SubjectLedger>;
  /** Payments and refunds of all of an owner's subjects of a kind, by subject id (one read). */
  ofOwner(ownerId: string, kind: Subject['kind']): Promise<Map<string, SubjectLedger>>;
}

export interface CheckoutSession {
  id: string;
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  amountTotal: number;
  /** Lower case, as the provider answers (usd). */
  currency: string;
  paymentIntent: string | null;
  metadata: Record<string, string>;
  /** The wallet a paid checkout was paid with (Alipay, WeChat Pay), when the provider says; absent for a card. */
  wallet?: Wallet | null;
}

/** Wallets the card provider's checkout takes besides cards; their money is handled as a card's. */
export type Wallet = 'alipay' | 'wechat_pay';

export interface ProviderRefund {
  id: string;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
  amount: number;
  paymentIntent: string | null;
  metadata: Record<string, string>;
  failureReason: string | null;
}

export interface CheckoutLine {
  name: string;
  unitAmount: number;
  quantity: number;
}

/** The card provider (Stripe through its SDK; locally the same SDK against the local Stripe). */
export interface CardGateway {
  createCheckout(input: {
    idempotencyKey: string;
    lines: CheckoutLine[];
    currency: 'USD';
    metadata: Record<string, string>;
    clientReference: string;
    customerEmail?: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<CheckoutSession>;
  readCheckout(id: string): Promise<CheckoutSession>;
  /** Ends an open checkout; answers it as it is now (it may have completed meanwhile). */
  expireCheckout(id: string): Promise<CheckoutSession>;
  createRefund(input: { idempotencyKey: string; paymentIntent: string; amount: number; metadata: Record<string, string> }): Promise<ProviderRefund>;
  readRefund(id: string): Promise<ProviderRefund>;
  listRefunds(paymentIntent: string): Promise<ProviderRefund[]>;
  /** The metadata our checkout put on a payment intent (refunds made in the provider's dashboard carry none). */
  paymentIntentMetadata(id: string): Promise<Record<string, string>>;
}

/** Something payments pay for, as its own module sees it. */
export interface Payable<Record = unknown> {
  subject: Subject;
  /** The subject as its module stores it (its mails are written from it). */
  record: Record;
  /** Its current state (e.g. an order's payment_status). */
  status: number;
  /** Whether it waits for money in that state (an order: Unpaid); money for one that does not is "already paid". */
  awaitsPayment: boolean;
  /** The version it was read at (an order's updated_at): every change is made over it. */
  version: string;
  /** What it costs now, in cents. */
  amount: number;
  currency: 'USD';
  /** Shown on mails and at checkout. */
  title: string;
  lines: CheckoutLine[];
  /** Where mails about its payments go. */
  email: string;
}

/**
 * The subject's module answers for its states: whether it can be paid and what paying,
 * refunding and a failed refund change (null: not allowed now).
 */
export interface PayableModule {
  load(subject: Subject): Promise<Payable | undefined>;
  paid(payable: Payable, payment: Payment, at: Date): SubjectChange | null;
  refunding(payable: Payable, refund: Refund, at: Date): SubjectChange | null;
  refunded(payable: Payable, refund: Refund, at: Date): SubjectChange | null;
  refundFailed(payable: Payable, refund: Refund, at: Date): SubjectChange | null;
  /** The money it holds changed but not its state (a part of a transfer arrived): its version moves. */
  holds(payable: Payable, at: Date): SubjectChange;
}

export interface PaymentMail {
  kind: 'payment-received' | 'payment-incomplete' | 'payment-failed' | 'surplus-refunded' | 'refund-requested' | 'refund-completed' | 'refund-failed';
  payable: Payable;
  payment: Payment;
  refund?: Refund;
  /** payment-incomplete: the part of the transfer that arrived (`payment` is the rest awaited). */
  arrived?: Payment;
  at: Date;
}

export interface PaymentsDeps {
  ledger: Ledger;
  gateway: CardGateway;
  payables: PayableModule;
  newId(): string;
  log: Logger;
}
