/**
 * What the account rules need from the outside world. The storage, crypto and mail adapters in
 * functions/lib and functions/storage implement these; unit tests pass in-memory fakes.
 */
import type { User } from './model';

export type TokenPurpose = 'activate' | 'reset';

export interface TokenRecord {
  purpose: TokenPurpose;
  userId: string;
  /** The user's session_epoch when issued: a password change voids older reset links. */
  epoch: number;
  expiresAt: Date;
}

export interface SessionRecord {
  userId: string;
  epoch: number;
  expiresAt: Date;
}

export interface AccountStore {
  getUser(id: string): Promise<User | undefined>;
  findUserByEmail(email: string): Promise<User | undefined>;
  /** Creates the user and claims the address in one transaction; 'email-taken' if it lost a race. */
  createUser(user: User): Promise<'created' | 'email-taken'>;
  activateUser(id: string, at: Date): Promise<void>;
  updateProfile(id: string, fields: Partial<User>, at: Date): Promise<User>;
  /** Sets a new password hash and bumps session_epoch (every session ends); may activate too. */
  setPassword(id: string, passwordHash: string, at: Date, activate: boolean): Promise<void>;
}

export interface SessionStore {
  create(tokenHash: string, session: SessionRecord): Promise<void>;
  get(tokenHash: string): Promise<SessionRecord | undefined>;
  delete(tokenHash: string): Promise<void>;
}

export interface TokenStore {
  create(tokenHash: string, token: TokenRecord): Promise<void>;
  /** Deletes and answers the token if it exists, has this purpose and has not expired (atomic). */
  consume(tokenHash: string, purpose: TokenPurpose, at: Date): Promise<TokenRecord | undefined>;
}

export interface Limit {
  allowed: boolean;
  retryAfterSeconds: number;
}

export interface Throttle {
  /** Counts one event under `key` in a fixed window; answers whether the count is within `limit`. */
  hit(key: string, limit: number, windowSeconds: number, at: Date): Promise<Limit>;
  /** Whether `key` is still within `limit` in the current window, without counting. */
  peek(key: string, limit: number, windowSeconds: number, at: Date): Promise<Limit>;
  /** At most one event per `seconds` under `key` (e.g. one activation mail a minute). */
  cooldown(key: string, seconds: number, at: Date): Promise<Limit>;
}

export interface Secrets {
  hashPassword(password: string): Promise<string>;
  /** False without a hash, after the same work as a real check (timing does not reveal unknown addresses). */
  verifyPassword(password: string, hash: string | undefined): Promise<boolean>;
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
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
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
  log: Logger;
  /** Origin of the site for links in mails (configured, never taken from the request). */
  siteOrigin: string;
}
