/** The dashboard chart's axis (issue 29, item 17): every day between the first and the last, round ticks, dates named. */
import { describe, expect, it } from 'vitest';
import { axisDay, axisTicks, chartDays, labelledDays } from '#core/office/dashboard';

describe('the dashboard chart', () => {
  it('has every day from the first to the last with activity, quiet days as zero', () => {
    const days = chartDays([
      { day: '2024-07-30', orders: 2, received: '650.00' },
      { day: '2024-08-02', orders: 1, received: '0.00' },
    ]);
    expect(days).toEqual([
      { day: '2024-07-30', orders: 2, received: 65000 },
      { day: '2024-07-31', orders: 0, received: 0 },
      { day: '2024-08-01', orders: 0, received: 0 },
      { day: '2024-08-02', orders: 1, received: 0 },
    ]);
    expect(chartDays([])).toEqual([]);
  });

  it('has round ticks from 0 past the largest value', () => {
    expect(axisTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(axisTicks(1)).toEqual([0, 0.5, 1]);
    // Counts step by whole numbers.
    expect(axisTicks(1, 1)).toEqual([0, 1]);
    expect(axisTicks(3, 1)).toEqual([0, 1, 2, 3]);
    expect(axisTicks(130_000)).toEqual([0, 50_000, 100_000, 150_000]);
    expect(axisTicks(0)).toEqual([0, 1]);
    for (const max of [3, 17, 99, 1040, 65000]) {
      const ticks = axisTicks(max);
      expect(ticks[0]).toBe(0);
      expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });

  it('names the first and the last day and some between', () => {
    expect(axisDay('2024-08-01')).toBe('1 Aug');
    expect(labelledDays(3)).toEqual([0, 1, 2]);
    expect(labelledDays(113)).toEqual([0, 22, 45, 67, 90, 112]);
  });
});
