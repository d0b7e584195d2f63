/**
 * Every date, fee, limit and deadline of the congress, in one place, so that the next edition
 * changes this file and nothing else. The functions import it; the web app reads it through
 * `GET /conference` (see `conferenceFacts`), so no page hard-codes a number or a date.
 *
 * Instants are written as Beijing wall-clock times with `cst()` and kept as UTC ISO strings.
 * Money is kept in whole cents of its currency to avoid rounding drift.
 */
import { cst } from '../time';

const MiB = 1024 * 1024;

export const conference = {
  edition: 2024,
  name: 'IACR 2024 Scientific Conference',
  fullName:
    'International Association of Cancer Registries Scientific Conference 2024, held with the Chinese Cancer Registry Annual Conference',
  shortName: 'IACR 2024',
  city: 'Beijing',
  country: 'China',
  /** Calendar days in Beijing. */
  dates: { start: '2024-11-04', end: '2024-11-07' },
  timeZone: { iana: 'Asia/Shanghai', name: 'China Standard Time', label: 'CST (UTC+8)' },
  contacts: {
    /** Delegate support: shown on /common/await, in every mail footer. */
    support: 'support@iacr2024-beijing.org',
    /** Presenters' enquiries (abstracts, posters, oral slides): footer and login page. */
    presenters: 'abstracts@iacr2024-beijing.org',
    registration: 'registration@iacr2024-beijing.org',
  },
} as const;

export const deadlines = {
  /** "16 May 2024 24:00 China Standard Time (23:59:59 in the deadline check)". */
  abstractSubmission: cst('2024-05-16T24:00'),
  registrationOpens: cst('2024-07-18'),
  /** Standard and Local rates are valid until 4 November 2024 (inclusive). */
  ratesValidUntil: cst('2024-11-04T24:00'),
} as const;

/**
 * The abstract review's phases (decision 0051): reviewers score from the day after submission
 * closes until `reviewCloses`; the committee decides (pending, changeable) from the review's
 * start and publishes from `reviewCloses` until `decisionsBy`; an author asked to revise
 * resubmits once until `revisionUntil`, and the same reviewers re-check until `recheckUntil`.
 * Presenters upload their poster or slides until `presentationUploadsUntil`.
 */
export const reviewPhases = {
  reviewOpens: cst('2024-05-17'),
  reviewCloses: cst('2024-06-14T24:00'),
  decisionsBy: cst('2024-07-05T24:00'),
  revisionUntil: cst('2024-07-19T24:00'),
  recheckUntil: cst('2024-07-26T24:00'),
  presentationUploadsUntil: cst('2024-10-25T24:00'),
} as const;

export const timing = {
  resendActivationCountdownSeconds: 60,
  loginTimeoutSeconds: 30,
  deadlineCheckIntervalSeconds: 1,
  activationTokenHours: 24,
  /** How long a used activation link is remembered, so that opening it again says the account is active. */
  usedActivationLinkDays: 180,
  resetTokenMinutes: 60,
  sessionDays: 14,
} as const;

/**
 * Abuse limits of the account endpoints (fixed windows; a window ends, the limit lifts). Login
 * failures are counted per address AND client, so a stranger guessing from elsewhere cannot lock
 * the delegate out; the per-address ceiling (many clients, e.g. a botnet) is much higher.
 */
export const accountLimits = {
  loginFailuresPerAddressAndClient: { limit: 5, windowSeconds: 15 * 60 },
  loginFailuresPerAddress: { limit: 50, windowSeconds: 60 * 60 },
  loginFailuresPerClient: { limit: 100, windowSeconds: 15 * 60 },
  /** Wrong current passwords in the change-password form, per delegate. */
  currentPasswordFailures: { limit: 5, windowSeconds: 15 * 60 },
  signUpsPerClient: { limit: 20, windowSeconds: 60 * 60 },
  emailChecksPerClient: { limit: 120, windowSeconds: 60 },
  passwordResetsPerClient: { limit: 10, windowSeconds: 15 * 60 },
  /** One activation mail, and one reset mail, per address per this many seconds (the page counts down the same). */
  mailCooldownSeconds: 60,
} as const;

/** The registration office's door (core/office/access.ts): its session and its limits on wrong codes. */
export const officeTiming = {
  /** An office session ends after this long without an office request. */
  idleHours: 12,
} as const;

export const officeLimits = {
  /** Wrong codes per organiser, and per client address (like logins). */
  wrongCodesPerOrganiser: { limit: 5, windowSeconds: 15 * 60 },
  wrongCodesPerClient: { limit: 50, windowSeconds: 15 * 60 },
  recoveryCodes: 10,
  /** Rows of the office's order table per page: by default, the most one page may ask for, and the page's "Rows per page" choices. */
  orderPage: { rows: 25, maxRows: 100, choices: [10, 25, 50, 100] },
} as const;

