import { ChakraProvider } from '@chakra-ui/react';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isCancelled } from '../lib/api-client';
import { system } from './theme';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A cancelled call was replaced by a newer one: not a failure worth retrying.
        retry: (count, error) => !isCancelled(error) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function Providers(props: { queryClient: QueryClient; emotionCache: EmotionCache; children: ReactNode }) {
  return (
    <CacheProvider value={props.emotionCache}>
      <ChakraProvider value={system}>
        <QueryClientProvider client={props.queryClient}>{props.children}</QueryClientProvider>
      </ChakraProvider>
    </CacheProvider>
  );
}
