/**
 * Every key of the single table is built here, so that entities cannot collide and an access
 * pattern reads as its name. Secrets never appear in keys: tokens are keyed by their hash.
 */
/** The site's CloudFront distribution id, written by the web stack at deploy (infra/cdk/web-stack.ts; none locally). */
export const edgeConfigKey = { pk: 'SETTINGS#edge', sk: 'DISTRIBUTION' } as const;

export const keys = {
  user: (id: string) => ({ pk: `USER#${id}`, sk: 'PROFILE' }),
  /** Claims an address for one user (unique e-mail under concurrent sign-ups). */
  email: (email: string) => ({ pk: `EMAIL#${email}`, sk: 'EMAIL' }),
  session: (tokenHash: string) => ({ pk: `SESSION#${tokenHash}`, sk: 'SESSION' }),
  token: (tokenHash: string) => ({ pk: `TOKEN#${tokenHash}`, sk: 'TOKEN' }),
  /** A delegate's abstracts, files and counters live in the delegate's own partition. */
  abstract: (ownerId: string, id: string) => ({ pk: `USER#${ownerId}`, sk: `ABSTRACT#${id}` }),
  abstractPrefix: 'ABSTRACT#',
  file: (ownerId: string, fileId: string) => ({ pk: `USER#${ownerId}`, sk: `FILE#${fileId}` }),
  filePrefix: 'FILE#',
  /** An upload signed but not confirmed yet (its file id is the future FILE#). */
  pending: (ownerId: string, fileId: string) => ({ pk: `USER#${ownerId}`, sk: `PENDING#${fileId}` }),
  pendingPrefix: 'PENDING#',
  /** A 2024 registration order, in its owner's partition; found by the office through its transfer reference. */
  order: (ownerId: string, id: string) => ({ pk: `USER#${ownerId}`, sk: `ORDER#${id}` }),
  orderPrefix: 'ORDER#',
  /** A document issued to the delegate (receipt, credit note, letter, certificate: storage/documents.ts). */
  document: (ownerId: string, id: string) => ({ pk: `USER#${ownerId}`, sk: `DOC#${id}` }),
  documentPrefix: 'DOC#',
  /** That a numbered document was issued for something once (a payment's receipt, a refund's credit note): storage/document-numbers.ts. */
  documentOnce: (ownerId: string, once: string) => ({ pk: `USER#${ownerId}`, sk: `DOCONCE#${once}` }),
  documentOncePrefix: 'DOCONCE#',
  /** A registration by category (the older flow): at most one per delegate, in the delegate's partition. */
  registration: (ownerId: string) => ({ pk: `USER#${ownerId}`, sk: 'REGISTRATION' }),
  /** "My programme" (core/programme/my-programme.ts): the delegate's picks (a string set) and their calendar's key. */
  myProgramme: (ownerId: string) => ({ pk: `USER#${ownerId}`, sk: 'MYPROGRAMME' }),
  /** Which account a "my programme" calendar key names, by the key's hash (the address itself is not in the table's keys). */
  myCalendarKey: (keyHash: string) => ({ pk: `MYCALENDAR#${keyHash}`, sk: 'KEY' }),
  /** The office's lists of registrations (storage/registrations.ts): all by creation (byList), the review queue by hand-in (byOwner). */
  registrationsAll: (createdAt: string, ownerId: string) => ({ gsi3pk: 'REGISTRATIONS', gsi3sk: `${createdAt}#${ownerId}` }),
  registrationsAllList: 'REGISTRATIONS',
  registrationsInReview: (submittedAt: string, ownerId: string) => ({ gsi1pk: 'REGISTRATIONS#review', gsi1sk: `${submittedAt}#${ownerId}` }),
  registrationsInReviewList: 'REGISTRATIONS#review',
  orderReference: (reference: string) => `ORDERREF#${reference}`,
  /** An order's entry in one of the office's lists (storage/order-rows.ts), and a list's index partition. */
  orderRow: (orderId: string, slot: string) => ({ pk: `ORDERROW#${orderId}`, sk: slot }),
  orderList: (list: string) => `ORDERLIST#${list}`,
  /** Numbers shared by all owners (the order sequence). */
  sequence: (name: string) => ({ pk: `SEQUENCE#${name}`, sk: 'SEQUENCE' }),
  /**
   * The payments module's records of one subject, next to its owner's other data: one Query
   * (LEDGER#kind#subject#) reads a subject's payments and refunds together.
   */
  ledgerPrefix: (kind: string, subjectId: string) => `LEDGER#${kind}#${subjectId}#`,
  /** All of an owner's ledger records of one kind of subject (e.g. every order's payments). */
  ledgerKindPrefix: (kind: string) => `LEDGER#${kind}#`,
  payment: (ownerId: string, kind: string, subjectId: string, id: string) => ({ pk: `USER#${ownerId}`, sk: `LEDGER#${kind}#${subjectId}#PAYMENT#${id}` }),
  refund: (ownerId: string, kind: string, subjectId: string, id: string) => ({ pk: `USER#${ownerId}`, sk: `LEDGER#${kind}#${subjectId}#REFUND#${id}` }),
  /** A card provider's event that has been applied (kept for a while: redeliveries are recognised). */
  providerEvent: (id: string) => ({ pk: `EVENT#${id}`, sk: 'EVENT' }),
  /** How many of a scarce thing (abstracts, files of a purpose) the delegate holds: claims are conditional on it. */
  counter: (ownerId: string, name: string) => ({ pk: `USER#${ownerId}`, sk: `COUNT#${name}` }),
  /** An organiser's second factor (TOTP secret, recovery code hashes): never in the profile item, which person-info reads. */
  secondFactor: (userId: string) => ({ pk: `USER#${userId}`, sk: 'SECOND_FACTOR' }),
  /** An audit entry, under the object it is about; the whole log by day through the byOwner index. */
  audit: (objectType: string, objectId: string, at: string, id: string) => ({ pk: `AUDIT#${objectType}#${objectId}`, sk: `${at}#${id}` }),
  auditDay: (at: string) => `AUDITLOG#${at.slice(0, 10)}`,
  /** Whether mail to an address bounced or was complained about (one item per address, whoever owns it). */
  mailMark: (address: string) => ({ pk: `MAILMARK#${address}`, sk: 'MAILMARK' }),
  /** The byOwner-index partition of bank transfers awaited by the office (storage/ledger.ts). */
  awaitedTransfers: 'TRANSFERS#awaited',
  /** The byOwner-index partition of refunds by bank transfer the office owes and has not sent (storage/ledger.ts). */
  owedRefunds: 'REFUNDS#owed',
  /** A money event kept with the ledger write that caused it (core/payments/money-events.ts), in its owner's partition. */
  moneyEvent: (ownerId: string, id: string) => ({ pk: `USER#${ownerId}`, sk: `MONEYEVENT#${id}` }),
  moneyEventPrefix: 'MONEYEVENT#',
  /** The byOwner-index partitions of money events still pending (the repair reads them), sharded: one per shard. */
  pendingMoneyEvents: (shard: number) => `MONEYEVENTS#pending#${shard}`,
  /** The account a delegate gave for refunds by bank transfer (core/orders/refund-account.ts). */
  refundAccount: (ownerId: string) => ({ pk: `USER#${ownerId}`, sk: 'REFUND_ACCOUNT' }),
  /** The congress bank account the office publishes (one item, versioned). */
  bankAccount: () => ({ pk: 'SETTINGS#payments', sk: 'BANK_ACCOUNT' }),
  /** The office's counters: shards of the totals and one item per day (storage/stats.ts). */
  statsShard: (n: number) => ({ pk: 'STATS', sk: `TOTAL#${n}` }),
  statsDay: (day: string) => ({ pk: 'STATS', sk: `DAY#${day}` }),
  statsDayPrefix: 'DAY#',
  /** The office's delegate list: every account by sign-up time (byList index, on the profile item). */
  accountsBySignUp: (createdAt: string, id: string) => ({ gsi3pk: 'ACCOUNTS', gsi3sk: `${createdAt}#${id}` }),
  /** A normalised name key of an account (core/accounts/name-key.ts), one small partition per initial. */
  nameKey: (key: string, userId: string) => ({ pk: `NAME#${[...key][0] ?? ''}`, sk: `${key}#${userId}` }),
  /** The office's abstract list: a category's abstracts by submission time (byList index, on the abstract item). */
  abstractsByCategory: (category: string, createdAt: string, id: string) => ({ gsi3pk: `ABSTRACTS#${category}`, gsi3sk: `${createdAt}#${id}` }),
  /**
   * The bank statement import (core/office/import-statement.ts): a line by the checksum of its
   * content (a re-import finds it), in one office list (byList: open, differs, booked, discarded)
   * and under its import (byOwner); an import by the hash of its file, listed newest first (byList).
   */
  statementLine: (checksum: string) => ({ pk: `STATEMENTLINE#${checksum}`, sk: 'LINE' }),
  statementLineList: (list: string) => `STATEMENTLINES#${list}`,
  statementImport: (id: string) => ({ pk: `STATEMENTIMPORT#${id}`, sk: 'IMPORT' }),
  statementImportLines: (importId: string) => `STATEMENTIMPORT#${importId}`,
  statementImports: 'STATEMENTIMPORTS',
  /**
   * A bank reference claimed by the line that brought it (with its date, amount and currency,
   * core/office/line-identity.ts `claimKeys`): a line of another file with the same claim is that
   * transfer. And the lines that may be one transfer, under their date, amount and currency
   * (`matchKeys`): read with one consistent Query each, so two lines stored at once see each other.
   */
  statementRefClaim: (key: string) => ({ pk: `STATEMENTREF#${key}`, sk: 'CLAIM' }),
  statementMatch: (key: string, lineId: string) => ({ pk: `STATEMENTMATCH#${key}`, sk: `LINE#${lineId}` }),
  statementMatchPartition: (key: string) => `STATEMENTMATCH#${key}`,
  /** The CSV column mapping the office chose last (remembered for the next file). */
  statementMapping: () => ({ pk: 'SETTINGS#statements', sk: 'CSV_MAPPING' }),
  /** The office's jobs (exports, mail to delegates), in one partition: listed newest first (ids sort by time). */
  officeJob: (id: string) => ({ pk: 'OFFICEJOBS', sk: `JOB#${id}` }),
  officeJobsPartition: 'OFFICEJOBS',
  officeJobPrefix: 'JOB#',
  /** A mail job's recipients, in batches of the queue's messages (OFFICEJOB#<id> / BATCH#00000). */
  mailBatch: (jobId: string, index: number) => ({ pk: `OFFICEJOB#${jobId}`, sk: `BATCH#${String(index).padStart(5, '0')}` }),
  mailBatchPrefix: 'BATCH#',
  /** That a mail meant to go once (a certificate ready) went (storage/mail-once.ts): deleted with the account. */
  mailOnce: (ownerId: string, name: string) => ({ pk: `USER#${ownerId}`, sk: `MAILONCE#${name}` }),
  mailOncePrefix: 'MAILONCE#',
  /** A delegate's choice about the office's announcements (absent: they are sent). */
  mailPreferences: (userId: string) => ({ pk: `USER#${userId}`, sk: 'MAIL_PREFERENCES' }),
  /** A delegate's language (issue 32; absent: the language of the page they signed up on, else English). */
  language: (userId: string) => ({ pk: `USER#${userId}`, sk: 'LANGUAGE' }),
  /** An unsubscribe link's token, by its hash (it expires). */
  unsubscribeToken: (tokenHash: string) => ({ pk: `UNSUBSCRIBE#${tokenHash}`, sk: 'UNSUBSCRIBE' }),
  /** The review team's roster (core/review/team.ts): one item per reviewer or committee member, in one partition. */
  reviewTeamMember: (userId: string) => ({ pk: 'REVIEWTEAM', sk: `USER#${userId}` }),
  reviewTeamPartition: 'REVIEWTEAM',
  /**
   * A reviewer's assignment to an abstract with their review (core/review/reviewing.ts): under the
   * abstract, in the reviewer's queue (byOwner) and in its review category's list (byList).
   */
  review: (abstractId: string, reviewerId: string) => ({ pk: `REVIEWS#${abstractId}`, sk: `REVIEWER#${reviewerId}` }),
  reviewQueue: (reviewerId: string, abstractId: string) => ({ gsi1pk: `REVIEWQUEUE#${reviewerId}`, gsi1sk: abstractId }),
  reviewsOfCategory: (category: string, abstractId: string, reviewerId: string) => ({ gsi3pk: `REVIEWASSIGNMENTS#${category}`, gsi3sk: `${abstractId}#${reviewerId}` }),
  reviewerPrefix: 'REVIEWER#',
  /**
   * The office's override of a computed conflict of interest (core/review/conflict-overrides.ts):
   * under the abstract, in the reviewer's list (byOwner) and in its review category's list (byList).
   */
  conflictOverride: (abstractId: string, reviewerId: string) => ({ pk: `REVIEWS#${abstractId}`, sk: `OVERRIDE#${reviewerId}` }),
  conflictOverridesOfReviewer: (reviewerId: string, abstractId: string) => ({ gsi1pk: `CONFLICTOVERRIDES#${reviewerId}`, gsi1sk: abstractId }),
  conflictOverridesOfCategory: (category: string, abstractId: string, reviewerId: string) => ({ gsi3pk: `CONFLICTOVERRIDES#${category}`, gsi3sk: `${abstractId}#${reviewerId}` }),
  conflictOverridePrefix: 'OVERRIDE#',
  /** An abstract's summary for the committee: its scores and its pending decision, ranked in its review category (byList). */
  reviewSummary: (abstractId: string) => ({ pk: `REVIEWS#${abstractId}`, sk: 'SUMMARY' }),
  reviewRanking: (category: string, rank: string, abstractId: string) => ({ gsi3pk: `REVIEWRANKING#${category}`, gsi3sk: `${rank}#${abstractId}` }),
  /** How many of a review category's abstracts have each pending outcome (moved in each decision's write). */
  reviewDecided: (category: string) => ({ pk: 'REVIEWSTATE', sk: `DECIDED#${category}` }),
  /** The committee's slots per category (oral slots, poster boards). */
  reviewQuotas: () => ({ pk: 'REVIEWSTATE', sk: 'QUOTAS' }),
  /** The last abstract number given per type at publication (oral, poster): O-001, P-001, gap-free. */
  reviewNumbers: () => ({ pk: 'REVIEWSTATE', sk: 'NUMBERS' }),
  /** The lease of the assignment run (one at a time). */
  reviewAssignmentRun: () => ({ pk: 'REVIEWSTATE', sk: 'ASSIGNMENT_RUN' }),
  /**
   * The programme (core/programme, decision 0064), in one partition: the committee's draft (rooms
   * and sessions, one item under one version), each published version (VERSION#000001, ...: the
   * programme as published with its difference from the one before) and the public view of the
   * latest (one item, the one key the public read gets).
   */
  programmeDraft: () => ({ pk: 'PROGRAMME', sk: 'DRAFT' }),
  programmeVersion: (number: number) => ({ pk: 'PROGRAMME', sk: `VERSION#${String(number).padStart(6, '0')}` }),
  programmeVersionPrefix: 'VERSION#',
  programmePublic: () => ({ pk: 'PROGRAMME', sk: 'PUBLIC' }),
  /** The abstract book published to delegates (core/programme/delegates-book.ts). */
  programmeBook: () => ({ pk: 'PROGRAMME', sk: 'BOOK' }),
  programmePartition: 'PROGRAMME',
  /** A placed abstract's text as the programme publishes it (core/programme/abstract-pages.ts): its own page on /program. */
  programmeAbstract: (abstractId: string) => ({ pk: 'PROGRAMME', sk: `ABSTRACT#${abstractId}` }),
  throttle: (key: string, windowStart: number) => ({ pk: `THROTTLE#${key}#${windowStart}`, sk: 'THROTTLE' }),
  cooldown: (key: string) => ({ pk: `COOLDOWN#${key}`, sk: 'COOLDOWN' }),
};

export const epochSeconds = (at: Date) => Math.floor(at.getTime() / 1000);
