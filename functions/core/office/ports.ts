/** What the office access rules need from the outside world (storage, TOTP, randomness). */
import type { AuditEntry } from '../audit/audit';

export interface SecondFactorRecord {
  userId: string;
  /** The confirmed TOTP secret (base32); absent until enrolment is confirmed. */
  secret?: string;
  /** A secret shown for enrolment and not confirmed yet. */
  pendingSecret?: string;
  /** The last time step a code was accepted for (a code is never accepted twice). */
  lastStep?: number;
  /** SHA-256 of each unused recovery code. */
  recoveryCodes: string[];
  enrolledAt?: string;
  /**
   * This enrolment's identity (new at each confirmed enrolment, gone with a reset): a session's
   * pass names it, so a pass made under an authenticator since removed opens nothing.
   * Enrolments confirmed before it existed have none (`LEGACY_PASS_ID`).
   */
  factorId?: string;
}

/**
 * What a session's second-factor pass was made under: the enrolment (its factorId) and the
 * organiser grant (the profile's organiser_grant). Both are checked on every office request.
 */
export interface SecondFactorPass {
  factor: string;
  grant: string;
}

export interface SecondFactorStore {
  get(userId: string): Promise<SecondFactorRecord | undefined>;
  /** Keeps a new pending secret (replacing an unconfirmed one), unless enrolment was confirmed meanwhile. */
  savePending(userId: string, secret: string, audit: AuditEntry): Promise<'saved' | 'already-enrolled'>;
  /** Confirms enrolment with the pending secret it was shown, as enrolment `factorId`, atomically; false if it changed or was confirmed. */
  confirm(userId: string, pendingSecret: string, step: number, recoveryCodeHashes: string[], factorId: string, audit: AuditEntry): Promise<boolean>;
  /** Moves lastStep forward to `step`; false when a code of this step (or later) was already used. */
  useStep(userId: string, step: number): Promise<boolean>;
  /** Removes one recovery code; false when it is not (or no longer) there. */
  useRecoveryCode(userId: string, hash: string, audit: AuditEntry): Promise<boolean>;
  /** Removes the enrolment (command line: an organiser lost their phone and their codes). */
  reset(userId: string, audit: AuditEntry): Promise<void>;
}

export interface OfficeSessions {
  /** The session passed the second factor at `at`, under this enrolment and grant. */
  markSecondFactor(sessionId: string, at: Date, pass: SecondFactorPass): Promise<void>;
  /** The session used the office at `at` (inactivity is counted from here). */
  touch(sessionId: string, at: Date): Promise<void>;
}

export interface Totp {
  newSecret(): string;
  uri(secret: string, account: string): string;
  /**
   * The time step of `code` if it is valid now by the real clock (one step of tolerance either
   * way), else undefined. Never the portal's clock: a phone's app follows real time, and the
   * portal's clock may run in 2024 locally (APP_NOW, tests' pinned instants).
   */
  verify(secret: string, code: string): Promise<number | undefined>;
}
