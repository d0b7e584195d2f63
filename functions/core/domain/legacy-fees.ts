/**
 * Fees of the older registration flow (2019 categories). `GET /register_type_fee` answers the
 * categories with the price of the period in force; after the last period the onsite price
 * stays (see docs/decisions.md).
 */
import { legacyFees2019 } from '../config/conference';
import { isBefore } from '../time';

export type LegacyPeriodId = (typeof legacyFees2019.periods)[number]['id'];

export function legacyFeePeriod(now: Date): LegacyPeriodId {
  const current = legacyFees2019.periods.find((p) => isBefore(now, p.until));
  return (current ?? legacyFees2019.periods[legacyFees2019.periods.length - 1]!).id;
}

export interface RegisterTypeFee {
  type: number;
  type_name: string;
  /** In USD, as the spec's `price`. */
  price: number;
  period: LegacyPeriodId;
}

export function registerTypeFees(now: Date): RegisterTypeFee[] {
  const period = legacyFeePeriod(now);
  return legacyFees2019.categories.map((c) => ({
    type: c.type,
    type_name: c.name,
    price: c[period] / 100,
    period,
  }));
}
