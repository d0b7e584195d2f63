import type { Lang } from '../i18n/lang';
/**
 * What the account rules need from the outside world. The storage, crypto and mail adapters in
 * functions/lib and functions/storage implement these; unit tests pass in-memory fakes.
 */
import type { AuditEntry } from '../audit/audit';
import type { MailImportance, MailMarkStore } from '../mail/delivery';
import type { ReviewRoles, User } from './model';
import type { PersonName } from './name-key';

export type TokenPurpose = 'activate' | 'reset';

export interface TokenRecord {
  purpose: TokenPurpose;
  userId: string;
  /** The user's session_epoch when issued: a password change voids older reset links. */
  epoch: number;
  expiresAt: Date;
  /** When the link was mailed (tokens issued before this field existed have none). */
  issuedAt?: Date;
}

export interface SessionRecord {
  userId: string;
  epoch: number;
  expiresAt: Date;
  /** When this session passed the office's second factor (organisers only). */
  secondFactorAt?: Date;
  /** What that pass was made under (the enrolment and the organiser grant; absent on passes from before it was kept). */
  secondFactorPass?: { factor: string; grant: string };
  /** When this session last used an office route. */
  officeSeenAt?: Date;
}

export interface AccountNamesRead {
  first_name?: string;
  last_name?: string;
  order_names?: PersonName[];
  order_names_v?: number;
}

/** Who a request's api_token belongs to (what `authenticate` answers; handlers receive it as `auth`). */
export interface Principal {
  userId: string;
  sessionId: string;
  email: string;
  role: 'delegate' | 'organiser';
  /** The current organiser grant (the profile's organiser_grant; a new one at each grant). */
  organiserGrant?: string;
  /** The abstract review's roles of the account, as its profile holds them now. */
  reviewRoles?: ReviewRoles;
  /** Office sessions: when the second factor was passed (and under what), and the last office request. */
  secondFactorAt?: Date;
  secondFactorPass?: { factor: string; grant: string };
  officeSeenAt?: Date;
  /**
   * The account's names as authentication read them (its profile and its orders' names, with
   * their version): a new order's names are written with the order, conditioned on this version.
   */
  names?: AccountNamesRead;
}

export interface AccountStore {
  getUser(id: string): Promise<User | undefined>;
  findUserByEmail(email: string): Promise<User | undefined>;
  /**
   * Creates the user and claims the address in one transaction; 'email-taken' if it lost a race.
   * Each write below puts its `audit` entry in the same transaction as the change.
   */
  createUser(user: User, audit?: AuditEntry): Promise<'created' | 'email-taken'>;
  /** Activates an account not activated yet (nothing, and no entry, when it already is). */
  activateUser(id: string, at: Date, audit?: AuditEntry): Promise<void>;
  /** Changes profile fields; `names` moves the account's name keys (core/accounts/name-key.ts) in the same write. */
  updateProfile(id: string, fields: Partial<User>, at: Date, audit?: AuditEntry, names?: { before: string[]; after: string[] }): Promise<User>;
  /** Sets a new password hash and bumps session_epoch (every session ends); may activate too. */
  setPassword(id: string, passwordHash: string, at: Date, activate: boolean, audit?: AuditEntry): Promise<void>;
  /** Records a login on the account (`last_login_at`) with its entry. */
  recordLogin(id: string, at: Date, audit: AuditEntry): Promise<void>;
  /** Replaces a hash by a stronger one of the same password (sessions stay), unless it changed meanwhile. */
  rehashPassword(id: string, previousHash: string, passwordHash: string): Promise<void>;
}

export interface SessionStore {
  create(tokenHash: string, session: SessionRecord): Promise<void>;
  get(tokenHash: string): Promise<SessionRecord | undefined>;
  delete(tokenHash: string): Promise<void>;
}

export interface TokenStore {
  /** Stores a new link token; `audit` (an office action that sent it) goes in the same transaction. */
  create(tokenHash: string, token: TokenRecord, audit?: AuditEntry): Promise<void>;
  /**
   * Claims and answers the token if it exists, has this purpose, has not expired and was not used
   * (atomic: of two claims exactly one succeeds). Without `rememberUntil` the token is deleted;
   * with it, the token is kept, marked used, until then (see `findUsed`).
   */
  consume(tokenHash: string, purpose: TokenPurpose, at: Date, rememberUntil?: Date): Promise<TokenRecord | undefined>;
  /** A token of this purpose that was used and is still remembered at `at`. */
  findUsed(tokenHash: string, purpose: TokenPurpose, at: Date): Promise<TokenRecord | undefined>;
}

export interface Limit {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** One place taken in a fixed window (or not: `allowed` false, nothing counted). */
export interface Claim extends Limit {
  key: string;
  windowStart: number;
}

export interface Throttle {
  /**
   * Takes one of `limit` places of `key` in the current fixed window, atomically: of N parallel
   * claims exactly the free places succeed, so a burst cannot get past the limit.
   */
  claim(key: string, limit: number, windowSeconds: number, at: Date): Promise<Claim>;
  /** Gives a place back (e.g. a login attempt that turned out right is not a failure). */
  release(claim: Claim): Promise<void>;
  /** At most one event per `seconds` under `key` (e.g. one activation mail a minute). */
  cooldown(key: string, seconds: number, at: Date): Promise<Limit>;
}

export interface Secrets {
  hashPassword(password: string): Promise<string>;
  /** False without a hash, after the same work as a real check (timing does not reveal unknown addresses). */
  verifyPassword(password: string, hash: string | undefined): Promise<boolean>;
  /** Whether a hash was made with weaker parameters than today's (it is upgraded at the next login). */
  needsRehash(hash: string): boolean;
  /** A random token (>= 128 bits) and the hash under which it is stored. */
  newToken(): { token: string; hash: string };
  hashToken(token: string): string;
  newId(): string;
}

export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Whether it still goes to an address whose mail bounced (core/mail/delivery.ts). */
  importance: MailImportance;
  /** Extra headers (the office's announcements: List-Unsubscribe); sent through SES v2, which carries them. */
  headers?: { name: string; value: string }[];
}

export interface Mailer {
  /** 'withheld': a notification not sent because the address is marked (bounced, complained). */
  send(mail: Mail): Promise<'sent' | 'withheld'>;
}

/**
 * The names given in an account's orders, kept on the account for the office's delegate list
 * and search (core/accounts/name-key.ts orderNamesOf): read again from the orders after each
 * order write that may change them.
 */
export interface AccountNames {
  refreshFromOrders(userId: string): Promise<unknown>;
}

export interface Logger {
  error(message: string, extra?: Record<string, unknown>): void;
  info(message: string, extra?: Record<string, unknown>): void;
}

export interface AccountDeps {
  store: AccountStore;
  sessions: SessionStore;
  tokens: TokenStore;
  throttle: Throttle;
  secrets: Secrets;
  mailer: Mailer;
  /** Bounce and complaint marks of addresses: shown to their delegate, cleared by a link that arrived. */
  mailMarks: Pick<MailMarkStore, 'get' | 'clearBounceBefore'>;
  log: Logger;
  /** Origin of the site for links in mails (configured, never taken from the request). */
  siteOrigin: string;
  /** The account's language (its mails'): set at sign-up and by the language switch. */
  languages: LanguagePreferences;
}

export interface LanguagePreferences {
  get(userId: string): Promise<Lang | undefined>;
  set(userId: string, lang: Lang, at: Date): Promise<void>;
}
