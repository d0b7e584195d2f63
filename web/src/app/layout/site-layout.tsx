/**
 * What the SPA renders around its pages, inside its root in the static site frame
 * (use-site-frame.ts). After a client-side navigation it moves focus to the new page's heading
 * (screen readers announce it) and scrolls to the top. (A 401 ends the session; the guard of
 * delegate pages then goes to /login, which says so: features/account/require-delegate.tsx.)
 */
import { Suspense, lazy, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageSkeleton } from '../../components/page';
import { loadToasterRegion, useToasterWanted } from '../../components/ui/toaster';
import { useSiteFrame } from './use-site-frame';

// The notices' region loads and mounts with the first notice (web/src/components/ui/toaster.ts).
const ToasterRegion = lazy(loadToasterRegion);

function Notices() {
  return useToasterWanted() ? (
    <Suspense fallback={null}>
      <ToasterRegion />
    </Suspense>
  ) : null;
}

function useFocusOnNavigate() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
    // The heading renders with the page, possibly after a lazy chunk: try for a moment. Focus the
    // person has moved meanwhile (a menu opened at once) is theirs: it is not taken back.
    const focusedAtNavigation = document.activeElement;
    let tries = 0;
    const timer = setInterval(() => {
      const heading = document.getElementById('page-title');
      if (heading || ++tries > 20) {
        clearInterval(timer);
        const moved = document.activeElement !== focusedAtNavigation && document.activeElement !== document.body && document.activeElement !== null;
        if (!moved) heading?.focus({ preventScroll: true });
      }
    }, 50);
    return () => clearInterval(timer);
  }, [pathname]);
}

export function SiteLayout() {
  useSiteFrame();
  useFocusOnNavigate();
  return (
    <>
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
      <Notices />
    </>
  );
}
