/**
 * A delegate's own data (issue 17): everything the portal holds about the account as one JSON
 * document, and the deletion of the account. Plain TypeScript over the `OwnDataDeps` ports; every
 * function takes the request's instant, so tests run on a fixed clock.
 *
 * Deletion keeps what accounting law requires (docs/decisions/0035-a-delegates-own-data-export-and-account-deletion.md): an
 * order or registration that money was received for stays, with its payments and refunds, but
 * every personal field of it is emptied; everything else of the account goes. The deletion runs
 * in steps (DynamoDB transactions hold at most 100 items): the profile is marked `deleting_at`
 * first, every step is safe to run again, and the last step replaces the profile by a tombstone
 * with the office's audit entry in the same transaction. An interrupted deletion is finished by
 * asking again: the password still logs in until the address is released in that last step.
 */
import { auditEntry, delegateActor, type AuditEntry } from '../audit/audit';
import { auditEntryWithMoney, type MoneyValue } from '../audit/audit-money';
import { wireAmount } from '../money';
import { accountLimits } from '../config/conference';
import { conflict, invalid, unauthorized } from '../errors';
import { text } from '../i18n/messages';
import type { MailMark } from '../mail/delivery';
import type { StoredAbstract } from '../abstracts/ports';
import { summaryOf, type IssuedDocument } from '../documents/model';
import type { StoredOrder } from '../orders/ports';
import { ORDER_STATUS, orderStatusNames } from '../orders/states';
import type { Payment, Refund, SubjectKind } from '../payments/model';
import { received } from '../payments/model';
import type { StoredRegistration } from '../registration-by-category/ports';
import type { PendingUpload, StoredFile } from '../uploads/ports';
import type { User } from './model';
import { scrubCopies, type AccountCopies, type CopiesScrubbed } from './account-copies';
import { leaseFrom, type DeletionLease } from './deletion-lease';
import { accountNameKeys } from './name-key';
import type { Claim, Logger, Secrets, Throttle } from './ports';

export const ownDataMessages = {
  exported: 'Your data.',
  passwordRequired: 'Please input your current password!',
  passwordWrong: 'The password is incorrect. Your account was not deleted.',
  inFlight:
    'Your account cannot be deleted while money is on its way: a card checkout still open (it closes within an hour), a bank transfer the office has not confirmed yet, or a refund still in progress. Please try again when it has settled.',
  refundFailed:
    'Your account cannot be deleted yet: a refund to you failed and the registration office is sending it another way. Please write to the office, or try again when it has been settled.',
  deleted: 'Your account has been deleted.',
  underWay: 'Your account is already being deleted (in another window or on another device). Please wait a minute and look again: if the deletion stopped, ask for it again.',
  changedMeanwhile: 'Your orders or files were changing while your account was being deleted, so it is not deleted completely yet. Please ask for the deletion again.',
  organiser:
    'This account has the registration office role. Please ask an administrator to revoke the role first (npm run organiser -- revoke); then the account can be deleted.',
  mailsNotKept:
    'The portal does not keep copies of the e-mails it sends. Mails about your account, orders and abstracts are written when something happens (each event is in audit_entries); the announcements the registration office sent to you are listed in office_mails.',
} as const;

/** How long paid orders and their payments are kept after the account is deleted (docs/decisions/0035-a-delegates-own-data-export-and-account-deletion.md). */
export const ACCOUNTING_RETENTION_YEARS = 10;

/** Payments, refunds and the subject they belong to (the registration's fee and dinners, or an order). */
export interface OwnLedger {
  payments: Payment[];
  refunds: Refund[];
}

/** An announcement of the office that went (or was meant) to this account's address. */
export interface OfficeMailRecord {
  job_id: string;
  subject: string;
  requested_at: string;
  state: string;
}

