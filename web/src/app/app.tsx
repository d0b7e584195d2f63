import type { EmotionCache } from '@emotion/react';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Providers, type PageLanguage } from './providers';
import { AppRoutes } from './routes';

/** The whole app under a router chosen by the caller (browser, or static when pre-rendering). */
export function App(props: { queryClient: QueryClient; emotionCache: EmotionCache; language: PageLanguage; router: (children: ReactNode) => ReactNode }) {
  return (
    <Providers queryClient={props.queryClient} emotionCache={props.emotionCache} language={props.language}>
      {props.router(<AppRoutes />)}
    </Providers>
  );
}
