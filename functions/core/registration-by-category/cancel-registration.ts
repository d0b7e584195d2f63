/**
 * Cancelling a registration by category (issue 16; spec section 9: cancellation accepted until
 * 25 October 2019, refunds only to the original payment method). Until the config's
 * `cancellationUntil` the delegate gets back in full what the fee and the dinners brought in, less
 * what already went back (a refund made in the card provider's dashboard counts). Each paid subject
 * is refunded through the payments module's one refund path, its move to refunding in the same
 * ledger write as its refund (registration-payables.ts `refundChange`). An unpaid registration is
 * cancelled with nothing to refund.
 */
import { auditEntry, delegateActor } from '../audit/audit';
import { legacyFees2019 } from '../config/conference';
import { AppError, conflict, forbidden, notFound } from '../errors';
import { formatMoney, wireAmount } from '../money';
import { text } from '../i18n/messages';
import type { PaymentsDeps, SubjectLedger } from '../payments/ports';
import { refundableOf, refundPlan, requestRefund } from '../payments/refunds';
import { formatCstDeadline, isBefore } from '../time';
import { nextVersion } from '../versions';
import { payStatusOf, repastStatusOf } from './cost-detail';
import { PAY_STATUS, type RegistrationStore, type StoredRegistration } from './ports';
import { REGISTRATION_DINNERS, REGISTRATION_FEE, refundChange, registrationSubject, type RegistrationSubjectKind } from './registration-payables';

export const cancellationDeadlineText = () => formatCstDeadline(legacyFees2019.cancellationUntil);
/** Strictly before the config's instant: 25 October 2019, 24:00 CST admits 23:59:59.999 CST. */
export const cancellationOpen = (now: Date) => isBefore(now, legacyFees2019.cancellationUntil);

export const cancelMessages = {
  notRegistered: 'There is no registration to cancel.',
  closed: `Cancellation was accepted until ${cancellationDeadlineText()}: the registration can no longer be cancelled.`,
  alreadyCancelled: 'This registration is cancelled already.',
  refundWithOffice: 'A refund of this registration did not go through. The registration office will contact you to refund you another way.',
  refundChanged: 'The amount to refund has changed meanwhile. Please check it and confirm again.',
  changed: 'Your registration was changed in another window or on another device. Please reload the page.',
  cancelledWithoutRefund: 'Your registration is cancelled. Nothing was paid, so there is nothing to refund.',
  cancelledWithRefund: (cents: number) => `Your registration is cancelled. ${formatMoney(cents, 'USD')} will be refunded to the card you paid with.`,
} as const;

/** The answer with an amount by its catalog id (registration.json); its English is `cancelMessages.cancelledWithRefund`'s word for word. */
export const cancelTexts = {
  cancelledWithRefund: (cents: number) => text('api.registration.cancelledByCategoryWithRefund', { amount: formatMoney(cents, 'USD') }),
};

const kinds: RegistrationSubjectKind[] = [REGISTRATION_FEE, REGISTRATION_DINNERS];
const statusOf = (r: StoredRegistration, kind: RegistrationSubjectKind) => (kind === REGISTRATION_FEE ? payStatusOf(r) : repastStatusOf(r));

/** What a cancellation now gives back of each paid subject: what it brought in less what went back already. */
export function cancellationRefunds(r: StoredRegistration, money: Partial<Record<RegistrationSubjectKind, SubjectLedger>>) {
  return kinds
    .filter((kind) => statusOf(r, kind) === PAY_STATUS.paid)
    .map((kind) => {
      const ledger = money[kind] ?? { payments: [], refunds: [] };
      return { kind, amount: refundableOf(ledger.payments, ledger.refunds), ledger };
    });
}

/** What the fee page shows about cancelling (GET /cost_detail `cancellation`). */
export function cancellationOf(r: StoredRegistration, money: Partial<Record<RegistrationSubjectKind, SubjectLedger>>, now: Date) {
  const refunds = cancellationRefunds(r, money);
  const of = (kind: RegistrationSubjectKind) => refunds.find((x) => x.kind === kind)?.amount ?? 0;
  const total = refunds.reduce((sum, x) => sum + x.amount, 0);
  return {
    /** The delegate may cancel now (before the date, not cancelled yet). */
    open: cancellationOpen(now) && !r.cancelled_at,
    deadline: legacyFees2019.cancellationUntil,
    deadline_text: cancellationDeadlineText(),
    cancelled_at: r.cancelled_at ?? null,
    refund_failed: Boolean(r.refund_failed_at),
    /** What goes back on cancelling now (USD, as on the wire): fee and dinners. */
    refund_amount: wireAmount(total),
    fee_refund: wireAmount(of(REGISTRATION_FEE)),
    dinners_refund: wireAmount(of(REGISTRATION_DINNERS)),
  };
}
export type Cancellation = ReturnType<typeof cancellationOf>;

