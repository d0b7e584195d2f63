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

/** A name as a person gave it: in the profile, or in a registration order's form. */
export interface PersonName {
  first_name: string;
  last_name: string;
}

/** At most this many names from orders are kept on an account (a delegate holds at most 5 orders). */
const ORDER_NAMES_KEPT = 5;

/**
 * The names given in an account's orders, newest order first, each once (two orders spelling it
 * alike count once), without empty ones. The office shows the newest when the profile has no name.
 */
export function orderNamesOf(orders: readonly { first_name?: string; last_name?: string; created_at: string }[]): PersonName[] {
  const seen = new Set<string>();
  const names: PersonName[] = [];
  for (const o of [...orders].sort((a, b) => b.created_at.localeCompare(a.created_at))) {
    const name = { first_name: (o.first_name ?? '').trim(), last_name: (o.last_name ?? '').trim() };
    const key = normaliseName(`${name.first_name} ${name.last_name}`);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    names.push(name);
  }
  return names.slice(0, ORDER_NAMES_KEPT);
}

/**
 * The names after a new order is placed, from the names before it (orderNamesOf of the other
 * orders): the new order is the newest, so its name comes first; the same list orderNamesOf gives
 * over all the orders, without reading them again.
 */
export function withNewOrderName(before: readonly PersonName[], order: { first_name?: string; last_name?: string; created_at: string }): PersonName[] {
  return orderNamesOf([order, ...before.map((name, i) => ({ ...name, created_at: `0000-${String(before.length - i).padStart(4, '0')}` }))]);
}

/**
 * Every key the office finds an account under: its profile's name and each name given in its
 * orders (the Orders search finds an order by the same keys, so both searches find the same people).
 */
export function accountNameKeys(person: { first_name?: string; last_name?: string; order_names?: readonly PersonName[] }): string[] {
  return [...new Set([person, ...(person.order_names ?? [])].flatMap((n) => nameKeys(n)))];
}
