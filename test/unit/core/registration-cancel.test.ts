/**
 * Cancelling a registration by category, as plain domain code with fixed clocks: the date's
 * boundary (25 October 2019, 24:00 CST), the subjects' moves of a cancellation's refund, what goes
 * back (what each paid subject brought in, less what went back already), and the refusals.
 */
import { describe, expect, it } from 'vitest';
import type { AppError } from '#core/errors';
import type { Payment, Refund } from '#core/payments/model';
import type { PaymentsDeps, SubjectLedger } from '#core/payments/ports';
import { cancellationOf, cancellationOpen, cancelMessages, cancelRegistration } from '#core/registration-by-category/cancel-registration';
import { registrationMoneyViolations } from '#core/registration-by-category/invariants';
import type { StoredRegistration } from '#core/registration-by-category/ports';
import { paidChange, payableOf, refundChange, REGISTRATION_DINNERS, REGISTRATION_FEE, registrationStatusName } from '#core/registration-by-category/registration-payables';

const AT = new Date('2019-07-01T10:00:00+08:00');
const LAST = new Date('2019-10-25T23:59:59.999+08:00');
const CLOSED = new Date('2019-10-26T00:00:00+08:00');

function registration(set: Partial<StoredRegistration> = {}): StoredRegistration {
  return {
    first_name: 'Ada', middle_initial: '', last_name: 'Lovelace', nick_name: '', occupation: 'Surgeon', organization: 'Peking Hospital', country: 'China',
    mobile: '+86 10 1234 5678', regiatration_type: 1, gala_dinner: 'Yes', working_lunch: 'No', accompanying_type: 'no', accompany: [], oeso_member: '',
    young_investigator_files: [], fellow_files: [], group_name: '', company_represent: '', address_one: '', address_two: '', groups: [],
    owner_id: 'u1', owner_email: 'ada@example.org', sequence: 7, register_code: 'OESO-000007', register_status: 0, period: 'early',
    fees: { registrant: 80000, accompanying: 0, members: 0, total: 80000 }, pay_status: 1, repast_status: 1,
    created_at: AT.toISOString(), updated_at: AT.toISOString(),
    ...set,
  };
}

const payment = (kind: typeof REGISTRATION_FEE | typeof REGISTRATION_DINNERS, amount: number, set: Partial<Payment> = {}): Payment => ({
  id: `p-${kind}`, subject: { kind, id: 'OESO-000007', owner_id: 'u1' }, amount, currency: 'USD', method: 'card', provider: 'stripe',
  provider_ids: { payment_intent: 'pi_1' }, state: 'confirmed', version: 2, created_at: AT.toISOString(), updated_at: AT.toISOString(), ...set,
});
const refund = (p: Payment, amount: number, set: Partial<Refund> = {}): Refund => ({
  id: `r-${p.id}`, payment_id: p.id, subject: p.subject, amount, currency: 'USD', method: 'card', state: 'done', version: 1, reason: 'external',
  requested_by: 'provider', created_at: AT.toISOString(), updated_at: AT.toISOString(), ...set,
});

describe('the date', () => {
  it('is open until 25 October 2019, 24:00 CST: 23:59:59.999 CST still cancels, midnight does not', () => {
    expect(cancellationOpen(LAST)).toBe(true);
    expect(cancellationOpen(CLOSED)).toBe(false);
    expect(cancelMessages.closed).toBe('Cancellation was accepted until 25 October 2019, 24:00 CST (UTC+8): the registration can no longer be cancelled.');
  });
});

describe("a cancellation's moves", () => {
  it('paid -> refunding with cancelled_at, over the version read; an unpaid subject does not move', () => {
    const r = registration({ pay_status: 2 });
    const move = refundChange(r, REGISTRATION_FEE, 'refunding', LAST)!;
    expect(move).toMatchObject({ from: 2, to: 3, set: { cancelled_at: LAST.toISOString() }, version: { base: r.updated_at } });
    expect(move.version.next).not.toBe(r.updated_at);
    expect(refundChange(r, REGISTRATION_DINNERS, 'refunding', LAST)).toBeNull();
  });
  it('refunding -> refunded; refunding (or refunded, returned later) -> paid again with refund_failed_at; nothing else', () => {
    const refunding = registration({ pay_status: 3, cancelled_at: AT.toISOString() });
    expect(refundChange(refunding, REGISTRATION_FEE, 'refunded', LAST)).toMatchObject({ from: 3, to: 4 });
    expect(refundChange(refunding, REGISTRATION_FEE, 'refund-failed', LAST)).toMatchObject({ from: 3, to: 2, set: { refund_failed_at: LAST.toISOString() } });
    expect(refundChange(registration({ pay_status: 4 }), REGISTRATION_FEE, 'refund-failed', LAST)).toMatchObject({ from: 4, to: 2 });
    expect(refundChange(registration({ pay_status: 4 }), REGISTRATION_FEE, 'refunded', LAST)).toBeNull();
    expect(refundChange(registration({ pay_status: 2 }), REGISTRATION_FEE, 'refunded', LAST)).toBeNull();
    expect([1, 2, 3, 4].map(registrationStatusName)).toEqual(['Unpaid', 'Paid', 'Refunding', 'Refunded']);
  });
  it('a cancelled registration awaits no payment: money arriving for it is not counted', () => {
    const r = registration({ cancelled_at: AT.toISOString() });
    expect(payableOf(r, REGISTRATION_FEE).awaitsPayment).toBe(false);
    expect(paidChange(r, REGISTRATION_FEE, LAST)).toBeNull();
  });
});