/**
 * Uploads that were signed but never confirmed: each one holds a place until it is confirmed or
 * removed (or its confirmation window passes), the object is tagged pending in S3 and a lifecycle
 * rule deletes what is still tagged after a day, and presigning itself is rate-limited.
 */
export const uploadLimits = {
  maxUnconfirmedPerDelegate: 10,
  presignsPerDelegate: { limit: 60, windowSeconds: 60 * 60 },
  confirmWithinHours: 6,
  pendingObjectDays: 1,
} as const;

/** Each upload purpose: what may be uploaded, how large, how many per owner (or per abstract). */
export const uploadPurposes = {
  abstract: { label: 'Abstract file', extensions: ['pdf'], maxBytes: 50 * MiB, maxCount: 5 },
  poster: { label: 'Poster', extensions: ['ppt', 'pptx'], maxBytes: 100 * MiB, maxCount: 5 },
  oral: { label: 'Oral presentation', extensions: ['ppt', 'pptx'], maxBytes: 20 * MiB, maxCount: 5 },
  /** The front page of a passport for a visa support letter (registration orders, step 4): one per order. */
  passport: { label: 'Passport front page', extensions: ['jpg', 'jpeg', 'png', 'pdf'], maxBytes: 5 * MiB, maxCount: 5 },
  /** Supporting documents of a registration by category (young investigator, fellow, member proof). */
  document: { label: 'Supporting document', extensions: ['jpg', 'jpeg', 'png', 'pdf'], maxBytes: 5 * MiB, maxCount: 5 },
  /** The payment voucher of a registration by category (spec section 5: JPG or PNG, under 5 MB). */
  voucher: { label: 'Payment voucher', extensions: ['jpg', 'jpeg', 'png'], maxBytes: 5 * MiB, maxCount: 5 },
} as const satisfies Record<string, UploadPurposeRule>;

export interface UploadPurposeRule {
  label: string;
  extensions: readonly string[];
  maxBytes: number;
  maxCount: number;
}

export const abstractLimits = {
  maxAbstractsPerDelegate: 5,
  titleMaxWords: 15,
  keywordsMinWords: 3,
  keywordsMaxWords: 5,
  bodyMaxWords: 300,
  conflictOfInterestMaxChars: 300,
} as const;

/** 2019 late-breaking abstract rules; the /abstract/late page is kept as published in 2019. */
export const lateBreaking2019 = {
  bodyMaxWords: 450,
  titleMaxChars: 150,
  maxOralPresentationsPerPerson: 2,
} as const;

/** Files of the older registration flow (supporting documents, payment voucher). */
export const registrationDocuments = {
  maxBytes: 5 * MiB,
  documentExtensions: ['jpg', 'jpeg', 'png', 'pdf'],
  voucherExtensions: ['jpg', 'jpeg', 'png'],
  groupMinimumDelegates: 10,
  youngInvestigatorBornFrom: 1984,
  fellowTrainingCompletedBefore: '2021-07-01',
} as const;

/**
 * Registration categories of the older (2019) flow and their fees in USD cents per period.
 * `type` values 2, 3, 4 and 7 are fixed by the spec (member, young investigator, fellow, group).
 */
export const legacyFees2019 = {
  currency: 'USD',
  periods: [
    { id: 'early', label: 'Early', until: cst('2019-08-09T24:00'), description: 'up to 9 August 2019' },
    { id: 'advance', label: 'Advance', until: cst('2019-11-05T24:00'), description: '10 August to 5 November 2019' },
    { id: 'onsite', label: 'Onsite', until: cst('2019-11-10T24:00'), description: 'meeting days, 6-10 November 2019' },
  ],
  categories: [
    { type: 1, name: 'Regular', early: 80000, advance: 90000, onsite: 101000 },
    { type: 5, name: 'Invited chairs and speakers', early: 74000, advance: 74000, onsite: 74000 },
    { type: 2, name: 'Member', early: 74000, advance: 80000, onsite: 85000 },
    { type: 3, name: 'Young investigator', early: 74000, advance: 85000, onsite: 96000 },
    { type: 4, name: 'Fellow', early: 64000, advance: 74000, onsite: 85000 },
    { type: 7, name: 'Groups of 10 or more', early: 74000, advance: 85000, onsite: 96000 },
    { type: 6, name: 'Accompanying person', early: 21000, advance: 26000, onsite: 32000 },
  ],
  extraTickets: { workingDinner: 7000, galaDinner: 12000 },
  cancellationUntil: cst('2019-10-25T24:00'),
  dinnerPaymentUntil: cst('2019-10-21T24:00'),
  /** Registration numbers: OESO-000123 (one sequence for all registrations by category). */
  registerCodePrefix: 'OESO',
  /** Upper bounds no real registration reaches; they keep forms and totals sane. */
  maxAccompanyingPersons: 10,
  maxGroupMembers: 99,
} as const;

