/**
 * The message catalogs (functions/core/i18n/catalogs/<lang>/*.json) compiled for the web: imported
 * as `virtual:i18n-catalog/<lang>`, each text is its ICU syntax tree, made at build time, so the
 * browser's bundle carries no ICU parser (the parser is replaced by formatjs's no-parser entry)
 * and formats without parsing. Each language is its own chunk (web/src/i18n/catalogs.ts).
 *
 * The organisers' texts (the office's and the review's area files, `office*.json`, `review*.json`)
 * are a second chunk per language, `virtual:i18n-catalog/<lang>/staff`, loaded only with a staff
 * page (web/src/app/pages.ts): a delegate's page never downloads them. The mails' texts
 * (`mail*.json`) are the server's only: no chunk carries them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:i18n-catalog/';
const RESOLVED = '\0i18n-catalog:';
const catalogDir = path.resolve(import.meta.dirname, '../functions/core/i18n/catalogs');

/** Which of a language's area files: the delegates' and the public's, the organisers', or all. */
export type CatalogPart = 'site' | 'staff' | 'all';
const isStaffArea = (file: string) => /^(office|review)[\w-]*\.json$/.test(file);
const isServerArea = (file: string) => /^mail[\w-]*\.json$/.test(file);
const inPart = (file: string, part: CatalogPart) =>
  part === 'all' || (!isServerArea(file) && isStaffArea(file) === (part === 'staff'));

/** The area files of a language's catalog (or of one part of it). */
const catalogFiles = (lang: string, part: CatalogPart = 'all') =>
  fs
    .readdirSync(path.join(catalogDir, lang))
    .filter((f) => f.endsWith('.json') && inPart(f, part))
    .sort()
    .map((f) => path.join(catalogDir, lang, f));

/** A language's texts, its area files merged. */
function readCatalog(lang: string, part: CatalogPart = 'all'): Record<string, string> {
  return Object.assign({}, ...catalogFiles(lang, part).map((f) => JSON.parse(fs.readFileSync(f, 'utf8')) as Record<string, string>)) as Record<string, string>;
}

/** A catalog's texts as syntax trees; a text that is not valid ICU fails the build, naming it. */
export function compileCatalog(lang: string, part: CatalogPart = 'all'): Record<string, unknown> {
  const compiled: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(readCatalog(lang, part))) {
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
  resolveId: (id) => (id.startsWith(PREFIX) && /^[\w-]+(\/staff)?$/.test(id.slice(PREFIX.length)) ? RESOLVED + id.slice(PREFIX.length) : null),
  load(id) {
    if (!id.startsWith(RESOLVED)) return null;
    const [lang, staff] = id.slice(RESOLVED.length).split('/') as [string, string | undefined];
    const part: CatalogPart = staff ? 'staff' : 'site';
    for (const file of catalogFiles(lang, part)) this.addWatchFile(file);
    // The ids of the server's and the shared schemas' messages by their English words, for the
    // messages a form's own validation gives in English (web/src/i18n/i18n.tsx, useLocalise).
    const english = readCatalog('en', part);
    const byEnglish = lang === 'en' ? {} : Object.fromEntries(Object.entries(english).filter(([key, text]) => key.startsWith('api.') && !text.includes('{')).map(([key, text]) => [text, key]));
    // JSON.parse of a string literal: faster to start than the same object as code.
    return [
      `export default JSON.parse(${JSON.stringify(JSON.stringify(compileCatalog(lang, part)))});`,
      `export const byEnglish = JSON.parse(${JSON.stringify(JSON.stringify(byEnglish))});`,
    ].join('\n');
  },
};

/** The browser formats compiled messages only: the parser's no-parser entry (it throws if ever called). */
export const noIcuParser = [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }];
