/**
 * Pre-rendering entry (build time, scripts/build-web.ts; the dev server's shell, vite.config.ts).
 * Every page is the site frame (skip link, header, main, footer) as static HTML; what differs is
 * inside <main>:
 * - `renderStatic`: a public information page, complete with its critical CSS; no React runs
 *   in the browser, only the islands script;
 * - `renderSpa`: the app root holding an SPA page anyone can open (login), hydrated in the
 *   browser with the same state;
 * - `renderShell`: the app root holding the page skeleton, which the SPA replaces.
 * The SPA renders only inside its root: the frame around it is never rendered again (no layout
 * shift, less work on start); web/src/app/layout/use-site-frame.ts brings its links to life.
 */
import createEmotionServer from '@emotion/server/create-instance';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { conferenceFacts } from '#core/domain/conference-facts';
import { App } from './app/app';
import { SiteFrame } from './app/layout/site-frame';
import { Providers, createEmotionCache, createQueryClient, prerenderedStyleTags } from './app/providers';
import { preloadRoute } from './app/routes';
import { loadNotFoundPage, staticPages } from './app/static-pages';
import { PageSkeleton } from './components/page';
import { pageFrames } from './app/page-frames';
import { conferenceQuery } from './lib/conference';
import { langPrefix, languages, pathIn, type Lang } from '#core/i18n/lang';
import { loadCatalog, loadedCatalog } from './i18n/catalogs';
import type { PageLanguage } from './app/providers';
import { translator } from '#core/i18n/messages';
import type { RenderedPage } from '#lib/site/page-template';
import type { PublishedAbstract } from '#core/programme/abstract-pages';
import { paths, pathTo } from './config/paths';
import { programmeAbstractQuery } from './features/programme/api';

/** Both catalogs, before any page is rendered (the render functions are synchronous where they can be). */
export async function loadCatalogs() {
  for (const lang of languages) await loadCatalog(lang);
}

export { staticPages };
export { pageSources } from './app/pages';

export type { RenderedPage };

function setup(lang: Lang) {
  const language: PageLanguage = { lang, catalog: loadedCatalog(lang) };
  const emotionCache = createEmotionCache();
  // Styles go to <head> (extracted below) instead of inline next to each element.
  emotionCache.compat = true;
  const queryClient = createQueryClient();
  queryClient.setQueryData(conferenceQuery.queryKey, conferenceFacts());
  return { emotionCache, queryClient, language, emotion: createEmotionServer(emotionCache) };
}
type Setup = ReturnType<typeof setup>;

/** React hoists <title>, <meta> and <link> to the front of the rendered HTML: they go into <head>. */
function splitHoisted(html: string): { hoisted: string; body: string } {
  const m = /^((?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)*)/.exec(html);
  const hoisted = m?.[1] ?? '';
  return { hoisted, body: html.slice(hoisted.length) };
}

/** The router of a page pre-rendered in `lang`: its address is `url` in that language (`/zh/login`). */
// '/404.html' is a file's address, which pathIn leaves alone: under /zh the router (basename /zh)
// matched nothing and the Chinese not-found page came out empty.
const routerLocation = (lang: Lang, url: string) => (url === '/404.html' ? `${langPrefix[lang]}${url}` : pathIn(lang, url));

const staticRouter = (s: Setup, url: string, children: ReactNode) => (
  <StaticRouter location={routerLocation(s.language.lang, url)} basename={langPrefix[s.language.lang] || undefined}>
    {children}
  </StaticRouter>
);

function renderFrame(s: Setup, url: string, main: ReactNode, app: boolean) {
  return renderToString(
    <Providers queryClient={s.queryClient} emotionCache={s.emotionCache} language={s.language}>
      {staticRouter(
        s,
        url,
        <SiteFrame app={app}>{main}</SiteFrame>,
      )}
    </Providers>,
  );
}

/** The critical CSS of `html` (every rule its class names use, and the global styles). */
const styles = (s: Setup, html: string) => prerenderedStyleTags(s.emotion.constructStyleTagsFromChunks(s.emotion.extractCriticalToChunks(html)));

/** `url` is a static path, or '/404.html' for the not-found page. */
export async function renderStatic(url: string, lang: Lang = 'en'): Promise<RenderedPage> {
  const s = setup(lang);
  const Page = staticPages[url] ?? (await loadNotFoundPage());
  const { hoisted, body } = splitHoisted(renderFrame(s, url, <Page />, false));
  return { lang, head: hoisted + styles(s, body), html: body };
}

/** The frame with the app's root in <main>, holding `app` rendered on its own (as the browser will). */
function renderAppPage(s: Setup, url: string, app: ReactNode, hydrate: boolean): RenderedPage {
  const { hoisted, body } = splitHoisted(renderToString(app));
  const root = <div id="root" data-render={hydrate ? 'hydrate' : undefined} dangerouslySetInnerHTML={{ __html: body }} />;
  const html = renderFrame(s, url, root, true);
  return { lang: s.language.lang, head: hoisted + styles(s, html), html, state: JSON.stringify(dehydrate(s.queryClient)) };
}

/** The SPA shell: with `url`, the skeleton carries that page's frame (title, lead), else a bare one (app.html). */
export function renderShell(url?: string, lang: Lang = 'en'): RenderedPage {
  const s = setup(lang);
  const frame = url ? pageFrames[url] : undefined;
  if (url && !frame) throw new Error(`No page frame for ${url} (web/src/app/page-frames.tsx)`);
  const skeleton = (
    <Providers queryClient={s.queryClient} emotionCache={s.emotionCache} language={s.language}>
      {staticRouter(s, url ?? '/', <PageSkeleton {...frame} />)}
    </Providers>
  );
  const shell = renderAppPage(s, url ?? '/', skeleton, false);
  const siteName = translator(lang, s.language.catalog.messages)('frame.siteName');
  return { lang, head: frame?.title || frame?.titleId ? shell.head : `<title>${siteName}</title>${shell.head}`, html: shell.html };
}

/** An SPA page rendered whole, to be hydrated; `seed` puts the data its queries read into the state the browser starts from. */
export async function renderSpa(url: string, lang: Lang = 'en', seed?: (queryClient: QueryClient) => void): Promise<RenderedPage> {
  const s = setup(lang);
  seed?.(s.queryClient);
  await preloadRoute(url);
  const router = (children: ReactNode) => staticRouter(s, url, children);
  return renderAppPage(s, url, <App queryClient={s.queryClient} emotionCache={s.emotionCache} language={s.language} router={router} />, true);
}

/**
 * A placed abstract's page as the server answers it (functions/lib/site/server-pages.ts, decision
 * 0072): the page whole, with its text in the HTML, and the abstract in the query state so the
 * browser hydrates it without asking again; `null` renders the page's "not in the programme".
 * `url` is the page's address (in English), for its canonical and language links.
 */
export async function renderProgrammeAbstract(id: string, lang: Lang, entry: PublishedAbstract | null): Promise<RenderedPage & { url: string }> {
  const url = pathTo(paths.programAbstract, { id });
  return { ...(await renderSpa(url, lang, (queryClient) => queryClient.setQueryData(programmeAbstractQuery(id).queryKey, entry))), url };
}
