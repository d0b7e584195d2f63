/**
 * The office's and the review's pages read the organisers' texts too, a catalog chunk of their
 * own (web/src/i18n/catalogs.ts): a staff page's loader waits for it beside the page's code
 * (web/src/app/pages.ts), and the page renders under a provider of the whole catalog.
 */
import type { ComponentType } from 'react';
import { loadedStaffCatalog, loadStaffCatalog } from './catalogs';
import { I18nProvider, pageLang, useLang } from './i18n';

interface PageModule {
  default: ComponentType;
}

const wrapped = new WeakMap<ComponentType, ComponentType>();

function withStaffTexts(Page: ComponentType): ComponentType {
  let Wrapped = wrapped.get(Page);
  if (!Wrapped) {
    Wrapped = function StaffPage() {
      const lang = useLang();
      return (
        <I18nProvider lang={lang} catalog={loadedStaffCatalog(lang)}>
          <Page />
        </I18nProvider>
      );
    };
    wrapped.set(Page, Wrapped);
  }
  return Wrapped;
}

/** A staff page's loader: its module, once the organisers' texts of the page's language are loaded too. */
export function staffPageLoader<M extends PageModule>(load: () => Promise<M>): () => Promise<M> {
  return async () => {
    const [module] = await Promise.all([load(), loadStaffCatalog(pageLang())]);
    return { ...module, default: withStaffTexts(module.default) };
  };
}