export interface CancelRegistrationDeps {
  registrations: Pick<RegistrationStore, 'get' | 'replace'>;
  payments: PaymentsDeps;
}

async function moneyOf(deps: Pick<CancelRegistrationDeps, 'payments'>, r: StoredRegistration) {
  const money: Partial<Record<RegistrationSubjectKind, SubjectLedger>> = {};
  for (const kind of kinds) if (statusOf(r, kind) === PAY_STATUS.paid) money[kind] = await deps.payments.ledger.ofSubject(registrationSubject(r, kind));
  return money;
}

/** GET /cost_detail's `cancellation`: what cancelling gives back now. */
export async function readCancellation(deps: Pick<CancelRegistrationDeps, 'payments'>, r: StoredRegistration, now: Date) {
  return cancellationOf(r, await moneyOf(deps, r), now);
}

/**
 * POST /register/cancel: cancels the delegate's own registration before the date. `expectedRefund`
 * (what the page showed) guards against money going back meanwhile. The dinners are refunded
 * first, then the fee: each in its own ledger write with its subject's move; a second call
 * finishes a cancellation interrupted between them.
 */
export async function cancelRegistration(
  deps: CancelRegistrationDeps,
  owner: { id: string; email: string },
  expectedRefund: string | undefined,
  now: Date,
) {
  const r = await deps.registrations.get(owner.id);
  if (!r) throw notFound(cancelMessages.notRegistered);
  if (r.refund_failed_at) throw forbidden(cancelMessages.refundWithOffice);
  const money = await moneyOf(deps, r);
  const refunds = cancellationRefunds(r, money).filter((x) => x.amount > 0);
  if (r.cancelled_at && refunds.length === 0) throw conflict(cancelMessages.alreadyCancelled);
  if (!cancellationOpen(now)) throw forbidden(cancelMessages.closed);
  const total = refunds.reduce((sum, x) => sum + x.amount, 0);
  if (expectedRefund !== undefined && expectedRefund !== wireAmount(total))
    throw new AppError('conflict', cancelMessages.refundChanged, { cancellation: cancellationOf(r, money, now) });

  if (refunds.length === 0) {
    const next: StoredRegistration = { ...r, cancelled_at: now.toISOString(), updated_at: nextVersion(r.updated_at, now) };
    const audit = auditEntry({
      action: 'registration.cancelled',
      actor: delegateActor(owner.id, owner.email),
      at: now,
      object: { type: 'registration', id: owner.id },
      before: { pay_status: payStatusOf(r), repast_status: repastStatusOf(r), version: r.updated_at },
      after: { cancelled_at: next.cancelled_at, refund_amount: wireAmount(0), version: next.updated_at },
    });
    if ((await deps.registrations.replace(next, r.updated_at, { registration_cancelled_at: next.cancelled_at! }, audit)) !== 'ok')
      throw conflict(cancelMessages.changed);
    return { message: cancelMessages.cancelledWithoutRefund, data: { refund_amount: wireAmount(0) } };
  }

  for (const { kind, ledger } of [...refunds].reverse()) {
    await requestRefund(
      deps.payments,
      {
        subject: registrationSubject(r, kind),
        from: refundPlan(ledger.payments, ledger.refunds, refundableOf(ledger.payments, ledger.refunds)),
        reason: 'cancellation',
        by: 'delegate',
        // Over the registration as read by the payments module now: paid -> refunding, cancelled_at set.
        change: (payable) => refundChange(payable.record as StoredRegistration, kind, 'refunding', now),
      },
      now,
    ).catch((error: unknown) => {
      throw error instanceof AppError && error.kind === 'conflict' ? conflict(cancelMessages.changed) : error;
    });
  }
  return { message: cancelTexts.cancelledWithRefund(total), data: { refund_amount: wireAmount(total) } };
}
