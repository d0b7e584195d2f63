/**
 * The registration by category as the payments module sees it: two subjects per registration,
 * its fee ('registration-fee') and its dinners ('registration-dinners'), both named by the
 * registration number and owned by the delegate. What each costs is computed from the config
 * (cost-detail.ts) on the registration as read; a confirmed payment moves pay_status resp.
 * repast_status 1 -> 2 on the registration (and the profile's summary, storage/ledger.ts) over
 * the version read. A cancellation (cancel-registration.ts) moves a paid subject 2 -> 3 (refunding)
 * with the registration's cancelled_at in the same write as its refund; the provider's answer moves
 * it 3 -> 4 (refunded), or back to 2 with refund_failed_at (the office refunds another way; the
 * registration stays cancelled). A refund of money that could not be counted (surplus) changes no
 * state here.
 */
import { conference, legacyFees2019 } from '../config/conference';
import { layout } from '../mail/templates';
import { formatMoney } from '../money';
import { formatCstInstant } from '../time';
import { nextVersion } from '../versions';
import type { Logger, Mail, Mailer } from '../accounts/ports';
import type { Payment, Refund, Subject } from '../payments/model';
import type { Payable, PayableModule, PaymentMail, SubjectChange } from '../payments/ports';
import { dinnerRows, feeRows, payStatusOf, repastStatusOf, sum } from './cost-detail';
import { PAY_STATUS, REGISTER_STATUS, type RegistrationStore, type StoredRegistration } from './ports';

const extraTickets = legacyFees2019.extraTickets;

export const REGISTRATION_FEE = 'registration-fee' as const;
export const REGISTRATION_DINNERS = 'registration-dinners' as const;
export type RegistrationSubjectKind = typeof REGISTRATION_FEE | typeof REGISTRATION_DINNERS;

export const registrationSubject = (r: Pick<StoredRegistration, 'register_code' | 'owner_id'>, kind: RegistrationSubjectKind): Subject => ({
  kind,
  id: r.register_code,
  owner_id: r.owner_id,
});

/** The audit log's names of these subjects' states (`registration-fee.paid`). */
export const registrationStatusName = (status: number) =>
  status === PAY_STATUS.paid ? 'Paid' : status === PAY_STATUS.refunding ? 'Refunding' : status === PAY_STATUS.refunded ? 'Refunded' : 'Unpaid';

const byName = (rows: { name: string; register: string; fee: number }[], what: (r: { name: string; register: string }) => string) =>
  rows.filter((r) => r.fee > 0).map((r) => ({ name: what(r), unitAmount: r.fee, quantity: 1 }));

/** The registration as one of its two payables (its status: the pay_status resp. repast_status of the spec). */
export function payableOf(r: StoredRegistration, kind: RegistrationSubjectKind): Payable<StoredRegistration> {
  const fee = kind === REGISTRATION_FEE;
  const rows = fee ? feeRows(r) : dinnerRows(r);
  const lines = fee
    ? byName(rows, (row) => `${row.register}: ${row.name}`)
    : dinnerRows(r).flatMap((row) => [
        ...(row.gala_dinner === 'Yes' ? [{ name: `Gala dinner: ${row.name}`, unitAmount: extraTickets.galaDinner, quantity: 1 }] : []),
        ...(row.working_lunch === 'Yes' ? [{ name: `Working dinner: ${row.name}`, unitAmount: extraTickets.workingDinner, quantity: 1 }] : []),
      ]);
  return {
    subject: registrationSubject(r, kind),
    record: r,
    status: fee ? payStatusOf(r) : repastStatusOf(r),
    awaitsPayment:
      !r.cancelled_at &&
      (fee ? payStatusOf(r) === PAY_STATUS.unpaid && r.register_status === REGISTER_STATUS.none : repastStatusOf(r) === PAY_STATUS.unpaid && payStatusOf(r) === PAY_STATUS.paid),
    version: r.updated_at,
    amount: sum(rows),
    currency: 'USD',
    title: fee ? `Registration fee ${r.register_code}` : `Dinners ${r.register_code}`,
    lines,
    email: r.owner_email,
  };
}

/**
 * Paying moves the status 1 -> 2, over the version read. The fee is payable only once the
 * registration needs no review (register_status 0); the dinners only once the fee is paid.
 */
