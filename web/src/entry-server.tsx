/**
 * Pre-rendering entry (used at build time only, by scripts/prerender.ts): renders a public page
 * to HTML with its critical CSS and the congress facts, so it paints before any script runs.
 */
import createCache from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { dehydrate } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { conferenceFacts } from '#core/domain/conference-facts';
import { App } from './app/app';
import { createQueryClient } from './app/providers';
import { preloadRoute } from './app/routes';
import { conferenceQuery } from './lib/conference';

export async function render(url: string) {
  const emotionCache = createCache({ key: 'css' });
  // Styles go to <head> (extracted below) instead of inline next to each element.
  emotionCache.compat = true;
  const emotion = createEmotionServer(emotionCache);
  const queryClient = createQueryClient();
  queryClient.setQueryData(conferenceQuery.queryKey, conferenceFacts());
  await preloadRoute(url);
  const html = renderToString(
    <App
      queryClient={queryClient}
      emotionCache={emotionCache}
      router={(children) => <StaticRouter location={url}>{children}</StaticRouter>}
    />,
  );
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  return { html, styles, state: JSON.stringify(dehydrate(queryClient)) };
}
