/**
 * Every SPA page by route: its module under web/src/features, one lazy chunk each (so /login
 * loads none of the delegate's pages). The build lists each page's chunks in the SPA's HTML, and
 * web/src/boot.ts preloads those of the page being opened together with the app's code.
 * A new page: its path in web/src/config/paths.ts and a line here.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { matchesRoute, paths } from '../config/paths';
import { officePages } from '../features/office/sections';
import { staffPageLoader } from '../i18n/staff-texts';

/**
 * A page's module: the page, and optionally `prefetch`, which starts loading the page's data
 * while the app starts (before the page's first render) when the page is opened directly.
 */
export interface PageModule {
  default: ComponentType;
  prefetch?: (queryClient: QueryClient) => void;
}
export type PageLoader = () => Promise<PageModule>;

/** [route, page module: its path under web/src/features without .tsx] */
type PageRoute = [string, string];

export const publicPages: PageRoute[] = [
  [paths.login, 'account/login-page'],
  [paths.registerStepOne, 'account/register-page'],
  [paths.registerStepTwo, 'account/step-two-page'],
  [paths.accountCreated, 'account/account-created-page'],
  [paths.activate, 'account/activate-page'],
  [paths.forgot, 'account/forgot-page'],
  [paths.await, 'account/await-page'],
  [paths.reset, 'account/reset-page'],
  [paths.unsubscribe, 'account/unsubscribe-page'],
  [paths.accountDeleted, 'account/account-deleted-page'],
  [paths.program, 'programme/programme-page'],
  [paths.programAbstract, 'programme/abstract-page'],
  [paths.checkin, 'checkin/checkin-page'],
];

export const notFoundPage = 'errors/not-found-page';

/**
 * The older registration flow's (auth) pages (portal spec section 2): the registration form, the
 * payment detail, the return from card checkout, the review's re-upload page and the payment voucher.
 */
const olderFlowPages: PageRoute[] = [
  [paths.registerInformation, 'registration-by-category/register-information-page'],
  [paths.fee, 'registration-by-category/fee-page'],
  [paths.payResult, 'registration-by-category/pay-result-page'],
  [paths.reload, 'registration-by-category/reload-page'],
  [paths.voucher, 'registration-by-category/voucher-page'],
];

/** Delegate pages (auth): an anonymous visitor is sent to /login, which returns there after. */
export const delegatePages: PageRoute[] = [
  ...olderFlowPages,
  [paths.center, 'account/center-page'],
  [paths.updatePassword, 'account/change-password-page'],
  [paths.profileEdit, 'account/profile-edit-page'],
  [paths.abstracts, 'abstracts/abstracts-page'],
  [paths.abstractNew, 'abstracts/abstract-form-page'],
  [paths.abstractEdit, 'abstracts/abstract-form-page'],
  [paths.abstractSuccess, 'abstracts/abstract-success-page'],
  [paths.myPresentations, 'programme/my-presentations-page'],
  [paths.posterUpload, 'presentations/poster-upload-page'],
  [paths.oralUpload, 'presentations/oral-upload-page'],
  [paths.registrationList, 'registration/order-list-page'],
  [paths.registrationNew, 'registration/order-wizard-page'],
  [paths.registrationEdit, 'registration/order-wizard-page'],
  [paths.registrationEditNoId, 'registration/order-wizard-page'],
  [paths.orderDetail, 'registration/order-detail-page'],
  [paths.registrationVisa, 'registration/visa-correction-page'],
  [paths.registrationRefundAccount, 'registration/refund-account-page'],
  ...officePages,
  [paths.review, 'review/queue-page'],
  [paths.reviewAbstract, 'review/review-page'],
  [paths.reviewCommittee, 'review/committee-page'],
  [paths.reviewProgramme, 'programme/editor/programme-editor-page'],
];


const modules = import.meta.glob<PageModule>([
  '../features/account/*-page.tsx',
  '../features/abstracts/{abstracts,abstract-form,abstract-success}-page.tsx',
  '../features/presentations/{poster,oral}-upload-page.tsx',
  '../features/registration/{order-list,order-wizard,order-detail,visa-correction,refund-account}-page.tsx',
  '../features/registration-by-category/*-page.tsx',
  '../features/errors/not-found-page.tsx',
  '../features/office/*-page.tsx',
  '../features/review/*-page.tsx',
  '../features/programme/*-page.tsx',
  '../features/programme/editor/*-page.tsx',
  '../features/checkin/*-page.tsx',
]);

/** The office's and the review's pages (the programme committee's editor too): they read the organisers' texts (web/src/i18n/staff-texts.tsx). */
const isStaffPage = (page: string) => page.startsWith('office/') || page.startsWith('review/') || page.startsWith('programme/editor/');

export function pageLoader(page: string): PageLoader {
  const load = modules[`../features/${page}.tsx`];
  if (!load) throw new Error(`No page module ${page} (web/src/app/pages.ts)`);
  return isStaffPage(page) ? staffPageLoader(load) : load;
}

/** The page at `pathname` (the not-found page for any path that is no SPA page). */
export function pageFor(pathname: string): string {
  return [...publicPages, ...delegatePages].find(([path]) => matchesRoute(path, pathname))?.[1] ?? notFoundPage;
}

/** Every SPA route with the source of its page (as the build's manifest names it). */
export const pageSources = (): [string, string][] =>
  [...publicPages, ...delegatePages].map(([path, page]) => [path, `src/features/${page}.tsx`]);
