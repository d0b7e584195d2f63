/**
 * Browser entry. Pre-rendered pages are hydrated (their page chunk is loaded first so nothing
 * flashes); the SPA shell (app.html) renders from scratch.
 */
import createCache from '@emotion/cache';
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { createQueryClient } from './app/providers';
import { preloadRoute } from './app/routes';
import { conferenceQuery } from './lib/conference';
import { syncClock } from './lib/clock';

async function start() {
  const container = document.getElementById('root')!;
  const queryClient = createQueryClient();
  const state = document.getElementById('__QUERY_STATE__');
  if (state?.textContent) hydrate(queryClient, JSON.parse(state.textContent));
  void queryClient.prefetchQuery(conferenceQuery);
  void syncClock();

  const app = (
    <StrictMode>
      <App
        queryClient={queryClient}
        emotionCache={createCache({ key: 'css' })}
        router={(children) => <BrowserRouter>{children}</BrowserRouter>}
      />
    </StrictMode>
  );
  if (container.hasChildNodes()) {
    await preloadRoute(window.location.pathname);
    hydrateRoot(container, app);
  } else {
    createRoot(container).render(app);
  }
}

void start();
