/** How documents print a person's name (receipts, certificates). */
import { chineseName, type PersonNames } from '../orders/chinese-names';

const HAN = /\p{Script=Han}/u;
const LATIN = /\p{Script=Latin}/u;
export const tidy = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim();

/**
 * The name as the delegate wrote it on the order: given name then family name, as entered; a
 * name written in Chinese characters only is printed family name first, without a space
 * (王小明), as it is written in Chinese. A name in Chinese characters given beside the Latin one
 * follows it in brackets: Xiaoming Wang (王小明).
 */
export function personName(order: PersonNames): string {
  const first = tidy(order.first_name);
  const last = tidy(order.last_name);
  const whole = `${first}${last}`;
  if (HAN.test(whole) && !LATIN.test(whole)) return `${last}${first}`.replace(/ /g, '');
  const latin = tidy(`${first} ${last}`);
  const chinese = chineseName(order);
  return chinese && chinese !== latin ? `${latin} (${chinese})` : latin;
}