export function paidChange(r: StoredRegistration, kind: RegistrationSubjectKind, at: Date): SubjectChange | null {
  const fee = kind === REGISTRATION_FEE;
  if (r.cancelled_at) return null;
  if (fee ? payStatusOf(r) !== PAY_STATUS.unpaid || r.register_status !== REGISTER_STATUS.none : repastStatusOf(r) !== PAY_STATUS.unpaid || payStatusOf(r) !== PAY_STATUS.paid)
    return null;
  return {
    subject: registrationSubject(r, kind),
    from: PAY_STATUS.unpaid,
    to: PAY_STATUS.paid,
    version: { base: r.updated_at, next: nextVersion(r.updated_at, at) },
    set: fee ? { paid_at: at.toISOString() } : { dinners_paid_at: at.toISOString() },
    record: r,
  };
}

/**
 * The moves of a cancellation's refund, over the version read: paid -> refunding (with the
 * registration's cancelled_at, in the same write as the refund), refunding -> refunded,
 * refunding (or refunded) -> paid again when the refund failed (refund_failed_at noted; still cancelled).
 */
export function refundChange(r: StoredRegistration, kind: RegistrationSubjectKind, event: 'refunding' | 'refunded' | 'refund-failed', at: Date): SubjectChange | null {
  const status = kind === REGISTRATION_FEE ? payStatusOf(r) : repastStatusOf(r);
  const move: false | { to: number; set: Record<string, string> } =
    event === 'refunding'
      ? status === PAY_STATUS.paid && { to: PAY_STATUS.refunding, set: { cancelled_at: r.cancelled_at ?? at.toISOString() } }
      : event === 'refunded'
        ? status === PAY_STATUS.refunding && { to: PAY_STATUS.refunded, set: {} }
        : // A card's bank may return a refund after it succeeded: the money is the registration's again.
          (status === PAY_STATUS.refunding || status === PAY_STATUS.refunded) && { to: PAY_STATUS.paid, set: { refund_failed_at: at.toISOString() } };
  if (!move) return null;
  return {
    subject: registrationSubject(r, kind),
    from: status,
    to: move.to,
    version: { base: r.updated_at, next: nextVersion(r.updated_at, at) },
    set: move.set,
    record: r,
  };
}

export const isRegistrationKind = (kind: string): kind is RegistrationSubjectKind => kind === REGISTRATION_FEE || kind === REGISTRATION_DINNERS;

