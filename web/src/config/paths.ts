/**
 * Every page route of the SPA, once (router, links, redirects, pre-rendering and the CloudFront
 * path rules all read it). Route names follow the spec, including its capitals (`/register/StepOne`).
 */
import { splitLangPath } from '#core/i18n/lang';
import { API_BASE, routes, type RouteDef } from '#core/routes';

/** A route's full address as a page pattern: `/api/v1/admin/programme/abstracts/:id/page`. */
const apiPathPattern = (route: RouteDef) => `${API_BASE}${route.path.replace(/\{(\w+)\}/g, ':$1')}`;

export const paths = {
  root: '/',
  home: '/home',
  login: '/login',
  registerInstruction: '/register/instruction',
  registerStepOne: '/register/StepOne',
  registerStepTwo: '/register/StepTwo/:params',
  hotels: '/register/hotel',
  accountCreated: '/common/register/success/:params',
  forgot: '/common/forgot',
  await: '/common/await',
  reset: '/common/reset/:token',
  activate: '/common/activate/:token',
  reload: '/common/reload',
  /** One of the delegate's own orders (a 2024 order's id, or the registration number of the registration by category). */
  orderDetail: '/common/order/detail/:orderId',
  /** The office's announcements link here (`?token=`): the delegate confirms, and receives no more announcements. */
  unsubscribe: '/common/unsubscribe',
  /** Where a delegate lands after deleting the account (logged out): what went and what is kept. */
  accountDeleted: '/common/account-deleted',
  congressInfo: '/congress/info',
  venue: '/congress/venue',
  introduction: '/congress/introduction',
  welcome: '/congress/welcome',
  past: '/congress/past',
  news: '/congress/news',
  committees: '/congress/committees',
  about: '/about',
  abstractSubmission: '/abstract/submission',
  abstractLate: '/abstract/late',
  contact: '/contact',
  legalNotice: '/legal-notice',
  payResult: '/pay/:type',
  /** The published scientific programme (issue 33): anyone, no login. */
  program: '/program',
  /** A placed abstract's own page (its text as published). */
  programAbstract: '/program/abstracts/:id',
  /** The doors' check-in app (issue 34): a PWA on a phone the office paired (its token, not a login). */
  checkin: '/checkin',
  // Delegate pages (auth)
  center: '/admin/center',
  updatePassword: '/admin/updatePassword',
  profileEdit: '/admin/information/update',
  registerInformation: '/admin/register/information',
  fee: '/admin/fee',
  voucher: '/admin/voucher',
  abstracts: '/admin/pre',
  abstractNew: '/admin/upload',
  abstractEdit: '/admin/upload-update/:id',
  abstractSuccess: '/admin/uploadSuccess',
  /** The delegate's accepted abstracts with their place in the published programme and their uploads (issue 33). */
  myPresentations: '/admin/presentations',
  posterUpload: '/poster/upload',
  oralUpload: '/oral/upload',
  registrationList: '/registration/list',
  registrationNew: '/registration/submission',
  registrationEdit: '/registration/submission-edit/:id',
  /** The edit route without an id: 'The id is required.', then the new-order wizard. */
  registrationEditNoId: '/registration/submission-edit',
  /** The passport data of an order the registration office asked to correct (its visa letter). */
  registrationVisa: '/registration/visa/:id',
  /** The account a refund by bank transfer is sent to (the refund mails and the order list link here). */
  registrationRefundAccount: '/registration/refund-account',
  /** The registration office (organisers, behind a second factor): its sections are web/src/features/office/sections.ts. */
  office: '/office',
  officeOrders: '/office/orders',
  officeOrder: '/office/orders/:id',
  officeTransfers: '/office/transfers',
  /** The refunds by bank transfer the office owes: the delegate's account, recorded as sent after a confirmation. */
  officeRefundsOwed: '/office/refunds-owed',
  officeImport: '/office/import',
  officeDelegates: '/office/delegates',
  officeDelegate: '/office/delegates/:id',
  officeAbstracts: '/office/abstracts',
  officeAbstract: '/office/abstracts/:owner/:id',
  officeRegistrations: '/office/registrations',
  officeRegistration: '/office/registrations/:owner',
  officeExports: '/office/exports',
  officeMail: '/office/mail',
  officeReconciliation: '/office/reconciliation',
  officeVisaLetters: '/office/visa-letters',
  officeFapiao: '/office/fapiao',
  officeAudit: '/office/audit',
  officeSettings: '/office/settings',
  /** The doors (issue 34): counts per list, check-in devices and their pairing, recent scans, the conflict report. */
  officeCheckin: '/office/checkin',
  /** The abstract review (reviewers and the programme committee): the reviewer's queue, one abstract's review, the committee's page. */
  review: '/review',
  reviewAbstract: '/review/abstracts/:id',
  reviewCommittee: '/review/committee',
  /** The programme committee's editor of the programme (issue 33): rooms, sessions, talks, boards, publication. */
  reviewProgramme: '/review/committee/programme',
  /** The abstract review's team: reviewers by category and the programme committee, granted by the office. */
  officeReviewTeam: '/office/review-team',
  /** The decision outbox: the mails of each publication of the review's decisions. */
  officeDecisionMails: '/office/decision-mails',
  /** The conflicts of interest the rules find between reviewers and abstracts, which the office can override. */
  officeReviewConflicts: '/office/review-conflicts',
} as const;

