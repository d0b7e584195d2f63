import { describe, expect, it } from 'vitest';
import { legacyFeePeriod, registerTypeFees } from '#core/domain/legacy-fees';

describe('fees of the older registration flow', () => {
  it('uses the period in force, in Beijing time', () => {
    expect(legacyFeePeriod(new Date('2019-08-09T23:59:59+08:00'))).toBe('early');
    expect(legacyFeePeriod(new Date('2019-08-10T00:00:00+08:00'))).toBe('advance');
    expect(legacyFeePeriod(new Date('2019-11-06T00:00:00+08:00'))).toBe('onsite');
  });

  it('keeps the onsite price after the last period', () => {
    const fees = registerTypeFees(new Date('2024-07-18T00:00:00+08:00'));
    expect(fees.find((f) => f.type === 1)).toEqual({ type: 1, type_name: 'Regular', price: 1010, period: 'onsite' });
  });

  it('answers every category with the spec types', () => {
    const fees = registerTypeFees(new Date('2019-06-01T00:00:00+08:00'));
    expect(fees.map((f) => [f.type, f.price])).toEqual([
      [1, 800],
      [5, 740],
      [2, 740],
      [3, 740],
      [4, 640],
      [7, 740],
      [6, 210],
    ]);
  });
});
