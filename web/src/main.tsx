/**
 * SPA entry (accounts and the delegate's pages; the public pages are static HTML). A page
 * pre-rendered for hydration (`data-render="hydrate"`, e.g. /login) is hydrated once its chunk is
 * loaded, so nothing flashes; on the shell (app.html) the app replaces the painted frame. Both
 * render in a transition: React yields to the browser every few milliseconds instead of holding
 * the main thread for the whole first render.
 */
import createCache from '@emotion/cache';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { createQueryClient } from './app/providers';
import { preloadRoute } from './app/routes';
import { conferenceQuery } from './lib/conference';
import { syncClock } from './lib/clock';
import { markSession } from './lib/session-store';

async function start() {
  const container = document.getElementById('root')!;
  const queryClient = createQueryClient();
  const state = document.getElementById('__QUERY_STATE__');
  if (state?.textContent) hydrate(queryClient, JSON.parse(state.textContent));
  void queryClient.prefetchQuery(conferenceQuery);
  void syncClock();
  markSession(); // already done by the inline script of built pages; needed under `npm run dev`

  const app = (
    <StrictMode>
      <App
        queryClient={queryClient}
        emotionCache={createCache({ key: 'css' })}
        router={(children) => <BrowserRouter>{children}</BrowserRouter>}
      />
    </StrictMode>
  );
  await preloadRoute(window.location.pathname);
  if (container.dataset.render === 'hydrate') {
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
}

void start();