export type PathName = keyof typeof paths;

/** Where the Account link and a login land (portal spec section 2: Account -> /registration/list). */
export const accountHome = paths.registrationList;

/** `/admin/upload-update/:id` with `{ id: 3 }` -> `/admin/upload-update/3` */
export function pathTo(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

/** The route `pattern` as a regular expression: `:param` is one segment; any case and a trailing slash match, as in the router. */
export function routeRegExp(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}/?$`, 'i');
}

export const matchesRoute = (pattern: string, pathname: string) => routeRegExp(pattern).test(pathname);

/**
 * Public information pages: complete HTML and CSS built at build time, with a few small scripts
 * (islands: header menus, carousel) and no React in the browser. Links to them are plain links.
 */
export const staticPaths: string[] = [
  paths.home,
  paths.registerInstruction,
  paths.hotels,
  paths.congressInfo,
  paths.venue,
  paths.introduction,
  paths.welcome,
  paths.past,
  paths.news,
  paths.committees,
  paths.about,
  paths.abstractSubmission,
  paths.abstractLate,
  paths.contact,
  paths.legalNotice,
];

/**
 * SPA pages anyone can open (accounts' forms and links from mails): like the static pages they
 * open in their address's language; the delegate's own pages follow the remembered language
 * (web/src/i18n/follow-remembered.ts). web/src/app/pages.ts lists their modules (a unit test
 * keeps the two lists the same).
 */
export const publicSpaPaths: string[] = [
  paths.login,
  paths.registerStepOne,
  paths.registerStepTwo,
  paths.accountCreated,
  paths.activate,
  paths.forgot,
  paths.await,
  paths.reset,
  paths.unsubscribe,
  paths.accountDeleted,
  paths.program,
  paths.programAbstract,
  paths.checkin,
];

/** True for a page that opens in its address's language whatever was remembered. */
export const isPublicPath = (path: string) => isStaticPath(path) || publicSpaPaths.some((route) => matchesRoute(route, path));

/** SPA pages whose HTML is also rendered at build time and then hydrated (forms anyone can open). */
export const hydratedPaths: string[] = [paths.login, paths.registerStepOne, paths.forgot];

/**
 * SPA pages (delegate pages) whose HTML carries their title and lead (or the lead alone) before the app's code runs
 * (web/src/app/page-frames.tsx); the SPA renders them in place, it does not hydrate them. A route
 * with a parameter has one file for all its paths (infra/site/routing.ts).
 */
export const framedPaths: string[] = [paths.registrationList, paths.registrationNew, paths.registrationEdit, paths.abstracts, paths.abstractNew, paths.abstractEdit, paths.program];

/**
 * SPA pages the server renders per request, whole, to be hydrated (decision 0072): their words
 * exist only once published. Each is `[page route, API path that renders it]`; the site sends the
 * page's address there (infra/site/routing.ts `serverPageFor`, on CloudFront and locally).
 */
export const serverRenderedPages: string[][] = [[paths.programAbstract, apiPathPattern(routes.getProgrammeAbstractPage)]];

/** Every page with its own HTML file (`<path>/index.html`). */
export const prerenderedPaths: string[] = [...staticPaths, ...hydratedPaths, ...framedPaths];

/** Every page route (patterns with `:param`): any other path is answered 404 with the not-found page. */
export const pagePatterns: string[] = Object.values(paths);

/** True for a path served as a static page (leaving the SPA for it is a full page load). */
export function isStaticPath(pathname: string): boolean {
  const { path } = splitLangPath(pathname.split(/[?#]/)[0]!);
  return staticPaths.includes(path.replace(/(.)\/$/, '$1')) || path === paths.root;
}
