/**
 * The SPA's side of the static site frame (header and footer are HTML outside the React root,
 * web/src/entry-server.tsx): the header's disclosures and logout buttons work as on the static
 * pages, open panels close when the page changes, and a frame link to an SPA page navigates
 * inside the app like a router link (a static page, a file or another site loads normally).
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isStaticPath } from '../../config/paths';
import { enhanceDisclosures, type Disclosures } from '../../islands/disclosures';
import { linkKind } from '../../components/smart-link';
import { parseLang, splitLangPath } from '#core/i18n/lang';
import { currentPageIn, enhanceLanguageSwitch } from '../../islands/language-switch';
import { rememberOnAccount } from '../../i18n/remember-language';

/** The in-app address a click on a frame link goes to, or null when the browser should follow it. */
function appTarget(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!link || link.closest('#root') || (link.target && link.target !== '_self') || link.hasAttribute('download') || link.hasAttribute('data-language-switch')) return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin || linkKind(url.pathname) !== 'internal' || isStaticPath(url.pathname)) return null;
  // The router's addresses are the language's own (its basename is /zh for Chinese).
  return `${splitLangPath(url.pathname).path}${url.search}${url.hash}`;
}

export function useSiteFrame() {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const disclosures = useRef<Disclosures | null>(null);

  useEffect(() => {
    const header = document.querySelector<HTMLElement>('[data-site-header]');
    disclosures.current = header ? enhanceDisclosures(header) : null;
    const onClick = (event: MouseEvent) => {
      const to = appTarget(event);
      if (to === null) return;
      event.preventDefault();
      void navigate(to);
    };
    document.addEventListener('click', onClick);
    const disposeSwitch = enhanceLanguageSwitch(rememberOnAccount);
    return () => {
      disposeSwitch();
      disclosures.current?.dispose();
      document.removeEventListener('click', onClick);
    };
  }, [navigate]);

  useEffect(() => disclosures.current?.closeAll(), [pathname]);
  // The frame was built for one address: its language links follow the page the SPA shows now.
  useEffect(() => {
    for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-language-switch]')) {
      const lang = parseLang(link.getAttribute('hreflang'));
      if (lang) link.setAttribute('href', currentPageIn(lang));
    }
  }, [pathname, search, hash]);
}
