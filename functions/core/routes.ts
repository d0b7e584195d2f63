/**
 * The route table: every API route of the product, once. The CDK api stack creates one Lambda
 * per entry, the local server mounts the same entries, and the web client builds its calls from
 * them. Nothing else lists routes.
 *
 * - `path` is relative to `API_BASE`; `{name}` marks a path parameter.
 * - `handler` is the module under functions/handlers/ that exports `handler`.
 * - `auth`: `delegate` routes need a valid api_token (query, body or form field, or
 *   `Authorization: Bearer`); `public` routes need none.
 * - `grants`: the AWS actions the function's own code calls, named as IAM names them. What the
 *   platform needs is derived, not listed (`effectiveGrants`: a delegate route reads its session).
 *   The same list becomes the function's IAM policy (infra/cdk/api-function.ts) and is enforced
 *   on every SDK call the handler makes, locally as on AWS (functions/lib/aws/grants.ts), so a
 *   missing grant fails a test instead of a delegate.
 */
export const API_BASE = '/api/v1/admin';
/**
 * The published programme's public reads (GET /programme, /programme/status, /programme/calendar,
 * /programme/abstracts/{id}): CloudFront keeps their answers for everyone (infra/cdk/web-stack.ts),
 * so every route under it is public and cached (a test holds the route table to it).
 */
export const publicProgrammePaths = `${API_BASE}/programme*`;

/**
 * The site's addresses of the pages the server renders from the published programme (an abstract's
 * page, decision 0072), in both languages: CloudFront keeps them by those addresses, so a new
 * publication drops them too (web/src/config/paths.ts `serverRenderedPages`; a test keeps the two alike).
 */
export const programmePagePaths = ['/program/abstracts/*', '/zh/program/abstracts/*'];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/**
 * public: anyone; delegate: a valid api_token; organiser: a delegate with the organiser role (the
 * registration office); reviewer: a delegate granted the abstract reviewer role; committee: a
 * delegate on the programme committee (behind the office's second factor); stripe-signature: no
 * token, the request must carry the card provider's signature over its raw body (the webhook);
 * device: a door's check-in device, by its own token as `Authorization: Bearer` (core/checkin/devices.ts).
 */
export type RouteAuth = 'public' | 'delegate' | 'organiser' | 'reviewer' | 'committee' | 'stripe-signature' | 'device';

/** Routes that need an api_token (a signed-in account, perhaps with a role). */
export type SignedInAuth = Exclude<RouteAuth, 'public' | 'stripe-signature' | 'device'>;
export const isSignedIn = (auth: RouteAuth | undefined): auth is SignedInAuth => auth !== undefined && auth !== 'public' && auth !== 'stripe-signature' && auth !== 'device';

/** Routes behind the office's second factor: the office's (but the ones that set it up) and the committee's. */
export const needsSecondFactor = (route: { auth?: RouteAuth; secondFactor?: false }) =>
  (route.auth === 'organiser' || route.auth === 'committee') && route.secondFactor !== false;

/** Actions on the single table, the uploads bucket (keys under users/) and the mail identity. */
export const grantNames = [
  'dynamodb:GetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:ConditionCheckItem',
  /** Reading a page's rows by their keys (the office's money lists). */
  'dynamodb:BatchGetItem',
  /** Writing many items that need no transaction together (the programme's abstract pages at publication). */
  'dynamodb:BatchWriteItem',
  's3:GetObject',
  's3:PutObject',
  's3:PutObjectTagging',
  's3:DeleteObject',
  'ses:SendEmail',
  /** The card provider's keys (the Stripe secret), read once per container. */
  'secretsmanager:GetSecretValue',
  /** A page of the whole table: workers only (an export or a mail job, off the request path), never a route. */
  'dynamodb:Scan',
  /** A message to the office's job queue (core/workers.ts `queues`): the routes that start a job, and the job worker for its next batch. */
  'sqs:SendMessage',
  /** Dropping what CloudFront keeps of the published programme when it changes (decision 0069). */
  'cloudfront:CreateInvalidation',
] as const;
export type Grant = (typeof grantNames)[number];

/** The parts of the uploads bucket: delegates' uploads, the office's exports, issued documents' PDFs, reviewers' reading copies. */
export type ObjectPrefix = 'users/' | 'exports/' | 'documents/' | 'review-exports/' | 'programme/';

export interface RouteDef {
  method: HttpMethod;
  path: `/${string}`;
  handler: string;
  auth: RouteAuth;
  grants: readonly Grant[];
  /** Memory of the function (and so its CPU share); password hashing needs a whole vCPU. */
  memoryMb?: number;
  /**
   * Where in the uploads bucket its S3 grants apply (default `users/`); the office's exports are
   * under `exports/`, issued documents under `documents/`; several for a route that needs more than one.
   */
  objectPrefix?: ObjectPrefix | readonly ObjectPrefix[];
  /** It renders PDFs (functions/lib/pdf): its bundle carries the fonts and images (infra/cdk/bundling.ts). */
  pdf?: true;
  /**
   * Organiser routes need a session that passed the second factor in the last 12 hours; `false`
   * only for the routes that set it up and check it (open to the review committee too).
   */
  secondFactor?: false;
  /**
   * A public route whose success may be kept by browsers and shared caches for this many seconds
   * (`cache-control: public`); every other answer is `no-store`. Only for data that is the same
   * for everyone (the published programme: decision 0064).
   */
  publicCacheSeconds?: number;
  /** Its success is a file of this type, not the envelope (a calendar: decision 0065; a page: decision 0072); its refusals are envelopes. */
  file?: 'text/calendar' | 'text/html';
  /**
   * It renders the site's pages on the server (functions/lib/site/server-pages.ts): its bundle
   * carries the build's pre-rendering entry (infra/cdk/bundling.ts), and the site sends the
   * page's address to it (web/src/config/paths.ts `serverRenderedPages`, infra/site/routing.ts `serverPageFor`).
   */
  ssr?: true;
  /** Its success sends the browser on (302) to a file's short-lived link (the abstract book for delegates); its refusals are envelopes. */
  redirect?: true;
  /**
   * It signs or verifies tickets (core/checkin): its `secretsmanager:GetSecretValue` reads the
   * tickets' signing keys (functions/lib/checkin-keys.ts), not the card provider's.
   */
  signsTickets?: true;
}

/** Password hashing (scrypt, ~128 MiB and ~0.4 s of one CPU): 1769 MB is one full vCPU on Lambda. */
const PASSWORD_WORK = 1769;

const GET = 'dynamodb:GetItem';
const QUERY = 'dynamodb:Query';
const PUT = 'dynamodb:PutItem';
const UPDATE = 'dynamodb:UpdateItem';
const DELETE = 'dynamodb:DeleteItem';
const MAIL = 'ses:SendEmail';
const STRIPE_KEYS = 'secretsmanager:GetSecretValue';
/** The tickets' signing keys (with `signsTickets`: functions/lib/checkin-keys.ts). */
const SIGNING_KEYS = 'secretsmanager:GetSecretValue';
/** A ledger write may check that the order is still at the version read, without writing it. */
const CHECK = 'dynamodb:ConditionCheckItem';
/** A ledger write's money events are handed on to the money-events queue once committed (core/payments/money-events.ts). */
const EVENTS = 'sqs:SendMessage';
/** Confirming an upload reads its bytes, clears its pending tag, deletes what it refuses, and records it. */
const CONFIRM: readonly Grant[] = [PUT, UPDATE, DELETE, 's3:GetObject', 's3:PutObjectTagging', 's3:DeleteObject'];

