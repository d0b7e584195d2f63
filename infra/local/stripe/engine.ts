/**
 * What happens to sessions, payments and refunds, on Stripe's (the real) clock: paying with the
 * test cards and test bank accounts, delayed settlement, refunds (a card's succeeds at once, a
 * 5126 card's fails later, a bank debit's is pending until it settles), sessions that lapse at
 * `expires_at`. Every change that Stripe announces emits its event, as the configured API version
 * has them. Nothing here knows HTTP; the API, the hosted page and the control API all call these.
 */
import { availableMethods, chargeObject, intentObject, refundObject, stripeMoney, type Expander } from './objects';
import { invalid, missing, StripeError, type Json } from './params';
import { randomId, unixNow, type IntentRecord, type LineItemRecord, type PaymentMethodRecord, type RefundRecord, type SessionRecord, type Store, type WalletType } from './store';

/** Stripe's test cards that the local Stripe knows; any other number is "incorrect". */
export const TEST_CARDS = {
  pays: '4242424242424242',
  declined: '4000000000000002',
  refundsFail: '4000000000005126',
} as const;

/** Test bank accounts for the delayed method (a US bank debit): one settles, one fails. */
export const TEST_BANK_ACCOUNTS = { settles: '000123456789', fails: '000111111116' } as const;

/** A wallet's name as the hosted page and the errors say it. */
export const WALLET_NAMES: Record<WalletType, string> = { alipay: 'Alipay', wechat_pay: 'WeChat Pay' };

/**
 * How the buyer pays: a test card, a test bank account, or a wallet (Alipay, WeChat Pay) whose
 * test redirect page was answered "Authorize test payment".
 */
export type PayWith = { card: string } | { bank_account: string } | { wallet: WalletType };

/** What caused a change, for the event's `request` field. */
export interface Cause {
  requestId: string | null;
  idempotencyKey: string | null;
}
export const NO_CAUSE: Cause = { requestId: null, idempotencyKey: null };

/** Records an event; `previous` is the changed fields' old values (`data.previous_attributes`). */
export type Emit = (type: string, object: { [key: string]: Json }, cause: Cause, previous?: { [key: string]: Json }) => void;

/**
 * From API version 2024-10-28 (acacia), card refunds have their own events: `refund.created`,
 * `refund.updated`, `refund.failed`. Before, they announce themselves only through the charge
 * (`charge.refunded`, `charge.refund.updated`).
 */
export const REFUND_EVENTS_SINCE = '2024-10-28';

/** Whether API version `version` (`2026-10-28.endive`) is `date` (`YYYY-MM-DD`) or later. */
export const versionAtLeast = (version: string, date: string) => version.slice(0, 10) >= date;

/** What a new session is made of: the record less what Stripe sets itself. */
export type SessionInput = Omit<
  SessionRecord,
  'id' | 'created' | 'status' | 'payment_status' | 'amount_subtotal' | 'amount_total' | 'payment_intent' | 'line_items'
> & { line_items: Omit<LineItemRecord, 'id' | 'price' | 'product'>[] };

export interface RefundInput {
  payment_intent: string;
  amount?: number;
  reason: string | null;
  metadata: Record<string, string>;
}

const cardError = (message: string, code: string, extra: Record<string, string> = {}, param?: string) =>
  new StripeError(402, 'card_error', message, code, param, extra);

export class Engine {
  constructor(
    private readonly store: Store,
    private readonly objects: Expander,
    private readonly emit: Emit,
    private readonly timing: { refundSettleMs: number; asyncSettleMs: number },
    /** The API version events are made for (the webhook endpoint's). */
    private readonly apiVersion: string,
  ) {}

  /** Refund events of this API version: `refund.*` only from 2024-10-28. */
  private emitRefund(type: 'refund.created' | 'refund.updated' | 'refund.failed', refund: RefundRecord, cause: Cause, previous?: { [key: string]: Json }) {
    if (versionAtLeast(this.apiVersion, REFUND_EVENTS_SINCE)) this.emit(type, refundObject(refund), cause, previous);
  }

