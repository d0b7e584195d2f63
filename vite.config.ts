import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { fillPage } from './functions/lib/site/page-template';
import { compiledCatalogs, noIcuParser } from './scripts/vite-i18n';
import type * as entryServer from './web/src/entry-server';

/**
 * The SPA and the islands script live in web/ and build to dist/web (client) and dist/ssr
 * (pre-rendering entry).
 * `npm run dev` proxies /api to the local portal started by `npm start`.
 */
/** React Router 7 publishes its production build without an export condition: use it in builds. */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/dom-export.mjs') },
];

/**
 * csv-parse's `sync` entry is its Node build (it reads through Buffer); the office page reads a
 * statement's header with the same module as the server (functions/lib/statements/csv-reader.ts),
 * so the browser gets the library's own browser build of the same API.
 */
const csvParseBrowser = [{ find: /^csv-parse\/sync$/, replacement: 'csv-parse/browser/esm/sync' }];

/** Component styles inserted as components render, not in React's commit (web/src/lib/emotion-insertion.ts). */
const emotionInsertion = [
  { find: /^@emotion\/use-insertion-effect-with-fallbacks$/, replacement: path.resolve(import.meta.dirname, 'web/src/lib/emotion-insertion.ts') },
];

/** `npm run dev` serves the page shell the build writes to app.html: the static site frame around the app's root. */
const devShell: Plugin = {
  name: 'dev-shell',
  apply: 'serve',
  transformIndexHtml: async (html, ctx) => {
    const ssr = (await ctx.server!.ssrLoadModule('/src/entry-server.tsx')) as typeof entryServer;
    await ssr.loadCatalogs();
    return fillPage(html, ssr.renderShell());
  },
};

/**
 * Chakra's createSystem, as the browser runs it. It also serializes the global styles (reset, token
 * variables, global CSS: about 70% of its time) as it creates the system. In the browser they are
 * never used: every page's HTML holds them, and web/src/app/providers.tsx gives the provider none.
 * The client build leaves that serialization out; pre-rendering (SSR build) and `npm run dev` keep it.
 * What is left is still one piece of 50 ms on a slow phone (merging the configs, the token
 * dictionary, the rest): the client build also gives it as steps, `createSystem.steps` (a generator
 * that pauses after the merge and after the token dictionary), which web/src/app/theme.ts runs a
 * task each. `createSystem` itself runs the same steps at once.
 */
const CHAKRA_SYSTEM = '@chakra-ui/react/dist/esm/styled-system/system.js';
const chakraSystemEdits: [string, string][] = [
  ['const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];', 'const _global = [];'],
  ['function createSystem(...configs) {', 'function* createSystemSteps(...configs) {'],
  ['const config = mergeConfigs(...configs);', 'const config = mergeConfigs(...configs);\n  yield;'],
  ['    prefix: cssVarsPrefix\n  });', '    prefix: cssVarsPrefix\n  });\n  yield;'],
];
const chakraSystemSteps = `
function createSystem(...configs) {
  const steps = createSystemSteps(...configs);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
createSystem.steps = createSystemSteps;
`;
const chakraBrowserSystem: Plugin = {
  name: 'chakra-browser-system',
  apply: 'build',
  transform(code, id, options) {
    if (options?.ssr || !id.replaceAll('\\', '/').endsWith(CHAKRA_SYSTEM)) return null;
    let edited = code;
    for (const [from, to] of chakraSystemEdits) {
      if (edited.split(from).length !== 2) throw new Error(`${CHAKRA_SYSTEM} changed: update the chakra-browser-system plugin (vite.config.ts)`);
      edited = edited.replace(from, to);
    }
    return { code: edited.replace('function getTokenMap(', `${chakraSystemSteps}function getTokenMap(`), map: null };
  },
};

export default defineConfig(({ command }) => ({
  root: 'web',
  resolve: { alias: [...csvParseBrowser, ...(command === 'build' ? [...reactRouterProduction, ...noIcuParser, ...emotionInsertion] : [])] },
  publicDir: 'public',
  plugins: [react(), compiledCatalogs, devShell, chakraBrowserSystem],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    // The build reads the manifest to link the islands script from the static pages.
    manifest: true,
    rollupOptions: {
      // The SPA (index.html) and the islands script of the static pages (no React).
      input: { index: path.resolve(import.meta.dirname, 'web/index.html'), islands: path.resolve(import.meta.dirname, 'web/src/islands/main.ts') },
      output: {
        // The UI library (Chakra and what it is built on) that four or more pages share is one chunk:
        // split as the pages import it, a delegate's page loaded 40 chunks of about 1 kB each, and
        // requesting and evaluating each was main-thread work on a slow phone (issue 32, Lighthouse).
        // React itself is a chunk of its own, before the UI library's: the UI group takes what its
        // modules import, and with React in it, evaluating react-dom (web/src/boot.ts, a task of its
        // own) evaluated all of Chakra in the same task.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'ui', test: /node_modules[\\/](@chakra-ui|@zag-js|@ark-ui|@emotion|@pandacss|stylis)[\\/]/, minShareCount: 4, priority: 1 },
          ],
        },
      },
    },
  },
  ssr: {
    // Bundle everything into the pre-rendering entry: it runs once at build time in Node.
    noExternal: true,
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` },
  },
}));
