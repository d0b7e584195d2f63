/**
 * The page's language and its texts (issue 32): `useT()` gives `t(id, values)` over the page's
 * catalog, `useLang()` the language. The language is the address's (`/zh/...`, read once at start
 * from `<html lang>`, which the build wrote); switching it is a full page load of the other
 * address (web/src/i18n/language-switch.tsx), so the static site frame changes with it.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Lang } from '#core/i18n/lang';
export { pageLang } from './page-lang';
import { isText, translator, type Translate } from '#core/i18n/messages';
import type { LoadedCatalog } from './catalogs';

interface I18n {
  lang: Lang;
  t: Translate;
  localise: (message: string) => string;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider(props: { lang: Lang; catalog: LoadedCatalog; children: ReactNode }) {
  const value = useMemo(() => {
    const t = translator(props.lang, props.catalog.messages);
    const byEnglish = props.catalog.byEnglish;
    const localise = (message: string) => (Object.hasOwn(byEnglish, message) ? t(byEnglish[message]!) : message);
    return { lang: props.lang, t, localise };
  }, [props.lang, props.catalog]);
  return <I18nContext.Provider value={value}>{props.children}</I18nContext.Provider>;
}

function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('No I18nProvider above this component');
  return i18n;
}

export const useT = (): Translate => useI18n().t;
export const useLang = (): Lang => useI18n().lang;
/** A message given in English by a shared schema (a form's own validation), in the page's language. */
export const useLocalise = (): ((message: string) => string) => useI18n().localise;

/** A shared schema's issue as the form shows it. */
export type IssueMessage = (issue: { message: string; params?: Record<string, unknown> }) => string;

/**
 * A shared schema's issue in the page's language: its text with values where it carries one
 * (`params.text`, decision 0063: "At most 3."), else its English words looked up in the catalog.
 */
export function useIssueMessage(): IssueMessage {
  const { t, localise } = useI18n();
  return (issue) => {
    const text = issue.params?.text;
    return isText(text) ? t(text.id, text.values) : localise(issue.message);
  };
}