  private get state() {
    return this.store.state;
  }

  session(id: string): SessionRecord {
    const session = this.state.sessions[id];
    if (!session) throw missing('checkout.session', id);
    return session;
  }

  intent(id: string, param = 'id'): IntentRecord {
    const intent = this.state.intents[id];
    if (!intent) throw missing('payment_intent', id, param);
    return intent;
  }

  refund(id: string): RefundRecord {
    const refund = this.state.refunds[id];
    if (!refund) throw missing('refund', id);
    return refund;
  }

  createSession(input: SessionInput): SessionRecord {
    const lineItems = input.line_items.map((item) => ({ ...item, id: randomId('li_'), price: randomId('price_'), product: randomId('prod_') }));
    const total = lineItems.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0);
    const session: SessionRecord = {
      id: randomId('cs_test_', 56),
      created: unixNow(),
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: total,
      amount_total: total,
      payment_intent: null,
      ...input,
      line_items: lineItems,
    };
    this.state.sessions[session.id] = session;
    return session;
  }

  private emitSession(type: string, session: SessionRecord, cause: Cause) {
    this.emit(type, this.objects.session(session), cause);
  }

  /** Ends an open session (the API's expire, or its `expires_at` passing). */
  expire(id: string, cause: Cause): SessionRecord {
    const session = this.session(id);
    if (session.status !== 'open')
      throw invalid(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      );
    session.status = 'expired';
    this.emitSession('checkout.session.expired', session, cause);
    return session;
  }

  /** Moves `expires_at` to now: the session then lapses as if its time had run out (tests). */
  lapse(id: string) {
    const session = this.session(id);
    if (session.status === 'open') session.expires_at = Math.min(session.expires_at, unixNow());
    this.runDue();
  }

  /** The open session, or why it can no longer be paid. */
  private payable(id: string): SessionRecord {
    this.runDue();
    const session = this.session(id);
    if (session.status === 'expired') throw invalid('This Checkout Session has expired.');
    if (session.status === 'complete') throw invalid('This Checkout Session is already complete.');
    return session;
  }

  /** Pays an open session as the hosted page does; a declined or unknown card throws a card error. */
  pay(id: string, how: PayWith, cause: Cause = NO_CAUSE): SessionRecord {
    const session = this.payable(id);
    const allowed = availableMethods(session);
    if (session.amount_total === 0) {
      session.status = 'complete';
      session.payment_status = 'no_payment_required';
      this.emitSession('checkout.session.completed', session, cause);
      return session;
    }
    let method: PaymentMethodRecord;
    if ('card' in how) {
      if (!allowed.includes('card')) throw invalid('This Checkout Session does not accept cards.');
      const number = how.card.replace(/[\s-]/g, '');
      if (number === TEST_CARDS.declined) throw cardError('Your card was declined.', 'card_declined', { decline_code: 'generic_decline' });
      if (number !== TEST_CARDS.pays && number !== TEST_CARDS.refundsFail)
        throw cardError('Your card number is incorrect.', 'incorrect_number', {}, 'number');
      method = { type: 'card', number };
    } else if ('wallet' in how) {
      method = { type: this.wallet(session, how.wallet) } as PaymentMethodRecord;
    } else {
      if (!allowed.includes('us_bank_account')) throw invalid('This Checkout Session does not accept bank debits.');
      const account = how.bank_account.replace(/[\s-]/g, '');
      if (account !== TEST_BANK_ACCOUNTS.settles && account !== TEST_BANK_ACCOUNTS.fails)
        throw invalid('Your bank account number is incorrect.', undefined, 'bank_account');
      method = { type: 'us_bank_account', account, outcome: account === TEST_BANK_ACCOUNTS.settles ? 'succeeded' : 'failed' };
    }
    const delayed = method.type === 'us_bank_account';
    const created = unixNow();
    // A payment attempt that failed before (a wallet not authorised) left its intent on the
    // session: the next attempt is made on that intent, as Checkout does.
    const earlier = session.payment_intent ? this.state.intents[session.payment_intent] : undefined;
    const intent: IntentRecord = {
      id: earlier?.id ?? randomId('pi_test_'),
      created: earlier?.created ?? created,
      session: session.id,
      amount: session.amount_total,
      amount_received: delayed ? 0 : session.amount_total,
      currency: session.currency,
      status: delayed ? 'processing' : 'succeeded',
      metadata: { ...session.intent_metadata },
      description: session.intent_description,
      latest_charge: randomId('ch_test_'),
      method,
      settles_at_ms: delayed ? Date.now() + this.timing.asyncSettleMs : null,
    };
    this.state.intents[intent.id] = intent;
    this.state.charges[intent.latest_charge!] = {
      id: intent.latest_charge!,
      created,
      payment_intent: intent.id,
      amount: intent.amount,
      amount_refunded: 0,
      currency: intent.currency,
      status: delayed ? 'pending' : 'succeeded',
      metadata: { ...intent.metadata },
      method,
    };
    session.status = 'complete';
    session.payment_status = delayed ? 'unpaid' : 'paid';
    session.payment_intent = intent.id;
    this.emitSession('checkout.session.completed', session, cause);
    return session;
  }

  /** The wallet, if this session offers it (allowed, and WeChat Pay with its web client). */
  private wallet(session: SessionRecord, wallet: WalletType): WalletType {
    if (!availableMethods(session).includes(wallet)) throw invalid(`This Checkout Session does not accept ${WALLET_NAMES[wallet]}.`);
    return wallet;
  }

  /**
   * The buyer answered the wallet's test redirect page "Fail test payment": the attempt fails at
   * once (a redirect wallet notifies immediately). The session stays open for another attempt;
   * its payment intent is left requiring a payment method, with the error, and
   * `payment_intent.payment_failed` is announced. No charge, no money.
   */
  failWallet(id: string, wallet: WalletType, cause: Cause = NO_CAUSE): SessionRecord {
    const session = this.payable(id);
    const method = { type: this.wallet(session, wallet) } as PaymentMethodRecord;
    const earlier = session.payment_intent ? this.state.intents[session.payment_intent] : undefined;
    const intent: IntentRecord = {
      id: earlier?.id ?? randomId('pi_test_'),
      created: earlier?.created ?? unixNow(),
      session: session.id,
      amount: session.amount_total,
      amount_received: 0,
      currency: session.currency,
      status: 'requires_payment_method',
      metadata: { ...session.intent_metadata },
      description: session.intent_description,
      latest_charge: null,
      method,
      settles_at_ms: null,
    };
    this.state.intents[intent.id] = intent;
    session.payment_intent = intent.id;
    this.emit('payment_intent.payment_failed', intentObject(intent), cause);
    return session;
  }

  createRefund(input: RefundInput, cause: Cause): RefundRecord {
    const intent = this.intent(input.payment_intent, 'payment_intent');
    const charge = intent.latest_charge ? this.state.charges[intent.latest_charge] : undefined;
    if (!charge || charge.status !== 'succeeded')
      throw invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, undefined, 'payment_intent');
    const remaining = charge.amount - charge.amount_refunded;
    if (remaining <= 0) throw invalid(`Charge ${charge.id} has already been refunded.`, 'charge_already_refunded');
    const amount = input.amount ?? remaining;
    if (amount > remaining)
      throw invalid(
        `Refund amount (${stripeMoney(amount, charge.currency)}) is greater than unrefunded amount on charge (${stripeMoney(remaining, charge.currency)})`,
        'amount_too_large',
        'amount',
      );
    // A card or wallet refund succeeds at once (a 5126 card's too, until it fails later); a bank
    // debit's is pending until it settles.
    const method = charge.method;
    const atOnce = method.type !== 'us_bank_account';
    const later = method.type === 'us_bank_account' || (method.type === 'card' && method.number === TEST_CARDS.refundsFail);
    const refund: RefundRecord = {
      id: randomId('re_test_'),
      created: unixNow(),
      charge: charge.id,
      payment_intent: intent.id,
      amount,
      currency: charge.currency,
      status: atOnce ? 'succeeded' : 'pending',
      reason: input.reason,
      metadata: input.metadata,
      failure_reason: null,
      settles_at_ms: later ? Date.now() + this.timing.refundSettleMs : null,
    };
    this.state.refunds[refund.id] = refund;
    charge.amount_refunded += amount;
    this.emitRefund('refund.created', refund, cause);
    this.emit('charge.refunded', chargeObject(charge), cause);
    return refund;
  }

  /**
   * Does whatever is due by now: lapsed sessions expire, delayed payments and refunds settle.
   * Returns whether anything changed.
   */
  runDue(): boolean {
    if (this.nextDueMs() > Date.now()) return false;
    const nowMs = Date.now();
    for (const session of Object.values(this.state.sessions))
      if (session.status === 'open' && session.expires_at * 1000 <= nowMs) this.expire(session.id, NO_CAUSE);
    for (const intent of Object.values(this.state.intents))
      if (intent.settles_at_ms !== null && intent.settles_at_ms <= nowMs) this.settlePayment(intent);
    for (const refund of Object.values(this.state.refunds))
      if (refund.settles_at_ms !== null && refund.settles_at_ms <= nowMs) this.settleRefund(refund);
    return true;
  }

  /** When `runDue` next has work (ms since epoch), or Infinity. */
  nextDueMs(): number {
    let next = Infinity;
    for (const session of Object.values(this.state.sessions)) if (session.status === 'open') next = Math.min(next, session.expires_at * 1000);
    for (const item of [...Object.values(this.state.intents), ...Object.values(this.state.refunds)])
      if (item.settles_at_ms !== null) next = Math.min(next, item.settles_at_ms);
    return next;
  }

  private settlePayment(intent: IntentRecord) {
    intent.settles_at_ms = null;
    const session = this.session(intent.session);
    const charge = this.state.charges[intent.latest_charge!]!;
    const succeeded = intent.method.type === 'us_bank_account' && intent.method.outcome === 'succeeded';
    if (succeeded) {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      charge.status = 'succeeded';
      session.payment_status = 'paid';
    } else {
      intent.status = 'requires_payment_method';
      charge.status = 'failed';
    }
    this.emitSession(succeeded ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed', session, NO_CAUSE);
  }

  /**
   * A refund's later outcome: a 5126 card's fails (`expired_or_canceled_card`, its amount
   * refundable again), a bank debit's succeeds. Events: `refund.updated`, `refund.failed` (when it
   * failed), then `charge.refund.updated`, each with the refund; the two `.updated` ones with its
   * previous status (`data.previous_attributes`).
   */
  private settleRefund(refund: RefundRecord) {
    refund.settles_at_ms = null;
    const charge = this.state.charges[refund.charge]!;
    const previous = { status: refund.status };
    const fails = charge.method.type === 'card' && charge.method.number === TEST_CARDS.refundsFail;
    if (fails) {
      refund.status = 'failed';
      refund.failure_reason = 'expired_or_canceled_card';
      charge.amount_refunded -= refund.amount;
    } else {
      refund.status = 'succeeded';
    }
    if (refund.status === previous.status) return;
    this.emitRefund('refund.updated', refund, NO_CAUSE, previous);
    if (fails) this.emitRefund('refund.failed', refund, NO_CAUSE);
    this.emit('charge.refund.updated', refundObject(refund), NO_CAUSE, previous);
  }

  /** The refunds of one payment (all without one), newest first. */
  refundsOf(paymentIntent: string | undefined) {
    return newestFirst(Object.values(this.state.refunds).filter((r) => paymentIntent === undefined || r.payment_intent === paymentIntent));
  }

  sessionsOf(paymentIntent: string | undefined) {
    return newestFirst(Object.values(this.state.sessions).filter((s) => paymentIntent === undefined || s.payment_intent === paymentIntent));
  }
}

/** Records are kept in the order they were made: newest first is that order reversed. */
const newestFirst = <T extends { created: number }>(records: T[]) => records.reverse().sort((a, b) => b.created - a.created);
