import { describe, expect, it } from 'vitest';
import { entitlementsOf } from '#core/checkin/lists';
import { hasTickets, ticketsOf } from '#core/checkin/tickets';
import { paidOrder } from '../../../support/paid-order';

const names = (mask: number) => [...entitlementsOf(mask)].sort();

describe("an order's tickets", () => {
  it('gives the delegate every day and what step 3 booked; a companion the social events; the visit to the first places, the delegate first', () => {
    const order = paidOrder({ accompanying_person: 2, post_conference_activities_person: 2, post_conference_activities_attach: 1, morning_workshop: 1, afternoon_workshop: 0, welcome_reception: 1, gala_dinner: 1 });
    const [delegate, first, second] = ticketsOf(order);
    expect(names(delegate!.entitlements)).toEqual(['day1', 'day2', 'day3', 'day4', 'galaDinner', 'groupVisit', 'morningWorkshop', 'welcomeReception']);
    expect(names(first!.entitlements)).toEqual(['galaDinner', 'groupVisit', 'welcomeReception']);
    expect(names(second!.entitlements)).toEqual(['galaDinner', 'welcomeReception']);
    expect([delegate!.id, first!.id, second!.id]).toEqual(['12-0', '12-1', '12-2']);
    expect([delegate!.role, first!.role]).toEqual(['delegate', 'accompanying']);
  });

  it('writes a Chinese name family name first, without a space', () => {
    const [t] = ticketsOf(paidOrder({ family_name_in_chinese: '王', given_name_in_chinese: '小 明' }));
    expect(t!.chinese_name).toBe('王小明');
  });

  it('has none before payment; revokes them when the order is cancelled or being refunded, and drops the names of a deleted account', () => {
    expect(ticketsOf({ ...paidOrder(), payment_status: 0 })).toEqual([]);
    expect(ticketsOf({ ...paidOrder(), payment_status: 2 })).toEqual([]);
    expect(hasTickets({ payment_status: 2 })).toBe(false);
    for (const status of [-1, -2] as const) {
      const revoked = ticketsOf({ ...paidOrder(), payment_status: status });
      expect(revoked.length).toBeGreaterThan(0);
      expect(revoked.every((t) => t.revoked)).toBe(true);
    }
    const [gone] = ticketsOf({ ...paidOrder(), payment_status: -1, anonymised_at: '2024-12-01T00:00:00Z' });
    expect([gone!.revoked, gone!.first_name, gone!.chinese_name, gone!.organization]).toEqual([true, '', null, '']);
  });
});
