/**
 * How every function is bundled: the CDK stack and `npm run bench` use these same options, so
 * the sizes the bench prints are the sizes that deploy.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { PDF_ASSET_DIR, pdfAssetFiles } from '../../functions/lib/pdf/assets';
import { SSR_TEMPLATE_FILE } from '../../functions/lib/site/page-template';
import { SSR_DIR } from '../../functions/lib/site/server-pages';

export const projectRoot = path.resolve(import.meta.dirname, '../..');
export const handlerEntry = (handler: string) => path.join(projectRoot, 'functions/handlers', `${handler}.ts`);

/**
 * Nothing is left to the runtime: the AWS SDK is bundled at the versions package-lock.json pins
 * (the SDK the Node 22 runtime ships is whatever AWS installed last, and untested with our code).
 */
export const externalModules: string[] = [];

/** ESM bundles need a `require` for the few CommonJS dependencies (busboy, ...). */
export const esmRequireBanner =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

export const esbuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  minify: true,
  sourcemap: true,
  mainFields: ['module', 'main'],
  external: externalModules,
  banner: { js: esmRequireBanner },
  legalComments: 'none',
} as const;

/**
 * One function's code: `index.mjs` (the handler and what every request needs) beside chunks that
 * load only when first used (`await import(...)`: the Stripe SDK, the S3 and SES clients, the
 * multipart parser). A single-file bundle would parse them on every cold start.
 */
export const splitOptions = {
  ...esbuildOptions,
  mainFields: [...esbuildOptions.mainFields],
  splitting: true,
  entryNames: 'index',
  chunkNames: 'chunks/[name]-[hash]',
  outExtension: { '.js': '.mjs' },
};

/**
 * Bundles a function into `outdir`. A function that renders PDFs (`pdf`) also gets the fonts and
 * images under pdf-assets/ (functions/lib/pdf/assets.ts reads them from there on Lambda); one that
 * renders pages (`ssr`) the build's pre-rendering entry and template under ssr/ (functions/lib/site/server-pages.ts).
 */
export function bundleFunction(handler: string, outdir: string, options: { pdf?: boolean; ssr?: boolean } = {}) {
  const result = buildSync({ ...splitOptions, entryPoints: [handlerEntry(handler)], outdir, logLevel: 'error', metafile: true });
  if (options.pdf) copyPdfAssets(outdir);
  if (options.ssr) copySsr(outdir);
  return result;
}

/**
 * The web build's pre-rendering entry (dist/ssr: one ES module with React, Chakra and the pages,
 * and the SPA's template of the same build) where a page-rendering function reads it on Lambda.
 * The site deploy uploads the same build (its hashed assets are never pruned), so the pages name
 * scripts that exist.
 */
export function copySsr(outdir: string) {
  const source = path.join(projectRoot, 'dist/ssr');
  if (!fs.existsSync(path.join(source, SSR_TEMPLATE_FILE))) throw new Error('dist/ssr is not built: run `npm run build` before synth (a page-rendering function carries it)');
  fs.cpSync(source, path.join(outdir, SSR_DIR), { recursive: true });
}

/** The fonts and images of functions/lib/pdf/assets.ts, where a bundle's renderer reads them on Lambda. */
export function copyPdfAssets(outdir: string) {
  for (const file of pdfAssetFiles()) {
    const target = path.join(outdir, PDF_ASSET_DIR, file.bundled);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(file.source, target);
  }
}
