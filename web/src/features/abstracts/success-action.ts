/**
 * The button of the abstract success page (spec section 4 "After abstract success"), from the
 * delegate's numeric states. The older registration form (/admin/register/information) is not
 * built yet, so "To complete profile" leads to the profile form for now (docs/decisions.md).
 */
import { paths } from '../../config/paths';

export interface SuccessAction {
  label: string;
  to: string;
}

export function successAction(info: { status: number; pay_status: number; repast_status: number } | undefined): SuccessAction {
  if (info?.status === 1 && info.pay_status === 1) return { label: 'To complete profile', to: paths.profileEdit };
  if (info?.repast_status === 1 && info.pay_status === 2) return { label: 'BACK TO Payment Detail', to: paths.fee };
  if (info?.status === 2 && info.pay_status === 1) return { label: 'To complete profile', to: paths.profileEdit };
  return { label: 'BACK TO ABSTRACT SUBMISSION', to: paths.abstracts };
}
