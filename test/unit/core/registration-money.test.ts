/**
 * Money of the registration by category, as plain domain code with fixed clocks: fee rows (a group
 * of 10, accompanying persons) and dinner totals from the config, the payables' moves (what a
 * confirmed payment does to pay_status and repast_status, and when it may not), and dinner
 * changes over the version read.
 */
import { describe, expect, it } from 'vitest';
import { costDetail, dinnerRows, dinnerTotal, feeRows, registrationTotal } from '#core/registration-by-category/cost-detail';
import { payMessages, startRegistrationPayment, updateRepast, withDinner } from '#core/registration-by-category/pay-registration';
import type { PaymentsDeps } from '#core/payments/ports';
import { paidChange, payableOf, REGISTRATION_DINNERS, REGISTRATION_FEE } from '#core/registration-by-category/registration-payables';
import type { StoredRegistration } from '#core/registration-by-category/ports';
import type { AppError } from '#core/errors';

const AT = new Date('2019-07-01T10:00:00+08:00');
const DINNERS_LAST = new Date('2019-10-21T23:59:59.999+08:00');
const DINNERS_CLOSED = new Date('2019-10-22T00:00:00+08:00');

const companion = (first: string, gala: 'Yes' | 'No', working: 'Yes' | 'No') => ({
  first_name: first,
  middle_initial: '',
  last_name: 'Li',
  relationship: 'Spouse' as const,
  occupation: 'Teacher',
  organization: 'School',
  country: 'China',
  mobile: '+86 139 0000 0000',
  gala_dinner: gala,
  working_lunch: working,
});

function registration(set: Partial<StoredRegistration> = {}): StoredRegistration {
  return {
    first_name: 'Ada',
    middle_initial: 'B',
    last_name: 'Lovelace',
    nick_name: '',
    occupation: 'Surgeon',
    organization: 'Peking Hospital',
    country: 'China',
    mobile: '+86 10 1234 5678',
    regiatration_type: 1,
    gala_dinner: 'Yes',
    working_lunch: 'No',
    accompanying_type: 'no',
    accompany: [],
    oeso_member: '',
    young_investigator_files: [],
    fellow_files: [],
    group_name: '',
    company_represent: '',
    address_one: '',
    address_two: '',
    groups: [],
    owner_id: 'u1',
    owner_email: 'ada@example.org',
    sequence: 7,
    register_code: 'OESO-000007',
    register_status: 0,
    period: 'early',
    fees: { registrant: 80000, accompanying: 0, members: 0, total: 80000 },
    pay_status: 1,
    repast_status: 1,
    created_at: AT.toISOString(),
    updated_at: AT.toISOString(),
    ...set,
  };
}

const group = registration({
  regiatration_type: 7,
  group_name: 'Team',
  company_represent: 'Centre',
  address_one: 'Road 1',
  groups: Array.from({ length: 9 }, (_, i) => ({ first_name: `M${i + 1}`, middle_initial: '', last_name: 'G', gala_dinner: 'Yes' as const, working_lunch: i < 3 ? ('Yes' as const) : ('No' as const) })),
});

describe('fee rows', () => {
  it('a group of 10: the registrant and 9 members, each at the group fee of the period registered in', () => {
    const rows = feeRows(group);
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.no)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(rows[0]).toEqual({ no: 1, register: 'Groups of 10 or more', name: 'Ada B Lovelace', fee: 74000 });
    expect(registrationTotal(group)).toBe(740000);
    expect(registrationTotal({ ...group, period: 'onsite' })).toBe(960000);
  });

  it('accompanying persons: one row each at the accompanying fee; a non-group registrant never pays for members', () => {
    const r = registration({ accompanying_type: 'yes', accompany: [companion('Bo', 'Yes', 'No'), companion('Cai', 'No', 'No')], period: 'advance' });
    expect(feeRows(r).map((row) => [row.register, row.name, row.fee])).toEqual([
      ['Regular', 'Ada B Lovelace', 90000],
      ['Accompanying person', 'Bo Li', 26000],
      ['Accompanying person', 'Cai Li', 26000],
    ]);
    expect(registrationTotal({ ...r, groups: group.groups })).toBe(90000 + 2 * 26000);
  });
});

describe('dinner totals', () => {
  it('gala 120 and working 70 USD per person who says Yes, from the config', () => {
    expect(dinnerTotal(registration({ gala_dinner: 'No', working_lunch: 'No' }))).toBe(0);
    expect(dinnerTotal(registration({ gala_dinner: 'Yes', working_lunch: 'Yes' }))).toBe(19000);
    // Registrant gala; members: 9 gala, 3 working.
    expect(dinnerTotal(group)).toBe(12000 + 9 * 12000 + 3 * 7000);
    expect(dinnerRows(group).map((r) => [r.type, r.id])).toEqual([[1, 0], ...Array.from({ length: 9 }, (_, i) => [3, i + 1])]);
  });

  it('the cost detail answers USD, the totals and the deadline note with its time zone', () => {
    const c = costDetail(registration({ accompanying_type: 'yes', accompany: [companion('Bo', 'Yes', 'Yes')] }), AT);
    expect(c).toMatchObject({ register_total: 1010, dinner_total: 120 + 190, dinners_open: true, dinner_note: 'Please pay for the dinners before 21 October 2019, 24:00 CST (UTC+8).' });
    expect(costDetail(registration(), DINNERS_LAST).dinners_open).toBe(true);
    expect(costDetail(registration(), DINNERS_CLOSED).dinners_open).toBe(false);
  });
});

