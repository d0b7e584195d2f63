/**
 * The documents' texts (texts.json, edited by the organisers) and the one way they are filled in:
 * `{name}` placeholders replaced by values. Nothing else is interpreted (no expressions, no
 * loops, no escapes), so an edited text can never run code; a placeholder the caller does not
 * supply is an error, never printed as is.
 *
 * Each text's Chinese is the key beside it with `_zh` added (decision 0062): `textsIn(section,
 * 'zh-Hans')` gives a section with the Chinese where it is written and the English where it is
 * not, so a document is built by the same code in either language.
 */
import { conference, registration2024 } from '../config/conference';
import type { Lang } from '../i18n/lang';
import { priceLines } from '../orders/pricing';
import texts from './texts.json';

export type DocumentTexts = typeof texts;
export const documentTexts: DocumentTexts = texts;

const PLACEHOLDER = /\{([a-z_]+)\}/g;

/** The placeholders a text uses. */
export const placeholdersOf = (template: string) => [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!);

export class MissingPlaceholder extends Error {}

/** The text with each `{name}` replaced by its value (values are inserted as they are: never read again as placeholders). */
export function fillText(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    if (!Object.hasOwn(values, name)) throw new MissingPlaceholder(`The document text uses {${name}}, which is not filled in here: ${template}`);
    return String(values[name]);
  });
}

/** A section without its `_zh` keys: what the code reads, in one language. */
export type InLanguage<T> = { [K in keyof T as K extends `${string}_zh` ? never : K]: T[K] };

/** A Chinese value as written: a text or a list of texts, '' (or a missing key) when not written yet. */
const written = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * The section's texts in `lang`: in Chinese each text's `_zh` value where it is written, else its
 * English (a list element by element), so a missing Chinese text prints in English only.
 */
export function textsIn<T extends object>(section: T, lang: Lang): InLanguage<T> {
  const source = section as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, en] of Object.entries(source)) {
    if (key.endsWith('_zh')) continue;
    const zh = lang === 'zh-Hans' ? source[`${key}_zh`] : undefined;
    if (Array.isArray(en)) out[key] = en.map((e, i) => (Array.isArray(zh) && written(zh[i]) ? zh[i] : e));
    else out[key] = written(zh) ? zh : en;
  }
  return out as InLanguage<T>;
}

/** The Chinese of a name keyed by its English words (an order line's name), else the English. */
export function translated(table: Readonly<Record<string, string>>, english: string, lang: Lang): string {
  return lang === 'zh-Hans' && Object.hasOwn(table, english) && written(table[english]) ? table[english] : english;
}

/** The congress as a document names it in `lang` (texts.json "congress_zh"; the English is the configuration's). */
export function congressIn(lang: Lang) {
  const en = { name: conference.name, full_name: conference.fullName, city: conference.city, country: conference.country };
  if (lang === 'en') return en;
  const zh: Record<string, unknown> = documentTexts.congress_zh;
  return Object.fromEntries(Object.entries(en).map(([k, v]) => [k, written(zh[k]) ? zh[k] : v])) as typeof en;
}

/** The organiser's legal details as every document's footer prints them. */
export const documentFooter = (lang: Lang = 'en') =>
  fillText(textsIn(documentTexts, lang).footer, textsIn(documentTexts.organiser, lang));

/** Keys whose values are not words for people (files, an address for mail): they have no Chinese. */
const notText = new Set(['$comment', 'file_name', 'letterhead_image', 'signature_image', 'contact', 'mails', 'mails_zh', 'item_names_zh', 'congress_zh']);

/** Whether a value has words to translate (not only placeholders, numbers and e-mail addresses). */
const hasWords = (value: string) => /\p{L}/u.test(value.replace(PLACEHOLDER, '').replace(/\S+@\S+/g, ''));

interface TextPair {
  /** Where the Chinese goes: `receipt.title_zh`, `receipt.columns_zh[3]`, `receipt.item_names_zh["Accompanying person"]`. */
  where: string;
  en: string;
  zh: string | undefined;
}

/** Every English document text with its Chinese (undefined: not written), where it belongs. */
function textPairs(root: Record<string, unknown> = documentTexts as Record<string, unknown>): TextPair[] {
  const pairs: TextPair[] = [];
  const walk = (section: Record<string, unknown>, path: string) => {
    for (const [key, en] of Object.entries(section)) {
      if (notText.has(key) || key.endsWith('_zh')) continue;
      const zh = section[`${key}_zh`];
      if (typeof en === 'string') pairs.push({ where: `${path}${key}_zh`, en, zh: written(zh) ? zh : undefined });
      else if (Array.isArray(en))
        en.forEach((e: string, i) => pairs.push({ where: `${path}${key}_zh[${i}]`, en: e, zh: Array.isArray(zh) && written(zh[i]) ? (zh[i] as string) : undefined }));
      else if (en && typeof en === 'object') walk(en as Record<string, unknown>, `${path}${key}.`);
    }
  };
  walk(root, '');
  const congress = congressIn('en');
  const zhCongress = (root.congress_zh ?? {}) as Record<string, unknown>;
  for (const [key, en] of Object.entries(congress)) pairs.push({ where: `congress_zh.${key}`, en, zh: written(zhCongress[key]) ? zhCongress[key] : undefined });
  const items = ((root.receipt as Record<string, unknown> | undefined)?.item_names_zh ?? {}) as Record<string, unknown>;
  for (const en of orderLineNames()) pairs.push({ where: `receipt.item_names_zh[${JSON.stringify(en)}]`, en, zh: written(items[en]) ? items[en] : undefined });
  return pairs.filter((p) => hasWords(p.en));
}

/** The names of the order lines a receipt can print (core/orders/pricing.ts priceLines). */
function orderLineNames(): string[] {
  const lines = registration2024.rates.flatMap((r) => priceLines({ rate: r.value, accompanying_person: 1, post_conference_activities_person: 1 }));
  return [...new Set(lines.map((l) => l.name))];
}

/** The document texts still without their Chinese (printed in English only): `npm run build` lists them. */
export const missingChineseTexts = (root?: Record<string, unknown>) => textPairs(root).filter((p) => p.zh === undefined).map(({ where, en }) => ({ where, en }));

/**
 * Chinese texts that use a placeholder their English does not (the document would fail to issue
 * when filling it): a test keeps this list empty.
 */
export const chinesePlaceholderProblems = (root?: Record<string, unknown>) =>
  textPairs(root).flatMap((p) => {
    const allowed = new Set(placeholdersOf(p.en));
    const extra = placeholdersOf(p.zh ?? '').filter((name) => !allowed.has(name));
    return extra.length ? [{ where: p.where, placeholders: extra }] : [];
  });
