/**
 * The review of a registration by category's proof (spec sections 4, 7): the delegate hands the
 * member number or supporting documents in again after the office rejected them (POST
 * /upload_again), the office approves or rejects what is under review, and the delegate uploads a
 * payment voucher (POST /upload_documents). The state moves are pure functions; each write is made
 * over the version read (`updated_at`, moved by nextVersion) with its audit entry and the profile's
 * summary in one transaction.
 *
 *   register_status 1 (in review) --approve--> 0 (may pay)
 *   register_status 1 (in review) --reject(reason)--> 2 (rejected) --upload_again--> 1
 */
import type { Mailer, Logger } from '../accounts/ports';
import { auditEntry, delegateActor, type Actor } from '../audit/audit';
import { conflict, invalid, notFound } from '../errors';
import type { FileStore } from '../uploads/ports';
import { nextVersion } from '../versions';
import { REGISTRATION_TYPE } from './fees';
import { reviewDecisionMail } from './mails';
import { recipientLanguage, type RecipientLanguages } from '../mail/recipient-language';
import { REGISTER_STATUS, type RegistrationStore, type StoredRegistration } from './ports';
export { reviewStateTexts } from './ports';

export const reviewMessages = {
  notRegistered: 'You have not registered by category yet.',
  notRejected: 'Your registration is not waiting for new documents: you can upload again only after the registration office has not approved them.',
  resubmitted: 'Your documents have been handed in again. Your registration information is under review, please wait patiently.',
  member: 'Please input OESO Member!',
  files: 'Please upload files!',
  fileNotFound: 'An uploaded file was not found. Please upload it again.',
  changed: 'Your registration changed meanwhile. Please reload the page and try again.',
  voucherNotFound: 'The payment voucher was not found. Please upload it again.',
  voucherNotYet: 'Your registration is still under review: you can upload the payment voucher once it is approved.',
  voucherUploaded: 'Upload success!',
  // The office's side
  notFound: 'There is no registration by category of this account.',
  notInReview: 'This registration is not waiting for review (it was decided already).',
  stale: 'This registration changed since you opened it (the delegate or another organiser acted). Please reload it and decide again.',
  reasonRequired: 'Please give the reason the delegate will read.',
  approved: 'The registration is approved; the delegate has been told by e-mail and can pay now.',
  rejected: 'The registration is rejected; the reason has been sent to the delegate by e-mail.',
  mailFailed: 'The decision is saved, but the e-mail to the delegate could not be sent.',
} as const;

/** The spec's words on /common/reload (section 2, "Screen behaviours"). */

export type ReviewDecision = 'approve' | 'reject';

/** The proof handed in again: the member number (type 2) or document file ids (types 3 and 4). */
export type Proof = { kind: 'member'; number: string } | { kind: 'files'; ids: string[] };

