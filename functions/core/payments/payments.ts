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
 * - a mail that fails is logged; it never blocks or undoes a state change.
 */
import { AppError, conflict } from '../errors';
import { canMovePayment, canMoveRefund, movePayment, moveRefund, type Payment, type PaymentMethod, type Refund, type RefundReason, type RefundRequester, type Subject } from './model';
import type { CheckoutSession, LedgerWrite, Payable, PaymentMail, PaymentsDeps, ProviderRefund, SubjectChange } from './ports';

export const paymentMessages = {
  justPaid: 'This order has just been paid. Please reload the page.',
  notPayable: 'This order cannot be paid in its current state.',
  providerDown: 'The card payment service did not answer. Please try again in a moment.',
} as const;

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

function newPayment(deps: PaymentsDeps, payable: Payable, method: PaymentMethod, at: Date): Payment {
  return {
    id: deps.newId(),
    subject: payable.subject,
    amount: payable.amount,
    currency: payable.currency,
    method,
    provider: method === 'card' ? 'stripe' : 'bank',
    provider_ids: {},
    state: 'created',
    created_at: at.toISOString(),
    updated_at: at.toISOString(),
  };
}

async function commitOrFail(deps: PaymentsDeps, write: LedgerWrite, what: string) {
  const result = await deps.ledger.commit(write);
  if (result !== 'ok') throw new Error(`${what}: ledger write refused (${result})`);
}

// ---------------------------------------------------------------------------------------------
// Card

/**
 * A new card checkout for the subject, replacing any open one (one open checkout per subject: an
 * older one is expired at the provider first; if it was paid meanwhile, that payment is settled
 * and no new checkout is made).
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
    if (session.paymentStatus === 'paid') {
      await settleCheckout(deps, session.id, at);
      throw conflict(paymentMessages.justPaid);
    }
    await settleCheckout(deps, session.id, at);
  }

  const created = newPayment(deps, payable, 'card', at);
  await commitOrFail(deps, { payment: { record: created, expect: null } }, 'new card payment');
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
    await deps.ledger.commit({ payment: { record: movePayment(created, 'failed', at), expect: 'created' } });
    throw new AppError('unavailable', paymentMessages.providerDown);
  }
  const pending = movePayment(created, 'pending', at, { provider_ids: { checkout_session: session.id }, checkout_url: session.url ?? undefined });
  await commitOrFail(deps, { payment: { record: pending, expect: 'created' } }, 'card payment pending');
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
  const payment = subject ? await deps.ledger.payment(subject, session.metadata.payment_id!) : undefined;
  const unchanged = async (outcome: SettleOutcome = 'unchanged') => {
    if (options.eventId) await deps.ledger.markEvent(options.eventId);
    return { outcome, payment };
  };
  if (!payment || payment.provider_ids.checkout_session !== session.id) return unchanged('unknown');

  if (session.paymentStatus === 'paid') {
    if (!canMovePayment(payment, 'confirmed')) return unchanged();
    return confirmPayment(deps, payment, session, at, options.eventId);
  }
  if (session.status === 'expired' || (session.status === 'complete' && options.failed)) {
    const to = session.status === 'expired' ? 'canceled' : 'failed';
    if (!canMovePayment(payment, to)) return unchanged();
    const result = await deps.ledger.commit({ payment: { record: movePayment(payment, to, at), expect: payment.state }, eventId: options.eventId });
    if (result === 'ok' && to === 'failed') {
      const payable = await deps.payables.load(payment.subject);
      if (payable) await notify(deps, { kind: 'payment-failed', payable, payment, at });
    }
    return { outcome: result === 'ok' ? to : 'unchanged', payment };
  }
  return unchanged('pending');
}

async function confirmPayment(deps: PaymentsDeps, payment: Payment, session: CheckoutSession, at: Date, eventId?: string) {
  const payable = await deps.payables.load(payment.subject);
  const received = { provider_ids: { ...payment.provider_ids, payment_intent: session.paymentIntent ?? undefined } };
  const matches = session.amountTotal === payment.amount && session.currency.toUpperCase() === payment.currency && payable?.amount === payment.amount;
  const change = payable && matches ? deps.payables.paid(payable, payment, at) : null;
  if (payable && change) {
    const confirmed = movePayment(payment, 'confirmed', at, received);
    const result = await deps.ledger.commit({ payment: { record: confirmed, expect: payment.state }, subject: change, eventId });
    if (result === 'duplicate-event') return { outcome: 'unchanged' as const, payment };
    if (result === 'ok') {
      await notify(deps, { kind: 'payment-received', payable, payment: confirmed, at });
      return { outcome: 'paid' as const, payment: confirmed };
    }
    // The subject or the payment moved meanwhile: read again and decide once more.
    const now = await deps.ledger.payment(payment.subject, payment.id);
    if (!now || !canMovePayment(now, 'confirmed')) return { outcome: 'unchanged' as const, payment: now };
    return confirmPayment(deps, now, session, at, eventId);
  }
  // Money we cannot count: keep the record of it, and give it all back.
  const surplus: Payment['surplus'] = !matches ? 'amount-mismatch' : payable && payable.status !== 0 ? 'already-paid' : 'not-payable';
  const confirmed = movePayment(payment, 'confirmed', at, { ...received, surplus, amount: session.amountTotal });
  const result = await deps.ledger.commit({ payment: { record: confirmed, expect: payment.state }, eventId });
  if (result !== 'ok') return { outcome: 'unchanged' as const, payment };
  deps.log.info('surplus payment refunded', { payment_id: payment.id, reason: surplus });
  await requestRefund(deps, { payable, payment: confirmed, amount: session.amountTotal, reason: 'surplus', by: 'system', change: null }, at);
  return { outcome: 'surplus' as const, payment: confirmed };
}

// ---------------------------------------------------------------------------------------------
// Bank transfer

/** The delegate says a transfer is on its way: a pending transfer payment, with the subject's change. */
export async function noteTransfer(deps: PaymentsDeps, payable: Payable, change: SubjectChange, at: Date) {
  const payment = movePayment(newPayment(deps, payable, 'transfer', at), 'pending', at);
  const result = await deps.ledger.commit({ payment: { record: payment, expect: null }, subject: change });
  if (result !== 'ok') throw conflict(paymentMessages.notPayable);
  return payment;
}

