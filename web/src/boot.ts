/**
 * The SPA's first script. The HTML of every SPA page (a hydrated page or the shell) paints on its
 * own, so the app's code is requested only after the first frame: on a slow network the page
 * appears without waiting for the download of the app.
 */
requestAnimationFrame(() => setTimeout(() => void import('./main')));
