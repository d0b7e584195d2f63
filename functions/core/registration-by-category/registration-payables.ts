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
import { legacyFees2019 } from '../config/conference';
import { nextVersion } from '../versions';
import type { Subject } from '../payments/model';
import type { Payable, PayableModule, SubjectChange } from '../payments/ports';
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
