/**
 * The page routes of the SPA: accounts and the delegate's pages (web/src/app/pages.ts, one lazy
 * chunk each). The public information pages are static HTML (web/src/app/static-pages.tsx): a
 * link or a navigate() to one of them leaves the SPA with a full page load.
 */
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { paths, staticPaths } from '../config/paths';
import { lazyPage, type LazyPage } from '../lib/lazy-page';
import { RequireDelegate } from '../features/account/require-delegate';
import { RequireReviewed } from '../features/registration-by-category/require-reviewed';
import { SiteLayout } from './layout/site-layout';
import { delegatePages, notFoundPage, pageFor, pageLoader, publicPages } from './pages';

/** One lazy component per page module (a module can serve several routes). */
const components = new Map<string, LazyPage>();
function component(page: string): LazyPage {
  if (!components.has(page)) components.set(page, lazyPage(pageLoader(page)));
  return components.get(page)!;
}
const NotFound = component(notFoundPage);

/** Every route path of the SPA (a unit test checks that the site serves each of them). */
export const spaRoutePaths = [...publicPages, ...delegatePages].map(([path]) => path);

/**
 * Loads the page of `pathname` before the first render, so pre-rendered HTML hydrates without a
 * flash; with the app's query client, the page's data starts loading too.
 */
export function preloadRoute(pathname: string, queryClient?: QueryClient) {
  return component(pageFor(pathname)).preload(queryClient);
}

/** A static page reached inside the SPA (navigate(), an old link): load its HTML. */
function StaticPage({ path }: { path: string }) {
  const { search, hash } = useLocation();
  useEffect(() => window.location.replace(`${path}${search}${hash}`), [path, search, hash]);
  return null;
}

/** Pages a registration under review or rejected cannot open: they lead to /common/reload (spec section 4). */
const reviewedPaths = new Set<string>([paths.fee, paths.abstractNew]);

function pageRoute([path, page]: [string, string]) {
  const P = component(page);
  return <Route key={path} path={path} element={<P />} />;
}

export function AppRoutes() {
  return (
    <Routes>
      {[paths.root, ...staticPaths].map((path) => (
        <Route key={path} path={path} element={<StaticPage path={path} />} />
      ))}
      <Route element={<SiteLayout />}>
        {publicPages.map(pageRoute)}
        <Route element={<RequireDelegate />}>
          {delegatePages.filter(([path]) => !reviewedPaths.has(path)).map(pageRoute)}
          <Route element={<RequireReviewed />}>{delegatePages.filter(([path]) => reviewedPaths.has(path)).map(pageRoute)}</Route>
        </Route>
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
