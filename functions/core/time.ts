/**
 * Time in this product: every deadline is an instant in China Standard Time (UTC+8), stored and
 * compared as UTC, and always shown with its time zone. China has no daylight saving time, so the
 * offset is fixed and no time-zone database is needed (which keeps the browser bundle small).
 */

export const CST_OFFSET_MINUTES = 8 * 60;
export const CST_LABEL = 'CST (UTC+8)';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * Turns a wall-clock time in Beijing into a UTC ISO instant.
 * Accepts `YYYY-MM-DD` (midnight) or `YYYY-MM-DDTHH:mm`; `24:00` means the end of that day,
 * the way the congress publishes its deadlines ("16 May 2024 24:00").
 */
export function cst(wallClock: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(wallClock);
  if (!m) throw new Error(`Not a CST wall-clock time: ${wallClock}`);
  const [, y, mo, d, h = '00', mi = '00'] = m;
  const utcMs =
    Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi)) - CST_OFFSET_MINUTES * 60_000;
  return new Date(utcMs).toISOString();
}

/** The calendar fields of an instant as seen on a clock in Beijing. */
export function cstParts(instant: string | Date) {
  const t = new Date(new Date(instant).getTime() + CST_OFFSET_MINUTES * 60_000);
  return {
    year: t.getUTCFullYear(),
    month: t.getUTCMonth() + 1,
    day: t.getUTCDate(),
    hour: t.getUTCHours(),
    minute: t.getUTCMinutes(),
    second: t.getUTCSeconds(),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of an instant in Beijing (used for submitter_date defaults and CST calendars). */
export function cstDate(instant: string | Date): string {
  const p = cstParts(instant);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** "16 May 2024" */
export function formatCstDay(instant: string | Date): string {
  const p = cstParts(instant);
  return `${p.day} ${MONTHS[p.month - 1]} ${p.year}`;
}

/** "18 July 2024, 09:30 CST (UTC+8)" */
export function formatCstInstant(instant: string | Date): string {
  const p = cstParts(instant);
  return `${formatCstDay(instant)}, ${pad(p.hour)}:${pad(p.minute)} ${CST_LABEL}`;
}

/**
 * A deadline that falls exactly at midnight is shown as 24:00 of the day before, as the congress
 * publishes it: "16 May 2024, 24:00 CST (UTC+8)" rather than "17 May 2024, 00:00".
 */
export function formatCstDeadline(instant: string | Date): string {
  const p = cstParts(instant);
  if (p.hour === 0 && p.minute === 0 && p.second === 0) {
    const dayBefore = new Date(new Date(instant).getTime() - 1);
    return `${formatCstDay(dayBefore)}, 24:00 ${CST_LABEL}`;
  }
  return formatCstInstant(instant);
}

/** "4-7 November 2024" for a range of CST calendar days within one month, else both days in full. */
export function formatCstDayRange(startDay: string, endDay: string): string {
  const a = cstParts(cst(startDay));
  const b = cstParts(cst(endDay));
  if (a.year === b.year && a.month === b.month) return `${a.day}-${b.day} ${MONTHS[b.month - 1]} ${b.year}`;
  return `${formatCstDay(cst(startDay))} - ${formatCstDay(cst(endDay))}`;
}

/** True while `now` is strictly before the instant: a deadline of 24:00 admits 23:59:59.999. */
export function isBefore(now: Date, instant: string): boolean {
  return now.getTime() < Date.parse(instant);
}
