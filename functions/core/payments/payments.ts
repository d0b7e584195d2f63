/**
 * The one payments module of the product: card checkouts, bank transfers, refunds, and the card
 * provider's events. Every path (the delegate's pages, the provider's webhook, the registration
 * office) moves payments and refunds through model.ts and writes them with their subject's state
 * in one ledger transaction, so money is never lost or counted twice:
 *
 * - fulfilment re-reads the checkout from the provider, whoever asks (webhook or success page),
 *   and is safe to run any number of times;
 * - money that cannot pay its subject (already paid from another tab, a different amount or
 *   currency) is recorded as received and refunded in full at once, and the delegate is told;
 * - a mail that fails is logged; it never blocks or undoes a state change;
 * - every write is made over the versions of the records (and the subject) it was decided on: a
 *   decision taken on a state that changed meanwhile is taken again from a fresh read
 *   (`decideAndCommit`), or refused with "changed meanwhile" when it was the delegate's.
 */
import { AppError, conflict } from '../errors';
import {
  awaitsMoney,
  canMovePayment,
  canMoveRefund,
  movePayment,
  moveRefund,
  netReceived,
  received,
  refundable,
  touchPayment,
  type Payment,
  type PaymentMethod,
  type Refund,
  type RefundReason,
  type RefundRequester,
  type Subject,
} from './model';
import type { CheckoutSession, LedgerResult, LedgerWrite, Payable, PaymentMail, PaymentsDeps, ProviderRefund, RecordWrite, SubjectChange } from './ports';

export const paymentMessages = {
  justPaid: 'This order has just been paid. Please reload the page.',
  notPayable: 'This order cannot be paid in its current state.',
  providerDown: 'The card payment service did not answer. Please try again in a moment.',
  changed: 'This order was changed in another window or on another device. Please reload the page.',
  refundTooLarge: 'This refund is more than the payment can still give back. Please reload the page.',
} as const;

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
function subjectOf(meta: Record<string, string>): Subject | undefined {
  if (meta.subject_kind !== 'order' || !meta.subject_id || !meta.owner_id || !meta.payment_id) return undefined;
  return { kind: 'order', id: meta.subject_id, owner_id: meta.owner_id };
}

async function notify(deps: PaymentsDeps, mail: PaymentMail) {
  try {
    await deps.notify(mail);
  } catch (error) {
    deps.log.error('payment mail not sent', { kind: mail.kind, payment_id: mail.payment.id, error: (error as Error).message });
  }
}

