import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import createCache from '@emotion/cache';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Lang } from '#core/i18n/lang';
import type { LoadedCatalog } from '../i18n/catalogs';
import { I18nProvider } from '../i18n/i18n';
import { ApiError, isCancelled } from '../lib/api-client';
import { siteSystem } from './theme';

/**
 * The page's HTML already holds the global styles (reset, token variables, global CSS), written at
 * build time: in the browser the provider leaves them out instead of serializing, hashing and
 * inserting about 30 kB of CSS again before the first render.
 */
let browserSystem: SystemContext | undefined;
function providedSystem(): SystemContext {
  if (typeof document === 'undefined') return siteSystem();
  browserSystem ??= { ...siteSystem(), _global: [] };
  return browserSystem;
}

const EMOTION_KEY = 'c';
/** The key of the style elements written at build time: not the cache's, so it never moves them. */
const PRERENDERED_KEY = `${EMOTION_KEY}-pre`;

/**
 * The cache of the styles emotion writes for Chakra, in the browser and when pre-rendering.
 * Emotion moves pre-rendered style elements to the end of <head> when a cache is created: those
 * of its own key (to take them over), and, for its default key 'css' (the cache @emotion/react
 * creates as it loads), every one without `data-s`. Ours are in <head> already, and each move
 * makes the browser recompute the whole page's styles before the app's first render (a long task
 * on a phone). So the build writes them under another key with `data-s` (`prerenderedStyleTags`),
 * and the browser's cache only marks their styles as present, as emotion's own take-over does.
 */
export function createEmotionCache() {
  const cache = createCache({ key: EMOTION_KEY });
  if (typeof document !== 'undefined') {
    for (const node of document.querySelectorAll(`style[data-emotion^="${PRERENDERED_KEY} "]`)) {
      for (const name of node.getAttribute('data-emotion')!.split(' ').slice(1)) cache.inserted[name] = true;
    }
  }
  return cache;
}

/** The style elements of a pre-rendered page (emotion's server output) as the browser's cache expects them. */
export const prerenderedStyleTags = (tags: string) =>
  tags.replace(/<style data-emotion="([\w-]+) /g, (_, key: string) => `<style data-s="" data-emotion="${key === EMOTION_KEY ? PRERENDERED_KEY : key} `);

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A cancelled call was replaced by a newer one, and an ended session (401) stays ended:
        // neither is a failure worth retrying.
        retry: (count, error) => !(error instanceof ApiError && error.code === 401) && !isCancelled(error) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** The page's language and its catalog (web/src/i18n/). */
export interface PageLanguage {
  lang: Lang;
  catalog: LoadedCatalog;
}

export function Providers(props: { queryClient: QueryClient; emotionCache: EmotionCache; language: PageLanguage; children: ReactNode }) {
  return (
    <CacheProvider value={props.emotionCache}>
      <ChakraProvider value={providedSystem()}>
        <I18nProvider lang={props.language.lang} catalog={props.language.catalog}>
          <QueryClientProvider client={props.queryClient}>{props.children}</QueryClientProvider>
        </I18nProvider>
      </ChakraProvider>
    </CacheProvider>
  );
}
