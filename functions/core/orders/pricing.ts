/**
 * The price of a 2024 registration order, computed only here (never taken from a client):
 * rate + 250 x accompanying persons + 70 x post-conference visit persons, in US cents.
 */
import { registration2024 } from '../config/conference';

export type RateValue = (typeof registration2024.rates)[number]['value'];

export interface PricedSelection {
  /** 650 (Standard) or 250 (Local): the schema accepts no other. */
  rate: number;
  accompanying_person: number;
  post_conference_activities_person: number;
}

export function rateOf(value: number) {
  const rate = registration2024.rates.find((r) => r.value === value);
  if (!rate) throw new Error(`Unknown rate ${value}`);
  return rate;
}

/** The lines of an order as they are charged (and shown at the card provider's checkout). */
export function priceLines(order: PricedSelection) {
  const rate = rateOf(order.rate);
  return [
    { name: `${rate.label} rate registration`, unitAmount: rate.amount, quantity: 1 },
    { name: 'Accompanying person', unitAmount: registration2024.accompanyingPersonAmount, quantity: order.accompanying_person },
    { name: 'Post-conference visit', unitAmount: registration2024.postConferenceVisitAmount, quantity: order.post_conference_activities_person },
  ].filter((line) => line.quantity > 0);
}

export function orderTotal(order: PricedSelection): number {
  return priceLines(order).reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
}
