/**
 * Pre-rendering entry (build time only, scripts/build-web.ts). Three kinds of HTML:
 * - `renderStatic`: a public information page, complete with its critical CSS; no React runs
 *   in the browser, only the islands script;
 * - `renderSpa`: an SPA page anyone can open (login), hydrated in the browser with the same state;
 * - `renderShell`: the SPA shell (header, footer, a placeholder) painted before the SPA renders.
 */
import createEmotionServer from '@emotion/server/create-instance';
import { dehydrate } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { conferenceFacts } from '#core/domain/conference-facts';
import { App } from './app/app';
import { SiteFrame } from './app/layout/site-frame';
import { Providers, createEmotionCache, createQueryClient } from './app/providers';
import { preloadRoute } from './app/routes';
import { loadNotFoundPage, staticPages } from './app/static-pages';
import { PageSkeleton } from './components/page';
import { conferenceQuery } from './lib/conference';

export { staticPages };

function setup() {
  const emotionCache = createEmotionCache();
  // Styles go to <head> (extracted below) instead of inline next to each element.
  emotionCache.compat = true;
  const queryClient = createQueryClient();
  queryClient.setQueryData(conferenceQuery.queryKey, conferenceFacts());
  return { emotionCache, queryClient, emotion: createEmotionServer(emotionCache) };
}

function renderFrame(url: string, content: ReactNode) {
  const { emotionCache, queryClient, emotion } = setup();
  const html = renderToString(
    <Providers queryClient={queryClient} emotionCache={emotionCache}>
      <StaticRouter location={url}>
        <SiteFrame>{content}</SiteFrame>
      </StaticRouter>
    </Providers>,
  );
  return { html, styles: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)) };
}

/** `url` is a static path, or '/404.html' for the not-found page. */
export async function renderStatic(url: string) {
  const Page = staticPages[url] ?? (await loadNotFoundPage());
  return renderFrame(url, <Page />);
}

export function renderShell() {
  return renderFrame('/', <PageSkeleton />);
}

export async function renderSpa(url: string) {
  const { emotionCache, queryClient, emotion } = setup();
  await preloadRoute(url);
  const html = renderToString(
    <App queryClient={queryClient} emotionCache={emotionCache} router={(children) => <StaticRouter location={url}>{children}</StaticRouter>} />,
  );
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  return { html, styles, state: JSON.stringify(dehydrate(queryClient)) };
}
