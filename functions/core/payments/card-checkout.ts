/** Card payments: a checkout at the provider for a subject, and its fulfilment (once, whoever asks). */
import { AppError, conflict } from '../errors';
import { awaitsMoney, canMovePayment, movePayment, netReceived, type Payment, type Subject } from './model';
import type { CheckoutSession, Payable, PaymentsDeps } from './ports';
import {
  paymentMessages,
  metadataOf,
  subjectOfMetadata,
  newPayment,
  newRefund,
  written,
  commitOrFail,
  decideAndCommit,
  accountDeleting,
  whileAccountLives,
  read,
  type Reading,
} from './ledger-decisions';
import { askProvider } from './refunds';

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
  for (const open of payments.filter(
    (p) => p.method === 'card' && p.state === 'pending' && p.provider_ids.checkout_session,
  )) {
    const session = await deps.gateway.expireCheckout(open.provider_ids.checkout_session!);
    await settleCheckout(deps, session.id, at);
    if (session.paymentStatus === 'paid') throw conflict(paymentMessages.justPaid);
  }

  const created = newPayment(deps, payable, 'card', at);
  const recorded = await deps.ledger.commit({
    payments: [written(created)],
    subjectUnchanged: { subject: payable.subject, version: payable.version },
    ...whileAccountLives(payable.subject, at),
  });
  if (recorded === 'account-deleting') throw accountDeleting();
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
  const pending = movePayment(created, 'pending', at, {
    provider_ids: { checkout_session: session.id },
    checkout_url: session.url ?? undefined,
  });
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
  const subject = subjectOfMetadata(session.metadata);
  // One reading of the subject and its ledger: it finds our payment and the first decision is taken on it.
  const reading = subject ? await read(deps, subject) : undefined;
  const known = reading?.payments.find((p) => p.id === session.metadata.payment_id);
  const unchanged = async (outcome: SettleOutcome = 'unchanged', payment = known) => {
    if (options.eventId) await deps.ledger.markEvent(options.eventId);
    return { outcome, payment };
  };
  if (!subject || !known || known.provider_ids.checkout_session !== session.id) return unchanged('unknown');

  if (session.paymentStatus === 'paid') {
    const confirmed = await confirmCardPayment(deps, subject, known.id, session, at, options.eventId, reading);
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
          write: {
            payments: [written(next, payment)],
            eventId: options.eventId,
            ...(to === 'failed' && payable ? { events: [{ kind: 'payment-failed' as const, payable, payment: next, at }] } : {}),
          },
          done: () => ({ outcome: to, payment: next }),
        };
      },
      () => ({ outcome: 'unchanged', payment: known }),
      reading,
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
function confirmCardPayment(
  deps: PaymentsDeps,
  subject: Subject,
  paymentId: string,
  session: CheckoutSession,
  at: Date,
  eventId?: string,
  first?: Reading,
) {
  const unchanged = (payment?: Payment) => ({ outcome: 'unchanged' as SettleOutcome, payment });
  return decideAndCommit<{ outcome: SettleOutcome; payment?: Payment }>(
    deps,
    subject,
    ({ payable, payments, refunds }) => {
      const payment = payments.find((p) => p.id === paymentId);
      if (!payment || !awaitsMoney(payment)) return { result: unchanged(payment) };
      const received = {
        provider_ids: { ...payment.provider_ids, payment_intent: session.paymentIntent ?? undefined },
        ...(session.wallet ? { wallet: session.wallet } : {}),
      };
      const covers =
        payable !== undefined && netReceived(payments, refunds) + session.amountTotal === payable.amount;
      const matches =
        session.amountTotal === payment.amount &&
        session.currency.toUpperCase() === payment.currency &&
        covers;
      const change = payable && matches ? deps.payables.paid(payable, payment, at) : null;
      if (payable && change) {
        const confirmed = movePayment(payment, 'confirmed', at, received);
        return {
          write: { payments: [written(confirmed, payment)], subject: change, eventId, events: [{ kind: 'payment-received', payable, payment: confirmed, at }] },
          done: () => ({ outcome: 'paid' as SettleOutcome, payment: confirmed }),
        };
      }
      // Money we cannot count: keep the record of it, and give it all back.
      const surplus: Payment['surplus'] = !payable
        ? 'not-payable'
        : !payable.awaitsPayment
          ? 'already-paid'
          : !matches
            ? 'amount-mismatch'
            : 'not-payable';
      const confirmed = movePayment(payment, 'confirmed', at, {
        ...received,
        surplus,
        amount: session.amountTotal,
      });
      const refund = newRefund(deps, confirmed, session.amountTotal, 'surplus', 'system', at);
      return {
        // Over the subject as read: why the money cannot be counted is decided on one consistent reading.
        write: {
          payments: [written(confirmed, payment)],
          refunds: [written(refund)],
          eventId,
          ...(payable ? { subjectUnchanged: { subject, version: payable.version }, events: [{ kind: 'surplus-refunded' as const, payable, payment: confirmed, refund, at }] } : {}),
        },
        done: async () => {
          deps.log.info('surplus payment refunded', { payment_id: payment.id, reason: surplus });
          await askProvider(deps, refund, confirmed, at);
          return { outcome: 'surplus' as SettleOutcome, payment: confirmed };
        },
      };
    },
    () => unchanged(),
    first,
  );
}
