/** The office order page's heading (issue 29, item 22): whom the order is for, truly, also after its account was deleted. */
import { describe, expect, it } from 'vitest';
import { officeOrderHeading } from '#core/office/orders';

const order = { first_name: 'Ada', last_name: 'Lovelace', owner_email: 'ada@example.org', order_no: 'R24-000123' };

describe("the office order page's heading", () => {
  it('names the delegate and the address', () => {
    expect(officeOrderHeading(order)).toBe('Ada Lovelace (ada@example.org)');
  });

  it('says "Deleted account" with the order number for an order kept after its account was deleted, not "()"', () => {
    const kept = { ...order, first_name: '', last_name: '', owner_email: '', anonymised_at: '2024-10-01T00:00:00.000Z' };
    expect(officeOrderHeading(kept)).toBe('Deleted account, order R24-000123');
  });

  it('never shows empty brackets: a name missing, or no address', () => {
    expect(officeOrderHeading({ ...order, first_name: '', last_name: '' })).toBe('(no name) (ada@example.org)');
    expect(officeOrderHeading({ ...order, owner_email: '' })).toBe('Ada Lovelace');
    expect(officeOrderHeading({ ...order, first_name: '', last_name: '', owner_email: '' })).toBe('R24-000123');
  });
});
