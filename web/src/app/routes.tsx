/**
 * The page routes of the SPA: accounts and the delegate's pages. Every page is its own chunk
 * (route-level lazy loading), so /login loads none of the delegate's pages. The public
 * information pages are static HTML (web/src/app/static-pages.tsx): a link or a navigate() to
 * one of them leaves the SPA with a full page load.
 */
import { useEffect } from 'react';
import { Route, Routes, matchPath, useLocation } from 'react-router-dom';
import { paths, staticPaths } from '../config/paths';
import { lazyPage, type LazyPage } from '../lib/lazy-page';
import { RequireDelegate } from '../features/account/require-delegate';
import { SiteLayout } from './layout/site-layout';

const page = {
  notFound: lazyPage(() => import('../features/errors/not-found-page')),
  login: lazyPage(() => import('../features/account/login-page')),
  register: lazyPage(() => import('../features/account/register-page')),
  accountCreated: lazyPage(() => import('../features/account/account-created-page')),
  activate: lazyPage(() => import('../features/account/activate-page')),
  forgot: lazyPage(() => import('../features/account/forgot-page')),
  await: lazyPage(() => import('../features/account/await-page')),
  reset: lazyPage(() => import('../features/account/reset-page')),
  center: lazyPage(() => import('../features/account/center-page')),
  changePassword: lazyPage(() => import('../features/account/change-password-page')),
  profileEdit: lazyPage(() => import('../features/account/profile-edit-page')),
  posterUpload: lazyPage(async () => {
    const { PresentationUploadPage } = await import('../features/presentations/presentation-upload-page');
    return { default: () => <PresentationUploadPage purpose="poster" /> };
  }),
  oralUpload: lazyPage(async () => {
    const { PresentationUploadPage } = await import('../features/presentations/presentation-upload-page');
    return { default: () => <PresentationUploadPage purpose="oral" /> };
  }),
  abstracts: lazyPage(() => import('../features/abstracts/abstracts-page')),
  abstractForm: lazyPage(() => import('../features/abstracts/abstract-form-page')),
  abstractSuccess: lazyPage(() => import('../features/abstracts/abstract-success-page')),
};

/** Public SPA routes: [path, page]. */
const publicRoutes: [string, LazyPage][] = [
  [paths.login, page.login],
  [paths.registerStepOne, page.register],
  [paths.accountCreated, page.accountCreated],
  [paths.activate, page.activate],
  [paths.forgot, page.forgot],
  [paths.await, page.await],
  [paths.reset, page.reset],
];

/** Delegate routes (auth): an anonymous visitor is sent to /login, which returns here after. */
const delegateRoutes: [string, LazyPage][] = [
  [paths.center, page.center],
  [paths.updatePassword, page.changePassword],
  [paths.profileEdit, page.profileEdit],
  [paths.abstracts, page.abstracts],
  [paths.abstractNew, page.abstractForm],
  [paths.abstractEdit, page.abstractForm],
  [paths.abstractSuccess, page.abstractSuccess],
  [paths.posterUpload, page.posterUpload],
  [paths.oralUpload, page.oralUpload],
];

/** Every route path of the SPA (a unit test checks that the site serves each of them). */
export const spaRoutePaths = [...publicRoutes, ...delegateRoutes].map(([path]) => path);

/** Loads the page of `pathname` before hydration, so pre-rendered HTML hydrates without a flash. */
export async function preloadRoute(pathname: string) {
  for (const [path, p] of [...publicRoutes, ...delegateRoutes]) {
    if (matchPath({ path, end: true }, pathname)) return p.preload();
  }
  return page.notFound.preload();
}

/** A static page reached inside the SPA (navigate(), an old link): load its HTML. */
function StaticPage({ path }: { path: string }) {
  const { search, hash } = useLocation();
  useEffect(() => window.location.replace(`${path}${search}${hash}`), [path, search, hash]);
  return null;
}

export function AppRoutes() {
  return (
    <Routes>
      {[paths.root, ...staticPaths].map((path) => (
        <Route key={path} path={path} element={<StaticPage path={path} />} />
      ))}
      <Route element={<SiteLayout />}>
        {publicRoutes.map(([path, P]) => (
          <Route key={path} path={path} element={<P />} />
        ))}
        <Route element={<RequireDelegate />}>
          {delegateRoutes.map(([path, P]) => (
            <Route key={path} path={path} element={<P />} />
          ))}
        </Route>
        <Route path="*" element={<page.notFound />} />
      </Route>
    </Routes>
  );
}