/** The doors on site (issue 34, decision 0070): the devices' pairing and validity, their scans and sync. */
export const doors = {
  /** How long the office's one-time pairing code works once shown. */
  pairingMinutes: 15,
  /** The longest validity the office may give a device. */
  maxDeviceDays: 30,
  /** Most scans a device sends in one request (a longer queue goes in several). */
  maxScansPerBatch: 200,
  /** How long a phone online waits for the server's answer before it answers from its own copy. */
  onlineAnswerMs: 2_000,
  /** How often a phone reads what changed (and whenever the network returns). */
  syncEveryMs: 30_000,
} as const;

/** The 2024 registration order: rates and extras in USD cents. */
export const registration2024 = {
  currency: 'USD',
  rates: [
    { value: 650, id: 'standard', label: 'Standard', amount: 65000 },
    { value: 250, id: 'local', label: 'Local', amount: 25000 },
  ],
  accompanyingPersonAmount: 25000,
  postConferenceVisitAmount: 7000,
  maxOrdersPerDelegate: 5,
  postConferenceActivities: [
    { value: 1, label: 'Forbidden City and Temple of Heaven', returnsAt: '20:00' },
    { value: 2, label: 'Great Wall', returnsAt: '21:00' },
  ],
  busDepartsAt: '13:00',
  events: [
    { day: '2024-11-04', label: 'Workshops and welcome reception' },
    { day: '2024-11-06', label: 'Gala dinner' },
    { day: '2024-11-07', label: 'Group visit (post-conference activities)' },
  ],
  /** Per night, in CNY fen, paid at the hotel; confirmed only once the order is paid. */
  hotelRooms: [
    { field: 'superior_double_room', label: 'Superior double room', pricePerNight: 88000 },
    { field: 'superior_twin_room', label: 'Superior twin room', pricePerNight: 88000 },
    { field: 'ancient_double_room', label: 'Ancient-style double room', pricePerNight: 98000 },
    { field: 'ancient_twin_room', label: 'Ancient-style twin room', pricePerNight: 98000 },
    { field: 'superior_deluxe_room', label: 'Superior deluxe room', pricePerNight: 118000 },
    { field: 'superior_suite_room', label: 'Superior suite', pricePerNight: 148000 },
    { field: 'executive_deluxe_room', label: 'Executive deluxe room', pricePerNight: 138000 },
    { field: 'executive_suite_room', label: 'Executive suite', pricePerNight: 198000 },
  ],
  hotelCurrency: 'CNY',
  /** Refund tiers, checked in order: the first whose `before` is still ahead applies. */
  refundPolicy: [
    { before: cst('2024-10-01'), fee: { kind: 'fixed', amount: 5000 }, text: 'Before 1 October 2024: a fee of $50 per order.' },
    { before: cst('2024-10-15'), fee: { kind: 'percent', percent: 50 }, text: 'Before 15 October 2024: a fee of 50% of the order.' },
  ],
  noRefundText: 'From 15 October 2024: no refund.',
  refundNotes: [
    'Refunds are made only to the original payment method.',
    'Bank transfer refunds take 3-5 business days to process.',
  ],
  passportFile: { extensions: ['jpg', 'jpeg', 'png', 'pdf'], maxBytes: 5 * MiB },
  /** Upper bounds no real order reaches; they keep totals and forms sane. */
  maxAccompanyingPersons: 10,
  maxRoomsPerType: 10,
  /** Hotel nights must lie within these days (CST calendar days): arrival to departure. */
  hotelStay: { earliestCheckIn: '2024-10-28', latestCheckOut: '2024-11-14' },
  /** How long a card checkout stays open at the card provider before it lapses (Stripe: 30 min to 24 h). */
  checkoutMinutes: 60,
  /**
   * What the card provider's checkout offers (Stripe Checkout's `allowed_payment_method_types`):
   * cards, and the wallets Alipay and WeChat Pay for delegates from China (decision 0061). Stripe
   * shows a method only where the account has it switched on and the buyer can use it.
   */
  checkoutPaymentMethods: ['card', 'alipay', 'wechat_pay'],
  /** The prefix of bank transfer references (IACR24-000123-7: order number and a check digit). */
  transferReferencePrefix: 'IACR24',
} as const;

/**
 * How delegates pay by bank transfer. The account itself is entered and published by the office
 * (/office, core/office/payment-settings.ts), never written here.
 */
export const bankTransfer = {
  currency: 'USD',
  /** Shown with the details: the transfer must carry the order's reference. */
  instructions:
    'Please transfer the exact total in US dollars and write the payment reference of your order in the transfer details, so that the registration office can match your payment. Bank charges are borne by the delegate.',
} as const;

/** Hotels page: advertised range of nightly rates in USD. */
export const hotelRateRangeUsd = { from: 144, to: 392 } as const;