/** The registration module as the payments module sees it (both kinds). */
export function registrationPayables(deps: { registrations: Pick<RegistrationStore, 'get'> }): PayableModule {
  const record = (p: Payable) => p.record as StoredRegistration;
  const kindOf = (p: Payable) => p.subject.kind as RegistrationSubjectKind;
  return {
    async load(subject) {
      const r = await deps.registrations.get(subject.owner_id);
      return r && r.register_code === subject.id && isRegistrationKind(subject.kind) ? payableOf(r, subject.kind) : undefined;
    },
    paid: (p, _payment, at) => paidChange(record(p), kindOf(p), at),
    refunding: (p, _refund, at) => refundChange(record(p), kindOf(p), 'refunding', at),
    refunded: (p, _refund, at) => refundChange(record(p), kindOf(p), 'refunded', at),
    refundFailed: (p, _refund, at) => refundChange(record(p), kindOf(p), 'refund-failed', at),
    holds: (p, at) => {
      const r = record(p);
      return {
        subject: p.subject,
        from: p.status,
        to: p.status,
        version: { base: r.updated_at, next: nextVersion(r.updated_at, at) },
        record: r,
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Mails about these payments (the payments module decides when; this says what)

const usd = (cents: number) => formatMoney(cents, 'USD');
const what = (kind: string, r: StoredRegistration) => (kind === REGISTRATION_FEE ? `the registration fee of registration ${r.register_code}` : `the dinners of registration ${r.register_code}`);

export function registrationPaymentReceivedMail(r: StoredRegistration, kind: RegistrationSubjectKind, payment: Payment, at: Date, feePage: string) {
  const fee = kind === REGISTRATION_FEE;
  const rows = fee ? feeRows(r).map((row) => `${row.register}: ${row.name}, ${usd(row.fee)}`) : dinnerRows(r).filter((row) => row.fee > 0).map((row) => `${row.name}: gala dinner ${row.gala_dinner}, working dinner ${row.working_lunch}, ${usd(row.fee)}`);
  return layout({
    subject: fee ? `Payment received: registration fee ${r.register_code}` : `Payment received: dinners of registration ${r.register_code}`,
    heading: 'We have received your payment',
    paragraphs: [`Thank you: ${what(kind, r)} for the ${conference.name} is paid.`],
    sections: [
      { heading: 'Payment', items: [`Amount: ${usd(payment.amount)}`, 'Method: card', `Date: ${formatCstInstant(payment.confirmed_at ?? at.toISOString())}`] },
      { heading: fee ? 'Registration' : 'Dinners', items: rows },
    ],
    action: { label: 'See your payment detail', url: feePage },
  });
}

function surplusMail(r: StoredRegistration, kind: RegistrationSubjectKind, payment: Payment) {
  const why =
    payment.surplus === 'amount-mismatch'
      ? 'the amount received did not match what is due now (the choices changed meanwhile)'
      : `${what(kind, r)} had already been paid or could not be paid in its current state`;
  return layout({
    subject: `Payment refunded: registration ${r.register_code}`,
    heading: 'We are refunding a payment in full',
    paragraphs: [`We received ${usd(payment.amount)} by card, but ${why}. We are refunding it in full to the card; nothing else changes.`],
  });
}

function failedMail(r: StoredRegistration, kind: RegistrationSubjectKind, feePage: string) {
  return layout({
    subject: `Payment not completed: registration ${r.register_code}`,
    heading: 'Your payment did not go through',
    paragraphs: [`The card payment for ${what(kind, r)} failed. Nothing was charged; you can try again.`],
    action: { label: 'Pay again', url: feePage },
  });
}

function refundRequestedMail(r: StoredRegistration, kind: RegistrationSubjectKind, refund: Refund, payment: Payment) {
  return layout({
    subject: `Cancellation of registration ${r.register_code}`,
    heading: 'Your registration is cancelled; the refund is on its way',
    paragraphs: [
      `Registration ${r.register_code} for the ${conference.name} is cancelled. We refund ${usd(refund.amount)} of ${usd(payment.amount)} paid for ${what(kind, r)} to the card it was paid with.`,
      'A card refund usually appears on the statement within 5-10 days.',
    ],
  });
}

function refundCompletedMail(r: StoredRegistration, kind: RegistrationSubjectKind, refund: Refund) {
  return layout({
    subject: `Refund completed: registration ${r.register_code}`,
    heading: 'Your refund has been made',
    paragraphs: [`We have refunded ${usd(refund.amount)} for ${what(kind, r)} to the card it was paid with.`],
  });
}

function refundFailedMail(r: StoredRegistration, kind: RegistrationSubjectKind, refund: Refund) {
  return layout({
    subject: `Refund not completed: registration ${r.register_code}`,
    heading: 'We could not complete your refund',
    paragraphs: [
      `The refund of ${usd(refund.amount)} for ${what(kind, r)} to your card did not go through${refund.failure_reason ? ` (${refund.failure_reason.replace(/_/g, ' ')})` : ''}. Your registration stays cancelled.`,
      `The registration office has been told and will contact you to refund you another way. You can also write to ${conference.contacts.registration}.`,
    ],
  });
}

export function registrationPaymentMails(deps: { mailer: Mailer; log: Logger; siteOrigin: string }, office: string) {
  const feePage = `${deps.siteOrigin}/admin/fee`;
  const send = async (to: string, mail: Omit<Mail, 'to' | 'importance'>, kind: string) => {
    try {
      await deps.mailer.send({ to, ...mail, importance: 'notification' });
    } catch (error) {
      deps.log.error('registration payment mail not sent', { kind, error: (error as Error).message });
    }
  };
  return async (mail: PaymentMail) => {
    const r = mail.payable.record as StoredRegistration;
    const kind = mail.payable.subject.kind as RegistrationSubjectKind;
    switch (mail.kind) {
      case 'payment-received':
        return send(r.owner_email, registrationPaymentReceivedMail(r, kind, mail.payment, mail.at, feePage), mail.kind);
      case 'surplus-refunded':
        return send(r.owner_email, surplusMail(r, kind, mail.payment), mail.kind);
      case 'payment-failed':
        return send(r.owner_email, failedMail(r, kind, feePage), mail.kind);
      case 'refund-requested':
        return send(r.owner_email, refundRequestedMail(r, kind, mail.refund!, mail.payment), mail.kind);
      case 'refund-completed':
        return send(r.owner_email, refundCompletedMail(r, kind, mail.refund!), mail.kind);
      case 'refund-failed':
        await send(r.owner_email, refundFailedMail(r, kind, mail.refund!), mail.kind);
        // The office acts on it: the money is the registration's again, to be refunded another way.
        return send(office, refundFailedMail(r, kind, mail.refund!), `${mail.kind} (office)`);
      default:
        // A transfer's partial arrival: registrations are paid by card only.
        deps.log.info('registration payment mail not worded', { kind: mail.kind });
    }
  };
}