export const routes = {
  getConference: { method: 'GET', path: '/conference', handler: 'conference/get-conference', auth: 'public', grants: [] },
  /** The latest published programme (core/programme/public-programme.ts): one item, never the abstracts; for the `/program` page, no login. */
  getProgramme: { method: 'GET', path: '/programme', handler: 'programme/get-programme', auth: 'public', grants: [GET], publicCacheSeconds: 60 },
  /** The published programme as a calendar file (core/programme/calendar.ts, decision 0065): the feed to subscribe to, one session or one talk. */
  /** Whether a programme is published, and which version (core/programme/publish-programme.ts): the home page's cards lead to /program once one is. One key read. */
  getProgrammeStatus: { method: 'GET', path: '/programme/status', handler: 'programme/get-status', auth: 'public', grants: [GET], publicCacheSeconds: 60 },
  /** The abstract book published to delegates (core/programme/delegates-book.ts): sends the browser on to a five-minute link to it (read only under programme/). */
  getDelegatesBook: { method: 'GET', path: '/programme/abstract-book', handler: 'programme/get-book', auth: 'public', grants: [GET, 's3:GetObject'], objectPrefix: 'programme/', publicCacheSeconds: 60, redirect: true },
  /** A placed abstract's page (core/programme/abstract-pages.ts): its text as the programme published it; one item. */
  getProgrammeAbstract: { method: 'GET', path: '/programme/abstracts/{id}', handler: 'programme/get-abstract', auth: 'public', grants: [GET], publicCacheSeconds: 300 },
  // The page of /program/abstracts/{id} with its text in the HTML (decision 0072): the site's address is sent here.
  getProgrammeAbstractPage: { method: 'GET', path: '/programme/abstracts/{id}/page', handler: 'programme/get-abstract-page', auth: 'public', grants: [GET], publicCacheSeconds: 300, file: 'text/html', ssr: true, memoryMb: 1024 },
  getProgrammeCalendar: { method: 'GET', path: '/programme/calendar', handler: 'programme/get-calendar', auth: 'public', grants: [GET, QUERY], publicCacheSeconds: 300, file: 'text/calendar' },
  /** The signed-in delegate's accepted abstracts with their place in the latest published programme and their uploads (core/programme/my-presentations.ts): the public view (GetItem), the account's abstracts and files (Query). */
  getMyPresentations: { method: 'GET', path: '/account/presentations', handler: 'programme/my-presentations', auth: 'delegate', grants: [GET, QUERY] },
  getNow: { method: 'GET', path: '/now', handler: 'conference/get-now', auth: 'public', grants: [] },
  getRegisterTypeFee: { method: 'GET', path: '/register_type_fee', handler: 'registration-by-category/get-register-type-fee', auth: 'public', grants: [] },

  // Accounts (spec sections 4, 5, 7). Throttles count with UpdateItem (ADD), cool-downs put.
  checkEmail: { method: 'GET', path: '/check_email', handler: 'accounts/check-email', auth: 'public', grants: [GET, UPDATE] },
  emailRegister: {
    method: 'POST',
    path: '/email_register',
    handler: 'accounts/email-register',
    auth: 'public',
    grants: [GET, UPDATE, PUT, MAIL],
    memoryMb: PASSWORD_WORK,
  },
  resendActivation: { method: 'POST', path: '/send', handler: 'accounts/resend-activation', auth: 'public', grants: [GET, PUT, MAIL] },
  activate: { method: 'POST', path: '/activate', handler: 'accounts/activate', auth: 'public', grants: [GET, UPDATE, DELETE, PUT] },
  login: { method: 'POST', path: '/login', handler: 'accounts/login', auth: 'public', grants: [GET, UPDATE, PUT], memoryMb: PASSWORD_WORK },
  logout: { method: 'POST', path: '/logout', handler: 'accounts/logout', auth: 'delegate', grants: [DELETE] },
  getPersonInfo: { method: 'GET', path: '/get_person_info', handler: 'accounts/get-person-info', auth: 'delegate', grants: [] },
  updateProfile: { method: 'POST', path: '/update', handler: 'accounts/update-profile', auth: 'delegate', grants: [UPDATE, PUT, DELETE] },
  changePassword: {
    method: 'POST',
    path: '/change_password',
    handler: 'accounts/change-password',
    auth: 'delegate',
    grants: [UPDATE, PUT],
    memoryMb: PASSWORD_WORK,
  },
  forgotPassword: {
    method: 'POST',
    path: '/forgot_password',
    handler: 'accounts/forgot-password',
    auth: 'public',
    grants: [GET, UPDATE, PUT, MAIL],
  },
  resetPassword: {
    method: 'POST',
    path: '/reset_password',
    handler: 'accounts/reset-password',
    auth: 'public',
    grants: [GET, UPDATE, DELETE, PUT],
    memoryMb: PASSWORD_WORK,
  },

  // Uploads: one mechanism for every file (presign -> PUT straight to S3 -> the purpose's confirmation).
  // Presigning signs a tagged PUT (the role must hold both actions for S3 to take it) and records
  // the upload as unconfirmed; unconfirmed uploads are listed and removed through /uploads.
  presignUpload: {
    method: 'POST',
    path: '/uploads/presign',
    handler: 'uploads/presign-upload',
    auth: 'delegate',
    grants: [QUERY, PUT, UPDATE, DELETE, 's3:PutObject', 's3:PutObjectTagging', 's3:DeleteObject'],
  },
  listPendingUploads: { method: 'GET', path: '/uploads/pending', handler: 'uploads/list-pending', auth: 'delegate', grants: [QUERY] },
  getUpload: { method: 'GET', path: '/uploads/{id}', handler: 'uploads/get-upload', auth: 'delegate', grants: ['s3:GetObject'] },
  deleteUpload: {
    method: 'DELETE',
    path: '/uploads/{id}',
    handler: 'uploads/delete-upload',
    auth: 'delegate',
    grants: [PUT, UPDATE, DELETE, 's3:DeleteObject'],
  },

  // Abstracts (spec sections 3-5, 7)
  getAbstractOptions: { method: 'GET', path: '/contribute/options', handler: 'abstracts/get-options', auth: 'delegate', grants: [] },
  listAbstracts: { method: 'GET', path: '/contribute', handler: 'abstracts/list-abstracts', auth: 'delegate', grants: [QUERY] },
  createAbstract: {
    method: 'POST',
    path: '/contribute',
    handler: 'abstracts/create-abstract',
    auth: 'delegate',
    grants: [QUERY, PUT, UPDATE, MAIL],
  },
  getAbstract: { method: 'GET', path: '/contribute/{id}', handler: 'abstracts/get-abstract', auth: 'delegate', grants: [QUERY, 's3:GetObject'] },
  updateAbstract: {
    method: 'PUT',
    path: '/contribute/{id}',
    handler: 'abstracts/update-abstract',
    auth: 'delegate',
    grants: [QUERY, PUT, UPDATE, DELETE, 's3:DeleteObject', MAIL],
  },
  deleteAbstract: {
    method: 'DELETE',
    path: '/contribute/{id}',
    handler: 'abstracts/delete-abstract',
    auth: 'delegate',
    grants: [QUERY, PUT, UPDATE, DELETE, 's3:DeleteObject'],
  },
  confirmAbstractFile: { method: 'POST', path: '/upload', handler: 'abstracts/confirm-abstract-file', auth: 'delegate', grants: CONFIRM },

  // Poster and oral presentation files
  listPosters: { method: 'GET', path: '/poster/upload', handler: 'presentations/list-posters', auth: 'delegate', grants: [QUERY, 's3:GetObject'] },
  confirmPoster: { method: 'POST', path: '/poster/upload', handler: 'presentations/confirm-poster', auth: 'delegate', grants: CONFIRM },
  deletePoster: {
    method: 'DELETE',
    path: '/poster/upload/{id}',
    handler: 'presentations/delete-poster',
    auth: 'delegate',
    grants: [PUT, UPDATE, DELETE, 's3:DeleteObject'],
  },
  listOrals: { method: 'GET', path: '/oral/upload', handler: 'presentations/list-orals', auth: 'delegate', grants: [QUERY, 's3:GetObject'] },
  confirmOral: { method: 'POST', path: '/oral/upload', handler: 'presentations/confirm-oral', auth: 'delegate', grants: CONFIRM },
  deleteOral: {
    method: 'DELETE',
    path: '/oral/upload/{id}',
    handler: 'presentations/delete-oral',
    auth: 'delegate',
    grants: [PUT, UPDATE, DELETE, 's3:DeleteObject'],
  },

  // 2024 registration orders (registration-orders-2024.md, section 7). Ledger writes put payment
  // and refund records and update the order in one transaction; card calls read the Stripe keys.
  getRegistrationOptions: { method: 'GET', path: '/registration/options', handler: 'registration/get-options', auth: 'delegate', grants: [] },
  /** Also issues an order's missing receipt or credit note (sequence, marker, document and audit entry in one transaction); reads the registration by category. */
  listOrders: { method: 'GET', path: '/registration', handler: 'registration/list-orders', auth: 'delegate', grants: [GET, QUERY, PUT, UPDATE] },
  getOrderByChecksum: { method: 'GET', path: '/registration/detail/{checksum}', handler: 'registration/get-order-by-checksum', auth: 'delegate', grants: [QUERY] },
  getOrder: { method: 'GET', path: '/registration/submission/{id}', handler: 'registration/get-order', auth: 'delegate', grants: [QUERY] },
  // The visa letter of an order (core/orders/visa-review.ts): the passport data the office asked to correct, and the current letter or why there is none
  correctVisaData: { method: 'POST', path: '/registration/submission/{id}/visa_correction', handler: 'registration/correct-visa-data', auth: 'delegate', grants: [GET, PUT] },
  // A fapiao asked for on the order (core/orders/fapiao.ts): the order over the version read (Update), its list rows and the audit entry (Put), one transaction
  requestFapiao: { method: 'PUT', path: '/registration/submission/{id}/fapiao', handler: 'registration/request-fapiao', auth: 'delegate', grants: [GET, PUT, UPDATE] },
  withdrawFapiao: { method: 'DELETE', path: '/registration/submission/{id}/fapiao', handler: 'registration/withdraw-fapiao', auth: 'delegate', grants: [GET, PUT, UPDATE] },
  getVisaLetter: { method: 'GET', path: '/registration/submission/{id}/visa_letter', handler: 'registration/get-visa-letter', auth: 'delegate', grants: [GET, QUERY] },
  // The account a refund by bank transfer is sent to (core/orders/refund-account.ts): the refunds owed to the delegate and the account, and the form that gives it (with its audit entry)
  getRefundAccount: { method: 'GET', path: '/registration/refund_account', handler: 'registration/get-refund-account', auth: 'delegate', grants: [GET, QUERY] },
  saveRefundAccount: { method: 'PUT', path: '/registration/refund_account', handler: 'registration/save-refund-account', auth: 'delegate', grants: [GET, QUERY, PUT] },
  // The order, its place and rows in one transaction that checks no deletion of the account is under way (ConditionCheckItem);
  // an order's create, edit and delete also keep the names given in the account's orders, and their
  // name keys, on the account (the profile read, the orders queried, keys put and deleted).
  createOrder: { method: 'POST', path: '/registration/submission', handler: 'registration/create-order', auth: 'delegate', grants: [GET, QUERY, PUT, UPDATE, DELETE, CHECK, EVENTS] },
  updateOrder: {
    method: 'POST',
    path: '/registration/submission/{id}',
    handler: 'registration/update-order',
    auth: 'delegate',
    grants: [GET, QUERY, PUT, UPDATE, DELETE, MAIL, STRIPE_KEYS, CHECK, EVENTS],
  },
  deleteOrder: {
    method: 'DELETE',
    path: '/registration/submission/{id}',
    handler: 'registration/delete-order',
    auth: 'delegate',
    grants: [GET, QUERY, PUT, UPDATE, DELETE, MAIL, STRIPE_KEYS, CHECK, EVENTS],
  },
  cancelOrder: {
    method: 'POST',
    path: '/registration/submission/refund/{id}',
    handler: 'registration/cancel-order',
    auth: 'delegate',
    // The refund's ledger write checks that no deletion of the account is under way (ConditionCheckItem).
    grants: [QUERY, PUT, UPDATE, CHECK, MAIL, STRIPE_KEYS, EVENTS],
  },
  chooseTransfer: {
    method: 'POST',
    path: '/registration/submission/transfer-payment/{id}',
    handler: 'registration/transfer-payment',
    auth: 'delegate',
    grants: [QUERY, PUT, UPDATE, MAIL, STRIPE_KEYS, CHECK, EVENTS],
  },
  /**
   * The order's certificate of attendance (issue 17): the order and its owner's abstracts read
   * (GetItem, Query), the document and its audit entry put in one transaction that checks the
   * order (PutItem, ConditionCheckItem). Downloaded through the documents' routes.
   */
  requestCertificate: { method: 'POST', path: '/registration/certificate/{id}', handler: 'registration/request-certificate', auth: 'delegate', grants: [GET, QUERY, PUT, CHECK] },
  /** The passport front page of an order (step 4), through the one upload mechanism. */
  confirmPassport: { method: 'POST', path: '/registration/passport', handler: 'registration/confirm-passport', auth: 'delegate', grants: CONFIRM },

  // Registration by category (the older flow, spec sections 5 and 7): one per delegate. The
  // sequence is an UpdateItem (ADD); the registration, the profile summary, name keys and the audit
  // entry are one transaction (Put, Update, Delete of a moved name key).
  register: { method: 'POST', path: '/register', handler: 'registration-by-category/register', auth: 'delegate', grants: [PUT, UPDATE, DELETE] },
  /** A supporting document (young investigator, fellow), through the one upload mechanism. */
  confirmRegistrationDocument: {
    method: 'POST',
    path: '/register/documents',
    handler: 'registration-by-category/confirm-document',
    auth: 'delegate',
    grants: CONFIRM,
  },
  // Review and voucher (core/registration-by-category/review.ts): the registration over the version
  // read, the profile's summary and the audit entry in one transaction (Put, Update, Put).
  uploadAgain: { method: 'POST', path: '/upload_again', handler: 'registration-by-category/upload-again', auth: 'delegate', grants: [PUT, UPDATE] },
  uploadDocuments: { method: 'POST', path: '/upload_documents', handler: 'registration-by-category/upload-documents', auth: 'delegate', grants: [PUT, UPDATE] },
  /** The payment voucher (JPG or PNG), through the one upload mechanism. */
  confirmRegistrationVoucher: { method: 'POST', path: '/register/voucher', handler: 'registration-by-category/confirm-voucher', auth: 'delegate', grants: CONFIRM },

  // Cost detail, dinners and payment of a registration by category (spec section 7): the checkout
  // and its confirm are the payments module's (ledger Query and transaction, Stripe, the mail).
  /** With what cancelling gives back now: the paid subjects' ledger (Query). */
  getCostDetail: { method: 'GET', path: '/cost_detail', handler: 'registration-by-category/get-cost-detail', auth: 'delegate', grants: [QUERY] },
  /** The registration (Put over the version read), the profile's dinner_fee (Update) and the audit entry (Put) in one transaction. */
  updateRepast: { method: 'POST', path: '/update_repast', handler: 'registration-by-category/update-repast', auth: 'delegate', grants: [PUT, UPDATE] },
  registrationPayment: { method: 'POST', path: '/payment', handler: 'registration-by-category/payment', auth: 'delegate', grants: [QUERY, PUT, UPDATE, CHECK, MAIL, STRIPE_KEYS, EVENTS] },
  /**
   * Cancellation (issue 16; the spec names no call): each paid subject's refund through the
   * payments module (ledger transaction, Stripe, the mail); an unpaid registration over the version
   * read with the profile and the audit entry (Put, Update, Put).
   */
  cancelRegistration: { method: 'POST', path: '/register/cancel', handler: 'registration-by-category/cancel-registration', auth: 'delegate', grants: [QUERY, PUT, UPDATE, CHECK, MAIL, STRIPE_KEYS, EVENTS] },
  confirmRegistrationPayment: {
    method: 'POST',
    path: '/payment/confirm',
    handler: 'registration-by-category/confirm-payment',
    auth: 'delegate',
    grants: [QUERY, PUT, UPDATE, CHECK, MAIL, STRIPE_KEYS, EVENTS],
  },

  // Card payments (Stripe Checkout) and the card provider's events
  createCheckout: {
    method: 'POST',
    path: '/stripe-payment/generate',
    handler: 'payments/create-checkout',
    auth: 'delegate',
    grants: [QUERY, PUT, UPDATE, CHECK, MAIL, STRIPE_KEYS, EVENTS],
  },
  confirmCheckout: { method: 'POST', path: '/stripe-payment/confirm', handler: 'payments/confirm-checkout', auth: 'delegate', grants: [QUERY, PUT, UPDATE, CHECK, MAIL, STRIPE_KEYS, EVENTS] },
  stripeWebhook: { method: 'POST', path: '/stripe/webhook', handler: 'payments/stripe-webhook', auth: 'stripe-signature', grants: [GET, QUERY, PUT, UPDATE, CHECK, MAIL, STRIPE_KEYS, EVENTS] },

  // The registration office: its second factor (set up on the first visit, then asked once per office session)
  getSecondFactor: { method: 'GET', path: '/office/second_factor', handler: 'office/get-second-factor', auth: 'organiser', secondFactor: false, grants: [GET] },
  startSecondFactor: { method: 'POST', path: '/office/second_factor/enrol', handler: 'office/start-second-factor', auth: 'organiser', secondFactor: false, grants: [PUT, UPDATE] },
  confirmSecondFactor: { method: 'POST', path: '/office/second_factor/confirm', handler: 'office/confirm-second-factor', auth: 'organiser', secondFactor: false, grants: [GET, PUT, UPDATE] },
  verifySecondFactor: { method: 'POST', path: '/office/second_factor/verify', handler: 'office/verify-second-factor', auth: 'organiser', secondFactor: false, grants: [GET, PUT, UPDATE] },

  // The congress bank account: published by the office, read by a delegate paying by transfer
  getBankAccount: { method: 'GET', path: '/registration/bank_account', handler: 'registration/get-bank-account', auth: 'delegate', grants: [GET] },
  getPaymentSettings: { method: 'GET', path: '/office/payment_settings', handler: 'office/get-payment-settings', auth: 'organiser', grants: [GET] },
  savePaymentSettings: { method: 'PUT', path: '/office/payment_settings', handler: 'office/save-payment-settings', auth: 'organiser', grants: [GET, PUT] },

  // The review team (core/review/team.ts): reviewers by category and the programme committee, granted by the office
  listReviewTeam: { method: 'GET', path: '/office/review_team', handler: 'office/list-review-team', auth: 'organiser', grants: [QUERY] },
  setReviewRoles: { method: 'PUT', path: '/office/review_team', handler: 'office/set-review-roles', auth: 'organiser', grants: [GET, PUT, UPDATE, DELETE] },
  // Conflicts of interest the office overrides (core/review/conflict-overrides.ts): each reads every abstract (co-authorship) and the roster
  listReviewConflicts: { method: 'GET', path: '/office/review_conflicts', handler: 'office/list-review-conflicts', auth: 'organiser', grants: [GET, QUERY] },
  setReviewConflict: { method: 'PUT', path: '/office/review_conflicts', handler: 'office/set-review-conflict', auth: 'organiser', grants: [GET, QUERY, PUT] },

  // The review (core/review/reviewing.ts): the committee runs the assignment; a reviewer reads their queue and an assigned abstract, saves or submits a review, or declines
  /** The run is an office job (core/review/assignment-job.ts): queued here, run by the runOfficeJob worker, its outcome read back from the list. */
  runReviewAssignment: { method: 'POST', path: '/review/assignments/run', handler: 'review/run-assignment', auth: 'committee', grants: [QUERY, PUT, 'sqs:SendMessage'] },
  listReviewAssignmentRuns: { method: 'GET', path: '/review/assignments', handler: 'review/list-assignment-runs', auth: 'committee', grants: [GET, QUERY] },
  getReviewQueue: { method: 'GET', path: '/review/queue', handler: 'review/get-queue', auth: 'reviewer', grants: [GET, QUERY] },
  /** The queue's abstracts as CSV or PDF for reading offline (core/review/reviewer-export.ts): made at the request, kept under review-exports/, answered as a link. */
  exportReviewQueue: {
    method: 'GET',
    path: '/review/queue/export',
    handler: 'review/export-queue',
    auth: 'reviewer',
    grants: [GET, QUERY, 's3:PutObject', 's3:GetObject'],
    objectPrefix: 'review-exports/',
    pdf: true,
    memoryMb: 1024,
  },
  declareReviewConflicts: { method: 'PUT', path: '/review/declarations', handler: 'review/declare-conflicts', auth: 'reviewer', grants: [UPDATE, PUT] },
  getReviewedAbstract: { method: 'GET', path: '/review/abstracts/{id}', handler: 'review/get-abstract', auth: 'reviewer', grants: [GET, QUERY, 's3:GetObject'] },
  /** A submission moves the abstract's scores (its summary, UpdateItem) in the review's write. */
  saveReview: { method: 'PUT', path: '/review/abstracts/{id}/review', handler: 'review/save-review', auth: 'reviewer', grants: [GET, QUERY, PUT, UPDATE] },
  declineReview: { method: 'POST', path: '/review/abstracts/{id}/decline', handler: 'review/decline', auth: 'reviewer', grants: [GET, PUT] },
  // Deciding (core/review/deciding.ts): a category ranked by score with its slots, one abstract with every review, a pending decision, the slots
  getReviewRanking: { method: 'GET', path: '/review/committee/ranking', handler: 'review/get-ranking', auth: 'committee', grants: [GET, QUERY] },
  getCommitteeAbstract: { method: 'GET', path: '/review/committee/abstracts/{id}', handler: 'review/get-committee-abstract', auth: 'committee', grants: [GET, QUERY] },
  decideAbstract: { method: 'PUT', path: '/review/committee/decisions/{id}', handler: 'review/decide', auth: 'committee', grants: [GET, PUT, UPDATE] },
  getReviewSlots: { method: 'GET', path: '/review/committee/slots', handler: 'review/get-slots', auth: 'committee', grants: [GET] },
  saveReviewSlots: { method: 'PUT', path: '/review/committee/slots', handler: 'review/save-slots', auth: 'committee', grants: [GET, PUT] },
  // Publication (core/review/publishing.ts): every pending decision published by an office job (numbers, the abstract's outcome, one mail per author); the mail an abstract's authors get, previewed; the publications so far
  publishDecisions: { method: 'POST', path: '/review/committee/publication', handler: 'review/publish', auth: 'committee', grants: [QUERY, PUT, 'sqs:SendMessage'] },
  listCommitteePublications: { method: 'GET', path: '/review/committee/publication', handler: 'review/list-publications', auth: 'committee', grants: [QUERY] },
  previewDecisionMail: { method: 'GET', path: '/review/committee/publication/preview/{id}', handler: 'review/preview-decision-mail', auth: 'committee', grants: [GET, QUERY] },
  // The programme (core/programme, decision 0064): the committee's draft with its problems and the accepted abstracts not placed (every
  // abstract read by category); rooms and sessions changed over the draft's version (409 when stale), each answering the draft again;
  // a poster session's boards numbered; publication (refused on any problem) and the versions published
  getProgrammeDraft: { method: 'GET', path: '/review/committee/programme', handler: 'programme/get-draft', auth: 'committee', grants: [GET, QUERY] },
  createProgrammeRoom: { method: 'POST', path: '/review/committee/programme/rooms', handler: 'programme/create-room', auth: 'committee', grants: [GET, QUERY, PUT] },
  updateProgrammeRoom: { method: 'PUT', path: '/review/committee/programme/rooms/{id}', handler: 'programme/update-room', auth: 'committee', grants: [GET, QUERY, PUT] },
  deleteProgrammeRoom: { method: 'DELETE', path: '/review/committee/programme/rooms/{id}', handler: 'programme/delete-room', auth: 'committee', grants: [GET, QUERY, PUT] },
  createProgrammeSession: { method: 'POST', path: '/review/committee/programme/sessions', handler: 'programme/create-session', auth: 'committee', grants: [GET, QUERY, PUT] },
  updateProgrammeSession: { method: 'PUT', path: '/review/committee/programme/sessions/{id}', handler: 'programme/update-session', auth: 'committee', grants: [GET, QUERY, PUT] },
  deleteProgrammeSession: { method: 'DELETE', path: '/review/committee/programme/sessions/{id}', handler: 'programme/delete-session', auth: 'committee', grants: [GET, QUERY, PUT] },
  numberProgrammeBoards: { method: 'POST', path: '/review/committee/programme/sessions/{id}/boards', handler: 'programme/number-boards', auth: 'committee', grants: [GET, QUERY, PUT] },
  /** One transaction: the draft still at the version read (ConditionCheckItem), the new version, the public view, the audit entry; the chairs' names from their accounts; then the presenters' mail job (with its audit entry) sent to the office-jobs queue; the placed abstracts' pages (BatchWriteItem). */
  publishProgramme: { method: 'POST', path: '/review/committee/programme/publications', handler: 'programme/publish', auth: 'committee', grants: [GET, QUERY, PUT, CHECK, 'sqs:SendMessage', 'dynamodb:BatchWriteItem', 'cloudfront:CreateInvalidation'] },
  listProgrammePublications: { method: 'GET', path: '/review/committee/programme/publications', handler: 'programme/list-publications', auth: 'committee', grants: [QUERY] },
  getProgrammePublication: { method: 'GET', path: '/review/committee/programme/publications/{number}', handler: 'programme/get-publication', auth: 'committee', grants: [GET] },
  /** The committee's change by hand (core/review/manual-assignment.ts): an added reviewer is checked against every abstract (co-authorship). */
  moveReviewAssignment: { method: 'PUT', path: '/review/committee/assignments/{id}', handler: 'review/move-assignment', auth: 'committee', grants: [GET, QUERY, PUT] },

  // The registration office (organisers): the dashboard, from counters (one Query) and the oldest awaited transfer
  getDashboard: { method: 'GET', path: '/office/dashboard', handler: 'office/get-dashboard', auth: 'organiser', grants: [QUERY] },

  // Documents issued to a delegate (core/documents): the list, and a link to one PDF, rendered on its first download
  listDocuments: { method: 'GET', path: '/documents', handler: 'documents/list-documents', auth: 'delegate', grants: [QUERY] },
  documentLink: { method: 'GET', path: '/documents/{id}', handler: 'documents/document-link', auth: 'delegate', grants: [GET, UPDATE, 's3:PutObject', 's3:GetObject'], objectPrefix: 'documents/', pdf: true, memoryMb: 1024 },
  listOfficeDocuments: { method: 'GET', path: '/office/documents/{owner}', handler: 'office/list-documents', auth: 'organiser', grants: [QUERY] },
  officeDocumentLink: { method: 'GET', path: '/office/documents/{owner}/{id}', handler: 'office/document-link', auth: 'organiser', grants: [GET, UPDATE, 's3:PutObject', 's3:GetObject'], objectPrefix: 'documents/', pdf: true, memoryMb: 1024 },

  // The registration office (organisers): the orders table (lists kept in each order write) and one order in full
  listOfficeOrders: { method: 'GET', path: '/office/orders', handler: 'office/list-orders', auth: 'organiser', grants: [QUERY, 'dynamodb:BatchGetItem'] },
  /** Also issues the order's missing receipt or credit note (as the order list does). */
  getOfficeOrder: { method: 'GET', path: '/office/orders/{id}', handler: 'office/get-order', auth: 'organiser', grants: [GET, QUERY, PUT, UPDATE, 's3:GetObject'] },
  /** The delegate's cancellation (routes cancelOrder), asked by the office: the same refund, mails and grants. */
  cancelOfficeOrder: { method: 'POST', path: '/office/orders/{id}/cancel', handler: 'office/cancel-order', auth: 'organiser', grants: [GET, QUERY, PUT, UPDATE, CHECK, MAIL, STRIPE_KEYS, EVENTS] },
  /** One of the order's mails again (a cooldown item per order and mail, the audit entry). */
  resendOrderMail: { method: 'POST', path: '/office/orders/{id}/mails', handler: 'office/resend-order-mail', auth: 'organiser', grants: [GET, QUERY, PUT, MAIL] },
  /** Whether the delegate attended (issue 17): the order over the version read (Update), its list rows and the audit entry (Put), one transaction. */
  // After the congress's end, the certificate-ready mail (once per order: its mark put, deleted if the mail fails).
  /** The paid orders that asked for a fapiao, and those issued (core/office/fapiao.ts): one list each, kept in each order write. */
  listOfficeFapiao: { method: 'GET', path: '/office/fapiao', handler: 'office/list-fapiao', auth: 'organiser', grants: [QUERY] },
  /** A fapiao marked issued (or the mark taken back): the order over the version read, its list rows and the audit entry, one transaction. */
  markFapiao: { method: 'POST', path: '/office/orders/{id}/fapiao', handler: 'office/mark-fapiao', auth: 'organiser', grants: [GET, PUT, UPDATE] },
  markAttendance: { method: 'POST', path: '/office/orders/{id}/attendance', handler: 'office/mark-attendance', auth: 'organiser', grants: [GET, PUT, UPDATE, DELETE, MAIL] },

  // The registration office (organisers): orders found by their transfer reference
  listAwaitedTransfers: { method: 'GET', path: '/office/transfers', handler: 'office/list-awaited-transfers', auth: 'organiser', grants: [QUERY, GET] },
  // An Unpaid order's transfer is noted first, ending an open card checkout at Stripe (office/confirm-transfer.ts).
  confirmTransfer: { method: 'POST', path: '/office/transfers/{reference}/received', handler: 'office/confirm-transfer', auth: 'organiser', grants: [GET, QUERY, PUT, UPDATE, CHECK, MAIL, STRIPE_KEYS, EVENTS] },
  recordTransferRefund: { method: 'POST', path: '/office/transfers/{reference}/refunded', handler: 'office/record-transfer-refund', auth: 'organiser', grants: [QUERY, PUT, UPDATE, MAIL, EVENTS] },
  // The refunds by bank transfer the office owes (core/office/refunds-owed.ts), and one recorded as sent to the account the organiser confirmed (its credit note, the delegate's mail)
  listRefundsOwed: { method: 'GET', path: '/office/refunds_owed', handler: 'office/list-refunds-owed', auth: 'organiser', grants: [QUERY, GET] },
  recordBankRefund: { method: 'POST', path: '/office/orders/{id}/refunds/{refund}/sent', handler: 'office/record-bank-refund', auth: 'organiser', grants: [GET, QUERY, PUT, UPDATE, MAIL, EVENTS] },
  retryRefund: { method: 'POST', path: '/office/refunds/{reference}/retry', handler: 'office/retry-refund', auth: 'organiser', grants: [QUERY, PUT, UPDATE, CHECK, MAIL, STRIPE_KEYS, EVENTS] },

  // The registration office: delegates, abstracts and files, and the audit log. Reads only, apart
  // from the activation mail sent again (a new link token and its audit entry, one transaction).
  // Download links are presigned here (s3:GetObject), for a few minutes.
  listOfficeDelegates: { method: 'GET', path: '/office/delegates', handler: 'office/list-delegates', auth: 'organiser', grants: [QUERY, GET] },
  getOfficeDelegate: { method: 'GET', path: '/office/delegates/{id}', handler: 'office/get-delegate', auth: 'organiser', grants: [GET, QUERY, 's3:GetObject'] },
  resendDelegateActivation: { method: 'POST', path: '/office/delegates/{id}/activation_mail', handler: 'office/resend-delegate-activation', auth: 'organiser', grants: [GET, PUT, MAIL] },
  listOfficeAbstracts: { method: 'GET', path: '/office/abstracts', handler: 'office/list-abstracts', auth: 'organiser', grants: [QUERY, GET] },
  getOfficeAbstract: { method: 'GET', path: '/office/abstracts/{owner}/{id}', handler: 'office/get-abstract', auth: 'organiser', grants: [GET, QUERY, 's3:GetObject'] },
  // The registrations by category: all (byList) or the review queue (byOwner index); one with its
  // documents (download links) and audit trail; the decision over the version read, mailed to the delegate.
  listOfficeRegistrations: { method: 'GET', path: '/office/registrations', handler: 'office/list-registrations', auth: 'organiser', grants: [QUERY] },
  getOfficeRegistration: { method: 'GET', path: '/office/registrations/{owner}', handler: 'office/get-registration', auth: 'organiser', grants: [GET, QUERY, 's3:GetObject'] },
  decideOfficeRegistration: { method: 'POST', path: '/office/registrations/{owner}/decision', handler: 'office/decide-registration', auth: 'organiser', grants: [GET, PUT, UPDATE, MAIL, EVENTS] },
  readAuditLog: { method: 'GET', path: '/office/audit', handler: 'office/read-audit-log', auth: 'organiser', grants: [QUERY] },
  // An order may be named by its number or payment reference (byReference index, then the order).
  getAuditTrail: { method: 'GET', path: '/office/audit/{type}/{id}', handler: 'office/get-audit-trail', auth: 'organiser', grants: [GET, QUERY] },

  // The visa letters (core/office/visa-letters.ts): the review queue with the passport scans, the decision (a paid order's letter is issued in its write), a new version of a letter
  listVisaQueue: { method: 'GET', path: '/office/visa_letters', handler: 'office/list-visa-queue', auth: 'organiser', grants: [GET, QUERY, 's3:GetObject'] },
  getOfficeOrderVisa: { method: 'GET', path: '/office/orders/{id}/visa', handler: 'office/get-order-visa', auth: 'organiser', grants: [GET, QUERY, 's3:GetObject'] },
  decideVisaReview: { method: 'POST', path: '/office/orders/{id}/visa_review', handler: 'office/decide-visa-review', auth: 'organiser', grants: [GET, QUERY, PUT, UPDATE, MAIL] },
  // The new version is mailed to the delegate.
  regenerateVisaLetter: { method: 'POST', path: '/office/orders/{id}/visa_letter', handler: 'office/regenerate-visa-letter', auth: 'organiser', grants: [GET, QUERY, PUT, UPDATE, MAIL] },

  // The bank statement import: lines matched by their payment reference and booked through the
  // same path as confirmTransfer; the rest listed to assign or discard (core/office/import-statement.ts)
  listStatements: { method: 'GET', path: '/office/statements', handler: 'office/list-statements', auth: 'organiser', grants: [GET, QUERY] },
  importStatement: { method: 'POST', path: '/office/statements', handler: 'office/import-statement', auth: 'organiser', grants: [GET, QUERY, PUT, UPDATE, CHECK, MAIL, STRIPE_KEYS, EVENTS] },
  getStatementImport: { method: 'GET', path: '/office/statements/{id}', handler: 'office/get-statement-import', auth: 'organiser', grants: [GET, QUERY] },
  searchStatementOrders: { method: 'GET', path: '/office/statement_lines/orders', handler: 'office/search-statement-orders', auth: 'organiser', grants: [GET, QUERY] },
  assignStatementLine: { method: 'POST', path: '/office/statement_lines/{id}/assign', handler: 'office/assign-statement-line', auth: 'organiser', grants: [GET, QUERY, PUT, UPDATE, CHECK, MAIL, STRIPE_KEYS, EVENTS] },
  // A line left `new` by an interrupted import is decided first (orders and lines read).
  discardStatementLine: { method: 'POST', path: '/office/statement_lines/{id}/discard', handler: 'office/discard-statement-line', auth: 'organiser', grants: [GET, QUERY, PUT] },
  // A line held as a possible duplicate of a line of another file, booked as a transfer of its own (decision 0036)
  bookStatementLine: { method: 'POST', path: '/office/statement_lines/{id}/book', handler: 'office/book-statement-line', auth: 'organiser', grants: [GET, QUERY, PUT, UPDATE, CHECK, MAIL, STRIPE_KEYS, EVENTS] },

  // The office's jobs (core/office/jobs.ts): recorded with their audit entry, run by the runOfficeJob worker from the queue
  // GetItem: whether a programme is published (the abstract book is refused before).
  requestExport: { method: 'POST', path: '/office/exports', handler: 'office/request-export', auth: 'organiser', grants: [GET, PUT, 'sqs:SendMessage'] },
  listExports: { method: 'GET', path: '/office/exports', handler: 'office/list-exports', auth: 'organiser', grants: [QUERY] },
  /** The abstract book of an export published to delegates (core/programme/delegates-book.ts): the PDF copied from exports/ to programme/, audited. */
  publishDelegatesBook: { method: 'POST', path: '/office/exports/{id}/publication', handler: 'office/publish-book', auth: 'organiser', grants: [GET, QUERY, PUT, 's3:GetObject', 's3:PutObject', 'cloudfront:CreateInvalidation'], objectPrefix: ['exports/', 'programme/'] },
  downloadExport: { method: 'GET', path: '/office/exports/{id}/download', handler: 'office/download-export', auth: 'organiser', grants: [GET, 's3:GetObject'], objectPrefix: 'exports/' },
  /** Mail to delegates: the preview reads one order (by its number, through the reference index) or one account and its orders and abstracts. */
  previewMail: { method: 'POST', path: '/office/mail/preview', handler: 'office/preview-mail', auth: 'organiser', grants: [GET, QUERY] },
  sendMail: { method: 'POST', path: '/office/mail', handler: 'office/send-mail', auth: 'organiser', grants: [PUT, 'sqs:SendMessage'] },
  listMailJobs: { method: 'GET', path: '/office/mail', handler: 'office/list-mail-jobs', auth: 'organiser', grants: [QUERY] },
  getMailJob: { method: 'GET', path: '/office/mail/{id}', handler: 'office/get-mail-job', auth: 'organiser', grants: [GET, QUERY] },
  /** A mail waits for the organiser to confirm how many get it (the job's move with its audit entry), then its batches are queued; or it is discarded. */
  confirmMailJob: { method: 'POST', path: '/office/mail/{id}/send', handler: 'office/confirm-mail-job', auth: 'organiser', grants: [GET, UPDATE, PUT, 'sqs:SendMessage'] },
  discardMailJob: { method: 'POST', path: '/office/mail/{id}/discard', handler: 'office/discard-mail-job', auth: 'organiser', grants: [GET, UPDATE, PUT] },
  /** The decision outbox (core/review/publishing.ts): the publications' mails, what became of each (bounces from the mail marks), one sent again. */
  listDecisionMails: { method: 'GET', path: '/office/decision_mails', handler: 'office/list-decision-mails', auth: 'organiser', grants: [QUERY] },
  getDecisionMails: { method: 'GET', path: '/office/decision_mails/{id}', handler: 'office/get-decision-mails', auth: 'organiser', grants: [GET, QUERY] },
  resendDecisionMail: { method: 'POST', path: '/office/decision_mails/{id}/resend', handler: 'office/resend-decision-mail', auth: 'organiser', grants: [GET, QUERY, UPDATE, PUT, MAIL] },
  /** The reconciliation (core/office/reconciliations.ts): asked for here, run by the worker (a Scan and Stripe), read back from its job record. */
  requestReconciliation: { method: 'POST', path: '/office/reconciliations', handler: 'office/request-reconciliation', auth: 'organiser', grants: [QUERY, PUT, 'sqs:SendMessage'] },
  listReconciliations: { method: 'GET', path: '/office/reconciliations', handler: 'office/list-reconciliations', auth: 'organiser', grants: [QUERY] },
  getReconciliation: { method: 'GET', path: '/office/reconciliations/{id}', handler: 'office/get-reconciliation', auth: 'organiser', grants: [GET] },

  // The office's announcements: a delegate opts out by the link in each (or one click in the mail program), or in the account centre
  unsubscribe: { method: 'POST', path: '/unsubscribe/{token}', handler: 'accounts/unsubscribe', auth: 'public', grants: [GET, PUT] },
  // "My programme" (core/programme/my-programme.ts): the sessions and talks a delegate picks on /program, and their calendar by its own address (a calendar app sends no login)
  getMyProgramme: { method: 'GET', path: '/account/programme', handler: 'programme/get-mine', auth: 'delegate', grants: [GET] },
  pickMyProgramme: { method: 'POST', path: '/account/programme/picks', handler: 'programme/pick', auth: 'delegate', grants: [GET, UPDATE, PUT] },
  renewMyCalendar: { method: 'POST', path: '/account/programme/calendar-key', handler: 'programme/renew-calendar', auth: 'delegate', grants: [GET, UPDATE, PUT, DELETE] },
  getMyCalendar: { method: 'GET', path: '/account/programme/calendar', handler: 'programme/get-my-calendar', auth: 'public', grants: [GET, QUERY], file: 'text/calendar' },
  // A delegate's own data (issue 17, core/accounts/own-data.ts): everything about the account as JSON; the account's deletion (password confirms it)
  exportOwnData: { method: 'GET', path: '/account/export', handler: 'accounts/export-own-data', auth: 'delegate', grants: [GET, QUERY] },
  deleteAccount: {
    method: 'POST',
    path: '/account/delete',
    handler: 'accounts/delete-account',
    auth: 'delegate',
    // Each step checks that its run still holds the account's lease (ConditionCheckItem: core/accounts/deletion-lease.ts).
    grants: [GET, QUERY, PUT, UPDATE, DELETE, CHECK, 's3:DeleteObject'],
    // The delegate's uploads, the PDFs of visa letters and certificates (receipts stay: docs/decisions/0035-a-delegates-own-data-export-and-account-deletion.md),
    // and the office's export files made before, which may hold the account (docs/decisions/0042-what-a-deleted-account-leaves.md).
    objectPrefix: ['users/', 'documents/', 'exports/'],
    memoryMb: PASSWORD_WORK,
  },
  getMailPreferences: { method: 'GET', path: '/mail_preferences', handler: 'accounts/get-mail-preferences', auth: 'delegate', grants: [] },
  saveMailPreferences: { method: 'PUT', path: '/mail_preferences', handler: 'accounts/save-mail-preferences', auth: 'delegate', grants: [PUT] },
  /** The delegate's language (issue 32): the mails' and, after a login elsewhere, the pages'. */
  saveLanguage: { method: 'PUT', path: '/language', handler: 'accounts/save-language', auth: 'delegate', grants: [PUT] },

  // On-site check-in (issue 34, core/checkin, decision 0070). The doors' devices: paired with a
  // one-time code from the office, then by their own token; they read what they need to work
  // offline and send their scans (each recorded once).
  pairCheckinDevice: { method: 'POST', path: '/checkin/pair', handler: 'checkin/pair-device', auth: 'public', grants: [GET, QUERY, 'dynamodb:ConditionCheckItem', PUT, UPDATE, DELETE] },
  getCheckinDevice: { method: 'GET', path: '/checkin/device', handler: 'checkin/get-device', auth: 'device', grants: [SIGNING_KEYS], signsTickets: true },
  getCheckinTickets: { method: 'GET', path: '/checkin/tickets', handler: 'checkin/get-tickets', auth: 'device', grants: [QUERY, UPDATE] },
  getCheckinEntries: { method: 'GET', path: '/checkin/entries', handler: 'checkin/get-entries', auth: 'device', grants: [QUERY] },
  /** A device's scans (core/checkin/record-scans.ts): each with its entry claimed in one transaction; a first conference entry marks the order's attendance (and may tell the delegate the certificate is ready). */
  postCheckinScans: { method: 'POST', path: '/checkin/scans', handler: 'checkin/post-scans', auth: 'device', grants: [GET, QUERY, PUT, UPDATE, DELETE, CHECK, MAIL, SIGNING_KEYS], signsTickets: true },
  /** A delegate's order's tickets with their QR codes (core/checkin/order-tickets.ts); the office's view of any order's. */
  getOrderTickets: { method: 'GET', path: '/registration/tickets/{id}', handler: 'checkin/get-order-tickets', auth: 'delegate', grants: [GET, SIGNING_KEYS], signsTickets: true },
  getOfficeOrderTickets: { method: 'GET', path: '/office/orders/{id}/tickets', handler: 'office/get-order-tickets', auth: 'organiser', grants: [GET, SIGNING_KEYS], signsTickets: true },
  /** A ticket as a one-page PDF (core/tickets/ticket-files.ts): made at each download (a revocation shows at once), kept under documents/tickets/, answered as a short-lived link. */
  getTicketPdf: {
    method: 'GET',
    path: '/registration/tickets/{id}/{person}/pdf',
    handler: 'tickets/ticket-pdf',
    auth: 'delegate',
    grants: [GET, SIGNING_KEYS, 's3:PutObject', 's3:GetObject'],
    objectPrefix: 'documents/',
    pdf: true,
    memoryMb: 1024,
    signsTickets: true,
  },
  /**
   * One order's badges printed at the desk (A6, one per valid ticket), each print and reprint an
   * audit entry on the order (its trail read: Query); the account's roles (GetItem) and the
   * published programme's presenters (Query) give the role band. The PDF under exports/badges/.
   */
  printOrderBadges: {
    method: 'POST',
    path: '/office/orders/{id}/badges',
    handler: 'office/print-badges',
    auth: 'organiser',
    grants: [GET, QUERY, PUT, SIGNING_KEYS, 's3:PutObject', 's3:GetObject'],
    objectPrefix: 'exports/',
    pdf: true,
    memoryMb: 1024,
    signsTickets: true,
  },
  // The office's side: devices, counts, recent scans, the conflict report.
  getCheckinOverview: { method: 'GET', path: '/office/checkin', handler: 'office/checkin-overview', auth: 'organiser', grants: [GET, QUERY] },
  listCheckinConflicts: { method: 'GET', path: '/office/checkin/conflicts', handler: 'office/checkin-conflicts', auth: 'organiser', grants: [QUERY] },
  createCheckinDevice: { method: 'POST', path: '/office/checkin/devices', handler: 'office/create-checkin-device', auth: 'organiser', grants: [PUT] },
  renewCheckinPairing: { method: 'POST', path: '/office/checkin/devices/{id}/pairing', handler: 'office/renew-checkin-pairing', auth: 'organiser', grants: [GET, QUERY, PUT, UPDATE, DELETE] },
  revokeCheckinDevice: { method: 'POST', path: '/office/checkin/devices/{id}/revoke', handler: 'office/revoke-checkin-device', auth: 'organiser', grants: [GET, QUERY, PUT, UPDATE, DELETE] },
} as const satisfies Record<string, RouteDef>;

