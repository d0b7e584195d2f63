/**
 * The office's registrations by category (the older flow): every registration newest first, or
 * the review queue (register_status 1) oldest first; one registration with everything the
 * delegate gave, the documents and payment voucher as short-lived download links, and its audit
 * trail. The decision itself is core/registration-by-category/review.ts (decideReview).
 */
import { notFound } from '../errors';
import { categoryName } from '../registration-by-category/fees';
import { dinnerTotal, payStatusOf, repastStatusOf } from '../registration-by-category/cost-detail';
import { REGISTER_STATUS, type RegistrationList, type RegistrationStore, type StoredRegistration } from '../registration-by-category/ports';
import { REGISTRATION_DINNERS, REGISTRATION_FEE, registrationSubject, registrationStatusName } from '../registration-by-category/registration-payables';
import type { Ledger } from '../payments/ports';
import { wireAmount } from '../money';
import { reviewMessages } from '../registration-by-category/review';
import type { StoredFile } from '../uploads/ports';
import { activityOf, officeDownloads, OFFICE_PAGE_SIZE, type DelegateOfficeDeps } from './delegates';

export interface RegistrationOfficeDeps extends DelegateOfficeDeps {
  registrations: Pick<RegistrationStore, 'get' | 'page' | 'count'>;
  /** The payments and refunds of the registration's two subjects (fee, dinners). */
  ledger: Pick<Ledger, 'ofSubject'>;
}

/** The review state as the office reads it. */
export const reviewStateNames: Record<number, string> = {
  [REGISTER_STATUS.none]: 'Approved (may pay)',
  [REGISTER_STATUS.inReview]: 'Waiting for review',
  [REGISTER_STATUS.rejected]: 'Rejected (waiting for new documents)',
};

const fullName = (r: Pick<StoredRegistration, 'first_name' | 'middle_initial' | 'last_name'>) => [r.first_name, r.middle_initial, r.last_name].filter((p) => p && p.trim()).join(' ');

export function registrationRow(r: StoredRegistration) {
  return {
    owner_id: r.owner_id,
    register_code: r.register_code,
    name: fullName(r),
    email: r.owner_email,
    regiatration_type: r.regiatration_type,
    type_name: categoryName(r.regiatration_type),
    register_status: r.register_status,
    review_state: reviewStateNames[r.register_status] ?? String(r.register_status),
    /** USD cents. */
    register_fee: r.fees.total,
    /** 1 unpaid, 2 paid (spec section 4), and its name. */
    pay_status: payStatusOf(r),
    pay_state: registrationStatusName(payStatusOf(r)),
    /** USD cents of the dinners chosen (0 when none is chosen). */
    dinner_fee: dinnerTotal(r),
    repast_status: repastStatusOf(r),
    repast_state: registrationStatusName(repastStatusOf(r)),
    created_at: r.created_at,
    submitted_at: r.submitted_at ?? r.created_at,
  };
}
export type RegistrationRow = ReturnType<typeof registrationRow>;

export async function listRegistrations(deps: Pick<RegistrationOfficeDeps, 'registrations'>, input: { list: RegistrationList; cursor?: string; count?: string }) {
  const [page, total] = await Promise.all([
    deps.registrations.page(input.list, OFFICE_PAGE_SIZE, input.cursor),
    // The list's total over its pages (count=1).
    input.count ? deps.registrations.count(input.list) : undefined,
  ]);
  return { items: page.items.map(registrationRow), cursor: page.cursor, list: input.list, ...(total !== undefined ? { total } : {}) };
}

/** One registration as the office reviews it. */
export async function getOfficeRegistration(deps: RegistrationOfficeDeps, ownerId: string) {
  const r = await deps.registrations.get(ownerId);
  if (!r) throw notFound(reviewMessages.notFound);
  const [user, files, fee, dinners] = await Promise.all([
    deps.directory.getUser(ownerId),
    deps.records.files(ownerId),
    deps.ledger.ofSubject(registrationSubject(r, REGISTRATION_FEE)),
    deps.ledger.ofSubject(registrationSubject(r, REGISTRATION_DINNERS)),
  ]);
  // One list of the two subjects' money, oldest first, each record saying what it paid for.
  const forWhat = (kind: string) => (kind === REGISTRATION_FEE ? 'Registration fee' : 'Dinners');
  const byTime = (a: { created_at: string }, b: { created_at: string }) => a.created_at.localeCompare(b.created_at);
  const payments = [...fee.payments, ...dinners.payments].sort(byTime);
  const refunds = [...fee.refunds, ...dinners.refunds].sort(byTime);
  const byId = new Map(files.map((f) => [f.id, f]));
  const pick = (ids: string[]) => ids.map((id) => byId.get(id)).filter((f): f is StoredFile => Boolean(f));
  const voucher = r.payment_voucher ? pick([r.payment_voucher]) : [];
  return {
    ...registrationRow(r),
    registration: r,
    version: r.updated_at,
    review_reason: r.review_reason ?? '',
    decided_at: r.decided_at ?? null,
    decided_by: r.decided_by ?? null,
    documents: await officeDownloads(deps, pick([...r.young_investigator_files, ...r.fellow_files])),
    payment_voucher: await officeDownloads(deps, voucher),
    payments: payments.map((p) => ({
      id: p.id,
      for: forWhat(p.subject.kind),
      method: p.method,
      state: p.state,
      amount: wireAmount(p.amount),
      provider_ids: p.provider_ids,
      created_at: p.created_at,
      confirmed_at: p.confirmed_at ?? null,
      surplus: p.surplus ?? null,
    })),
    refunds: refunds.map((x) => ({
      id: x.id,
      for: forWhat(x.subject.kind),
      method: x.method,
      state: x.state,
      amount: wireAmount(x.amount),
      reason: x.reason,
      provider_refund_id: x.provider_refund_id ?? null,
      created_at: x.created_at,
      done_at: x.done_at ?? null,
    })),
    account: user ? { id: user.id, email: user.email, status: user.status, pay_status: user.pay_status } : null,
    activity: await activityOf(
      deps,
      [{ type: 'registration', id: ownerId }, ...payments.map((p) => ({ type: 'payment', id: p.id })), ...refunds.map((x) => ({ type: 'refund', id: x.id }))],
      user,
    ),
  };
}
export type OfficeRegistration = Awaited<ReturnType<typeof getOfficeRegistration>>;