function newPayment(deps: PaymentsDeps, payable: Payable, method: PaymentMethod, at: Date, amount = payable.amount, state: 'created' | 'pending' = 'created'): Payment {
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

function newRefund(deps: PaymentsDeps, payment: Payment, amount: number, reason: RefundReason, by: RefundRequester, at: Date): Refund {
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

const written = <T extends { version: number }>(record: T, read?: T): RecordWrite<T> => ({ record, expect: read ? read.version : null, before: read ?? null });

async function commitOrFail(deps: PaymentsDeps, write: LedgerWrite, what: string) {
  const result = await deps.ledger.commit(write);
  if (result !== 'ok') throw new Error(`${what}: ledger write refused (${result})`);
}

/** Everything a decision about a subject's money is taken on, read together. */
interface Reading {
  payable: Payable | undefined;
  payments: Payment[];
  refunds: Refund[];
}

async function read(deps: PaymentsDeps, subject: Subject): Promise<Reading> {
  // The subject first: a ledger write that moves it is then seen in the records read after it.
  const payable = await deps.payables.load(subject);
  return { payable, ...(await deps.ledger.ofSubject(subject)) };
}

/**
 * Takes a decision on a fresh reading and commits it; when the write loses a race (a record or
 * the subject moved since the reading), reads again and decides again. `decide` answers the
 * write and what to do once it is made, or null when there is nothing (more) to do.
 */
async function decideAndCommit<T>(
  deps: PaymentsDeps,
  subject: Subject,
  decide: (reading: Reading) => { write: LedgerWrite; done: () => Promise<T> | T } | { result: T },
  onDuplicate: () => T,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const decision = decide(await read(deps, subject));
    if ('result' in decision) return decision.result;
    const result: LedgerResult = await deps.ledger.commit(decision.write);
    if (result === 'ok') return decision.done();
    if (result === 'duplicate-event') return onDuplicate();
    if (attempt >= ATTEMPTS) throw conflict(paymentMessages.changed);
  }
}

// ---------------------------------------------------------------------------------------------
// Card

/**
 * A new card checkout for the subject, replacing any open one (one open checkout per subject: an
 * older one is expired at the provider first; if it was paid meanwhile, that payment is settled
 * and no new checkout is made). The payment is recorded for the amount of the subject's version
 * it was read at, and only while the subject is still at that version.
 */
export async function startCardCheckout(
  deps: PaymentsDeps,
  payable: Payable,
  urls: { successUrl: string; cancelUrl: string },
  at: Date,
): Promise<{ url: string; payment: Payment }> {
  const { payments } = await deps.ledger.ofSubject(payable.subject);
  // Another request may be creating its checkout right now (a payment still "created"): it is left
  // alone; if both are paid, the second payment is refunded in full (settleCheckout).
  for (const open of payments.filter((p) => p.method === 'card' && p.state === 'pending' && p.provider_ids.checkout_session)) {
    const session = await deps.gateway.expireCheckout(open.provider_ids.checkout_session!);
    await settleCheckout(deps, session.id, at);
    if (session.paymentStatus === 'paid') throw conflict(paymentMessages.justPaid);
  }

  const created = newPayment(deps, payable, 'card', at);
  const recorded = await deps.ledger.commit({ payments: [written(created)], subjectUnchanged: { subject: payable.subject, version: payable.version } });
  if (recorded !== 'ok') throw conflict(paymentMessages.changed);
  let session: CheckoutSession;
  try {
    session = await deps.gateway.createCheckout({
      // Deterministic: a retried call for this payment can never make a second checkout.
      idempotencyKey: `checkout:${created.id}`,
      lines: payable.lines,
      currency: payable.currency,
      metadata: metadataOf(created),
      clientReference: payable.subject.id,
      customerEmail: payable.email,
      successUrl: urls.successUrl,
      cancelUrl: urls.cancelUrl,
    });
  } catch (error) {
    deps.log.error('checkout not created', { payment_id: created.id, error: (error as Error).message });
    await deps.ledger.commit({ payments: [written(movePayment(created, 'failed', at), created)] });
    throw new AppError('unavailable', paymentMessages.providerDown);
  }
  const pending = movePayment(created, 'pending', at, { provider_ids: { checkout_session: session.id }, checkout_url: session.url ?? undefined });
  await commitOrFail(deps, { payments: [written(pending, created)] }, 'card payment pending');
  return { url: session.url!, payment: pending };
}

export type SettleOutcome = 'paid' | 'pending' | 'failed' | 'canceled' | 'surplus' | 'unchanged' | 'unknown';

/**
 * Fulfilment of a checkout: re-reads it from the provider and moves our records to match, once.
 * `failed` says the provider reported a delayed payment method as failed (the checkout itself
 * then still reads "complete, unpaid"). Safe to call any number of times, in any order.
 */
export async function settleCheckout(
  deps: PaymentsDeps,
  sessionId: string,
  at: Date,
  options: { eventId?: string; failed?: boolean } = {},
): Promise<{ outcome: SettleOutcome; payment?: Payment }> {
  const session = await deps.gateway.readCheckout(sessionId);
  const subject = subjectOf(session.metadata);
  const known = subject ? await deps.ledger.payment(subject, session.metadata.payment_id!) : undefined;
  const unchanged = async (outcome: SettleOutcome = 'unchanged', payment = known) => {
    if (options.eventId) await deps.ledger.markEvent(options.eventId);
    return { outcome, payment };
  };
  if (!subject || !known || known.provider_ids.checkout_session !== session.id) return unchanged('unknown');

  if (session.paymentStatus === 'paid') {
    const confirmed = await confirmCardPayment(deps, subject, known.id, session, at, options.eventId);
    return confirmed.outcome === 'unchanged' ? unchanged('unchanged', confirmed.payment) : confirmed;
  }
  if (session.status === 'expired' || (session.status === 'complete' && options.failed)) {
    const to = session.status === 'expired' ? 'canceled' : 'failed';
    type Settled = { outcome: SettleOutcome; payment?: Payment };
    const settled = await decideAndCommit<Settled>(
      deps,
      subject,
      ({ payable, payments }) => {
        const payment = payments.find((p) => p.id === known.id);
        if (!payment || !canMovePayment(payment, to)) return { result: { outcome: 'unchanged', payment } };
        const next = movePayment(payment, to, at);
        return {
          write: { payments: [written(next, payment)], eventId: options.eventId },
          done: async () => {
            if (to === 'failed' && payable) await notify(deps, { kind: 'payment-failed', payable, payment: next, at });
            return { outcome: to, payment: next };
          },
        };
      },
      () => ({ outcome: 'unchanged', payment: known }),
    );
    return settled.outcome === 'unchanged' ? unchanged('unchanged', settled.payment) : settled;
  }
  return unchanged('pending');
}

/**
 * Card money arrived. It pays the subject when the subject still waits for exactly this amount
 * (what it holds already plus this covers what it costs now); any other money (a second tab, an
 * amount changed meanwhile, a subject that cannot be paid) is recorded and given back in full,
 * in the same write.
 */
function confirmCardPayment(deps: PaymentsDeps, subject: Subject, paymentId: string, session: CheckoutSession, at: Date, eventId?: string) {
  const unchanged = (payment?: Payment) => ({ outcome: 'unchanged' as SettleOutcome, payment });
  return decideAndCommit<{ outcome: SettleOutcome; payment?: Payment }>(
    deps,
    subject,
    ({ payable, payments, refunds }) => {
      const payment = payments.find((p) => p.id === paymentId);
      if (!payment || !awaitsMoney(payment)) return { result: unchanged(payment) };
      const received = { provider_ids: { ...payment.provider_ids, payment_intent: session.paymentIntent ?? undefined } };
      const covers = payable !== undefined && netReceived(payments, refunds) + session.amountTotal === payable.amount;
      const matches = session.amountTotal === payment.amount && session.currency.toUpperCase() === payment.currency && covers;
      const change = payable && matches ? deps.payables.paid(payable, payment, at) : null;
      if (payable && change) {
        const confirmed = movePayment(payment, 'confirmed', at, received);
        return {
          write: { payments: [written(confirmed, payment)], subject: change, eventId },
          done: async () => {
            await notify(deps, { kind: 'payment-received', payable, payment: confirmed, at });
            return { outcome: 'paid' as SettleOutcome, payment: confirmed };
          },
        };
      }
      // Money we cannot count: keep the record of it, and give it all back.
      const surplus: Payment['surplus'] = !payable ? 'not-payable' : payable.status !== 0 ? 'already-paid' : !matches ? 'amount-mismatch' : 'not-payable';
      const confirmed = movePayment(payment, 'confirmed', at, { ...received, surplus, amount: session.amountTotal });
      const refund = newRefund(deps, confirmed, session.amountTotal, 'surplus', 'system', at);
      return {
        // Over the subject as read: why the money cannot be counted is decided on one consistent reading.
        write: { payments: [written(confirmed, payment)], refunds: [written(refund)], eventId, ...(payable ? { subjectUnchanged: { subject, version: payable.version } } : {}) },
        done: async () => {
          deps.log.info('surplus payment refunded', { payment_id: payment.id, reason: surplus });
          if (payable) await notify(deps, { kind: 'surplus-refunded', payable, payment: confirmed, refund, at });
          await askProvider(deps, refund, confirmed, at);
          return { outcome: 'surplus' as SettleOutcome, payment: confirmed };
        },
      };
    },
    () => unchanged(),
  );
}

// ---------------------------------------------------------------------------------------------
// Bank transfer

/** The delegate says a transfer is on its way: a pending transfer payment of what the subject costs, with its change. */
export async function noteTransfer(deps: PaymentsDeps, payable: Payable, change: SubjectChange, at: Date) {
  const payment = newPayment(deps, payable, 'transfer', at, payable.amount, 'pending');
  const result = await deps.ledger.commit({ payments: [written(payment)], subject: change });
  if (result !== 'ok') throw conflict(paymentMessages.changed);
  return payment;
}

export type TransferOutcome = 'paid' | 'incomplete';

/**
 * The registration office found a transfer on the bank statement: `amount` is what arrived. It
 * is recorded as received; the subject is paid when what it holds now covers what it costs (more
 * than that is given back by the office: a surplus refund of the difference); when it does not,
 * the subject keeps waiting, with a new pending transfer payment of what is still missing.
 */
export async function confirmTransfer(deps: PaymentsDeps, paymentId: string, subject: Subject, amount: number, at: Date) {
  if (!Number.isInteger(amount) || amount <= 0) throw new AppError('validation', 'The amount received must be more than zero.');
  return decideAndCommit(
    deps,
    subject,
    ({ payable, payments, refunds }) => {
      const payment = payments.find((p) => p.id === paymentId);
      if (!payable || !payment || payment.method !== 'transfer' || payment.state !== 'pending') throw conflict(paymentMessages.notPayable);
      const confirmed = movePayment(payment, 'confirmed', at, { amount });
      const held = netReceived(payments, refunds) + amount;
      if (held >= payable.amount) {
        const change = deps.payables.paid(payable, confirmed, at);
        if (!change) throw conflict(paymentMessages.notPayable);
        const excess = held - payable.amount;
        const refund = excess > 0 ? newRefund(deps, confirmed, excess, 'surplus', 'system', at) : undefined;
        return {
          write: { payments: [written(confirmed, payment)], refunds: refund ? [written(refund)] : [], subject: change },
          done: async () => {
            await notify(deps, { kind: 'payment-received', payable, payment: confirmed, at });
            if (refund) await notify(deps, { kind: 'surplus-refunded', payable, payment: confirmed, refund, at });
            return { outcome: 'paid' as TransferOutcome, payment: confirmed, missing: 0, excess };
          },
        };
      }
      const missing = payable.amount - held;
      const waiting = newPayment(deps, payable, 'transfer', at, missing, 'pending');
      return {
        write: { payments: [written(confirmed, payment), written(waiting)], subject: deps.payables.holds(payable, at) },
        done: async () => {
          await notify(deps, { kind: 'payment-incomplete', payable, payment: waiting, at });
          return { outcome: 'incomplete' as TransferOutcome, payment: confirmed, missing, excess: 0 };
        },
      };
    },
    () => {
      throw conflict(paymentMessages.changed);
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Refunds

export interface RefundRequest {
  subject: Subject;
  /** What to give back from which payment: each at most what that payment can still give back. */
  from: { paymentId: string; amount: number }[];
  reason: RefundReason;
  by: RefundRequester;
  /** The subject's change that comes with the request (e.g. an order to Refunding), on the reading it is made over. */
  change: (payable: Payable) => SubjectChange | null;
}

/**
 * Records refunds with their subject's change, over the versions of the payments they come
 * from (so two requests can never give back the same money twice), then (card) asks the
 * provider, idempotently. A bank transfer refund waits for the registration office to record it
 * (`recordTransferRefund`).
 */
export async function requestRefund(deps: PaymentsDeps, request: RefundRequest, at: Date): Promise<Refund[]> {
  const { payable, payments, refunds } = await read(deps, request.subject);
  const pieces = request.from.filter((piece) => piece.amount > 0);
  const writes: RecordWrite<Payment>[] = [];
  const created: { refund: Refund; payment: Payment }[] = [];
  for (const piece of pieces) {
    const payment = payments.find((p) => p.id === piece.paymentId);
    if (!payment || piece.amount > refundable(payment, refunds)) throw conflict(paymentMessages.refundTooLarge);
    created.push({ refund: newRefund(deps, payment, piece.amount, request.reason, request.by, at), payment });
    writes.push(written(touchPayment(payment, at), payment));
  }
  const change = payable ? request.change(payable) : null;
  if (payable && !change && request.reason === 'cancellation') throw conflict(paymentMessages.changed);
  const recorded = await deps.ledger.commit({ payments: writes, refunds: created.map(({ refund }) => written(refund)), ...(change ? { subject: change } : {}) });
  if (recorded !== 'ok') throw conflict(paymentMessages.changed);
  const out: Refund[] = [];
  for (const { refund, payment } of created) {
    if (payable) await notify(deps, { kind: request.reason === 'surplus' ? 'surplus-refunded' : 'refund-requested', payable, payment, refund, at });
    out.push(payment.method === 'card' ? await askProvider(deps, refund, payment, at) : refund);
  }
  return out;
}

async function askProvider(deps: PaymentsDeps, refund: Refund, payment: Payment, at: Date): Promise<Refund> {
  if (payment.method !== 'card') return refund;
  let provider: ProviderRefund;
  try {
    provider = await deps.gateway.createRefund({
      idempotencyKey: `refund:${refund.id}`,
      paymentIntent: payment.provider_ids.payment_intent!,
      amount: refund.amount,
      metadata: metadataOf(payment, refund),
    });
  } catch (error) {
    if (isRefusal(error)) {
      // The provider will not make this refund (e.g. more than is left on the charge): it failed,
      // and the subject goes back to where it was, with the office told.
      deps.log.error('refund refused by the provider', { refund_id: refund.id, error: (error as Error).message });
      const failed = { id: '', status: 'failed' as const, amount: refund.amount, paymentIntent: null, metadata: {}, failureReason: (error as Error).message };
      return (await applyProviderRefund(deps, refund.subject, refund.id, failed, at)) ?? refund;
    }
    // Not lost: the refund stays "created"; a retry (the reconciliation, the office) completes it.
    deps.log.error('refund not created at the provider', { refund_id: refund.id, error: (error as Error).message });
    return refund;
  }
  return (await applyProviderRefund(deps, refund.subject, refund.id, provider, at)) ?? refund;
}

/**
 * Asks the provider again for a card refund it never answered (it was down when asked): the same
 * idempotency key, so a refund it did make is answered, never made twice.
 */
export async function askProviderAgain(deps: PaymentsDeps, subject: Subject, refundId: string, at: Date) {
  const { payments, refunds } = await deps.ledger.ofSubject(subject);
  const refund = refunds.find((r) => r.id === refundId);
  const payment = refund && payments.find((p) => p.id === refund.payment_id);
  if (!refund || !payment || refund.method !== 'card' || refund.state !== 'created') throw conflict('This refund cannot be asked for again in its current state.');
  return askProvider(deps, refund, payment, at);
}

/** The provider answered that it will not do this (a 4xx of its own), as opposed to not answering. */
function isRefusal(error: unknown) {
  const e = error as { type?: string; statusCode?: number };
  return e.type === 'StripeInvalidRequestError' || (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500 && e.statusCode !== 409 && e.statusCode !== 429);
}

/**
 * Moves our refund (its payment, and its subject) to match the provider's refund, once:
 * succeeded -> done; failed or canceled -> failed, also after it had succeeded (a card's bank
 * can return a refund days later): the money is the subject's again and the subject goes back.
 */
async function applyProviderRefund(deps: PaymentsDeps, subject: Subject, refundId: string, provider: ProviderRefund, at: Date, eventId?: string): Promise<Refund | undefined> {
  let mail: PaymentMail['kind'] | null = null;
  let applied = false;
  const result = await decideAndCommit<Refund | undefined>(
    deps,
    subject,
    ({ payable, payments, refunds }) => {
      const refund = refunds.find((r) => r.id === refundId);
      const payment = refund && payments.find((p) => p.id === refund.payment_id);
      if (!refund || !payment) return { result: refund };
      const withId = provider.id ? { provider_refund_id: provider.id } : {};
      let next: Refund | null = null;
      let change: SubjectChange | null = null;
      let paymentNext = touchPayment(payment, at);
      if (provider.status === 'succeeded' && canMoveRefund(refund, 'done') && refund.state !== 'done') {
        next = moveRefund(refund, 'done', at, withId);
        const after = refunds.map((r) => (r.id === refund.id ? next! : r));
        const stillOpen = after.some((r) => r.reason === 'cancellation' && (r.state === 'created' || r.state === 'pending'));
        if (payable && refund.reason === 'cancellation' && !stillOpen) change = deps.payables.refunded(payable, next, at);
        const done = after.filter((r) => r.payment_id === payment.id && r.state === 'done').reduce((sum, r) => sum + r.amount, 0);
        if (done >= payment.amount && canMovePayment(payment, 'refunded')) paymentNext = movePayment(payment, 'refunded', at);
        mail = 'refund-completed';
      } else if ((provider.status === 'failed' || provider.status === 'canceled') && canMoveRefund(refund, 'failed')) {
        next = moveRefund(refund, 'failed', at, { ...withId, failure_reason: provider.failureReason ?? provider.status });
        if (payable && refund.reason === 'cancellation') change = deps.payables.refundFailed(payable, next, at);
        // Fully refunded no more only if this refund had been done and the others do not reach it.
        const doneOthers = refunds.filter((r) => r.payment_id === payment.id && r.id !== refund.id && r.state === 'done').reduce((sum, r) => sum + r.amount, 0);
        if (payment.state === 'refunded' && refund.state === 'done' && doneOthers < received(payment)) paymentNext = movePayment(payment, 'confirmed', at);
        mail = 'refund-failed';
      } else if ((provider.status === 'pending' || provider.status === 'requires_action') && refund.state === 'created') {
        next = moveRefund(refund, 'pending', at, withId);
        mail = null;
      }
      if (!next) return { result: refund };
      const record = next;
      return {
        write: { refunds: [written(record, refund)], payments: [written(paymentNext, payment)], ...(change ? { subject: change } : {}), eventId },
        done: async () => {
          applied = true;
          if (payable && mail) await notify(deps, { kind: mail, payable, payment: paymentNext, refund: record, at });
          return record;
        },
      };
    },
    () => undefined,
  );
  // An event that changed nothing is remembered all the same, so that a redelivery is recognised.
  if (eventId && !applied) await deps.ledger.markEvent(eventId);
  return result;
}

/**
 * A refund as the provider reports it (an event about it, or the refunds of a payment): our
 * refund is found by its metadata; a refund made in the provider's dashboard (no metadata) is
 * recorded first, against the payment its payment intent belongs to.
 */
export async function settleProviderRefund(deps: PaymentsDeps, provider: ProviderRefund, at: Date, eventId?: string) {
  const meta = provider.metadata.refund_id ? provider.metadata : provider.paymentIntent ? await deps.gateway.paymentIntentMetadata(provider.paymentIntent) : {};
  const subject = subjectOf(meta);
  const found = subject ? await deps.ledger.payment(subject, meta.payment_id!) : undefined;
  if (!subject || !found) {
    if (eventId) await deps.ledger.markEvent(eventId);
    return undefined;
  }
  // Made outside the portal (the provider's dashboard): recorded once, under an id made from the
  // provider's (several events about it may arrive at the same moment), over the payment's version.
  const refundId = meta.refund_id ?? `external-${provider.id}`;
  if (!meta.refund_id) {
    await decideAndCommit(
      deps,
      subject,
      ({ payments, refunds }) => {
        const payment = payments.find((p) => p.id === found.id);
        if (!payment || refunds.some((r) => r.id === refundId)) return { result: undefined };
        const refund: Refund = { ...newRefund(deps, payment, provider.amount, 'external', 'provider', at), id: refundId, provider_refund_id: provider.id };
        return { write: { refunds: [written(refund)], payments: [written(touchPayment(payment, at), payment)] }, done: () => undefined };
      },
      () => undefined,
    );
  }
  return applyProviderRefund(deps, subject, refundId, provider, at, eventId);
}

/** The registration office records that it refunded a bank transfer (the order then is Cancelled). */
export async function recordTransferRefund(deps: PaymentsDeps, refund: Refund, at: Date) {
  if (refund.method !== 'transfer' || !canMoveRefund(refund, 'done')) throw conflict('This refund cannot be recorded in its current state.');
  return applyProviderRefund(deps, refund.subject, refund.id, { id: `bank:${refund.id}`, status: 'succeeded', amount: refund.amount, paymentIntent: null, metadata: {}, failureReason: null }, at);
}

/** What a subject's payments can still give back, newest payment first (a cancellation refund is taken from them in this order). */
export function refundPlan(payments: readonly Payment[], refunds: readonly Refund[], amount: number) {
  const plan: { paymentId: string; amount: number }[] = [];
  let left = amount;
  for (const payment of [...payments].filter((p) => !p.surplus).reverse()) {
    const take = Math.min(left, refundable(payment, refunds));
    if (take > 0) plan.push({ paymentId: payment.id, amount: take });
    left -= take;
  }
  return plan;
}

/** What a subject's counted payments can still give back in all. */
export const refundableOf = (payments: readonly Payment[], refunds: readonly Refund[]) =>
  payments.filter((p) => !p.surplus).reduce((sum, p) => sum + refundable(p, refunds), 0);

// ---------------------------------------------------------------------------------------------
// The provider's events

export interface ProviderEvent {
  id: string;
  type: string;
  /** The id of the object the event is about (a checkout session, a refund, a charge). */
  objectId: string;
  /** For charge events: the charge's payment intent. */
  paymentIntent?: string | null;
}

/**
 * The provider's events this module acts on (the webhook endpoint must send these). Card refunds
 * are reported as refund.* from API version 2024-10-28 and as charge.refund.updated before it;
 * charge.refunded also covers refunds made in the provider's dashboard.
 */
export const providerEventTypes = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'refund.created',
  'refund.updated',
  'refund.failed',
  'charge.refunded',
  'charge.refund.updated',
] as const;
type ProviderEventType = (typeof providerEventTypes)[number];

/**
 * Applies one event of the card provider, at most once: the event only says where to look; the
 * state is read again from the provider. Events of no interest are recorded and ignored.
 */
export async function applyProviderEvent(deps: PaymentsDeps, event: ProviderEvent, at: Date) {
  switch (event.type as ProviderEventType) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.expired':
      return (await settleCheckout(deps, event.objectId, at, { eventId: event.id })).outcome;
    case 'checkout.session.async_payment_failed':
      return (await settleCheckout(deps, event.objectId, at, { eventId: event.id, failed: true })).outcome;
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
    case 'charge.refund.updated': // its object is the refund
      await settleProviderRefund(deps, await deps.gateway.readRefund(event.objectId), at, event.id);
      return 'refund';
    case 'charge.refunded': {
      // Covers refunds made in the provider's dashboard: each refund of the payment, read again.
      if (event.paymentIntent) for (const refund of await deps.gateway.listRefunds(event.paymentIntent)) await settleProviderRefund(deps, refund, at);
      await deps.ledger.markEvent(event.id);
      return 'refund';
    }
    default:
      await deps.ledger.markEvent(event.id);
      return 'ignored';
  }
}

export type { Subject };
