/**
 * Instants and amounts as each language writes them. Every instant is shown in China Standard
 * Time with its zone: "4 November 2024, 09:00 CST (UTC+8)" / "2024年11月4日 09:00 (UTC+8)".
 * Written out, not with Intl.DateTimeFormat: no locale data to load on a slow phone (as amounts,
 * functions/core/money.ts), and the same text on the server and in the browser.
 */
import { cst, cstParts, formatCstDay, formatCstDayRange, formatCstDeadline, formatCstInstant } from '../time';
import type { Lang } from './lang';

const pad = (n: number) => String(n).padStart(2, '0');

/** "16 May 2024" / "2024年5月16日" */
export function formatDay(lang: Lang, instant: string | Date): string {
  if (lang === 'en') return formatCstDay(instant);
  const p = cstParts(instant);
  return `${p.year}年${p.month}月${p.day}日`;
}

/** "18 July 2024, 09:30 CST (UTC+8)" / "2024年7月18日 09:30 (UTC+8)" */
export function formatInstant(lang: Lang, instant: string | Date): string {
  if (lang === 'en') return formatCstInstant(instant);
  const p = cstParts(instant);
  return `${formatDay(lang, instant)} ${pad(p.hour)}:${pad(p.minute)} (UTC+8)`;
}

/** A deadline at midnight is 24:00 of the day before: "16 May 2024, 24:00 CST (UTC+8)" / "2024年5月16日 24:00 (UTC+8)". */
export function formatDeadline(lang: Lang, instant: string | Date): string {
  if (lang === 'en') return formatCstDeadline(instant);
  const p = cstParts(instant);
  if (p.hour === 0 && p.minute === 0 && p.second === 0) return `${formatDay(lang, new Date(new Date(instant).getTime() - 1))} 24:00 (UTC+8)`;
  return formatInstant(lang, instant);
}

/** "4-7 November 2024" / "2024年11月4日至7日" for CST calendar days `YYYY-MM-DD`. */
export function formatDayRange(lang: Lang, startDay: string, endDay: string): string {
  if (lang === 'en') return formatCstDayRange(startDay, endDay);
  const a = cstParts(cst(startDay));
  const b = cstParts(cst(endDay));
  if (a.year === b.year && a.month === b.month) return `${a.year}年${a.month}月${a.day}日至${b.day}日`;
  return `${formatDay(lang, cst(startDay))}至${formatDay(lang, cst(endDay))}`;
}
