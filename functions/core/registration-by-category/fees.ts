/**
 * Fees of the registration by category (the older flow, spec section 9: the 2019 figures). Every
 * figure and date comes from the config (`legacyFees2019`): an organiser who re-dates the flow
 * changes that one object. The period in force is the first whose end (CST) is still ahead; after
 * the last one registration is closed and no price is given (never a wrong one; docs/decisions/0002-older-registration-flow-2019-figures.md).
 */
import { legacyFees2019 } from '../config/conference';
import { formatCstDeadline, isBefore } from '../time';

export type FeePeriodId = (typeof legacyFees2019.periods)[number]['id'];
export type CategoryType = (typeof legacyFees2019.categories)[number]['type'];

/** Spec section 4: the types with extra sections of the form. */
export const REGISTRATION_TYPE = { regular: 1, member: 2, youngInvestigator: 3, fellow: 4, invited: 5, accompanying: 6, group: 7 } as const;

/** A delegate registers as one of these; "Accompanying person" is the fee of each accompanying person, not a registrant's category. */
export const registrantTypes = legacyFees2019.categories.map((c) => c.type).filter((t) => t !== REGISTRATION_TYPE.accompanying) as CategoryType[];

export const lastPeriodEnd = legacyFees2019.periods[legacyFees2019.periods.length - 1]!.until;

export const feeMessages = {
  closed: `Registration by category closed on ${formatCstDeadline(lastPeriodEnd)}. Please register through the registration form (Registration in the menu).`,
} as const;

/** The period in force at `now`, or null when registration by category is closed. */
export function feePeriod(now: Date): FeePeriodId | null {
  return legacyFees2019.periods.find((p) => isBefore(now, p.until))?.id ?? null;
}

/** The fee of a category in a period, in USD cents. */
export function categoryFee(type: CategoryType, period: FeePeriodId): number {
  const category = legacyFees2019.categories.find((c) => c.type === type);
  if (!category) throw new Error(`unknown registration type ${type}`);
  return category[period];
}

export const categoryName = (type: number) => legacyFees2019.categories.find((c) => c.type === type)?.name ?? '';

export interface RegisterTypeFee {
  type: number;
  type_name: string;
  /** In USD, as the spec's `price`; null when registration is closed. */
  price: number | null;
  period: FeePeriodId | null;
}

/** GET /register_type_fee: every category with the price of the period in force (null prices when closed). */
export function registerTypeFees(now: Date): RegisterTypeFee[] {
  const period = feePeriod(now);
  return legacyFees2019.categories.map((c) => ({
    type: c.type,
    type_name: c.name,
    price: period ? c[period] / 100 : null,
    period,
  }));
}

/** What a registration costs: the registrant, each accompanying person and each group member (USD cents). */
export function registrationFee(
  form: { regiatration_type: number; accompany: unknown[]; groups: unknown[] },
  period: FeePeriodId,
): { registrant: number; accompanying: number; members: number; total: number } {
  const registrant = categoryFee(form.regiatration_type as CategoryType, period);
  const accompanying = form.accompany.length * categoryFee(REGISTRATION_TYPE.accompanying, period);
  const members = form.regiatration_type === REGISTRATION_TYPE.group ? form.groups.length * categoryFee(REGISTRATION_TYPE.group, period) : 0;
  return { registrant, accompanying, members, total: registrant + accompanying + members };
}