describe("the payables' moves", () => {
  it('the fee: 1 -> 2 over the version read, only with nothing to review; the amount is the fee rows', () => {
    const r = registration();
    const fee = payableOf(r, REGISTRATION_FEE);
    expect(fee).toMatchObject({ subject: { kind: 'registration-fee', id: 'OESO-000007', owner_id: 'u1' }, status: 1, awaitsPayment: true, amount: 80000, version: r.updated_at });
    expect(fee.lines).toEqual([{ name: 'Regular: Ada B Lovelace', unitAmount: 80000, quantity: 1 }]);
    const change = paidChange(r, REGISTRATION_FEE, AT)!;
    expect(change).toMatchObject({ from: 1, to: 2, version: { base: r.updated_at }, set: { paid_at: AT.toISOString() } });
    expect(change.version.next > change.version.base).toBe(true);
    expect(paidChange(registration({ register_status: 1 }), REGISTRATION_FEE, AT)).toBeNull();
    expect(paidChange(registration({ register_status: 2 }), REGISTRATION_FEE, AT)).toBeNull();
    expect(paidChange(registration({ pay_status: 2 }), REGISTRATION_FEE, AT)).toBeNull();
    // Stored before payments existed: unpaid.
    expect(paidChange(registration({ pay_status: undefined }), REGISTRATION_FEE, AT)).not.toBeNull();
  });

  it('the dinners: only once the fee is paid, once; the amount is the dinner rows, one line per dinner', () => {
    const r = registration({ pay_status: 2, accompanying_type: 'yes', accompany: [companion('Bo', 'Yes', 'Yes')] });
    const dinners = payableOf(r, REGISTRATION_DINNERS);
    expect(dinners).toMatchObject({ status: 1, awaitsPayment: true, amount: 12000 + 19000 });
    expect(dinners.lines.map((l) => [l.name, l.unitAmount])).toEqual([
      ['Gala dinner: Ada B Lovelace', 12000],
      ['Gala dinner: Bo Li', 12000],
      ['Working dinner: Bo Li', 7000],
    ]);
    expect(paidChange(r, REGISTRATION_DINNERS, AT)).toMatchObject({ from: 1, to: 2, set: { dinners_paid_at: AT.toISOString() } });
    expect(paidChange(registration(), REGISTRATION_DINNERS, AT)).toBeNull();
    expect(payableOf(registration(), REGISTRATION_DINNERS).awaitsPayment).toBe(false);
    expect(paidChange({ ...r, repast_status: 2 }, REGISTRATION_DINNERS, AT)).toBeNull();
  });
});

describe('dinner changes', () => {
  it('changes one dinner of the row named, and nothing else', () => {
    const r = registration({ accompanying_type: 'yes', accompany: [companion('Bo', 'No', 'No')] });
    expect(withDinner(r, { id: 0, type: 1, gala_dinner: 'No', working_lunch: undefined })).toMatchObject({ gala_dinner: 'No', working_lunch: 'No' });
    expect(withDinner(r, { id: 1, type: 2, working_lunch: 'Yes', gala_dinner: undefined })!.accompany[0]).toMatchObject({ gala_dinner: 'No', working_lunch: 'Yes' });
    expect(withDinner(r, { id: 2, type: 2, working_lunch: 'Yes', gala_dinner: undefined })).toBeNull();
    expect(withDinner(r, { id: 1, type: 3, working_lunch: 'Yes', gala_dinner: undefined })).toBeNull();
  });

  it('a write over a version that moved meanwhile is refused as changed (409); paid dinners cannot change', async () => {
    const r = registration();
    const writes: { base: string; next: string }[] = [];
    const store = {
      get: async () => r,
      saveDinners: async (next: StoredRegistration, base: string) => {
        writes.push({ base, next: next.updated_at });
        return 'conflict' as const;
      },
    };
    const refused = await updateRepast({ registrations: store }, { id: 'u1', email: 'ada@example.org' }, { id: 0, type: 1, gala_dinner: 'No', working_lunch: undefined }, AT).catch((e: AppError) => e);
    expect(refused).toMatchObject({ kind: 'conflict', message: payMessages.changed });
    expect(writes).toEqual([{ base: r.updated_at, next: new Date(Date.parse(r.updated_at) + 1).toISOString() }]);
    const paid = { get: async () => registration({ repast_status: 2 }), saveDinners: store.saveDinners };
    await expect(updateRepast({ registrations: paid }, { id: 'u1', email: 'a' }, { id: 0, type: 1, gala_dinner: 'No', working_lunch: undefined }, AT)).rejects.toMatchObject({ kind: 'conflict', message: payMessages.dinnersPaid });
  });
});

describe('POST /payment in its own words', () => {
  it('a registration changed while its checkout was being recorded is refused with the registration\'s words, not an order\'s', async () => {
    const payments = {
      ledger: { ofSubject: async () => ({ payments: [], refunds: [] }), commit: async () => 'conflict' as const },
      newId: () => 'p1',
    } as unknown as PaymentsDeps;
    const deps = { registrations: { get: async () => registration(), saveDinners: async () => 'ok' as const }, payments, siteOrigin: 'http://localhost' };
    await expect(startRegistrationPayment(deps, 'u1', { type: 1 }, AT)).rejects.toMatchObject({ kind: 'conflict', message: payMessages.changed });
  });
});