describe('what goes back', () => {
  it('all that the fee and the dinners brought in, less what went back already (a dashboard refund counts)', () => {
    const fee = payment(REGISTRATION_FEE, 80000);
    const dinners = payment(REGISTRATION_DINNERS, 12000);
    const c = cancellationOf(
      registration({ pay_status: 2, repast_status: 2 }),
      { [REGISTRATION_FEE]: { payments: [fee], refunds: [refund(fee, 10000)] }, [REGISTRATION_DINNERS]: { payments: [dinners], refunds: [] } },
      LAST,
    );
    expect(c).toMatchObject({ open: true, refund_amount: '820.00', fee_refund: '700.00', dinners_refund: '120.00', deadline_text: '25 October 2019, 24:00 CST (UTC+8)' });
  });
  it('money counted for nothing (surplus) is not the subject\'s: it is never part of the cancellation', () => {
    const fee = payment(REGISTRATION_FEE, 80000);
    const extra = payment(REGISTRATION_FEE, 80000, { id: 'p-extra', surplus: 'already-paid' });
    expect(cancellationOf(registration({ pay_status: 2 }), { [REGISTRATION_FEE]: { payments: [fee, extra], refunds: [] } }, LAST).refund_amount).toBe('800.00');
  });
});

function fakeDeps(r: StoredRegistration, money: Record<string, SubjectLedger> = {}) {
  const replaced: StoredRegistration[] = [];
  const deps = {
    registrations: {
      get: async () => r,
      replace: async (next: StoredRegistration) => (replaced.push(next), 'ok' as const),
    },
    payments: { ledger: { ofSubject: async (s: { kind: string }) => money[s.kind] ?? { payments: [], refunds: [] } } } as unknown as PaymentsDeps,
  };
  return { deps, replaced };
}
const owner = { id: 'u1', email: 'ada@example.org' };
const refusal = (p: Promise<unknown>) => p.then(() => null, (e: AppError) => ({ kind: e.kind, message: e.message }));

describe('cancelRegistration', () => {
  it('an unpaid registration is cancelled with nothing to refund, until the date', async () => {
    const { deps, replaced } = fakeDeps(registration());
    expect(await cancelRegistration(deps, owner, '0.00', LAST)).toEqual({ message: cancelMessages.cancelledWithoutRefund, data: { refund_amount: '0.00' } });
    expect(replaced[0]).toMatchObject({ cancelled_at: LAST.toISOString() });
  });
  it('after the date: refused, paid or not', async () => {
    expect(await refusal(cancelRegistration(fakeDeps(registration()).deps, owner, undefined, CLOSED))).toEqual({ kind: 'forbidden', message: cancelMessages.closed });
    const fee = payment(REGISTRATION_FEE, 80000);
    const paid = fakeDeps(registration({ pay_status: 2 }), { [REGISTRATION_FEE]: { payments: [fee], refunds: [] } });
    expect(await refusal(cancelRegistration(paid.deps, owner, undefined, CLOSED))).toEqual({ kind: 'forbidden', message: cancelMessages.closed });
  });
  it('cancelled already, a refund that failed, or a refund other than the one shown: refused, nothing written', async () => {
    const cancelled = fakeDeps(registration({ cancelled_at: AT.toISOString() }));
    expect(await refusal(cancelRegistration(cancelled.deps, owner, undefined, LAST))).toEqual({ kind: 'conflict', message: cancelMessages.alreadyCancelled });
    const failed = fakeDeps(registration({ pay_status: 2, cancelled_at: AT.toISOString(), refund_failed_at: AT.toISOString() }));
    expect(await refusal(cancelRegistration(failed.deps, owner, undefined, LAST))).toEqual({ kind: 'forbidden', message: cancelMessages.refundWithOffice });
    const fee = payment(REGISTRATION_FEE, 80000);
    const paid = fakeDeps(registration({ pay_status: 2 }), { [REGISTRATION_FEE]: { payments: [fee], refunds: [refund(fee, 10000)] } });
    expect(await refusal(cancelRegistration(paid.deps, owner, '800.00', LAST))).toEqual({ kind: 'conflict', message: cancelMessages.refundChanged });
    expect([...cancelled.replaced, ...failed.replaced, ...paid.replaced]).toEqual([]);
  });
});

describe('the invariants know a cancellation', () => {
  it('refunded holds nothing; a cancelled registration still paid without a failed refund is a violation', () => {
    const fee = payment(REGISTRATION_FEE, 80000, { state: 'refunded' });
    const back = refund(fee, 80000, { reason: 'cancellation' });
    const profile = { pay_status: 4, repast_status: 1 };
    expect(registrationMoneyViolations(registration({ pay_status: 4, cancelled_at: AT.toISOString() }), REGISTRATION_FEE, { payments: [fee], refunds: [back] }, profile)).toEqual([]);
    const held = payment(REGISTRATION_FEE, 80000);
    expect(registrationMoneyViolations(registration({ pay_status: 2, cancelled_at: AT.toISOString() }), REGISTRATION_FEE, { payments: [held], refunds: [] }, { pay_status: 2, repast_status: 1 }).map((v) => v.rule)).toEqual([
      'cancelled-gives-back',
    ]);
    expect(registrationMoneyViolations(registration({ pay_status: 2, cancelled_at: AT.toISOString(), refund_failed_at: AT.toISOString() }), REGISTRATION_FEE, { payments: [held], refunds: [] }, { pay_status: 2, repast_status: 1 })).toEqual([]);
  });
});
