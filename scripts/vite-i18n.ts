/**
 * The message catalogs (functions/core/i18n/catalogs/<lang>.json) compiled for the web: imported
 * as `virtual:i18n-catalog/<lang>`, each text is its ICU syntax tree, made at build time, so the
 * browser's bundle carries no ICU parser (the parser is replaced by formatjs's no-parser entry)
 * and formats without parsing. Each language is its own chunk (web/src/i18n/catalogs.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:i18n-catalog/';
const RESOLVED = '\0i18n-catalog:';
const catalogDir = path.resolve(import.meta.dirname, '../functions/core/i18n/catalogs');

/** A catalog's texts as syntax trees; a text that is not valid ICU fails the build, naming it. */
export function compileCatalog(file: string): Record<string, unknown> {
  const source = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  const compiled: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(source)) {
    try {
      compiled[key] = parse(message);
    } catch (error) {
      throw new Error(`${file}: the message ${key} is not valid ICU MessageFormat: ${(error as Error).message}`);
    }
  }
  return compiled;
}

export const compiledCatalogs: Plugin = {
  name: 'compiled-catalogs',
  resolveId: (id) => (id.startsWith(PREFIX) && /^[\w-]+$/.test(id.slice(PREFIX.length)) ? RESOLVED + id.slice(PREFIX.length) : null),
  load(id) {
    if (!id.startsWith(RESOLVED)) return null;
    const file = path.join(catalogDir, `${id.slice(RESOLVED.length)}.json`);
    this.addWatchFile(file);
    const lang = id.slice(RESOLVED.length);
    // The ids of the server's and the shared schemas' messages by their English words, for the
    // messages a form's own validation gives in English (web/src/i18n/i18n.tsx, useLocalise).
    const english = JSON.parse(fs.readFileSync(path.join(catalogDir, 'en.json'), 'utf8')) as Record<string, string>;
    const byEnglish = lang === 'en' ? {} : Object.fromEntries(Object.entries(english).filter(([key, text]) => key.startsWith('api.') && !text.includes('{')).map(([key, text]) => [text, key]));
    // JSON.parse of a string literal: faster to start than the same object as code.
    return [
      `export default JSON.parse(${JSON.stringify(JSON.stringify(compileCatalog(file)))});`,
      `export const byEnglish = JSON.parse(${JSON.stringify(JSON.stringify(byEnglish))});`,
    ].join('\n');
  },
};

/** The browser formats compiled messages only: the parser's no-parser entry (it throws if ever called). */
export const noIcuParser = [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }];
