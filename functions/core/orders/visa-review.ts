/**
 * The review of an order's passport data for its visa invitation letter (issue 17), and the
 * delegate's side of it. An order with visa support requested waits for the registration office
 * (pending); the office approves the typed data against the passport scan, or asks the delegate
 * to correct it (the message is mailed); the delegate's correction puts it back under review. The
 * letter (core/documents/visa-letter.ts) is issued once the order is both paid and approved
 * (core/office/visa-letters.ts). Every move is a pure function over the order, written over the
 * version read (`updated_at`) with its audit entry in one transaction.
 *
 *   pending --approve--> approved --(passport data changed by the delegate)--> pending
 *   pending --ask to correct(message)--> correction-requested --delegate corrects--> pending
 *   approved --ask to correct(message)--> correction-requested     (the office found a mistake later)
 */
import { auditEntry, changedFields, delegateActor, type Actor, type AuditEntry } from '../audit/audit';
import type { Logger, Mailer } from '../accounts/ports';
import type { DocumentSummary, IssuedDocument } from '../documents/model';
import { conflict, forbidden, invalid, notFound } from '../errors';
import type { RecipientLanguages } from '../mail/recipient-language';
import type { FileStore } from '../uploads/ports';
import { nextVersion } from '../versions';
import type { StoredOrder } from './ports';
import { ORDER_STATUS } from './states';
import { passportFields, type PassportField } from './form-fields';

export type VisaReviewStatus = 'pending' | 'approved' | 'correction-requested';

export interface VisaReview {
  status: VisaReviewStatus;
  /** What the office asked the delegate to correct (correction-requested). */
  message?: string;
  /** The last decision: when and by whom (the organiser's address). */
  reviewed_at?: string;
  reviewer?: string;
  /** Since when it waits for the office (the queue is oldest first). */
  pending_since: string;
  /** The letter issued for the data as approved (none yet: not paid, or not approved). */
  letter_id?: string | null;
}

export { passportFields, type PassportField } from './form-fields';
export type PassportData = Pick<StoredOrder, PassportField>;

export const visaMessages = {
  notRequested: 'This order has not asked for visa support.',
  notPending: 'The passport data of this order is not waiting for review (it was decided already).',
  notCorrectable: 'The passport data of this order is not waiting for a correction.',
  stale: 'This order changed since you opened it (the delegate or another organiser acted). Please reload it and decide again.',
  changed: 'Your order changed meanwhile. Please reload the page and try again.',
  messageRequired: 'Please say what the delegate should correct.',
  cancelled: 'This order is cancelled: it gets no visa letter.',
  notPaid: 'The visa invitation letter is issued once the order is paid.',
  notApproved: 'The visa invitation letter is issued once the registration office has approved the passport data.',
  noLetter: 'No visa invitation letter has been issued for this order yet.',
  passportNotFound: 'The uploaded passport page was not found. Please upload it again.',
  approved: 'The passport data is approved.',
  approvedWithLetter: 'The passport data is approved and the visa invitation letter is issued: the delegate can download it from the order list.',
  approvedUnpaid: 'The passport data is approved. The visa invitation letter is issued when the order is paid.',
  correctionRequested: 'The delegate has been asked by e-mail to correct the passport data.',
  correctionMailFailed: 'The request is saved and shown on the order list, but the e-mail to the delegate could not be sent.',
  regenerated: 'A new version of the visa invitation letter is issued; it replaces the previous one.',
  corrected: 'Thank you. Your corrected passport data is with the registration office for review.',
} as const;

/** The order's review: orders from before reviews existed (or never reviewed) wait since they were placed. */
export function visaReviewOf(order: Pick<StoredOrder, 'visa_required' | 'visa_review' | 'created_at'>): VisaReview | null {
  if (order.visa_required !== 1) return null;
  return order.visa_review ?? { status: 'pending', pending_since: order.created_at, letter_id: null };
}

