/**
 * The message catalogs (functions/core/i18n/catalogs/<lang>/*.json) compiled for the web: imported
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

/** The area files of a language's catalog. */
const catalogFiles = (lang: string) =>
  fs
    .readdirSync(path.join(catalogDir, lang))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => path.join(catalogDir, lang, f));

/** A language's texts, its area files merged. */
function readCatalog(lang: string): Record<string, string> {
  return Object.assign({}, ...catalogFiles(lang).map((f) => JSON.parse(fs.readFileSync(f, 'utf8')) as Record<string, string>)) as Record<string, string>;
}

/** A catalog's texts as syntax trees; a text that is not valid ICU fails the build, naming it. */
export function compileCatalog(lang: string): Record<string, unknown> {
  const compiled: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(readCatalog(lang))) {
    try {
      compiled[key] = parse(message, { ignoreTag: true });
    } catch (error) {
      throw new Error(`${lang}: the message ${key} is not valid ICU MessageFormat: ${(error as Error).message}`);
    }
  }
  return compiled;
}

export const compiledCatalogs: Plugin = {
  name: 'compiled-catalogs',
  resolveId: (id) => (id.startsWith(PREFIX) && /^[\w-]+$/.test(id.slice(PREFIX.length)) ? RESOLVED + id.slice(PREFIX.length) : null),
  load(id) {
    if (!id.startsWith(RESOLVED)) return null;
    const lang = id.slice(RESOLVED.length);
    for (const file of catalogFiles(lang)) this.addWatchFile(file);
    // The ids of the server's and the shared schemas' messages by their English words, for the
    // messages a form's own validation gives in English (web/src/i18n/i18n.tsx, useLocalise).
    const english = readCatalog('en');
    const byEnglish = lang === 'en' ? {} : Object.fromEntries(Object.entries(english).filter(([key, text]) => key.startsWith('api.') && !text.includes('{')).map(([key, text]) => [text, key]));
    // JSON.parse of a string literal: faster to start than the same object as code.
    return [
      `export default JSON.parse(${JSON.stringify(JSON.stringify(compileCatalog(lang)))});`,
      `export const byEnglish = JSON.parse(${JSON.stringify(JSON.stringify(byEnglish))});`,
    ].join('\n');
  },
};

/** The browser formats compiled messages only: the parser's no-parser entry (it throws if ever called). */
export const noIcuParser = [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }];
