import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import createCache from '@emotion/cache';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
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

/**
 * The cache of the styles emotion writes for Chakra, in the browser and when pre-rendering. Its
 * key is not emotion's default 'css': for that key emotion moves every pre-rendered style element
 * to the end of <head> when the cache is created (meant for styles rendered next to their
 * elements); ours are in <head> already, and moving them only makes the browser recompute the
 * page's styles before the app's first render.
 */
export const createEmotionCache = () => createCache({ key: 'c' });

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

export function Providers(props: { queryClient: QueryClient; emotionCache: EmotionCache; children: ReactNode }) {
  return (
    <CacheProvider value={props.emotionCache}>
      <ChakraProvider value={providedSystem()}>
        <QueryClientProvider client={props.queryClient}>{props.children}</QueryClientProvider>
      </ChakraProvider>
    </CacheProvider>
  );
}
