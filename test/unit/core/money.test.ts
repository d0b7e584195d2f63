/** Amounts are written one way everywhere: the wire's "1040.00" reads US$1,040.00, as in mails and at checkout. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatWireUsd } from '#core/money';

describe('amounts', () => {
  it('write a wire amount as mails and the checkout write cents', () => {
    expect(formatWireUsd('1040.00')).toBe('US$1,040.00');
    expect(formatWireUsd('600.00')).toBe(formatMoney(60000));
    expect(formatWireUsd('0.10')).toBe('US$0.10');
    expect(formatWireUsd('12345.67')).toBe('US$12,345.67');
    expect(formatMoney(-1234567)).toBe('US$-12,345.67');
    expect(formatMoney(68000000, 'CNY', 0)).toBe('CNY 680,000');
  });

  it('write whole cents exactly as en-US Intl.NumberFormat does (2 decimals, or 0 rounded half away from zero), without a "-0"', () => {
    const intl = (decimals: 0 | 2) =>
      new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals, roundingMode: 'halfExpand' } as Intl.NumberFormatOptions);
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), fc.constantFrom(0 as const, 2 as const), (cents, decimals) => {
        const expected = intl(decimals).format(cents / 100).replace(/^-(0(\.00)?)$/, '$1');
        expect(formatMoney(cents, 'USD', decimals)).toBe(`US$${expected}`);
      }),
      { numRuns: 2000 },
    );
    expect(formatMoney(-40, 'USD', 0)).toBe('US$0');
    expect(formatMoney(-50, 'USD', 0)).toBe('US$-1');
    expect(formatMoney(250, 'USD', 0)).toBe('US$3');
  });
});
