/**
 * SPA entry (accounts and the delegate's pages; the public pages are static HTML). A page
 * pre-rendered for hydration (`data-render="hydrate"`, e.g. /login) is hydrated once its chunk is
 * loaded, so nothing flashes; on the shell (app.html) the app replaces the painted skeleton. The
 * app renders only inside its root: the site frame around it is static HTML. The start is cut
 * into tasks the browser can run input between: the modules' evaluation (react-dom's alone first,
 * then the app's chunks a slice at a time, web/src/boot.ts), the page's code and data requests,
 * the theme's creation (a task per step), then the first render in a transition (React yields
 * every few milliseconds).
 */
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { createEmotionCache, createQueryClient } from './app/providers';
import { preloadRoute } from './app/routes';
import { createSiteSystem } from './app/theme';
import { conferenceQuery } from './lib/conference';
import { syncClock } from './lib/clock';
import { markSession } from './lib/session-store';
import { evaluateInSlices, nextTask, pageChunks } from './lib/page-chunks';
import { langPrefix, splitLangPath } from '#core/i18n/lang';
import { loadCatalog } from './i18n/catalogs';
import { pageLang } from './i18n/page-lang';

async function start() {
  // The modules' evaluation was this task: the rest starts in the next one, with the page's
  // modules evaluated a slice at a time (preloaded by boot.ts).
  await nextTask();
  await evaluateInSlices(pageChunks(window.location.pathname).page);
  // The page's language is its address's (`/zh/...`), as the build wrote it into <html lang>.
  const lang = pageLang();
  const catalog = await loadCatalog(lang);
  const basename = langPrefix[lang] || undefined;
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
        emotionCache={createEmotionCache()}
        language={{ lang, catalog }}
        router={(children) => <BrowserRouter basename={basename}>{children}</BrowserRouter>}
      />
    </StrictMode>
  );
  // The page's code (preloaded by boot.ts) first: it starts loading its data, if any.
  await preloadRoute(splitLangPath(window.location.pathname).path, queryClient);
  await nextTask();
  await createSiteSystem(nextTask);
  await nextTask();
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
