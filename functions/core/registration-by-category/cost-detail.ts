/**
 * What a registration by category costs (spec "Cost detail", section 9): one fee row per person it
 * registers (the registrant, each accompanying person, each group member) and one dinner row per
 * person with the gala dinner and working dinner choices. Every amount is computed here from the
 * config and the period the registration was priced in, never taken from the client or the store.
 */
import { legacyFees2019 } from '../config/conference';
import { formatCstDeadline, isBefore } from '../time';
import { categoryFee, categoryName, REGISTRATION_TYPE, type CategoryType } from './fees';
import { PAY_STATUS, type StoredRegistration } from './ports';
import type { YesNo } from './schemas';

/** Dinner rows name whom they are for: 1 the registrant, 2 an accompanying person, 3 a group member (update_repast's `type`). */
export const DINNER_ROW_TYPE = { registrant: 1, accompanying: 2, member: 3 } as const;
export type DinnerRowType = (typeof DINNER_ROW_TYPE)[keyof typeof DINNER_ROW_TYPE];

export interface FeeRow {
  no: number;
  /** The category the person is registered in (its name). */
  register: string;
  name: string;
  /** USD cents. */
  fee: number;
}

export interface DinnerRow {
  /** Within its type: 0 the registrant, 1.. the n-th accompanying person or group member. */
  id: number;
  type: DinnerRowType;
  no: number;
  register: string;
  name: string;
  gala_dinner: YesNo;
  working_lunch: YesNo;
  /** USD cents: what this person's dinners cost. */
  fee: number;
}

type Priced = Pick<StoredRegistration, 'regiatration_type' | 'period' | 'first_name' | 'middle_initial' | 'last_name' | 'gala_dinner' | 'working_lunch' | 'accompany' | 'groups'>;

const fullName = (p: { first_name: string; middle_initial?: string; last_name: string }) =>
  [p.first_name, p.middle_initial, p.last_name].filter((s) => s && s.trim()).join(' ');

/** The fee rows of a registration, in the period it was priced in. */
export function feeRows(r: Priced): FeeRow[] {
  const type = r.regiatration_type as CategoryType;
  const rows: Omit<FeeRow, 'no'>[] = [{ register: categoryName(type), name: fullName(r), fee: categoryFee(type, r.period) }];
  for (const a of r.accompany) rows.push({ register: categoryName(REGISTRATION_TYPE.accompanying), name: fullName(a), fee: categoryFee(REGISTRATION_TYPE.accompanying, r.period) });
  if (type === REGISTRATION_TYPE.group)
    for (const m of r.groups) rows.push({ register: categoryName(REGISTRATION_TYPE.group), name: fullName(m), fee: categoryFee(REGISTRATION_TYPE.group, r.period) });
  return rows.map((row, i) => ({ no: i + 1, ...row }));
}

/** What one person's dinner choices cost (USD cents). */
export const dinnerFee = (p: { gala_dinner: YesNo; working_lunch: YesNo }) =>
  (p.gala_dinner === 'Yes' ? legacyFees2019.extraTickets.galaDinner : 0) + (p.working_lunch === 'Yes' ? legacyFees2019.extraTickets.workingDinner : 0);

/** The dinner rows of a registration: the registrant, then accompanying persons, then group members. */
export function dinnerRows(r: Priced): DinnerRow[] {
  const rows: Omit<DinnerRow, 'no' | 'fee'>[] = [
    { id: 0, type: DINNER_ROW_TYPE.registrant, register: categoryName(r.regiatration_type), name: fullName(r), gala_dinner: r.gala_dinner, working_lunch: r.working_lunch },
  ];
  r.accompany.forEach((a, i) =>
    rows.push({ id: i + 1, type: DINNER_ROW_TYPE.accompanying, register: categoryName(REGISTRATION_TYPE.accompanying), name: fullName(a), gala_dinner: a.gala_dinner, working_lunch: a.working_lunch }),
  );
  if (r.regiatration_type === REGISTRATION_TYPE.group)
    r.groups.forEach((m, i) =>
      rows.push({ id: i + 1, type: DINNER_ROW_TYPE.member, register: categoryName(REGISTRATION_TYPE.group), name: fullName(m), gala_dinner: m.gala_dinner, working_lunch: m.working_lunch }),
    );
  return rows.map((row, i) => ({ ...row, no: i + 1, fee: dinnerFee(row) }));
}

export const sum = (rows: { fee: number }[]) => rows.reduce((total, r) => total + r.fee, 0);

/** The registration fee (USD cents): what its fee rows add up to. */
export const registrationTotal = (r: Priced) => sum(feeRows(r));
/** The dinners (USD cents): what its dinner rows add up to. */
export const dinnerTotal = (r: Priced) => sum(dinnerRows(r));

export const payStatusOf = (r: Pick<StoredRegistration, 'pay_status'>) => r.pay_status ?? PAY_STATUS.unpaid;
export const repastStatusOf = (r: Pick<StoredRegistration, 'repast_status'>) => r.repast_status ?? PAY_STATUS.unpaid;

/** Dinners can be chosen and paid until the config's dinner payment deadline (21 October 2019, CST). */
export const dinnersOpen = (now: Date) => isBefore(now, legacyFees2019.dinnerPaymentUntil);
export const dinnerDeadlineText = () => formatCstDeadline(legacyFees2019.dinnerPaymentUntil);

/** The note under the dinner table (spec: pay before 21 October 2019), with its time zone. */
export const dinnerNote = () => `Please pay for the dinners before ${dinnerDeadlineText()}.`;

/** GET /cost_detail: the rows, the totals (USD, as on the wire) and the states the page needs. */
export function costDetail(r: StoredRegistration, now: Date) {
  const usd = (cents: number) => cents / 100;
  const register = feeRows(r);
  const dinner = dinnerRows(r);
  return {
    register_code: r.register_code,
    regiatration_type: r.regiatration_type,
    register_type_name: categoryName(r.regiatration_type),
    period: r.period,
    register_status: r.register_status,
    pay_status: payStatusOf(r),
    repast_status: repastStatusOf(r),
    register: register.map((row) => ({ ...row, fee: usd(row.fee) })),
    register_total: usd(sum(register)),
    dinner: dinner.map((row) => ({ ...row, fee: usd(row.fee) })),
    dinner_total: usd(sum(dinner)),
    dinner_prices: { gala_dinner: usd(legacyFees2019.extraTickets.galaDinner), working_lunch: usd(legacyFees2019.extraTickets.workingDinner) },
    dinners_open: dinnersOpen(now),
    dinner_deadline: legacyFees2019.dinnerPaymentUntil,
    dinner_note: dinnerNote(),
  };
}
export type CostDetail = ReturnType<typeof costDetail>;
