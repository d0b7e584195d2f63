/**
 * The page routes of the SPA. Every page is its own chunk (route-level lazy loading); content
 * pages are their content file plus the shared ContentPage renderer.
 */
import { Route, Routes, matchPath } from 'react-router-dom';
import { paths } from '../config/paths';
import { lazyPage, type LazyPage } from '../lib/lazy-page';
import { ContentPage } from '../components/content/content-page';
import type { PageContent } from '../content/schema';
import { RequireDelegate } from '../features/account/require-delegate';
import { SiteLayout } from './layout/site-layout';

const contentPage = (load: () => Promise<{ default: unknown }>) =>
  lazyPage(async () => {
    const content = (await load()).default as PageContent;
    return { default: () => <ContentPage content={content} /> };
  });

const page = {
  home: lazyPage(() => import('../features/home/home-page')),
  info: contentPage(() => import('../content/pages/info.json')),
  venue: contentPage(() => import('../content/pages/venue.json')),
  introduction: contentPage(() => import('../content/pages/introduction.json')),
  welcome: contentPage(() => import('../content/pages/welcome.json')),
  news: contentPage(() => import('../content/pages/news.json')),
  contact: contentPage(() => import('../content/pages/contact.json')),
  legalNotice: contentPage(() => import('../content/pages/legal-notice.json')),
  about: contentPage(() => import('../content/pages/about.json')),
  abstractLate: contentPage(() => import('../content/pages/abstract-late.json')),
  past: lazyPage(() => import('../features/congress/past-congresses-page')),
  committees: lazyPage(() => import('../features/congress/committees-page')),
  hotels: lazyPage(() => import('../features/travel/hotels-page')),
  abstractSubmission: lazyPage(() => import('../features/abstracts/abstract-guidelines-page')),
  registerInstruction: lazyPage(() => import('../features/registration/register-instruction-page')),
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

/** Public routes: [path, page]. */
const publicRoutes: [string, LazyPage][] = [
  [paths.root, page.home],
  [paths.home, page.home],
  [paths.congressInfo, page.info],
  [paths.venue, page.venue],
  [paths.introduction, page.introduction],
  [paths.welcome, page.welcome],
  [paths.past, page.past],
  [paths.news, page.news],
  [paths.committees, page.committees],
  [paths.about, page.about],
  [paths.abstractSubmission, page.abstractSubmission],
  [paths.abstractLate, page.abstractLate],
  [paths.contact, page.contact],
  [paths.legalNotice, page.legalNotice],
  [paths.registerInstruction, page.registerInstruction],
  [paths.hotels, page.hotels],
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

/** Loads the page of `pathname` before hydration, so pre-rendered HTML hydrates without a flash. */
export async function preloadRoute(pathname: string) {
  for (const [path, p] of [...publicRoutes, ...delegateRoutes]) {
    if (matchPath({ path, end: true }, pathname)) return p.preload();
  }
  return page.notFound.preload();
}

export function AppRoutes() {
  return (
    <Routes>
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
