/**
 * "My programme" (issue 33): the sessions and talks a delegate picks on /program, kept on their
 * account, and the calendar of just those that their calendar app subscribes to (decision 0065).
 *
 * A pick is one word in a set on the account (`session:<id>`, `talk:<abstract id>`), added or
 * removed by itself: two tabs picking at once both count, and a pick is never lost to a stale
 * whole-list save. A calendar app sends no login, so the delegate's calendar has an address of its
 * own with a long random key; the key names the account (one key read), and a new key can replace
 * it (the old address stops working). The calendar shows the picks the published programme still
 * holds, with the programme feed's UIDs and sequences, so an event moves when the programme does.
 */
import { z } from 'zod';
import { invalid, notFound } from '../errors';
import { serverTranslator } from '../i18n/server-messages';
import { programmeCalendar, sessionUid, talkUid, type CalendarLang } from './calendar';
import type { ProgrammeStore } from './ports';
import { programmeMessages as pm } from './schemas';

export const MAX_PICKS = 300;

export const myProgrammeMessages = {
  kind: 'Please choose a session or a talk.',
  id: 'Please choose a session or a talk.',
  picked: 'Please say whether to add it or remove it (true or false).',
  full: 'Your programme holds at most 300 sessions and talks. Remove some before adding more.',
  added: 'Added to your programme.',
  removed: 'Removed from your programme.',
  renewed: 'Your calendar has a new address. The old one no longer works: subscribe again with the new one.',
  badKey: 'This calendar address is not valid (a newer one may have replaced it). Copy the address from the programme page again.',
} as const;
const m = myProgrammeMessages;

export const pickBody = z.object({
  kind: z.enum(['session', 'talk'], { message: m.kind }),
  id: z.string({ message: m.id }).check(z.trim(), z.minLength(1, m.id), z.maxLength(64, m.id)),
  picked: z.boolean({ message: m.picked }),
});
export type PickInput = z.infer<typeof pickBody>;

/** The calendar's address: its key (43 characters of base64url: 256 random bits) and its language. */
export const myCalendarQuery = z.object({
  key: z.string({ message: m.badKey }).check(z.regex(/^[A-Za-z0-9_-]{43}$/, m.badKey)),
  lang: z._default(z.enum(['en', 'zh-Hans'], { message: pm.calendarLanguage }), 'en'),
});

export type PickWord = `session:${string}` | `talk:${string}`;
export const pickWord = (p: Pick<PickInput, 'kind' | 'id'>): PickWord => `${p.kind}:${p.id}`;

export interface MyProgramme {
  picks: string[];
  calendar_key?: string;
}

export interface MyProgrammeStore {
  /** The account's picks and calendar key (none yet: no picks, no key). */
  mine(userId: string): Promise<MyProgramme>;
  /** Adds a pick unless the account holds `max` already: false when full. */
  pick(userId: string, word: PickWord, max: number): Promise<boolean>;
  unpick(userId: string, word: PickWord): Promise<void>;
  /** Gives the account a calendar key unless it has one (then that one stays): the key it has. */
  keepCalendarKey(userId: string, key: string): Promise<string>;
  /** Replaces the account's calendar key: the old one no longer names it. */
  replaceCalendarKey(userId: string, key: string): Promise<void>;
  /** The account a calendar key names, if any. */
  ownerOfKey(key: string): Promise<string | undefined>;
}

export interface MyProgrammeDeps {
  mine: MyProgrammeStore;
  programme: Pick<ProgrammeStore, 'publicView' | 'latest'>;
  newKey: () => string;
}

/** What the page shows: the picked sessions and talks, and the calendar's key (given with the first pick). */
export function myProgrammeView(mine: MyProgramme) {
  const of = (kind: 'session' | 'talk') => mine.picks.filter((w) => w.startsWith(`${kind}:`)).map((w) => w.slice(kind.length + 1)).sort();
  return { sessions: of('session'), talks: of('talk'), calendar_key: mine.calendar_key ?? null, max: MAX_PICKS };
}

export async function readMyProgramme(deps: Pick<MyProgrammeDeps, 'mine'>, userId: string) {
  return myProgrammeView(await deps.mine.mine(userId));
}

/** Adds or removes one pick; the first pick gives the account its calendar key. */
export async function pickInMyProgramme(deps: Pick<MyProgrammeDeps, 'mine' | 'newKey'>, userId: string, input: PickInput) {
  const word = pickWord(input);
  if (input.picked) {
    if (!(await deps.mine.pick(userId, word, MAX_PICKS))) throw invalid(m.full);
    const before = await deps.mine.mine(userId);
    if (!before.calendar_key) await deps.mine.keepCalendarKey(userId, deps.newKey());
  } else {
    await deps.mine.unpick(userId, word);
  }
  return { message: input.picked ? m.added : m.removed, data: myProgrammeView(await deps.mine.mine(userId)) };
}

/** A new calendar address for the account (the old one stops working). */
export async function renewMyCalendar(deps: Pick<MyProgrammeDeps, 'mine' | 'newKey'>, userId: string) {
  await deps.mine.replaceCalendarKey(userId, deps.newKey());
  return { message: m.renewed, data: myProgrammeView(await deps.mine.mine(userId)) };
}

/** The calendar of the account a key names: its picks the published programme holds. */
export async function myProgrammeCalendar(deps: Pick<MyProgrammeDeps, 'mine' | 'programme'>, query: { key: string; lang: CalendarLang }, origin: string) {
  const owner = await deps.mine.ownerOfKey(query.key);
  const mine = owner ? await deps.mine.mine(owner) : undefined;
  // A replaced key may still be found for a moment by an eventually consistent read: the account's own key decides.
  if (!owner || !mine || mine.calendar_key !== query.key) throw notFound(m.badKey);
  const [view, latest] = await Promise.all([deps.programme.publicView(), deps.programme.latest()]);
  if (!view) throw notFound(pm.notPublished);
  const only = new Set(
    mine.picks.map((w) => (w.startsWith('session:') ? sessionUid(w.slice('session:'.length)) : talkUid(w.slice('talk:'.length)))),
  );
  const body = programmeCalendar(view, latest?.calendar, {
    lang: query.lang,
    name: serverTranslator(query.lang)('programme.myCalendarName'),
    stamp: view.published_at,
    origin,
    only,
  });
  return { body, filename: 'iacr2024-my-programme.ics' };
}
