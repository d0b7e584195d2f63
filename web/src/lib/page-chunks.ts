/**
 * The chunks of the page being opened, as the build lists them in the SPA's HTML
 * (scripts/build-web.ts, `__PAGE_CHUNKS__`): the app's own and the page's, the page's from the
 * page module down to what it imports. web/src/boot.ts preloads them; web/src/main.tsx evaluates
 * the page's a slice at a time before the first render.
 */
import { splitLangPath } from '#core/i18n/lang';

interface PageChunksData {
  files: string[];
  /** Each language's catalog chunk, an index into files: the page's language's is one of the app's. */
  catalogs: Record<string, number>;
  /** The app's own chunks (web/src/main.tsx and its imports), indexes into files. */
  app: number[];
  /** [route as a regular expression, indexes into files] */
  routes: [string, number[]][];
}

/** The chunk addresses of `pathname`, `/zh/...` too (none under `npm run dev`, which has no such list). */
export function pageChunks(pathname: string): { app: string[]; page: string[] } {
  const data = typeof document === 'undefined' ? null : document.getElementById('__PAGE_CHUNKS__')?.textContent;
  if (!data) return { app: [], page: [] };
  const { files, app, routes, catalogs } = JSON.parse(data) as PageChunksData;
  const { lang, path } = splitLangPath(pathname);
  const page = routes.find(([route]) => new RegExp(route, 'i').test(path))?.[1] ?? [];
  const catalog = catalogs[lang];
  return { app: [...app, ...(catalog === undefined ? [] : [catalog])].map((i) => files[i]!), page: page.map((i) => files[i]!) };
}

/**
 * Ends the current task (the browser can paint and handle input before the rest runs), through a
 * message: chained timers are held to 4 ms each, messages are not.
 */
export const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

/** The longest a slice of module evaluation runs before the browser gets the main thread back (4x on a slow phone). */
const SLICE_MS = 8;

/**
 * Evaluates preloaded chunks a slice at a time, what they import first (the list's reverse): a
 * module graph evaluates in one piece the browser cannot interrupt, and the page's (a form's
 * fields, schemas and libraries) was a long task of its own on a slow phone.
 */
export async function evaluateInSlices(hrefs: string[]) {
  let sliceStart = performance.now();
  for (const href of [...hrefs].reverse()) {
    await import(/* @vite-ignore */ href);
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextTask();
      sliceStart = performance.now();
    }
  }
}
