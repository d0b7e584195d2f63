import { languages, pathIn, type Lang } from '#core/i18n/lang';

/** A page's parts for the HTML template (web/src/entry-server.tsx renders them): what goes into <head>, the body, the query state if any. */
export interface RenderedPage {
  lang: Lang;
  head: string;
  html: string;
  state?: string;
}

/** The SPA's template as built (its scripts and the page chunks' list), kept beside the pre-rendering entry for the pages the server renders. */
export const SSR_TEMPLATE_FILE = 'spa.html';

/**
 * A page's HTML from the template (web/index.html, as built: at build time, and on the server for
 * the pages rendered per request, functions/lib/site/server-pages.ts) and its rendered parts. The query
 * state is data, not script: the strict content security policy allows it.
 */
export function fillPage(template: string, page: RenderedPage, head = ''): string {
  const state = page.state ? `<script type="application/json" id="__QUERY_STATE__">${page.state.replace(/</g, '\\u003c')}</script>` : '';
  return template
    .replace('<html lang="en">', `<html lang="${page.lang}">`)
    .replace('<!--app-head-->', head + page.head)
    .replace('<!--app-html-->', page.html)
    .replace('<!--app-state-->', state);
}

/**
 * A public page's address in each language, for search engines and shared links: its canonical
 * address and its alternates (`hreflang`, English the default). Absolute when the build knows the
 * site's address (SITE_ORIGIN), else site-relative.
 */
export function languageLinks(url: string, lang: Lang, origin = ''): string {
  const at = (l: Lang) => `${origin}${pathIn(l, url === '/home' ? '/' : url)}`;
  return [
    `<link rel="canonical" href="${at(lang)}">`,
    ...languages.map((l) => `<link rel="alternate" hreflang="${l}" href="${at(l)}">`),
    `<link rel="alternate" hreflang="x-default" href="${at('en')}">`,
  ].join('');
}