/** Everything the account's partition holds, read at once. */
export interface OwnRecords {
  user: User;
  orders: StoredOrder[];
  ledger: OwnLedger;
  registration?: StoredRegistration;
  abstracts: StoredAbstract[];
  files: StoredFile[];
  pending: PendingUpload[];
  /** Receipts, credit notes, visa letters, certificates issued to the account (core/documents). */
  documents: IssuedDocument[];
  /** Absent: announcements are sent (the default). */
  announcementsOptedOut: boolean;
  /** Item kinds of the partition this module does not know (kept and reported, never dropped silently). */
  other: { sk: string; entity?: string }[];
}

export interface OwnDataStore {
  read(userId: string): Promise<OwnRecords | undefined>;
  /** The audit entries about these objects, oldest first. */
  auditOf(objects: { type: string; id: string }[]): Promise<AuditEntry[]>;
  /** The office's mail jobs' recipients that were this account or this address. */
  officeMailsTo(userId: string, address: string): Promise<OfficeMailRecord[]>;
  mailMark(address: string): Promise<MailMark | undefined>;

  /**
   * Takes the deletion's lease on the profile (core/accounts/deletion-lease.ts): `held` when
   * another run's lease still holds (or the account is a tombstone already).
   */
  takeLease(userId: string, lease: DeletionLease, now: Date): Promise<'ok' | 'held'>;
  /** Gives the lease back (only the run's own: a lapsed one another run took is left alone). */
  releaseLease(userId: string, run: string): Promise<void>;
  /**
   * Marks the profile `deleting_at` (unless marked already) and, with `endSessions`, ends every
   * session (session_epoch + 1); only while the run holds the lease.
   */
  markDeleting(userId: string, run: string, at: Date, endSessions: boolean): Promise<StepResult>;
  /**
   * Deletes the objects from S3, then their FILE# / PENDING# items (with the office's counters),
   * in batches; `entries[i]` is the audit entry of `files[i]`, written with its delete.
   */
  removeUploads(userId: string, files: StoredFile[], pending: PendingUpload[], entries: AuditEntry[]): Promise<StepResult>;
  removeAbstracts(userId: string, abstracts: StoredAbstract[], entries: AuditEntry[]): Promise<StepResult>;
  /** Deletes the documents' PDFs (if rendered) from S3, then their items, each with its entry. */
  removeDocuments(userId: string, documents: IssuedDocument[], entries: AuditEntry[]): Promise<StepResult>;
  /**
   * An order nobody paid: the order (over the version read), its ledger records (failed or
   * given-up attempts, each over its version) and every item of it in the office's lists, in one
   * transaction (the records in chunks before it when there are too many, each chunk over the
   * order's version): an order is never left without its rows.
   */
  removeOrder(order: StoredOrder, ledger: OwnLedger, entry: AuditEntry, run: string): Promise<StepResult>;
  /** Writes the anonymised order over the version read (and its rows in the office's lists); no entry when it was anonymised already. */
  keepOrder(anonymised: StoredOrder, base: StoredOrder, run: string, entry?: AuditEntry): Promise<StepResult>;
  removeRegistration(registration: StoredRegistration, ledger: OwnLedger, entry: AuditEntry, run: string): Promise<StepResult>;
  keepRegistration(anonymised: StoredRegistration, base: StoredRegistration, run: string, entry?: AuditEntry): Promise<StepResult>;
  /**
   * The last step, one transaction: the tombstone replaces the profile, the address claim, name
   * keys, counters (each over the count read), mail preference and second factor go, the
   * address's mail mark goes, and the audit entry is written. `changed` when the account holds
   * anything the steps should have removed (made meanwhile), or a counter moved.
   */
  finish(user: User, tombstone: DeletedAccount, audit: AuditEntry, nameKeys: string[], run: string): Promise<StepResult>;
}

/**
 * What a step of the deletion did: `changed` when what it was to write over had changed since
 * it was read (its conditions failed): the deletion reads the account again and goes on from there.
 */
export type StepResult = 'ok' | 'changed';

