/**
 * Each language's catalog is a chunk of its own, loaded before the app's first render (its file
 * is preloaded with the app's, scripts/build-web.ts). Pre-rendering loads them the same way.
 */
import type { Catalog, MessageId } from '#core/i18n/messages';
import type { Lang } from '#core/i18n/lang';

export interface LoadedCatalog {
  messages: Catalog;
  /** Ids of the API's messages by their English words (empty in English). */
  byEnglish: Record<string, MessageId>;
}

const loaders: Record<Lang, () => Promise<{ default: Catalog; byEnglish: Record<string, MessageId> }>> = {
  en: () => import('virtual:i18n-catalog/en'),
  'zh-Hans': () => import('virtual:i18n-catalog/zh-Hans'),
};

const loaded: Partial<Record<Lang, LoadedCatalog>> = {};

export async function loadCatalog(lang: Lang): Promise<LoadedCatalog> {
  if (!loaded[lang]) {
    const module = await loaders[lang]();
    loaded[lang] = { messages: module.default, byEnglish: module.byEnglish };
  }
  return loaded[lang];
}

/** A catalog loaded before (pre-rendering, and the browser after loadCatalog). */
export function loadedCatalog(lang: Lang): LoadedCatalog {
  const catalog = loaded[lang];
  if (!catalog) throw new Error(`The ${lang} catalog is not loaded yet (loadCatalog first)`);
  return catalog;
}