/** Whether the order is in the office's queue: visa requested, waiting for review, not cancelled. */
export const inVisaQueue = (order: StoredOrder) =>
  visaReviewOf(order)?.status === 'pending' && order.payment_status !== ORDER_STATUS.cancelled && order.payment_status !== ORDER_STATUS.refunding;

const passportOf = (o: PassportData) => Object.fromEntries(passportFields.map((f) => [f, o[f] ?? ''])) as PassportData;
const passportChanged = (a: PassportData, b: PassportData) => passportFields.some((f) => (a[f] ?? '') !== (b[f] ?? ''));

/** The office's decision on data waiting for review (approve), or at any time before a cancellation (ask to correct). */
export function decidedVisa(order: StoredOrder, decision: 'approve' | 'correct', message: string, actor: Actor, now: Date): StoredOrder {
  const review = visaReviewOf(order);
  if (!review) throw conflict(visaMessages.notRequested);
  if (order.payment_status === ORDER_STATUS.cancelled || order.payment_status === ORDER_STATUS.refunding) throw conflict(visaMessages.cancelled);
  const why = message.trim();
  if (decision === 'approve' && review.status !== 'pending') throw conflict(visaMessages.notPending);
  if (decision === 'correct' && review.status === 'correction-requested') throw conflict(visaMessages.notPending);
  if (decision === 'correct' && !why) throw invalid(visaMessages.messageRequired, { message: visaMessages.messageRequired });
  const at = nextVersion(order.updated_at, now);
  const next: VisaReview =
    decision === 'approve'
      ? // A new approval wants its own letter (issued now if the order is paid, else on payment).
        { status: 'approved', reviewed_at: at, reviewer: actor.email ?? actor.id, pending_since: review.pending_since, letter_id: null }
      : { status: 'correction-requested', message: why, reviewed_at: at, reviewer: actor.email ?? actor.id, pending_since: review.pending_since, letter_id: review.letter_id ?? null };
  return { ...order, visa_review: next, updated_at: at };
}

/** The delegate's corrected data: only the passport fields, back under review. */
export function correctedVisa(order: StoredOrder, data: PassportData, now: Date): StoredOrder {
  const review = visaReviewOf(order);
  if (!review) throw conflict(visaMessages.notRequested);
  if (review.status !== 'correction-requested') throw conflict(visaMessages.notCorrectable);
  if (order.payment_status === ORDER_STATUS.cancelled || order.payment_status === ORDER_STATUS.refunding) throw conflict(visaMessages.cancelled);
  const at = nextVersion(order.updated_at, now);
  return { ...order, ...passportOf(data), visa_review: { status: 'pending', pending_since: at, letter_id: review.letter_id ?? null }, updated_at: at };
}

/**
 * An order the delegate saved through the order form (core/orders/save-order.ts): approved or
 * correction-requested passport data that changed goes back under review; a visa asked for
 * anew starts pending. Anything else keeps its review as it was.
 */
export function visaReviewAfterEdit(before: StoredOrder, after: StoredOrder, at: string): StoredOrder {
  if (after.visa_required !== 1) return after;
  const review = visaReviewOf(before);
  const pending: VisaReview = { status: 'pending', pending_since: at, letter_id: before.visa_review?.letter_id ?? null };
  if (!review) return { ...after, visa_review: pending };
  if (review.status === 'pending' || !passportChanged(passportOf(before), passportOf(after))) return after;
  return { ...after, visa_review: pending };
}

/** What the delegate's order list says about the letter. */
export function visaLetterState(order: StoredOrder) {
  const review = visaReviewOf(order);
  if (!review) return null;
  const cancelled = order.payment_status === ORDER_STATUS.cancelled || order.payment_status === ORDER_STATUS.refunding;
  return {
    status: review.status,
    /** The correction the office asked for (correction-requested only). */
    message: review.status === 'correction-requested' ? (review.message ?? '') : null,
    can_correct: review.status === 'correction-requested' && !cancelled,
    /** A letter was issued for this order (the download is the documents' list). */
    letter_issued: Boolean(review.letter_id),
    paid: order.payment_status === ORDER_STATUS.paid,
  };
}
export type VisaLetterState = NonNullable<ReturnType<typeof visaLetterState>>;

