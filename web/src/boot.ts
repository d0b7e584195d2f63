/**
 * The SPA's first script. The HTML of every SPA page (a hydrated page or the shell) paints on its
 * own, so the app's code is requested only after the first frame: on a slow network the page
 * appears without waiting for the download of the app. The app's chunks and those of the page
 * being opened (listed by the build in the HTML, scripts/build-web.ts) are requested at the same
 * moment, instead of after the app's code has arrived and run.
 */
import { evaluateInSlices, nextTask, pageChunks } from './lib/page-chunks';
import { followRememberedLanguage } from './i18n/follow-remembered';

/** Links added per task: starting a fetch costs the main thread 1-3 ms a link (4-12 ms at 4x CPU slowdown). */
const LINKS_PER_TASK = 4;


/**
 * The app's and the page's chunks, a few links per task (the order list needs 26, the wizard 45):
 * all of them in one task was a long task of its own (about 120 ms at 4x CPU slowdown) right after
 * the first paint. `then` runs after the first few, in the same task, with the app's chunks.
 */
function preloadChunks(then: (app: string[]) => void) {
  const { app, page } = pageChunks(window.location.pathname);
  const hrefs = [...app, ...page];
  const addSome = () => {
    for (const href of hrefs.splice(0, LINKS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    if (hrefs.length) setTimeout(addSome, 0);
  };
  addSome();
  then(app);
}

/**
 * Evaluating the app's modules is work the browser cannot interrupt: react-dom (half of the app's
 * code) is evaluated first, in a task of its own, then the rest of the app's chunks (the UI
 * library's, the router's, the app's own) a slice at a time. All of them arrive together (preloaded
 * above); in one task their evaluation was the page's longest task (120-200 ms at 4x CPU slowdown).
 */
async function startApp(app: string[]) {
  await import('react-dom/client');
  await nextTask();
  await evaluateInSlices(app);
  await import('./main');
}

if (!followRememberedLanguage()) {
  requestAnimationFrame(() =>
    setTimeout(() =>
      preloadChunks((app) => {
        void startApp(app);
      }),
    ),
  );
}
