/**
 * The SPA's first script. The HTML of every SPA page (a hydrated page or the shell) paints on its
 * own, so the app's code is requested only after the first frame: on a slow network the page
 * appears without waiting for the download of the app. The chunks of the page being opened
 * (listed by the build in the HTML, scripts/build-web.ts) are requested at the same moment,
 * instead of after the app's code has arrived and run.
 */
interface PageChunks {
  files: string[];
  /** [route as a regular expression, indexes into files] */
  routes: [string, number[]][];
}

/** Links added per task: starting a fetch costs the main thread 1-3 ms a link on a slow phone. */
const LINKS_PER_TASK = 8;

/**
 * The page's chunks, a few links per task (the order list has 21, the wizard 45): all of them in
 * one task was a long task of its own (about 120 ms at 4x CPU slowdown) right after the first paint.
 * `then` runs after the first few, in the same task.
 */
function preloadPageChunks(then: () => void) {
  const data = document.getElementById('__PAGE_CHUNKS__')?.textContent;
  if (!data) return then(); // `npm run dev`
  const { files, routes } = JSON.parse(data) as PageChunks;
  const page = routes.find(([route]) => new RegExp(route, 'i').test(window.location.pathname));
  const hrefs = (page?.[1] ?? []).map((i) => files[i]!);
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
  then();
}

requestAnimationFrame(() =>
  setTimeout(() =>
    preloadPageChunks(() => {
      void import('./main');
    }),
  ),
);