/** Why an order has no letter now (null: it may have one). */
export function letterRefusal(order: StoredOrder): string | null {
  const review = visaReviewOf(order);
  if (!review) return visaMessages.notRequested;
  if (order.payment_status === ORDER_STATUS.cancelled || order.payment_status === ORDER_STATUS.refunding) return visaMessages.cancelled;
  if (order.payment_status !== ORDER_STATUS.paid) return visaMessages.notPaid;
  if (review.status !== 'approved') return visaMessages.notApproved;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Use cases over ports

/** A letter as its owner's list of documents shows it (no spec, no storage key). */
export type LetterRecord = DocumentSummary;

export interface VisaStore {
  get(ownerId: string, id: string): Promise<StoredOrder | undefined>;
  /**
   * Writes the order over the version `base` (its list rows with it), the audit entries and the
   * letter (marking the one it replaces) in one transaction: 'stale' when another write came first.
   */
  write(order: StoredOrder, base: string, change: { audit: AuditEntry[]; letter?: IssuedDocument }): Promise<'ok' | 'stale'>;
  /** The order's visa letters, any order. */
  letters(order: StoredOrder): Promise<LetterRecord[]>;
}

export interface VisaDeps {
  visa: VisaStore;
  files: Pick<FileStore, 'get'>;
  mailer: Mailer;
  log: Logger;
  newId(): string;
  siteOrigin: string;
  /** The delegate's language, for the mails (none: English). */
  languages?: RecipientLanguages;
}

async function ownOrder(deps: Pick<VisaDeps, 'visa'>, ownerId: string, id: string) {
  const order = await deps.visa.get(ownerId, id);
  if (!order) throw notFound('The order was not found.');
  return order;
}

/** POST /registration/submission/{id}/visa_correction: the delegate's corrected passport data (only those fields). */
export async function correctVisaData(deps: VisaDeps, owner: { id: string; email: string }, id: string, input: PassportData & { version: string }, now: Date) {
  const order = await ownOrder(deps, owner.id, id);
  if (input.version !== order.updated_at) throw conflict(visaMessages.changed);
  if (input.front_page_of_the_passport) {
    const file = await deps.files.get(owner.id, input.front_page_of_the_passport);
    if (!file || file.purpose !== 'passport') throw invalid(visaMessages.passportNotFound, { front_page_of_the_passport: visaMessages.passportNotFound });
  }
  const next = correctedVisa(order, input, now);
  const diff = changedFields(passportOf(order), passportOf(next));
  const audit = auditEntry({
    action: 'order.visa_corrected',
    actor: delegateActor(owner.id, owner.email),
    at: now,
    object: { type: 'order', id: order.id },
    before: { visa_review: visaReviewOf(order)?.status, ...diff.before },
    after: { visa_review: 'pending', ...diff.after },
  });
  if ((await deps.visa.write(next, order.updated_at, { audit: [audit] })) === 'stale') throw conflict(visaMessages.changed);
  return { message: visaMessages.corrected, data: { visa_letter: visaLetterState(next), updated_at: next.updated_at } };
}

/** GET /registration/submission/{id}/visa_letter: the order's current letter, or why there is none. */
export async function ownVisaLetter(deps: Pick<VisaDeps, 'visa'>, ownerId: string, id: string) {
  const order = await ownOrder(deps, ownerId, id);
  const refusal = letterRefusal(order);
  if (refusal) throw order.visa_required === 1 ? conflict(refusal) : forbidden(refusal);
  const current = (await deps.visa.letters(order)).find((l) => !l.replaced_by);
  if (!current) throw conflict(visaMessages.noLetter);
  return { document: current };
}
