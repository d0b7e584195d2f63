/**
 * The programme as calendar files (issue 33, decision 0065): one session, one talk, a delegate's
 * own selection, and the feed of the whole programme a calendar subscribes to (RFC 5545).
 *
 * - Each event's UID is stable across publications (`session-<id>@…`, `talk-<abstract id>@…`), so
 *   a calendar that imported or subscribed to it updates the event instead of adding a second one.
 * - SEQUENCE counts how many publications changed the event's time, place or title since it first
 *   appeared (kept with each published version, `nextSequences`), as RFC 5545 asks of an
 *   organiser that revises an event.
 * - Times are written in the Asia/Shanghai zone with its VTIMEZONE (UTC+8, no daylight saving), so
 *   a delegate's calendar shows them in Beijing time or converts them to the phone's zone.
 */
import { cstParts } from '../time';
import type { PublicProgramme } from './public-programme';

export type CalendarLang = 'en' | 'zh-Hans';

/** One event as the calendar file writes it. */
export interface CalendarEvent {
  uid: string;
  starts_at: string;
  ends_at: string;
  summary: string;
  location?: string;
  description?: string;
  url?: string;
  /** How many published versions revised it (0 for an event never changed). */
  sequence: number;
}

const DOMAIN = 'iacr2024-beijing.org';
export const sessionUid = (sessionId: string) => `session-${sessionId}@${DOMAIN}`;
export const talkUid = (abstractId: string) => `talk-${abstractId}@${DOMAIN}`;

const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Asia/Shanghai',
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0800',
  'TZOFFSETTO:+0800',
  'TZNAME:CST',
  'END:STANDARD',
  'END:VTIMEZONE',
];

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as Beijing wall-clock time, `YYYYMMDDTHHMMSS` (with TZID=Asia/Shanghai). */
function local(instant: string): string {
  const p = cstParts(instant);
  return `${p.year}${pad(p.month)}${pad(p.day)}T${pad(p.hour)}${pad(p.minute)}${pad(p.second)}`;
}
/** An instant in UTC, `YYYYMMDDTHHMMSSZ` (DTSTAMP). */
const utc = (instant: string) =>
  new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A TEXT value escaped (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks. */
export const escapeText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/**
 * A content line folded at 75 octets (RFC 5545 3.1): the next part starts on a new line with a
 * space. A character is never split: Chinese titles are three octets a character in UTF-8.
 */
export function fold(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length ? 74 : 75; // a continuation line starts with its space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The calendar file: events in the given order, CRLF line ends, every line folded. */
export function calendarFile(
  events: readonly CalendarEvent[],
  options: { name: string; stamp: string },
): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//IACR 2024 Beijing//Programme//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(options.name)}`,
    'X-WR-TIMEZONE:Asia/Shanghai',
    ...VTIMEZONE,
  ];
  for (const e of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${utc(options.stamp)}`,
      `SEQUENCE:${e.sequence}`,
      `DTSTART;TZID=Asia/Shanghai:${local(e.starts_at)}`,
      `DTEND;TZID=Asia/Shanghai:${local(e.ends_at)}`,
      `SUMMARY:${escapeText(e.summary)}`,
    );
    if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
    if (e.url) lines.push(`URL:${e.url}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}

const inLang = (lang: CalendarLang, en: string, zh: string | undefined) => (lang === 'zh-Hans' && zh ? zh : en);

/**
 * Every event of the published programme as the public reads it (public-programme.ts): each
 * session, and each talk of an oral session at its own time, without their sequences. `origin`
 * (the site's address) makes each event link to its page.
 */
export function programmeEvents(view: Pick<PublicProgramme, 'sessions'>, lang: CalendarLang, origin?: string): Omit<CalendarEvent, 'sequence'>[] {
  const link = (path: string) => (origin ? { url: `${origin}${lang === 'zh-Hans' ? '/zh' : ''}${path}` } : {});
  const events: Omit<CalendarEvent, 'sequence'>[] = [];
  for (const s of view.sessions) {
    const location = s.room ? { location: inLang(lang, s.room.name, s.room.name_zh) } : {};
    const title = inLang(lang, s.title, s.title_zh);
    events.push({ uid: sessionUid(s.id), starts_at: s.starts_at, ends_at: s.ends_at, summary: title, ...location, ...link(`/program#session-${s.id}`) });
    for (const t of s.talks) {
      events.push({
        uid: talkUid(t.abstract_id),
        starts_at: t.starts_at,
        ends_at: t.ends_at,
        summary: t.number ? `${t.number} ${t.title}` : t.title,
        ...location,
        description: [title, t.presenters.join(', ')].filter(Boolean).join('\n'),
        ...link(`/program#session-${s.id}`),
      });
    }
  }
  return events;
}

/** Each event's SEQUENCE and what a calendar shows of it (start, end, place, title), by UID. */
export type CalendarSequences = Record<string, { sequence: number; shown: string }>;

/** What a calendar shows of an event: a change of any of these is a revision (SEQUENCE + 1). */
const shown = (e: Omit<CalendarEvent, 'sequence'>) => [e.starts_at, e.ends_at, e.location ?? '', e.summary].join('\u0000');

/**
 * The sequences of a new publication from the previous one's: an event whose start, end, place or
 * title changed counts one revision more; a new event starts at 0; an event taken out keeps its
 * count, so one placed again later continues it. Sequences follow the English events: a Chinese
 * title added later is not a revision of the time or place.
 */
export function nextSequences(previous: CalendarSequences | undefined, view: Pick<PublicProgramme, 'sessions'>): CalendarSequences {
  const next: CalendarSequences = { ...previous };
  for (const e of programmeEvents(view, 'en')) {
    const before = previous && Object.hasOwn(previous, e.uid) ? previous[e.uid] : undefined;
    const now = shown(e);
    next[e.uid] = { sequence: before ? before.sequence + (before.shown === now ? 0 : 1) : 0, shown: now };
  }
  return next;
}

/**
 * The calendar of the published programme: the whole feed, or only the events `only` names by UID
 * (one session, one talk, a delegate's selection).
 */
export function programmeCalendar(
  view: Pick<PublicProgramme, 'sessions'>,
  sequences: CalendarSequences | undefined,
  options: { lang: CalendarLang; name: string; stamp: string; origin?: string; only?: ReadonlySet<string> },
): string {
  const events = programmeEvents(view, options.lang, options.origin)
    .filter((e) => !options.only || options.only.has(e.uid))
    .map((e) => ({ ...e, sequence: sequences && Object.hasOwn(sequences, e.uid) ? sequences[e.uid]!.sequence : 0 }));
  return calendarFile(events, options);
}
