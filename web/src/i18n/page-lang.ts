import { defaultLang, type Lang } from '#core/i18n/lang';

/** The language of the page in the browser (`<html lang>`, which the build wrote); English elsewhere. */
export function pageLang(): Lang {
  if (typeof document === 'undefined') return defaultLang;
  return document.documentElement.lang === 'zh-Hans' ? 'zh-Hans' : 'en';
}
