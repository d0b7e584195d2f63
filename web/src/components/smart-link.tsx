/**
 * One link for every href in content and navigation:
 * - `http(s)://...` opens in a new window (the spec's rule for cards whose path begins with http);
 * - files (`/pdf/...`, `/images/...`) open in a new tab, outside the app's router;
 * - `mailto:` is a plain link;
 * - a static page (web/src/config/paths.ts) is a plain link: it is complete HTML, not an SPA page;
 * - anything else navigates inside the app.
 */
import { Link as ChakraLink, VisuallyHidden, type LinkProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { isStaticPath } from '../config/paths';
import { pathIn } from '#core/i18n/lang';
import { useLang, useT } from '../i18n/i18n';

export type LinkKind = 'external' | 'file' | 'mail' | 'internal';

export function linkKind(href: string): LinkKind {
  if (/^https?:\/\//i.test(href)) return 'external';
  if (href.startsWith('mailto:')) return 'mail';
  if (/^\/(pdf|images)\//.test(href) || /\.pdf($|\?)/.test(href)) return 'file';
  return 'internal';
}

export function newWindowProps(href: string) {
  const kind = linkKind(href);
  return kind === 'external' || kind === 'file' ? { target: '_blank', rel: 'noopener noreferrer' } : {};
}

export function SmartLink({ href, children, ...rest }: { href: string; children: ReactNode } & Omit<LinkProps, 'href'>) {
  const lang = useLang();
  const t = useT();
  const kind = linkKind(href);
  if (kind === 'internal' && !isStaticPath(href)) {
    return (
      <ChakraLink asChild {...rest}>
        <RouterLink to={href}>{children}</RouterLink>
      </ChakraLink>
    );
  }
  const opensNew = kind === 'external' || kind === 'file';
  return (
    <ChakraLink href={kind === 'internal' ? pathIn(lang, href) : href} {...newWindowProps(href)} {...rest}>
      {children}
      {opensNew && <VisuallyHidden>{t('frame.opensNewTab')}</VisuallyHidden>}
    </ChakraLink>
  );
}
