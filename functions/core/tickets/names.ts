/**
 * A ticket holder's names as tickets and badges print them (issue 34): in Chinese characters,
 * family name first without a space (王小明), from the order's Chinese name fields, or from the
 * Latin fields when the delegate wrote Chinese characters there; and in Latin letters, given name
 * then family name as entered. Small and pure: the order list's page imports it too.
 */
import { tidy } from '../documents/names';
import type { Ticket } from '../checkin/tickets';

const HAN = /\p{Script=Han}/u;
const LATIN = /\p{Script=Latin}/u;

/** The delegate's names: in Chinese characters (family name first) and in Latin letters. */
export function namesOf(t: Pick<Ticket, 'first_name' | 'last_name' | 'chinese_name'>): { native: string | null; latin: string | null } {
  const first = tidy(t.first_name);
  const last = tidy(t.last_name);
  const whole = `${first}${last}`;
  if (HAN.test(whole) && !LATIN.test(whole)) return { native: t.chinese_name ?? `${last}${first}`.replace(/ /g, ''), latin: null };
  const latin = tidy(`${first} ${last}`);
  return { native: t.chinese_name && t.chinese_name !== latin ? t.chinese_name : null, latin: latin || null };
}

/** One line naming the delegate: "Xiaoming Wang 王小明". */
export const fullName = (names: { native: string | null; latin: string | null }) => [names.latin, names.native].filter(Boolean).join(' ');

