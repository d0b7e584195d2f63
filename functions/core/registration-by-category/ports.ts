/** What the registration by category needs from storage and the upload records, and the registration as stored. */
import type { AuditEntry } from '../audit/audit';
import type { FileStore } from '../uploads/ports';
import { REGISTRATION_TYPE, type FeePeriodId } from './fees';
import type { RegistrationForm } from './schemas';

/** register_status of the spec (section 4): 0 nothing to review, 1 under review, 2 documents rejected. */
export const REGISTER_STATUS = { none: 0, inReview: 1, rejected: 2 } as const;
/**
 * What the delegate is told in each review state (spec "Screen behaviours", /common/reload). A
 * society member handed in a member number, not documents: their refusal says what was refused.
 */
export const reviewStateTexts = {
  inReview: 'Your registration information is under review, please wait patiently.',
  rejected: 'The supporting documents you uploaded are not approved, please re-upload.',
  memberRejected: 'The OESO member number you gave is not approved, please enter it again.',
} as const;

/** The refusal as the registration's type hands in its proof: the member number (type 2), or documents. */
export const rejectedText = (type: number) => (type === REGISTRATION_TYPE.member ? reviewStateTexts.memberRejected : reviewStateTexts.rejected);

export type RegisterStatus = (typeof REGISTER_STATUS)[keyof typeof REGISTER_STATUS];

// ---------------------------------------------------------------------------------------------
// Money of the registration (cost detail, dinners, payment): pay_status and repast_status as the
// spec numbers them, moved only by a confirmed payment (registration-payables.ts).

/**
 * pay_status (registration fee) and repast_status (dinners): 1 unpaid, 2 paid (spec section 4);
 * a cancellation adds 3 refunding (its card refund asked for) and 4 refunded (the provider made it).
 */
export const PAY_STATUS = { unpaid: 1, paid: 2, refunding: 3, refunded: 4 } as const;
export type PayStatus = (typeof PAY_STATUS)[keyof typeof PAY_STATUS];

export interface RegistrationMoney {
  /** Absent on a registration stored before payments: unpaid. */
  pay_status?: PayStatus;
  repast_status?: PayStatus;
  paid_at?: string;
  dinners_paid_at?: string;
  /** The delegate cancelled the registration (core/registration-by-category/cancel-registration.ts): nothing can be paid or changed after. */
  cancelled_at?: string;
  /** A card refund of the cancellation failed: its subject is paid again and the office refunds another way. */
  refund_failed_at?: string;
}

export interface StoredRegistration extends RegistrationForm, RegistrationMoney {
  owner_id: string;
  owner_email: string;
  sequence: number;
  /** The registration number people quote (OESO-000123), assigned once. */
  register_code: string;
  register_status: RegisterStatus;
  /** The fee period in force when the delegate registered, and the fees of that period (USD cents, server-computed). */
  period: FeePeriodId;
  fees: { registrant: number; accompanying: number; members: number; total: number };
  created_at: string;
  updated_at: string;
  // --- Review and voucher (core/registration-by-category/review.ts) ---
  /** When the proof was last handed in (the review queue's order, oldest first). */
  submitted_at?: string;
  /** The office's reason for its last rejection (shown to the delegate on /common/reload). */
  review_reason?: string;
  /** The office's last decision: when, by whom. */
  decided_at?: string;
  decided_by?: string;
  /** The payment voucher's file id (purpose 'voucher') and its name. */
  payment_voucher?: string;
  payment_voucher_name?: string;
  /** The account was deleted: kept for accounting with its personal fields emptied (core/accounts/own-data.ts). */
  anonymised_at?: string;
}

/** The file ids a registration names as its supporting documents (the uploads guard keeps them: core/uploads/uploads.ts). */
export const documentsOf = (r: Pick<StoredRegistration, 'young_investigator_files' | 'fellow_files'> | undefined) => (r ? [...r.young_investigator_files, ...r.fellow_files] : []);

/** What the account shows of its registration (spec "User info"), kept on the profile item so GET /get_person_info stays one read. */
export interface RegistrationSummary {
  regiatration_type: number;
  register_code: string;
  /** USD cents. */
  register_fee: number;
  register_status: RegisterStatus;
  oeso_member: string;
  young_file: string[];
  fellow_file: string[];
}

export interface RegistrationStore {
  /** The next registration sequence number (one atomic counter for all registrations). */
  nextSequence(): Promise<number>;
  /**
   * Stores the registration, puts its summary and the personal fields on the profile, moves the
   * profile's name keys and writes the audit entry, in one transaction: 'exists' when the owner
   * has a registration already, 'account-deleting' while a deletion of the account is under way
   * (core/accounts/deletion-lease.ts).
   */
  create(
    registration: StoredRegistration,
    profile: { fields: Record<string, unknown>; names: { before: string[]; after: string[] } },
    audit: AuditEntry,
  ): Promise<'created' | 'exists' | 'account-deleting'>;
  get(ownerId: string): Promise<StoredRegistration | undefined>;
  /**
   * Writes the registration's dinner choices (the whole registration as changed) over the version
   * read, the profile's dinner_fee and the audit entry, in one transaction: 'conflict' when the
   * registration moved since it was read or its dinners were paid meanwhile.
   */
  saveDinners(registration: StoredRegistration, base: string, profile: { dinner_fee: number }, audit: AuditEntry): Promise<'ok' | 'conflict'>;
  // --- Review and voucher (core/registration-by-category/review.ts) ---
  /**
   * Writes the registration over the version read (its `updated_at` was `expectedVersion`), sets
   * `profile` fields on the profile item and writes the audit entry, in one transaction: 'stale'
   * when the registration changed meanwhile.
   */
  replace(registration: StoredRegistration, expectedVersion: string, profile: Record<string, unknown>, audit: AuditEntry): Promise<'ok' | 'stale'>;
  /** A page of the office's list: every registration newest first, or the review queue oldest first. */
  page(list: RegistrationList, limit: number, cursor: string | undefined): Promise<{ items: StoredRegistration[]; cursor: string | null }>;
  /** How many registrations the list holds (the office's total over its pages). */
  count(list: RegistrationList): Promise<number>;
}

/** The office's lists of registrations: all of them, or those waiting for review (register_status 1). */
export const registrationLists = ['all', 'review'] as const;
export type RegistrationList = (typeof registrationLists)[number];

export interface RegistrationDeps {
  registrations: RegistrationStore;
  files: Pick<FileStore, 'get'>;
  /** The delegate's profile (its name keys move with the names the form gives). */
  profile(ownerId: string): Promise<{ first_name: string; last_name: string; status: number } | undefined>;
}