export interface OwnDataDeps {
  store: OwnDataStore;
  /** The account's data outside its partition that is no accounting record (scrubbed or withdrawn). */
  copies: AccountCopies;
  secrets: Pick<Secrets, 'verifyPassword' | 'newId'>;
  throttle: Pick<Throttle, 'claim' | 'release'>;
  log: Logger;
}

/**
 * What stays of a deleted account: its id (kept orders and the audit log name it), when it was
 * made, activated and deleted, its numeric states; every text emptied and no password hash. The
 * session epoch is one more than the account's last: any session still held reads as ended.
 */
export type DeletedAccount = Omit<User, 'password_hash' | 'deletion_run' | 'deletion_until'> & { deleted_at: string };

export function tombstoneOf(user: User, now: Date): DeletedAccount {
  const { password_hash: _hash, deletion_run: _run, deletion_until: _until, ...rest } = user;
  return { ...anonymiseRecord(rest, ['id', 'created_at', 'activated_at']), role: 'delegate', session_epoch: user.session_epoch + 1, updated_at: now.toISOString(), deleted_at: now.toISOString() };
}

// ---------------------------------------------------------------------------------------------
// What is kept, what is in flight

/** The ledger records of one subject. */
export function ledgerOf(ledger: OwnLedger, kind: SubjectKind | SubjectKind[], id: string): OwnLedger {
  const kinds = Array.isArray(kind) ? kind : [kind];
  const mine = (s: { kind: SubjectKind; id: string }) => kinds.includes(s.kind) && s.id === id;
  return { payments: ledger.payments.filter((p) => mine(p.subject)), refunds: ledger.refunds.filter((r) => mine(r.subject)) };
}

/**
 * Receipts and credit notes are accounting vouchers: kept as issued (a voucher altered afterwards
 * is no voucher). Visa letters and certificates are about the person only: deleted with the account.
 */
export const documentKept = (doc: Pick<IssuedDocument, 'kind'>) => doc.kind === 'receipt' || doc.kind === 'credit-note';

/** Money was received for it (also if all of it went back since): an accounting record. */
export const moneyReceived = (ledger: OwnLedger) => ledger.payments.some((p) => received(p) > 0);

/** The registration by category's subjects: its fee and its dinners, named by the registration number. */
const registrationKinds: SubjectKind[] = ['registration-fee', 'registration-dinners'];

export function registrationLedger(records: Pick<OwnRecords, 'registration' | 'ledger'>): OwnLedger {
  return records.registration ? ledgerOf(records.ledger, registrationKinds, records.registration.register_code) : { payments: [], refunds: [] };
}

/** Whether the registration by category is kept: money received for it, or the account says it is paid. */
export const registrationKept = (r: StoredRegistration, ledger: OwnLedger) => moneyReceived(ledger) || (r.pay_status ?? 1) > 1 || (r.repast_status ?? 1) > 1;

/**
 * Why the account cannot be deleted now, or null. Money on its way: a payment not settled (a
 * checkout open or being made, a transfer announced and not confirmed), a refund not done, an
 * order Checking or Refunding; or a refund that failed and that the office settles by hand.
 */
export function deletionBlocker(records: Pick<OwnRecords, 'orders' | 'ledger' | 'registration'>): string | null {
  const open = records.ledger.payments.some((p) => p.state === 'created' || p.state === 'pending') || records.ledger.refunds.some((r) => r.state === 'created' || r.state === 'pending');
  const orderInFlight = records.orders.some((o) => o.payment_status === ORDER_STATUS.checking || o.payment_status === ORDER_STATUS.refunding);
  const registrationInFlight = records.registration ? records.registration.pay_status === 3 || records.registration.repast_status === 3 : false;
  if (open || orderInFlight || registrationInFlight) return ownDataMessages.inFlight;
  const refundFailed = records.orders.some((o) => o.payment_status === ORDER_STATUS.paid && o.refund_failed_at) || Boolean(records.registration?.refund_failed_at);
  return refundFailed ? ownDataMessages.refundFailed : null;
}