export type RouteId = keyof typeof routes;

/**
 * Everything a function may call: its own grants plus what the platform needs for it. A delegate
 * route reads its session and its delegate (GetItem) before its handler runs; an office route
 * behind the second factor also reads the organiser's second factor and marks the session's last
 * office request (UpdateItem); a function that sends mail first reads whether the address is
 * marked bounced (GetItem, core/mail/delivery.ts). Workers (core/workers.ts) have no `auth`.
 */
export function effectiveGrants(route: { auth?: RouteAuth; grants: readonly Grant[]; secondFactor?: false }): Grant[] {
  const office: Grant[] = needsSecondFactor(route) ? ['dynamodb:UpdateItem'] : [];
  const derived: Grant[] = isSignedIn(route.auth) || route.auth === 'device' || route.grants.includes('ses:SendEmail') ? ['dynamodb:GetItem', ...office] : [];
  return grantNames.filter((g) => route.grants.includes(g) || derived.includes(g));
}
export type Route = (typeof routes)[RouteId];

export const routeList: ReadonlyArray<RouteDef & { id: RouteId }> = Object.entries(routes).map(
  ([id, def]) => ({ id: id as RouteId, ...(def as RouteDef) }),
);

/** `/contribute/{id}` with `{ id: '7' }` -> `/contribute/7` (values are URI-encoded). */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Matches a concrete path against a route path; answers the path parameters or null. A parameter
 * that is not valid percent-encoding (`%FF`, `%E0%A4`) names nothing, so the path matches no route.
 */
export function matchPath(routePath: string, actual: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = routePath.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_, n: string) => {
    names.push(n);
    return '([^/]+)';
  });
  const m = new RegExp(`^${pattern}$`).exec(actual);
  if (!m) return null;
  try {
    return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1] ?? '')]));
  } catch {
    return null;
  }
}
