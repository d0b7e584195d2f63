/** Refunds: requested with their subject's change, asked of the provider, and moved as it answers. */
import { conflict } from '../errors';
import {
  canMovePayment,
  canMoveRefund,
  movePayment,
  moveRefund,
  received,
  refundable,
  touchPayment,
  type Payment,
  type Refund,
  type RefundReason,
  type RefundRequester,
  type Subject,
} from './model';
import type { Payable, PaymentMail, PaymentsDeps, ProviderRefund, RecordWrite, SubjectChange } from './ports';
import {
  paymentMessages,
  metadataOf,
  subjectOfMetadata,
  newRefund,
  written,
  read,
  decideAndCommit,
  accountDeleting,
  whileAccountLives,
} from './ledger-decisions';

export interface RefundRequest {
  subject: Subject;
  /** What to give back from which payment: each at most what that payment can still give back. */
  from: { paymentId: string; amount: number }[];
  reason: RefundReason;
  by: RefundRequester;
  /** The office's reason for an amount other than the policy's, kept on each refund. */
  note?: string;
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
    if (!payment || piece.amount > refundable(payment, refunds))
      throw conflict(paymentMessages.refundTooLarge);
    const refund = newRefund(deps, payment, piece.amount, request.reason, request.by, at);
    created.push({ refund: request.note ? { ...refund, note: request.note } : refund, payment });
    writes.push(written(touchPayment(payment, at), payment));
  }
  const change = payable ? request.change(payable) : null;
  if (payable && !change && request.reason === 'cancellation') throw conflict(paymentMessages.changed);
  const recorded = await deps.ledger.commit({
    payments: writes,
    refunds: created.map(({ refund }) => written(refund)),
    ...(change ? { subject: change } : {}),
    ...whileAccountLives(request.subject, at),
    ...(payable
      ? { events: created.map(({ refund, payment }) => ({ kind: request.reason === 'surplus' ? ('surplus-refunded' as const) : ('refund-requested' as const), payable, payment, refund, at })) }
      : {}),
  });
  if (recorded === 'account-deleting') throw accountDeleting(request.by === 'office' ? 'office' : 'delegate');
  if (recorded !== 'ok') throw conflict(paymentMessages.changed);
  const out: Refund[] = [];
  for (const { refund, payment } of created) {
    out.push(payment.method === 'card' ? await askProvider(deps, refund, payment, at) : refund);
  }
  return out;
}

export async function askProvider(
  deps: PaymentsDeps,
  refund: Refund,
  payment: Payment,
  at: Date,
): Promise<Refund> {
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
      deps.log.error('refund refused by the provider', {
        refund_id: refund.id,
        error: (error as Error).message,
      });
      const failed = {
        id: '',
        status: 'failed' as const,
        amount: refund.amount,
        paymentIntent: null,
        metadata: {},
        failureReason: (error as Error).message,
      };
      return (await applyProviderRefund(deps, refund.subject, refund.id, failed, at)) ?? refund;
    }
    // Not lost: the refund stays "created"; a retry (the reconciliation, the office) completes it.
    deps.log.error('refund not created at the provider', {
      refund_id: refund.id,
      error: (error as Error).message,
    });
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
  if (!refund || !payment || refund.method !== 'card' || refund.state !== 'created')
    throw conflict('This refund cannot be asked for again in its current state.');
  return askProvider(deps, refund, payment, at);
}

/** The provider answered that it will not do this (a 4xx of its own), as opposed to not answering. */
function isRefusal(error: unknown) {
  const e = error as { type?: string; statusCode?: number };
  return (
    e.type === 'StripeInvalidRequestError' ||
    (typeof e.statusCode === 'number' &&
      e.statusCode >= 400 &&
      e.statusCode < 500 &&
      e.statusCode !== 409 &&
      e.statusCode !== 429)
  );
}

/**
 * Moves our refund (its payment, and its subject) to match the provider's refund, once:
 * succeeded -> done; failed or canceled -> failed, also after it had succeeded (a card's bank
 * can return a refund days later): the money is the subject's again and the subject goes back.
 */