/**
 * A record with only `keep` fields as they were: every other text emptied, every list and nested
 * object emptied (names, addresses, passport data, phone numbers, e-mail, dietary and assistance
 * notes, accompanying persons, group members). Numbers and flags stay: they are the amounts,
 * counts and choices the price was made of.
 */
export function anonymiseRecord<T extends object>(record: T, keep: readonly string[]): T {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(record)) {
    if (keep.includes(name) || value === null || value === undefined || typeof value === 'number' || typeof value === 'boolean') out[name] = value;
    else if (typeof value === 'string') out[name] = '';
    else if (Array.isArray(value)) out[name] = [];
    else out[name] = {};
  }
  return out as T;
}

/** What an accountant needs of an order: its numbers, dates, amounts, method, rate basis (the country of the address) and the hotel nights priced. */
export const orderKeptFields = [
  'id', 'owner_id', 'order_no', 'reference', 'checksum', 'currency', 'payment_method', 'created_at', 'updated_at', 'paid_at', 'cancelled_at', 'cancel_note', 'refund_failed_at',
  'primary_address_country', 'check_in_date', 'check_out_date', 'anonymised_at',
] as const;

/** A registration by category's number, its fee period and fees, its money states and dates. */
export const registrationKeptFields = [
  'owner_id', 'register_code', 'period', 'fees', 'created_at', 'updated_at', 'paid_at', 'dinners_paid_at', 'cancelled_at', 'refund_failed_at', 'anonymised_at',
] as const;

/** The order kept for accounting; no longer asking for a visa letter (that is about the person, and priced nothing). */
export function anonymiseOrder(order: StoredOrder, at: Date): StoredOrder {
  // The visa letter's review and the attendance mark are about the person (and the certificate), not the money.
  const { visa_review: _review, attendance: _attendance, ...rest } = order;
  return { ...anonymiseRecord(rest, orderKeptFields), visa_required: 0, attendance: null, anonymised_at: at.toISOString(), updated_at: at.toISOString() };
}
/** The dinner choices of a person on a registration: what its dinners cost (numbers and Yes/No, no name). */
const dinnerChoices = ['gala_dinner', 'working_lunch'] as const;

/**
 * The registration kept for accounting: its own numbers, and of each person on it only what was
 * priced (that they were on it, their dinner choices), so that what it costs stays what was paid
 * (its fee and dinners are counted from those rows: registration-by-category/cost-detail.ts).
 */
