/**
 * The portal's two languages (issue 32, decision 0058): English, the default and the spec's own
 * words, and Simplified Chinese. A page's language is in its address (`/zh/...` for Chinese, no
 * prefix for English), so a shared link opens in its language; the choice is remembered in the
 * browser and on the account; the API follows the `X-Language` header the site's client sends,
 * and a client that sends none gets the spec's English word for word.
 */
export const languages = ['en', 'zh-Hans'] as const;
export type Lang = (typeof languages)[number];
export const defaultLang: Lang = 'en';

/** The header in which the site's client names the language of the messages it wants. */
export const LANGUAGE_HEADER = 'x-language';

/** The address prefix of each language's pages. */
export const langPrefix: Record<Lang, string> = { en: '', 'zh-Hans': '/zh' };

/** Each language as its own readers name it (the language switch). */
export const langName: Record<Lang, string> = { en: 'English', 'zh-Hans': '简体中文' };

/**
 * A language tag as people and browsers write it: `zh`, `zh-CN`, `zh-Hans`, `zh-SG` are
 * Simplified Chinese; `en`, `en-GB` English; anything else (including Traditional Chinese, which
 * the portal does not offer) is not one of ours.
 */
export function parseLang(tag: unknown): Lang | undefined {
  if (typeof tag !== 'string') return undefined;
  const t = tag.trim().toLowerCase();
  if (t === 'en' || t.startsWith('en-')) return 'en';
  if (t === 'zh' || t === 'zh-hans' || t.startsWith('zh-hans-') || t === 'zh-cn' || t === 'zh-sg' || t === 'zh-my') return 'zh-Hans';
  return undefined;
}

/** The first of our languages in an Accept-Language list by its q-values; English when none is ours. */
export function negotiateLang(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return defaultLang;
  const ranked = acceptLanguage
    .split(',')
    .slice(0, 20)
    .map((part, i) => {
      const [tag, ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { lang: parseLang(tag), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((r): r is { lang: Lang; q: number; i: number } => r.lang !== undefined && r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked[0]?.lang ?? defaultLang;
}

/** `/zh/congress/info` -> Chinese and `/congress/info`; `/congress/info` -> English and itself. */
export function splitLangPath(pathname: string): { lang: Lang; path: string } {
  const m = /^\/zh(?=\/|$)(.*)$/i.exec(pathname);
  if (!m) return { lang: 'en', path: pathname };
  return { lang: 'zh-Hans', path: m[1] || '/' };
}

/** The address of `path` (an English page address, maybe with ?query or #hash) in `lang`. */
export function pathIn(lang: Lang, path: string): string {
  if (lang === 'en' || !path.startsWith('/') || path.startsWith('//')) return path;
  if (path.startsWith('/api/') || /^\/[^?#]*\.[a-z0-9]+([?#]|$)/i.test(path)) return path;
  return path === '/' ? langPrefix[lang] : `${langPrefix[lang]}${path}`;
}

/** The value of `<html lang>`. */
export const htmlLang = (lang: Lang) => lang;