/** Reads `card_message` by the registration's type: the member number, or comma-joined file ids (a list is accepted too). */
export function proofOf(type: number, cardMessage: string | string[]): Proof {
  if (type === REGISTRATION_TYPE.member) {
    const number = (Array.isArray(cardMessage) ? cardMessage.join(',') : cardMessage).trim();
    if (!number) throw invalid(reviewMessages.member, { card_message: reviewMessages.member });
    return { kind: 'member', number };
  }
  const ids = (Array.isArray(cardMessage) ? cardMessage : cardMessage.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  if (ids.length === 0) throw invalid(reviewMessages.files, { card_message: reviewMessages.files });
  if (ids.length > 5) throw invalid('Maximum 5 Files Upload.', { card_message: 'Maximum 5 Files Upload.' });
  return { kind: 'files', ids };
}

/** The rejected registration with its new proof, back under review. */
export function resubmitted(r: StoredRegistration, proof: Proof, now: Date): StoredRegistration {
  if (r.register_status !== REGISTER_STATUS.rejected) throw conflict(reviewMessages.notRejected);
  const at = nextVersion(r.updated_at, now);
  const files =
    proof.kind === 'member'
      ? { oeso_member: proof.number }
      : r.regiatration_type === REGISTRATION_TYPE.fellow
        ? { fellow_files: proof.ids }
        : { young_investigator_files: proof.ids };
  return { ...r, ...files, register_status: REGISTER_STATUS.inReview, submitted_at: at, updated_at: at };
}

/** The office's decision on a registration under review. */
export function decided(r: StoredRegistration, decision: ReviewDecision, reason: string, actor: Actor, now: Date): StoredRegistration {
  if (r.register_status !== REGISTER_STATUS.inReview) throw conflict(reviewMessages.notInReview);
  const why = reason.trim();
  if (decision === 'reject' && !why) throw invalid(reviewMessages.reasonRequired, { reason: reviewMessages.reasonRequired });
  const at = nextVersion(r.updated_at, now);
  return {
    ...r,
    register_status: decision === 'approve' ? REGISTER_STATUS.none : REGISTER_STATUS.rejected,
    review_reason: decision === 'reject' ? why : '',
    decided_at: at,
    decided_by: actor.email ?? actor.id,
    updated_at: at,
  };
}

export interface ReviewDeps {
  registrations: Pick<RegistrationStore, 'get' | 'replace'>;
  files: Pick<FileStore, 'get'>;
  mailer: Mailer;
  log: Logger;
  /** Origin of the site for links in mails (configured). */
  siteOrigin: string;
  /** The registrant's language, for the decision mail (none: English). */
  languages?: RecipientLanguages;
}

async function ownFiles(deps: Pick<ReviewDeps, 'files'>, ownerId: string, ids: string[], purpose: 'document', message: string, field: string) {
  const names: string[] = [];
  for (const id of ids) {
    const file = await deps.files.get(ownerId, id);
    if (!file || file.purpose !== purpose) throw invalid(message, { [field]: message });
    names.push(file.name);
  }
  return names;
}

/** The profile's copy of what the account shows (spec "User info"). */
function profileFields(r: StoredRegistration, documentNames?: string[]) {
  return {
    register_status: r.register_status,
    review_reason: r.review_reason ?? '',
    oeso_member: r.oeso_member,
    ...(documentNames
      ? r.regiatration_type === REGISTRATION_TYPE.fellow
        ? { fellow_file: documentNames }
        : r.regiatration_type === REGISTRATION_TYPE.youngInvestigator
          ? { young_file: documentNames }
          : {}
      : {}),
    updated_at: r.updated_at,
  };
}

/** POST /upload_again: new proof for a rejected registration, which goes back under review. */
export async function uploadAgain(deps: ReviewDeps, owner: { id: string; email: string }, cardMessage: string | string[], now: Date) {
  const r = await deps.registrations.get(owner.id);
  if (!r) throw notFound(reviewMessages.notRegistered);
  if (r.register_status !== REGISTER_STATUS.rejected) throw conflict(reviewMessages.notRejected);
  const proof = proofOf(r.regiatration_type, cardMessage);
  const names = proof.kind === 'files' ? await ownFiles(deps, owner.id, proof.ids, 'document', reviewMessages.fileNotFound, 'card_message') : undefined;
  const next = resubmitted(r, proof, now);
  const audit = auditEntry({
    action: 'registration.resubmitted',
    actor: delegateActor(owner.id, owner.email),
    at: now,
    object: { type: 'registration', id: owner.id },
    before: { register_status: r.register_status, oeso_member: r.oeso_member, files: [...r.young_investigator_files, ...r.fellow_files] },
    after: { register_status: next.register_status, oeso_member: next.oeso_member, files: [...next.young_investigator_files, ...next.fellow_files] },
  });
  if ((await deps.registrations.replace(next, r.updated_at, profileFields(next, names), audit)) === 'stale') throw conflict(reviewMessages.changed);
  return { message: reviewMessages.resubmitted, data: { register_status: next.register_status } };
}

/** POST /upload_documents: the payment voucher (an uploaded file of purpose 'voucher') kept on the registration. */
export async function uploadVoucher(deps: Pick<ReviewDeps, 'registrations' | 'files'>, owner: { id: string; email: string }, fileId: string, now: Date) {
  const r = await deps.registrations.get(owner.id);
  if (!r) throw notFound(reviewMessages.notRegistered);
  if (r.register_status !== REGISTER_STATUS.none) throw conflict(reviewMessages.voucherNotYet);
  // The reference names no voucher of this delegate (another's, another purpose's, none): not found.
  const file = await deps.files.get(owner.id, fileId);
  if (!file || file.purpose !== 'voucher') throw notFound(reviewMessages.voucherNotFound);
  const name = file.name;
  const at = nextVersion(r.updated_at, now);
  const next: StoredRegistration = { ...r, payment_voucher: fileId, payment_voucher_name: name, updated_at: at };
  const audit = auditEntry({
    action: 'registration.voucher_uploaded',
    actor: delegateActor(owner.id, owner.email),
    at: now,
    object: { type: 'registration', id: owner.id },
    before: { payment_voucher: r.payment_voucher ?? null },
    after: { payment_voucher: fileId, name },
  });
  if ((await deps.registrations.replace(next, r.updated_at, { payment_voucher: name, updated_at: at }, audit)) === 'stale') throw conflict(reviewMessages.changed);
  return { message: reviewMessages.voucherUploaded, data: { payment_voucher: name } };
}

/** The office approves (register_status 0: the delegate may pay) or rejects with a reason (2: upload again), and mails the delegate. */
export async function decideReview(
  deps: ReviewDeps,
  actor: Actor,
  ownerId: string,
  input: { decision: ReviewDecision; reason: string; version: string },
  now: Date,
) {
  const r = await deps.registrations.get(ownerId);
  if (!r) throw notFound(reviewMessages.notFound);
  if (r.updated_at !== input.version) throw conflict(reviewMessages.stale);
  const next = decided(r, input.decision, input.reason, actor, now);
  const audit = auditEntry({
    action: input.decision === 'approve' ? 'registration.approved' : 'registration.rejected',
    actor,
    at: now,
    object: { type: 'registration', id: ownerId },
    before: { register_status: r.register_status },
    after: { register_status: next.register_status, ...(input.decision === 'reject' ? { reason: next.review_reason } : {}) },
  });
  if ((await deps.registrations.replace(next, r.updated_at, profileFields(next), audit)) === 'stale') throw conflict(reviewMessages.stale);
  let mailed = true;
  try {
    await deps.mailer.send({ to: r.owner_email, importance: 'essential', ...reviewDecisionMail(next, input.decision, deps.siteOrigin, await recipientLanguage(deps, ownerId)) });
  } catch (error) {
    mailed = false;
    deps.log.error('review decision mail not sent', { owner: ownerId, error: String(error) });
  }
  const message = !mailed ? reviewMessages.mailFailed : input.decision === 'approve' ? reviewMessages.approved : reviewMessages.rejected;
  return { message, data: { register_status: next.register_status, version: next.updated_at, mailed } };
}