export function anonymiseRegistration(r: StoredRegistration, at: Date): StoredRegistration {
  const priced = <T extends object>(person: T) => anonymiseRecord(person, dinnerChoices);
  return {
    ...anonymiseRecord(r, [...registrationKeptFields, ...dinnerChoices]),
    accompany: (r.accompany ?? []).map(priced),
    groups: (r.groups ?? []).map(priced),
    anonymised_at: at.toISOString(),
    updated_at: at.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Export

/** The profile without its secrets (password hash, session epoch) and without storage fields. */
export function exportedProfile(user: User) {
  const { password_hash: _hash, session_epoch: _epoch, deletion_run: _run, deletion_until: _until, ...profile } = user;
  return {
    ...profile,
    ...(profile.register_fee !== undefined ? { register_fee: usd(profile.register_fee) } : {}),
    ...(profile.dinner_fee !== undefined ? { dinner_fee: usd(profile.dinner_fee) } : {}),
  };
}

/** Money in the export: an amount with its currency ("650.00" USD), as people and spreadsheets read it, never cents. */
const money = (cents: number, currency: string): MoneyValue => ({ amount: wireAmount(cents), currency: currency === 'CNY' ? 'CNY' : 'USD' });
const usd = (cents: number) => money(cents, 'USD');

export async function exportOwnData(deps: OwnDataDeps, userId: string, now: Date) {
  const records = await deps.store.read(userId);
  if (!records || records.user.deleted_at) throw unauthorized('Your session has ended. Please log in again.');
  const { user } = records;
  const objects = [
    { type: 'account', id: user.id },
    ...records.orders.map((o) => ({ type: 'order', id: o.id })),
    ...records.abstracts.map((a) => ({ type: 'abstract', id: a.id })),
    ...records.files.map((f) => ({ type: 'file', id: f.id })),
    ...(records.registration ? [{ type: 'registration', id: records.registration.register_code }] : []),
    ...records.ledger.payments.map((p) => ({ type: 'payment', id: p.id })),
    ...records.ledger.refunds.map((r) => ({ type: 'refund', id: r.id })),
    ...records.documents.map((d) => ({ type: 'document', id: d.id })),
  ];
  const [audit, officeMails, mark] = await Promise.all([deps.store.auditOf(objects), deps.store.officeMailsTo(user.id, user.email), deps.store.mailMark(user.email)]);
  const document = {
    // 2: every amount as { amount: "650.00", currency: "USD" } (1 gave cents).
    format: 'congress-portal-own-data/2',
    exported_at: now.toISOString(),
    account: exportedProfile(user),
    orders: records.orders.map((o) => ({ ...o, amount_required: money(o.amount_required, o.currency), payment_status_name: orderStatusNames[o.payment_status] })),
    registration_by_category: records.registration
      ? { ...records.registration, fees: Object.fromEntries(Object.entries(records.registration.fees).map(([k, cents]) => [k, usd(cents)])) as Record<keyof StoredRegistration['fees'], MoneyValue> }
      : null,
    payments: records.ledger.payments.map(({ checkout_url: _url, ...p }) => ({ ...p, amount: money(p.amount, p.currency) })),
    refunds: records.ledger.refunds.map((r) => ({ ...r, amount: money(r.amount, r.currency) })),
    abstracts: records.abstracts,
    /** What each says is in its PDF, downloaded from the account's pages. */
    documents: records.documents.map(summaryOf),
    files: [...records.files, ...records.pending].map((f) => ({
      id: f.id,
      name: f.name,
      purpose: f.purpose,
      size: f.size,
      confirmed: 'uploaded_at' in f,
      uploaded_at: 'uploaded_at' in f ? f.uploaded_at : null,
      abstract_id: 'abstract_id' in f ? (f.abstract_id ?? null) : null,
    })),
    mail: {
      announcements: records.announcementsOptedOut ? 'opted-out' : 'subscribed',
      delivery_problem: mark ? { problem: mark.kind, at: mark.at, diagnostic: mark.diagnostic } : null,
      copies_kept: false,
      explanation: ownDataMessages.mailsNotKept,
      office_mails: officeMails,
    },
    audit_entries: audit.map(auditEntryWithMoney),
  };
  return { message: ownDataMessages.exported, data: document };
}

// ---------------------------------------------------------------------------------------------
// Deletion

/** The password, checked as change-password checks it: a stolen session cannot guess it, five tries per 15 minutes. */
async function confirmPassword(deps: OwnDataDeps, user: User, password: string, now: Date) {
  const rule = accountLimits.currentPasswordFailures;
  const claim: Claim = await deps.throttle.claim(`password-check:${user.id}`, rule.limit, rule.windowSeconds, now);
  if (!claim.allowed) {
    const minutes = Math.max(1, Math.ceil(claim.retryAfterSeconds / 60));
    throw invalid(text('api.account.deleteThrottled', { minutes }), { password: ownDataMessages.passwordWrong });
  }
  if (!(await deps.secrets.verifyPassword(password, user.password_hash))) throw invalid(ownDataMessages.passwordWrong, { password: ownDataMessages.passwordWrong });
  await deps.throttle.release(claim);
}

/** What the deletion did, for the answer and the audit entry. */
export interface DeletionSummary {
  files_deleted: number;
  abstracts_deleted: number;
  orders_deleted: number;
  orders_kept_anonymised: string[];
  registration: 'none' | 'deleted' | 'kept-anonymised';
  documents_deleted: number;
  /** Receipts and credit notes, kept as issued. */
  documents_kept: string[];
  /** Copies outside the account emptied or withdrawn (core/accounts/account-copies.ts). */
  copies: CopiesScrubbed;
}

/** How often the deletion reads the account again when one of its steps found it changed. */
const DELETION_PASSES = 4;

const blockerReason = (blocker: string) => (blocker === ownDataMessages.inFlight ? 'money_in_flight' : 'refund_failed');

/**
 * POST /account/delete: the password, then (docs/decisions/0041-account-deletion-and-money-in-flight.md)
 * 1. no money in flight in the account as read (else 409, nothing written);
 * 2. the lease (core/accounts/deletion-lease.ts): from here no order, payment or refund can start
 *    for the account, and a second deletion asked meanwhile is refused;
 * 3. the account read again: what money started before the lease is seen now (409, the lease
 *    given back, the account as it was: not marked, its sessions alive);
 * 4. marked `deleting_at`, sessions ended; the steps, each over the versions read and the lease;
 *    a step that finds its records changed (a provider's event, the office's edit) makes the
 *    deletion read again and go on from what is left; the tombstone last.
 * An interrupted deletion (its lease lapses) is finished by asking again.
 */
export async function deleteAccount(deps: OwnDataDeps, userId: string, input: { password: string }, now: Date) {
  const first = await deps.store.read(userId);
  if (!first || first.user.deleted_at) throw unauthorized('Your session has ended. Please log in again.');
  await confirmPassword(deps, first.user, input.password, now);
  // The office's accounts are handed over, not deleted from the account centre: the role is revoked first.
  if (first.user.role === 'organiser') throw conflict(ownDataMessages.organiser, { reason: 'organiser' });
  const early = deletionBlocker(first);
  if (early) throw conflict(early, { reason: blockerReason(early) });

  const lease = leaseFrom(deps.secrets.newId(), now);
  if ((await deps.store.takeLease(userId, lease, now)) === 'held') throw conflict(ownDataMessages.underWay, { reason: 'deletion_under_way' });
  let finished = false;
  try {
    const summary = emptySummary();
    for (let pass = 1; pass <= DELETION_PASSES; pass++) {
      const records = await deps.store.read(userId);
      if (!records || records.user.deleted_at) throw unauthorized('Your session has ended. Please log in again.');
      const blocker = deletionBlocker(records);
      if (blocker) throw conflict(blocker, { reason: blockerReason(blocker) });
      if ((await deletionPass(deps, records, lease.run, summary, now)) === 'ok') {
        finished = true;
        return { message: ownDataMessages.deleted, data: summary };
      }
    }
    throw conflict(ownDataMessages.changedMeanwhile, { reason: 'changed' });
  } finally {
    // A refusal gives the lease back at once (a lapsed one would hold money back for minutes); the tombstone has none.
    if (!finished) await deps.store.releaseLease(userId, lease.run);
  }
}

/** What the deletion did, for the answer and the audit entry (over every pass: what an earlier pass did is not done again). */
const emptySummary = (): DeletionSummary => ({ files_deleted: 0, abstracts_deleted: 0, orders_deleted: 0, orders_kept_anonymised: [], registration: 'none', documents_deleted: 0, documents_kept: [], copies: { mail_recipients: 0, statement_lines: 0, exports_withdrawn: 0 } });

/** One pass over the account as read: every step, then the tombstone; `changed` as soon as a step found its records changed. */
async function deletionPass(deps: OwnDataDeps, records: OwnRecords, run: string, summary: DeletionSummary, now: Date): Promise<StepResult> {
  const { user } = records;
  // Sessions end once, when the account is first marked: a deletion asked again after an interrupted one keeps the new login's.
  if ((await deps.store.markDeleting(user.id, run, now, !user.deleting_at)) === 'changed') return 'changed';
  const actor = delegateActor(user.id);
  const entry = (action: string, object: { type: string; id: string }, after?: Record<string, unknown>) =>
    auditEntry({ action, actor, at: now, object, reason: 'The delegate deleted their account.', ...(after ? { after } : {}) });
  const step = async (run: () => Promise<StepResult>, count: () => void) => {
    const result = await run();
    if (result === 'ok') count();
    return result;
  };
  if ((await step(() => deps.store.removeUploads(user.id, records.files, records.pending, records.files.map((f) => entry('file.deleted', { type: 'file', id: f.id }, { name: f.name, purpose: f.purpose }))), () => (summary.files_deleted += records.files.length + records.pending.length))) === 'changed') return 'changed';
  if ((await step(() => deps.store.removeAbstracts(user.id, records.abstracts, records.abstracts.map((a) => entry('abstract.deleted', { type: 'abstract', id: a.id }))), () => (summary.abstracts_deleted += records.abstracts.length))) === 'changed') return 'changed';
  const gone = records.documents.filter((d) => !documentKept(d));
  if ((await step(() => deps.store.removeDocuments(user.id, gone, gone.map((d) => entry('document.deleted', { type: 'document', id: d.id }, { kind: d.kind, file_name: d.file_name }))), () => (summary.documents_deleted += gone.length))) === 'changed') return 'changed';
  summary.documents_kept = records.documents.filter(documentKept).map((d) => d.number ?? d.file_name);

  for (const order of records.orders) {
    const ledger = ledgerOf(records.ledger, 'order', order.id);
    if (moneyReceived(ledger)) {
      // Anonymised already by an earlier, interrupted run (or pass): written again as it is, with no second entry.
      const result = order.anonymised_at
        ? await deps.store.keepOrder(order, order, run)
        : await deps.store.keepOrder(anonymiseOrder(order, now), order, run, entry('order.anonymised', { type: 'order', id: order.id }, { order_no: order.order_no }));
      if (result === 'changed') return 'changed';
      if (!summary.orders_kept_anonymised.includes(order.order_no)) summary.orders_kept_anonymised.push(order.order_no);
    } else {
      if ((await deps.store.removeOrder(order, ledger, entry('order.deleted', { type: 'order', id: order.id }, { order_no: order.order_no }), run)) === 'changed') return 'changed';
      summary.orders_deleted += 1;
    }
  }
  const registration = records.registration;
  if (registration) {
    const ledger = registrationLedger(records);
    const object = { type: 'registration', id: registration.register_code };
    if (registrationKept(registration, ledger)) {
      const result = registration.anonymised_at
        ? await deps.store.keepRegistration(registration, registration, run)
        : await deps.store.keepRegistration(anonymiseRegistration(registration, now), registration, run, entry('registration.anonymised', object));
      if (result === 'changed') return 'changed';
      summary.registration = 'kept-anonymised';
    } else {
      if ((await deps.store.removeRegistration(registration, ledger, entry('registration.deleted', object), run)) === 'changed') return 'changed';
      summary.registration = 'deleted';
    }
  }
  if (records.other.length > 0) deps.log.info('account.deleted: items kept that this module does not know', { user_id: user.id, items: records.other });
  // Before the tombstone: a deletion that stops here is finished by asking again, which does them again.
  const copies = await scrubCopies(deps.copies, user, now);
  summary.copies = {
    mail_recipients: summary.copies.mail_recipients + copies.mail_recipients,
    statement_lines: summary.copies.statement_lines + copies.statement_lines,
    exports_withdrawn: summary.copies.exports_withdrawn + copies.exports_withdrawn,
  };

  const audit = auditEntry({
    action: 'account.deleted',
    actor,
    at: now,
    object: { type: 'account', id: user.id },
    after: { ...summary, kept_until_year: new Date(now).getUTCFullYear() + ACCOUNTING_RETENTION_YEARS },
  });
  return deps.store.finish(user, tombstoneOf(user, now), audit, accountNameKeys(user), run);
}
