/**
 * The country and region names of every country field in the page's language. The value sent to
 * the API stays the English name of the list (functions/core/data/countries.ts); the label is its
 * Chinese name (countries.zh-Hans.json: CLDR's names, the UN's long forms and China's SARs and
 * Taiwan as Chinese usage writes them), the options in pinyin order there, "Other" last.
 */
import { useMemo } from 'react';
import type { Lang } from '#core/i18n/lang';
import zhNames from '../../../functions/core/data/countries.zh-Hans.json';
import { useLang } from './i18n';

const chinese: Readonly<Record<string, string>> = zhNames;
const OTHER = 'Other';

/** A stored country name as a reader of `lang` reads it (an unknown name as it is). */
export function countryLabel(name: string, lang: Lang): string {
  return lang === 'zh-Hans' && Object.hasOwn(chinese, name) ? chinese[name]! : name;
}

/**
 * The pinyin order: the file lists the names in it, "Other" last (a unit test keeps it so), which
 * spares a phone the Chinese collator (its data loads on first use, a long task on a slow phone).
 */
const pinyinRank = new Map(Object.keys(chinese).map((name, i) => [name, i]));

/** Select options for `names` (the server's list or ours) in `lang`'s order; a name not in the file goes just before "Other". */
export function countryOptions(names: readonly string[], lang: Lang): { value: string; label: string }[] {
  const options = names.map((value) => ({ value, label: countryLabel(value, lang) }));
  if (lang !== 'zh-Hans') return options;
  const rank = (name: string) => (name === OTHER ? Infinity : (pinyinRank.get(name) ?? pinyinRank.size));
  return options.sort((a, b) => rank(a.value) - rank(b.value));
}

export function useCountryOptions(names: readonly string[]) {
  const lang = useLang();
  return useMemo(() => countryOptions(names, lang), [names, lang]);
}
