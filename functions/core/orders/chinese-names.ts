/**
 * A name in Chinese characters beside the Latin one (issue 32): the order and the profile take it
 * as family name and given name, and every place that shows it writes it family name first,
 * without a space (王小明), as Chinese names are written.
 */

/** Chinese characters, and the middle dot of transcribed names (阿依古丽·买买提). */
const CHINESE_NAME = /^[\p{Script=Han}·・•]+$/u;
/** A name in Chinese characters as typed: spaces dropped (Chinese names are written without them). */
export const tidyChineseName = (name: string) => name.normalize('NFC').replace(/\s+/g, '');
export const isChineseName = (name: string) => CHINESE_NAME.test(tidyChineseName(name));

export interface PersonNames {
  first_name: string;
  last_name: string;
  family_name_in_chinese?: string | null;
  given_name_in_chinese?: string | null;
}

/** The name in Chinese characters, family name first without a space (王小明), or null when none was given. */
export function chineseName(person: Pick<PersonNames, 'family_name_in_chinese' | 'given_name_in_chinese'>): string | null {
  const family = tidyChineseName(person.family_name_in_chinese ?? '');
  const given = tidyChineseName(person.given_name_in_chinese ?? '');
  return family || given ? `${family}${given}` : null;
}
