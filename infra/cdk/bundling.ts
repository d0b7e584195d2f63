/**
 * How every function is bundled: the CDK stack and `npm run bench` use these same options, so
 * the sizes the bench prints are the sizes that deploy.
 */
import path from 'node:path';

export const projectRoot = path.resolve(import.meta.dirname, '../..');
export const handlerEntry = (handler: string) => path.join(projectRoot, 'functions/handlers', `${handler}.ts`);

/** The AWS SDK v3 ships with the Node 22 Lambda runtime: not bundled. */
export const externalModules = ['@aws-sdk/*'];

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
