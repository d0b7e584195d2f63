/**
 * The header's language link (web/src/app/layout/header.tsx): it leads to the page being read in
 * the other language (`/zh/...` or not) and remembers the choice in the browser; a delegate's
 * choice is also kept on the account (web/src/i18n/remember-language.ts). Plain DOM: the static
 * pages (islands) and the SPA's frame share it.
 */
import { parseLang, pathIn, splitLangPath, type Lang } from '#core/i18n/lang';

export const LANGUAGE_KEY = 'language';

/** The language the visitor chose before, if any. */
export function rememberedLang(): Lang | undefined {
  try {
    return parseLang(localStorage.getItem(LANGUAGE_KEY));
  } catch {
    return undefined;
  }
}

export function rememberLang(lang: Lang) {
  try {
    localStorage.setItem(LANGUAGE_KEY, lang);
  } catch {
    // Storage refused (private mode): the address still says the language.
  }
}

/** The address of the page being read, in `lang`. */
export function currentPageIn(lang: Lang): string {
  const { path } = splitLangPath(window.location.pathname);
  return `${pathIn(lang, path)}${window.location.search}${window.location.hash}`;
}

export function enhanceLanguageSwitch(onChoose?: (lang: Lang) => void) {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.('a[data-language-switch]');
    const lang = parseLang(link?.getAttribute('hreflang'));
    if (!link || !lang) return;
    event.preventDefault();
    rememberLang(lang);
    onChoose?.(lang);
    window.location.assign(currentPageIn(lang));
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}
