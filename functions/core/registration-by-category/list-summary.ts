/**
 * The registration by category as the delegate's order list (/registration/list) shows it: a
 * delegate who registered (and paid) in the older flow has no 2024 order, and must not read
 * "You have no registration order yet". Pure: the stored registration in, what the list says out.
 */
import { wireAmount } from '../money';
import { payStatusOf } from './cost-detail';
import { categoryName, REGISTRATION_TYPE } from './fees';
import { PAY_STATUS, REGISTER_STATUS, type StoredRegistration } from './ports';

export type ByCategoryStatus = 'cancelled' | 'paid' | 'in-review' | 'rejected' | 'unpaid';

export const byCategoryTexts = {
  cancelledRefunding: 'Cancelled: the refund is on its way',
  cancelledRefunded: 'Cancelled and refunded',
  cancelled: 'Cancelled',
  paid: 'Paid',
  inReview: 'Under review by the registration office',
  memberRejected: 'Member number not approved: please enter it again',
  documentsRejected: 'Documents not approved: please upload them again',
  unpaid: 'Registered, fee not paid yet',
} as const;

function statusOf(r: StoredRegistration): { status: ByCategoryStatus; status_text: string } {
  const pay = payStatusOf(r);
  if (r.cancelled_at) {
    const text = pay === PAY_STATUS.refunding ? byCategoryTexts.cancelledRefunding : pay === PAY_STATUS.refunded ? byCategoryTexts.cancelledRefunded : byCategoryTexts.cancelled;
    return { status: 'cancelled', status_text: text };
  }
  if (pay === PAY_STATUS.paid) return { status: 'paid', status_text: byCategoryTexts.paid };
  if (r.register_status === REGISTER_STATUS.inReview) return { status: 'in-review', status_text: byCategoryTexts.inReview };
  if (r.register_status === REGISTER_STATUS.rejected) {
    return { status: 'rejected', status_text: r.regiatration_type === REGISTRATION_TYPE.member ? byCategoryTexts.memberRejected : byCategoryTexts.documentsRejected };
  }
  return { status: 'unpaid', status_text: byCategoryTexts.unpaid };
}

/** What the order list says of the registration: its number, category, state and fee (USD, as on the wire). */
export function byCategorySummary(r: StoredRegistration) {
  return {
    register_code: r.register_code,
    regiatration_type: r.regiatration_type,
    type_name: categoryName(r.regiatration_type),
    ...statusOf(r),
    fee: wireAmount(r.fees.total),
  };
}
export type ByCategorySummary = ReturnType<typeof byCategorySummary>;
