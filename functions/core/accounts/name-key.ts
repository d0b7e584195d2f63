/**
 * The normalised name key the office searches by prefix (DynamoDB has no full-text search):
 * lower case, accents removed, punctuation and runs of spaces made one space, Chinese (and other
 * CJK) characters kept as they are, and no space between two CJK characters (a family name and
 * a given name typed in two fields are found as they are written together: 张 + 伟 -> 张伟).
 */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

export function normaliseName(text: string): string {
  const plain = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    // Letters the decomposition keeps whole.
    .replace(/ß/g, 'ss')
    .replace(/[øœæłđ]/g, (c) => ({ ø: 'o', œ: 'oe', æ: 'ae', ł: 'l', đ: 'd' })[c] ?? c)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  // A space between two CJK characters is no separator in the written name.
  return plain.replace(/ +/g, ' ').replace(/(?<=\S) (?=\S)/g, (space, offset: number, all: string) =>
    CJK.test(all[offset - 1]!) && CJK.test(all[offset + 1]!) ? '' : space,
  );
}

/**
 * The keys an account is found under: its name as "given family" and as "family given" (an
 * organiser types either). Empty names (a profile not filled in yet) have no key.
 */
export function nameKeys(person: { first_name?: string; last_name?: string }): string[] {
  const first = normaliseName(person.first_name ?? '');
  const last = normaliseName(person.last_name ?? '');
  const keys = [normaliseName(`${first} ${last}`), normaliseName(`${last} ${first}`)].filter((k) => k.length > 0);
  return [...new Set(keys)];
}
