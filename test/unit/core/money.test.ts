/** Amounts are written one way everywhere: the wire's "1040.00" reads US$1,040.00, as in mails and at checkout. */
import { describe, expect, it } from 'vitest';
import { formatMoney, formatWireUsd } from '#core/money';

describe('amounts', () => {
  it('write a wire amount as mails and the checkout write cents', () => {
    expect(formatWireUsd('1040.00')).toBe('US$1,040.00');
    expect(formatWireUsd('600.00')).toBe(formatMoney(60000));
    expect(formatWireUsd('0.10')).toBe('US$0.10');
    expect(formatWireUsd('12345.67')).toBe('US$12,345.67');
  });
});
