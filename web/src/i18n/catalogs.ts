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

type CatalogModule = { default: Catalog; byEnglish: Record<string, MessageId> };

const loaders: Record<Lang, () => Promise<CatalogModule>> = {
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

/** The organisers' texts (office and review), a chunk of their own per language (scripts/vite-i18n.ts). */
const staffLoaders: Record<Lang, () => Promise<CatalogModule>> = {
  en: () => import('virtual:i18n-catalog/en/staff'),
  'zh-Hans': () => import('virtual:i18n-catalog/zh-Hans/staff'),
};

const withStaff: Partial<Record<Lang, LoadedCatalog>> = {};

/** The whole catalog, the organisers' texts with the site's: what an office or review page reads. */
export async function loadStaffCatalog(lang: Lang): Promise<LoadedCatalog> {
  if (!withStaff[lang]) {
    const [site, staff] = await Promise.all([loadCatalog(lang), staffLoaders[lang]()]);
    withStaff[lang] = { messages: { ...site.messages, ...staff.default }, byEnglish: { ...site.byEnglish, ...staff.byEnglish } };
  }
  return withStaff[lang];
}

/** The whole catalog, loaded before (loadStaffCatalog). */
export function loadedStaffCatalog(lang: Lang): LoadedCatalog {
  const catalog = withStaff[lang];
  if (!catalog) throw new Error(`The ${lang} staff catalog is not loaded yet (loadStaffCatalog first)`);
  return catalog;
}

/** A catalog loaded before (pre-rendering, and the browser after loadCatalog). */
export function loadedCatalog(lang: Lang): LoadedCatalog {
  const catalog = loaded[lang];
  if (!catalog) throw new Error(`The ${lang} catalog is not loaded yet (loadCatalog first)`);
  return catalog;
}
