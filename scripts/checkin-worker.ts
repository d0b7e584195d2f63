/**
 * The check-in app's service worker (issue 34), written by the build (scripts/build-web.ts) with
 * the exact files /checkin needs: the SPA shell in both languages, the files the shell names, the
 * app's chunks, the check-in page's chunks (the QR decoder's wasm included) and both catalogs.
 * Its version is a hash of that list, so a new build installs a new worker and drops the old cache.
 *
 * - /checkin and /zh/checkin (navigations): the network first, for 3 s at most, then the cached
 *   shell: a desk that loses the network reloads the app without anyone switching a mode.
 * - the listed files: from the cache (their names carry their content's hash).
 * - anything else a check-in page asks for (an image of the frame): the network, kept for next time.
 * - the API and every other page: not touched.
 */
import { createHash } from 'node:crypto';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const CHECKIN_WORKER_FILE = 'checkin-sw.js';
const APP_PATHS = ['/checkin', '/zh/checkin'];
const SHELLS: Record<string, string> = { '/checkin': '/app.html', '/zh/checkin': '/zh/app.html' };

/** Every file of `source` and of what it imports statically, with their CSS and assets. */
function closure(manifest: Manifest, source: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[source];
  if (!chunk || into.has(`/${chunk.file}`)) return into;
  into.add(`/${chunk.file}`);
  for (const f of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) into.add(`/${f}`);
  for (const i of chunk.imports ?? []) closure(manifest, i, into);
  return into;
}

export function checkinWorkerFiles(manifest: Manifest, shells: string[]): string[] {
  const files = new Set<string>(Object.values(SHELLS));
  // What the shell's HTML names itself (its entry, preloads, styles, the logo), not the PDFs it links.
  for (const html of shells)
    for (const m of html.matchAll(/(?:href|src)="(\/[^"?#]+\.(?:js|css|svg|png|ico|webp|woff2))"/g))
      files.add(m[1]!);
  const entry = Object.keys(manifest).find((k) => k === 'index.html');
  const add = (source: string) => {
    for (const f of closure(manifest, source)) files.add(f);
  };
  if (entry) add(entry);
  // The app (main.tsx and react-dom's client, loaded by the entry), without the pages it could load.
  for (const key of manifest[entry ?? '']?.dynamicImports ?? []) add(key);
  // The page, and what it loads itself when it runs (the QR decoder and its wasm).
  const page = 'src/features/checkin/checkin-page.tsx';
  add(page);
  for (const key of manifest[page]?.dynamicImports ?? []) add(key);
  for (const key of Object.keys(manifest).filter((k) => /i18n-catalog[:/](en|zh-Hans)$/.test(k))) add(key);
  if (!files.has(`/${manifest['src/features/checkin/checkin-page.tsx']?.file}`))
    throw new Error('The check-in page is not in the build');
  return [...files].sort();
}

export function checkinWorkerSource(files: string[]): string {
  const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16);
  return `// The check-in app's service worker: written by scripts/build-web.ts (scripts/checkin-worker.ts).
const CACHE = 'checkin-${version}';
const FILES = ${JSON.stringify(files)};
const SHELLS = ${JSON.stringify(SHELLS)};
const APP_PATHS = ${JSON.stringify(APP_PATHS)};
const NAVIGATION_WAIT_MS = 3000;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('checkin-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

const appPath = (pathname) => APP_PATHS.includes(pathname.replace(/\\/$/, '').toLowerCase());

async function shell(request, pathname) {
  const cache = await caches.open(CACHE);
  const key = SHELLS[pathname.replace(/\\/$/, '').toLowerCase()];
  try {
    const response = await fetch(request, { signal: AbortSignal.timeout(NAVIGATION_WAIT_MS) });
    if (response.ok) {
      await cache.put(key, response.clone());
      return response;
    }
  } catch {
    // No network (or too slow): the cached shell.
  }
  return (await cache.match(key)) ?? fetch(request);
}

async function file(request, keep) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (keep && response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    if (appPath(url.pathname)) event.respondWith(shell(request, url.pathname));
    return;
  }
  const listed = FILES.includes(url.pathname);
  let fromApp = false;
  try {
    fromApp = request.referrer !== '' && appPath(new URL(request.referrer).pathname);
  } catch {
    fromApp = false;
  }
  if (listed || fromApp) event.respondWith(file(request, fromApp && !listed));
});
`;
}
