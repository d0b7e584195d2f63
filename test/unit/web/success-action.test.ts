import { describe, expect, it } from 'vitest';
import { STATUS } from '#core/accounts/model';
import { successAction } from '../../../web/src/features/abstracts/success-action';

describe('the button of the abstract success page', () => {
  const unpaid = { pay_status: 1, repast_status: 1 };
  it('asks to complete the profile only while it is not complete', () => {
    expect(successAction({ status: STATUS.activated, ...unpaid })).toEqual({ label: 'To complete profile', to: '/admin/register/information' });
    expect(successAction({ status: STATUS.profileComplete, ...unpaid })).toEqual({ label: 'BACK TO ABSTRACT SUBMISSION', to: '/admin/pre' });
  });
  it('leads a paid delegate with the dinner unpaid to the payment detail', () => {
    expect(successAction({ status: STATUS.profileComplete, pay_status: 2, repast_status: 1 })).toEqual({ label: 'BACK TO Payment Detail', to: '/admin/fee' });
  });
  it('otherwise back to the abstracts', () => {
    expect(successAction({ status: STATUS.profileComplete, pay_status: 2, repast_status: 2 }).to).toBe('/admin/pre');
    expect(successAction(undefined).to).toBe('/admin/pre');
  });
});
