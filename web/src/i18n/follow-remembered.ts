/**
 * A delegate's own pages open in the language they chose (decision 0058): an address in the other
 * language is replaced before the app starts. Public pages (information, accounts' forms, links
 * from mails) open in their address's language, so that a shared link shows what was shared.
 */
import { pathIn, splitLangPath } from '#core/i18n/lang';
import { isPublicPath } from '../config/paths';
import { rememberedLang } from '../islands/language-switch';

/** True when the page is leaving for its address in the remembered language. */
export function followRememberedLanguage(): boolean {
  const { lang, path } = splitLangPath(window.location.pathname);
  const remembered = rememberedLang();
  if (!remembered || remembered === lang || isPublicPath(path)) return false;
  window.location.replace(`${pathIn(remembered, path)}${window.location.search}${window.location.hash}`);
  return true;
}
