/**
 * The office's registrations by category (the older flow): every registration newest first, or
 * the review queue (register_status 1) oldest first; one registration with everything the
 * delegate gave, the documents and payment voucher as short-lived download links, and its audit
 * trail. The decision itself is core/registration-by-category/review.ts (decideReview).
 */
import { notFound } from '../errors';
import { categoryName } from '../registration-by-category/fees';
import { REGISTER_STATUS, type RegistrationList, type RegistrationStore, type StoredRegistration } from '../registration-by-category/ports';
import { reviewMessages } from '../registration-by-category/review';
import type { StoredFile } from '../uploads/ports';
import { activityOf, officeDownloads, OFFICE_PAGE_SIZE, type DelegateOfficeDeps } from './delegates';

export interface RegistrationOfficeDeps extends DelegateOfficeDeps {
  registrations: Pick<RegistrationStore, 'get' | 'page'>;
}

/** The review state as the office reads it. */
export const reviewStateNames: Record<number, string> = {
  [REGISTER_STATUS.none]: 'Approved (may pay)',
  [REGISTER_STATUS.inReview]: 'Waiting for review',
  [REGISTER_STATUS.rejected]: 'Rejected (waiting for new documents)',
};

const fullName = (r: Pick<StoredRegistration, 'first_name' | 'middle_initial' | 'last_name'>) => [r.first_name, r.middle_initial, r.last_name].filter((p) => p && p.trim()).join(' ');

/** The payment state, when the payment part of the flow keeps it on the registration (1 unpaid until then). */
const payStatusOf = (r: StoredRegistration) => (r as StoredRegistration & { pay_status?: number }).pay_status ?? 1;

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
    pay_status: payStatusOf(r),
    created_at: r.created_at,
    submitted_at: r.submitted_at ?? r.created_at,
  };
}
export type RegistrationRow = ReturnType<typeof registrationRow>;

export async function listRegistrations(deps: Pick<RegistrationOfficeDeps, 'registrations'>, input: { list: RegistrationList; cursor?: string }) {
  const page = await deps.registrations.page(input.list, OFFICE_PAGE_SIZE, input.cursor);
  return { items: page.items.map(registrationRow), cursor: page.cursor, list: input.list };
}

/** One registration as the office reviews it. */
export async function getOfficeRegistration(deps: RegistrationOfficeDeps, ownerId: string) {
  const r = await deps.registrations.get(ownerId);
  if (!r) throw notFound(reviewMessages.notFound);
  const [user, files] = await Promise.all([deps.directory.getUser(ownerId), deps.records.files(ownerId)]);
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
    account: user ? { id: user.id, email: user.email, status: user.status, pay_status: user.pay_status } : null,
    activity: await activityOf(deps, [{ type: 'registration', id: ownerId }], user),
  };
}
export type OfficeRegistration = Awaited<ReturnType<typeof getOfficeRegistration>>;
