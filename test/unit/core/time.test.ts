import { describe, expect, it } from 'vitest';
import { deadlines } from '#core/config/conference';
import { cst, cstDate, formatCstDayRange, formatCstDeadline, formatCstInstant, isBefore } from '#core/time';

describe('China Standard Time', () => {
  it('turns Beijing wall-clock times into UTC instants', () => {
    expect(cst('2024-05-16T24:00')).toBe('2024-05-16T16:00:00.000Z');
    expect(cst('2024-07-18')).toBe('2024-07-17T16:00:00.000Z');
    expect(() => cst('16 May 2024')).toThrow();
  });

  it('shows the abstract deadline as published, with its time zone', () => {
    expect(formatCstDeadline(deadlines.abstractSubmission)).toBe('16 May 2024, 24:00 CST (UTC+8)');
    expect(formatCstInstant('2024-07-18T01:30:00Z')).toBe('18 July 2024, 09:30 CST (UTC+8)');
    expect(formatCstDayRange('2024-11-04', '2024-11-07')).toBe('4-7 November 2024');
  });

  it('admits 23:59:59 and refuses 24:00:00 on the deadline day', () => {
    expect(isBefore(new Date('2024-05-16T23:59:59+08:00'), deadlines.abstractSubmission)).toBe(true);
    expect(isBefore(new Date('2024-05-16T23:59:59.999+08:00'), deadlines.abstractSubmission)).toBe(true);
    expect(isBefore(new Date('2024-05-17T00:00:00+08:00'), deadlines.abstractSubmission)).toBe(false);
  });

  it('gives the calendar day in Beijing, not in UTC', () => {
    expect(cstDate('2024-05-16T17:00:00Z')).toBe('2024-05-17');
    expect(cstDate('2024-05-16T15:59:59Z')).toBe('2024-05-16');
  });
});