/** The registration office matched the transfer on the bank statement: the payment is confirmed. */
export async function confirmTransfer(deps: PaymentsDeps, payment: Payment, at: Date) {
  const payable = await deps.payables.load(payment.subject);
  const change = payable ? deps.payables.paid(payable, payment, at) : null;
  if (!payable || !change || payment.method !== 'transfer' || !canMovePayment(payment, 'confirmed')) throw conflict(paymentMessages.notPayable);
  const confirmed = movePayment(payment, 'confirmed', at);
  if ((await deps.ledger.commit({ payment: { record: confirmed, expect: payment.state }, subject: change })) !== 'ok') throw conflict(paymentMessages.notPayable);
  await notify(deps, { kind: 'payment-received', payable, payment: confirmed, at });
  return confirmed;
}

// ---------------------------------------------------------------------------------------------
// Refunds

export interface RefundRequest {
  payable: Payable | undefined;
  payment: Payment;
  amount: number;
  reason: RefundReason;
  by: RefundRequester;
  /** The subject's change that comes with the request (e.g. an order to Refunding); null for none. */
  change: SubjectChange | null;
}

/**
 * Records a refund with its subject's change, then (card) asks the provider, idempotently. A bank
 * transfer refund waits for the registration office to record it (`recordTransferRefund`).
 */
export async function requestRefund(deps: PaymentsDeps, request: RefundRequest, at: Date): Promise<Refund> {
  const { payment } = request;
  const refund: Refund = {
    id: deps.newId(),
    payment_id: payment.id,
    subject: payment.subject,
    amount: request.amount,
    currency: payment.currency,
    method: payment.method,
    state: 'created',
    reason: request.reason,
    requested_by: request.by,
    created_at: at.toISOString(),
    updated_at: at.toISOString(),
  };
  const recorded = await deps.ledger.commit({ refund: { record: refund, expect: null }, ...(request.change ? { subject: request.change } : {}) });
  if (recorded !== 'ok') throw conflict('This order changed meanwhile. Please reload the page.');
  if (request.payable) await notify(deps, { kind: request.reason === 'surplus' ? 'surplus-refunded' : 'refund-requested', payable: request.payable, payment, refund, at });
  if (payment.method !== 'card') return refund;
  return askProvider(deps, refund, payment, at);
}

async function askProvider(deps: PaymentsDeps, refund: Refund, payment: Payment, at: Date): Promise<Refund> {
  let provider: ProviderRefund;
  try {
    provider = await deps.gateway.createRefund({
      idempotencyKey: `refund:${refund.id}`,
      paymentIntent: payment.provider_ids.payment_intent!,
      amount: refund.amount,
      metadata: metadataOf(payment, refund),
    });
  } catch (error) {
    // Not lost: the refund stays "created"; the provider's retry of this request (or the office) completes it.
    deps.log.error('refund not created at the provider', { refund_id: refund.id, error: (error as Error).message });
    return refund;
  }
  return applyProviderRefund(deps, refund, payment, provider, at);
}

