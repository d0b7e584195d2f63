/**
 * Organiser-edited content in the page's language (issue 32). The content files stay English;
 * `translations/zh-Hans.json` gives each English text its Chinese, keyed by the English words
 * (one entry serves every place a text appears; an English text that changes is listed as
 * missing again, never shown with an outdated translation). A text without a Chinese value is
 * shown in English and listed by `npm run build` (web/src/content/missing.ts).
 */
import type { Lang } from '#core/i18n/lang';
import siteJson from './site.json';
import type { SiteContent } from './schema';
import zhHans from './translations/zh-Hans.json';
import { useLang } from '../i18n/i18n';

const translations: Record<Exclude<Lang, 'en'>, Record<string, string>> = { 'zh-Hans': zhHans };

/**
 * Whether a value is text for people. Not: an address, a file, an e-mail address, a telephone
 * number, or a text made only of placeholders and links to them (`[{supportEmail}](mailto:{supportEmail})`).
 */
export const isTranslatable = (value: string) => {
  if (value.trim() === '' || /^(\/|https?:\/\/|mailto:)/.test(value)) return false;
  const words = value
    .replace(/\]\([^)\s]*\)/g, ']') // link targets
    .replace(/\{\w+\}/g, '') // placeholders
    .replace(/[^\s@[\]()]+@[^\s@[\]()]+/g, ''); // e-mail addresses
  return /\p{L}/u.test(words);
};

/**
 * Fields whose values are not words for people: block and session kinds, ids, dates and times,
 * files, links, contact details, and the taxi card's address lines, which stay as they are (its
 * Chinese lines are Chinese already, its English ones are the address in English). They are never
 * looked up, so an English word such as "paragraph" or "break" can never be replaced by accident.
 */
const notText = new Set([
  'type', 'kind', 'id', 'source', 'date', 'start', 'end', 'file', 'src', 'image', 'cover', 'icon', 'path', 'href',
  'link', 'logo', 'email', 'phone', 'website', 'secretariatPhone', 'chineseName', 'chinese', 'english',
]);

const cache = new Map<unknown, Partial<Record<Lang, unknown>>>();

/** `content` with each text in `lang` where the translations have it (the same object in English). */
export function localiseContent<T>(lang: Lang, content: T): T {
  if (lang === 'en') return content;
  const byLang = cache.get(content) ?? {};
  cache.set(content, byLang);
  if (byLang[lang] === undefined) {
    const table = translations[lang];
    const walk = (value: unknown): unknown => {
      if (typeof value === 'string') return Object.hasOwn(table, value) ? table[value] : value;
      if (Array.isArray(value)) return value.map(walk);
      if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, notText.has(k) ? v : walk(v)]));
      return value;
    };
    byLang[lang] = walk(content);
  }
  return byLang[lang] as T;
}

/** Every text of `content` that has no value in `lang` yet (the build's "content still missing" list). */
export function untranslatedTexts(lang: Exclude<Lang, 'en'>, content: unknown): string[] {
  const table = translations[lang];
  const out: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') {
      if (isTranslatable(value) && !Object.hasOwn(table, value)) out.push(value);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.entries(value).forEach(([k, v]) => notText.has(k) || walk(v));
  };
  walk(content);
  return out;
}

/** A content file in the page's language. */
export function useContent<T>(content: T): T {
  return localiseContent(useLang(), content);
}

/** site.json in the page's language. */
export const useSite = () => useContent(siteJson as SiteContent);
