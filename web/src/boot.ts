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

function preloadPageChunks() {
  const data = document.getElementById('__PAGE_CHUNKS__')?.textContent;
  if (!data) return; // `npm run dev`
  const { files, routes } = JSON.parse(data) as PageChunks;
  const page = routes.find(([route]) => new RegExp(route, 'i').test(window.location.pathname));
  for (const i of page?.[1] ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = files[i]!;
    document.head.append(link);
  }
}

requestAnimationFrame(() =>
  setTimeout(() => {
    preloadPageChunks();
    void import('./main');
  }),
);