/** Moves our refund (and its subject) to match the provider's refund, once. */
async function applyProviderRefund(deps: PaymentsDeps, refund: Refund, payment: Payment, provider: ProviderRefund, at: Date, eventId?: string): Promise<Refund> {
  const withId = { provider_refund_id: provider.id };
  const payable = await deps.payables.load(refund.subject);
  let write: LedgerWrite | null = null;
  let next = refund;
  if (provider.status === 'succeeded' && canMoveRefund(refund, 'done')) {
    next = moveRefund(refund, 'done', at, withId);
    const change = payable && refund.reason === 'cancellation' ? deps.payables.refunded(payable, next, at) : null;
    write = { refund: { record: next, expect: refund.state }, ...(change ? { subject: change } : {}) };
    const refundsOfPayment = (await deps.ledger.ofSubject(refund.subject)).refunds.filter((r) => r.payment_id === payment.id && r.id !== refund.id && r.state === 'done');
    const total = refundsOfPayment.reduce((sum, r) => sum + r.amount, 0) + refund.amount;
    if (total >= payment.amount && canMovePayment(payment, 'refunded')) write.payment = { record: movePayment(payment, 'refunded', at), expect: payment.state };
  } else if ((provider.status === 'failed' || provider.status === 'canceled') && canMoveRefund(refund, 'failed')) {
    next = moveRefund(refund, 'failed', at, { ...withId, failure_reason: provider.failureReason ?? provider.status });
    const change = payable && refund.reason === 'cancellation' ? deps.payables.refundFailed(payable, next, at) : null;
    write = { refund: { record: next, expect: refund.state }, ...(change ? { subject: change } : {}) };
  } else if ((provider.status === 'pending' || provider.status === 'requires_action') && refund.state === 'created') {
    next = moveRefund(refund, 'pending', at, withId);
    write = { refund: { record: next, expect: 'created' } };
  }
  if (!write) {
    if (eventId) await deps.ledger.markEvent(eventId);
    return refund;
  }
  const result = await deps.ledger.commit({ ...write, eventId });
  if (result !== 'ok') return (await deps.ledger.refund(refund.subject, refund.id)) ?? refund;
  if (payable && next.state === 'done') await notify(deps, { kind: 'refund-completed', payable, payment, refund: next, at });
  if (payable && next.state === 'failed') await notify(deps, { kind: 'refund-failed', payable, payment, refund: next, at });
  return next;
}

/**
 * A refund as the provider reports it (an event about it, or the refunds of a payment): our
 * refund is found by its metadata; a refund made in the provider's dashboard (no metadata) is
 * recorded first, against the payment its payment intent belongs to.
 */
export async function settleProviderRefund(deps: PaymentsDeps, provider: ProviderRefund, at: Date, eventId?: string) {
  const meta = provider.metadata.refund_id ? provider.metadata : provider.paymentIntent ? await deps.gateway.paymentIntentMetadata(provider.paymentIntent) : {};
  const subject = subjectOf(meta);
  const payment = subject ? await deps.ledger.payment(subject, meta.payment_id!) : undefined;
  if (!payment) {
    if (eventId) await deps.ledger.markEvent(eventId);
    return undefined;
  }
  let refund = meta.refund_id ? await deps.ledger.refund(payment.subject, meta.refund_id) : undefined;
  if (!refund) {
    // Made outside the portal (the provider's dashboard): recorded once under an id made from the
    // provider's (several events about it may arrive at the same moment), then settled.
    const id = `external-${provider.id}`;
    refund = (await deps.ledger.refund(payment.subject, id)) ?? {
      id,
      payment_id: payment.id,
      subject: payment.subject,
      amount: provider.amount,
      currency: payment.currency,
      method: payment.method,
      state: 'created',
      reason: 'external',
      requested_by: 'provider',
      provider_refund_id: provider.id,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
    };
    if (refund.state === 'created' && (await deps.ledger.commit({ refund: { record: refund, expect: null } })) !== 'ok') {
      refund = await deps.ledger.refund(payment.subject, id);
      if (!refund) return undefined;
    }
  }
  return applyProviderRefund(deps, refund, payment, provider, at, eventId);
}

/** The registration office records that it refunded a bank transfer (the order then is Cancelled). */
export async function recordTransferRefund(deps: PaymentsDeps, refund: Refund, at: Date) {
  if (refund.method !== 'transfer' || !canMoveRefund(refund, 'done')) throw conflict('This refund cannot be recorded in its current state.');
  const payment = await deps.ledger.payment(refund.subject, refund.payment_id);
  if (!payment) throw conflict('The payment of this refund was not found.');
  return applyProviderRefund(deps, refund, payment, { id: `bank:${refund.id}`, status: 'succeeded', amount: refund.amount, paymentIntent: null, metadata: {}, failureReason: null }, at);
}

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
 * Applies one event of the card provider, at most once: the event only says where to look; the
 * state is read again from the provider. Events of no interest are recorded and ignored.
 */
export async function applyProviderEvent(deps: PaymentsDeps, event: ProviderEvent, at: Date) {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.expired':
      return (await settleCheckout(deps, event.objectId, at, { eventId: event.id })).outcome;
    case 'checkout.session.async_payment_failed':
      return (await settleCheckout(deps, event.objectId, at, { eventId: event.id, failed: true })).outcome;
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
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