export async function applyProviderRefund(
  deps: PaymentsDeps,
  subject: Subject,
  refundId: string,
  provider: ProviderRefund,
  at: Date,
  eventId?: string,
  /** Set on the refund as it completes (a bank refund: the account it was sent to). */
  completed: Pick<Refund, 'paid_to'> = {},
  /** The office records it: a refund completed meanwhile (by another organiser) is refused, not recorded twice. */
  onlyOpen = false,
): Promise<Refund | undefined> {
  let mail: PaymentMail['kind'] | null = null;
  let applied = false;
  const result = await decideAndCommit<Refund | undefined>(
    deps,
    subject,
    ({ payable, payments, refunds }) => {
      const refund = refunds.find((r) => r.id === refundId);
      const payment = refund && payments.find((p) => p.id === refund.payment_id);
      if (!refund || !payment) return { result: refund };
      if (onlyOpen && refund.state !== 'created' && refund.state !== 'pending') throw conflict(refundMessages.recordedAlready);
      const withId = provider.id ? { provider_refund_id: provider.id } : {};
      let next: Refund | null = null;
      let change: SubjectChange | null = null;
      let paymentNext = touchPayment(payment, at);
      if (provider.status === 'succeeded' && canMoveRefund(refund, 'done') && refund.state !== 'done') {
        next = moveRefund(refund, 'done', at, { ...withId, ...completed });
        const after = refunds.map((r) => (r.id === refund.id ? next! : r));
        const stillOpen = after.some(
          (r) => r.reason === 'cancellation' && (r.state === 'created' || r.state === 'pending'),
        );
        if (payable && refund.reason === 'cancellation' && !stillOpen)
          change = deps.payables.refunded(payable, next, at);
        const done = after
          .filter((r) => r.payment_id === payment.id && r.state === 'done')
          .reduce((sum, r) => sum + r.amount, 0);
        if (done >= payment.amount && canMovePayment(payment, 'refunded'))
          paymentNext = movePayment(payment, 'refunded', at);
        mail = 'refund-completed';
      } else if (
        (provider.status === 'failed' || provider.status === 'canceled') &&
        canMoveRefund(refund, 'failed')
      ) {
        next = moveRefund(refund, 'failed', at, {
          ...withId,
          failure_reason: provider.failureReason ?? provider.status,
        });
        if (payable && refund.reason === 'cancellation')
          change = deps.payables.refundFailed(payable, next, at);
        // Fully refunded no more only if this refund had been done and the others do not reach it.
        const doneOthers = refunds
          .filter((r) => r.payment_id === payment.id && r.id !== refund.id && r.state === 'done')
          .reduce((sum, r) => sum + r.amount, 0);
        if (payment.state === 'refunded' && refund.state === 'done' && doneOthers < received(payment))
          paymentNext = movePayment(payment, 'confirmed', at);
        mail = 'refund-failed';
      } else if (
        (provider.status === 'pending' || provider.status === 'requires_action') &&
        refund.state === 'created'
      ) {
        next = moveRefund(refund, 'pending', at, withId);
        mail = null;
      }
      if (!next) return { result: refund };
      const record = next;
      return {
        write: {
          refunds: [written(record, refund)],
          payments: [written(paymentNext, payment)],
          ...(change ? { subject: change } : {}),
          eventId,
          ...(payable && mail ? { events: [{ kind: mail, payable, payment: paymentNext, refund: record, at }] } : {}),
        },
        done: () => {
          applied = true;
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
export async function settleProviderRefund(
  deps: PaymentsDeps,
  provider: ProviderRefund,
  at: Date,
  eventId?: string,
) {
  const meta = provider.metadata.refund_id
    ? provider.metadata
    : provider.paymentIntent
      ? await deps.gateway.paymentIntentMetadata(provider.paymentIntent)
      : {};
  const subject = subjectOfMetadata(meta);
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
        const refund: Refund = {
          ...newRefund(deps, payment, provider.amount, 'external', 'provider', at),
          id: refundId,
          provider_refund_id: provider.id,
        };
        return {
          write: { refunds: [written(refund)], payments: [written(touchPayment(payment, at), payment)] },
          done: () => undefined,
        };
      },
      () => undefined,
    );
  }
  return applyProviderRefund(deps, subject, refundId, provider, at, eventId);
}

/** The registration office records that it refunded a bank transfer (the order then is Cancelled), and where it sent it. */
export async function recordTransferRefund(deps: PaymentsDeps, refund: Refund, at: Date, paidTo?: string) {
  if (refund.method !== 'transfer' || !canMoveRefund(refund, 'done'))
    throw conflict('This refund cannot be recorded in its current state.');
  return applyProviderRefund(
    deps,
    refund.subject,
    refund.id,
    {
      id: `bank:${refund.id}`,
      status: 'succeeded',
      amount: refund.amount,
      paymentIntent: null,
      metadata: {},
      failureReason: null,
    },
    at,
    undefined,
    paidTo ? { paid_to: paidTo } : {},
    true,
  );
}

export const refundMessages = {
  recordedAlready: 'This refund was recorded as sent meanwhile. Please reload the page.',
} as const;

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
