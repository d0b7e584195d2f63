/**
 * One upload mechanism for every file in the product (issue: "three steps"):
 *   1. `requestUpload` checks type, size, count and deadline and signs a PUT under the owner's prefix;
 *   2. the browser sends the file straight to S3 (no function sees the bytes);
 *   3. `confirmUpload` checks the stored object itself (size, real type, owner, count claimed
 *      atomically) and records it, or deletes it and says why.
 */
import { auditEntry, delegateActor } from '../audit/audit';
import { deadlines, uploadLimits, uploadPurposes } from '../config/conference';
import { AppError, forbidden, invalid, notFound, rateLimited } from '../errors';
import { isBefore } from '../time';
import type { Logger, Throttle } from '../accounts/ports';
import type { FileStore, ObjectStore, PendingStore, PendingUpload, StoredFile } from './ports';
import { presentationTie, type TieCandidate } from '../review/presentation-tie';
import {
  ZIP_TAIL_BYTES,
  checkDeclaredFile,
  contentTypes,
  extensionOf,
  fileKey,
  isPresentationZip,
  ownerFileLimit,
  parseFileKey,
  safeFileName,
  sniffHead,
  uploadMessages,
  zipCentralDirectory,
  zipEntryNames,
  type UploadPurpose,
} from './rules';

export interface UploadDeps {
  objects: ObjectStore;
  files: FileStore;
  pending: PendingStore;
  throttle: Throttle;
  newId(): string;
  log: Logger;
  /**
   * The file ids the owner's registration by category names as its supporting documents (none
   * without a registration): such a file is not removed while it is named (removeFile).
   */
  registrationDocuments?(ownerId: string): Promise<string[]>;
  /** The owner's abstracts with their published outcomes: a poster or slides are for an abstract accepted as such. */
  presentations?(ownerId: string): Promise<TieCandidate[]>;
}

export const pendingMessages = {
  tooManyPresigns: 'You have started too many uploads in a short time. Please wait a little and try again.',
  tooManyUnconfirmed: `You have ${uploadLimits.maxUnconfirmedPerDelegate} uploads that were started but not finished. Remove unfinished uploads in your account centre, or wait a few hours, and try again.`,
  removed: 'The unfinished upload has been removed.',
};

const HOUR = 3600_000;

export const UPLOAD_URL_SECONDS = 15 * 60;
export const DOWNLOAD_URL_SECONDS = 10 * 60;
/** A pptx's central directory is read up to this size (a few thousand parts); larger ones are refused. */
const MAX_ZIP_DIRECTORY_BYTES = 4 * 1024 * 1024;

export const modificationsProhibited = 'Modifications are prohibited.';

/** Abstract files change only while abstracts do (the submission deadline); posters and slides have no deadline. */
export function assertFilesChangeable(purpose: UploadPurpose, now: Date) {
  if (purpose === 'abstract' && !isBefore(now, deadlines.abstractSubmission)) throw forbidden(modificationsProhibited);
}

export interface UploadRequest {
  purpose: UploadPurpose;
  file_name: string;
  size: number;
  abstract_id?: string;
}

/** Removes unconfirmed uploads whose confirmation window has passed (object and record), freeing their places. */
async function discardExpired(deps: UploadDeps, ownerId: string, now: Date) {
  const expired = (await deps.pending.list(ownerId)).filter((p) => !isBefore(now, p.confirm_by));
  for (const upload of expired) await discardPending(deps, upload);
  return expired.length;
}

async function discardPending(deps: Pick<UploadDeps, 'objects' | 'pending' | 'log'>, upload: PendingUpload) {
  await deps.objects.delete(upload.key).catch((error: Error) => deps.log.error('object not deleted', { key: upload.key, error: error.message }));
  await deps.pending.remove(upload.owner_id, upload.id);
}

/**
 * Step 1: the server's checks before it signs anything, then the signed PUT. Signing is
 * rate-limited, and every signed upload holds one of a few places until it is confirmed or
 * removed, so nobody can fill the bucket with objects that are never confirmed (S3's lifecycle
 * rule deletes objects still tagged pending after a day, whatever happens here).
 */
export async function requestUpload(deps: UploadDeps, ownerId: string, input: UploadRequest, now: Date) {
  const { purpose } = input;
  assertFilesChangeable(purpose, now);
  const problem = checkDeclaredFile(purpose, { name: input.file_name, size: input.size });
  if (problem) throw invalid(problem, { file_name: problem });
  const messages = uploadMessages(purpose);
  if ((await deps.files.count(ownerId, purpose)) >= ownerFileLimit(purpose)) {
    throw new AppError('conflict', purpose === 'abstract' ? messages.tooManyPending : messages.tooMany);
  }
  const tie = (purpose === 'poster' || purpose === 'oral') && deps.presentations ? presentationTie(purpose, await deps.presentations(ownerId), input.abstract_id) : undefined;
  const rate = uploadLimits.presignsPerDelegate;
  const claim = await deps.throttle.claim(`presign:${ownerId}`, rate.limit, rate.windowSeconds, now);
  if (!claim.allowed) throw rateLimited(pendingMessages.tooManyPresigns, claim.retryAfterSeconds);

  const id = deps.newId();
  const key = fileKey(ownerId, purpose, id, input.file_name);
  const upload: PendingUpload = {
    id,
    owner_id: ownerId,
    purpose,
    name: safeFileName(input.file_name),
    key,
    size: input.size,
    created_at: now.toISOString(),
    confirm_by: new Date(now.getTime() + uploadLimits.confirmWithinHours * HOUR).toISOString(),
    ...(tie ? { presentation_of: tie } : {}),
  };
  const max = uploadLimits.maxUnconfirmedPerDelegate;
  let held = await deps.pending.add(upload, max);
  if (held === 'full' && (await discardExpired(deps, ownerId, now)) > 0) held = await deps.pending.add(upload, max);
  if (held === 'full') throw new AppError('conflict', pendingMessages.tooManyUnconfirmed);

  const contentType = contentTypes[extensionOf(input.file_name)]!;
  const signed = await deps.objects.presignPut(key, { contentType, size: input.size, expiresSeconds: UPLOAD_URL_SECONDS });
  return {
    id,
    key,
    url: signed.url,
    method: 'PUT' as const,
    headers: signed.headers,
    expires_at: new Date(now.getTime() + UPLOAD_URL_SECONDS * 1000).toISOString(),
  };
}

/**
 * Whether the stored bytes are what the extension says, from the first bytes and (for a zip) the
 * tail, which holds the central directory of any ordinary pptx: two small reads at most, however
 * large the file.
 */
async function hasRealType(objects: ObjectStore, key: string, head: Uint8Array, size: number): Promise<boolean> {
  const extension = extensionOf(key);
  const kind = sniffHead(head);
  if (extension === 'pdf') return kind === 'pdf';
  // An image is an image whatever its extension says (a PNG named .jpg still opens everywhere).
  if (extension === 'jpg' || extension === 'jpeg' || extension === 'png') return kind === 'jpeg' || kind === 'png';
  // PowerPoint opens either format whatever the extension says, so either is accepted for ppt/pptx.
  if (kind === 'ole') return true;
  if (kind !== 'zip') return false;
  const tailStart = Math.max(0, size - ZIP_TAIL_BYTES);
  const tail = (await objects.readRange(key, tailStart, size - 1))?.bytes;
  const directory = tail && zipCentralDirectory(tail);
  if (!directory || directory.size > MAX_ZIP_DIRECTORY_BYTES || directory.offset + directory.size > size) return false;
  const entries =
    directory.offset >= tailStart
      ? tail.subarray(directory.offset - tailStart, directory.offset - tailStart + directory.size)
      : (await objects.readRange(key, directory.offset, directory.offset + directory.size - 1))?.bytes;
  return Boolean(entries) && isPresentationZip(zipEntryNames(entries!));
}

/** The file as the API answers it: with a short-lived download link for its owner. */
export async function describeFile(deps: Pick<UploadDeps, 'objects'>, file: StoredFile) {
  return {
    id: file.id,
    name: file.name,
    size: file.size,
    purpose: file.purpose,
    uploaded_at: file.uploaded_at,
    url: await deps.objects.presignGet(file.key, { fileName: file.name, expiresSeconds: DOWNLOAD_URL_SECONDS }),
    ...(file.presentation_of ? { presentation_of: file.presentation_of } : {}),
  };
}
export type DescribedFile = Awaited<ReturnType<typeof describeFile>>;

/** Step 3: the stored object is checked, claimed and recorded, or deleted with the reason. */
export async function confirmUpload(deps: UploadDeps, ownerId: string, purpose: UploadPurpose, key: string, now: Date) {
  const messages = uploadMessages(purpose);
  const parsed = parseFileKey(key);
  // Someone else's key, or another purpose's, is simply not there for this caller.
  if (!parsed || parsed.ownerId !== ownerId || parsed.purpose !== purpose) throw notFound(messages.notFound);

  const existing = await deps.files.get(ownerId, parsed.fileId);
  if (existing) return describeFile(deps, existing); // confirmed twice (a retry): same answer

  const pending = await deps.pending.get(ownerId, parsed.fileId);
  if (!pending || pending.key !== key) throw notFound(messages.notFound);
  try {
    assertFilesChangeable(purpose, now);
    // Confirmed too late: it can never be confirmed, so it does not stay in the bucket.
    if (!isBefore(now, pending.confirm_by)) throw notFound(messages.notFound);
  } catch (error) {
    await discardPending(deps, pending);
    throw error;
  }

  // One read gives the first bytes and the stored size.
  const first = await deps.objects.readRange(key, 0, 7);
  if (!first) throw notFound(messages.notFound);
  const refuse = async (error: AppError) => {
    await discardPending(deps, pending);
    deps.log.info('upload refused', { key, size: first.size, reason: error.message });
    throw error;
  };
  const rule = uploadPurposes[purpose];
  if (first.size > rule.maxBytes) await refuse(new AppError('too_large', messages.tooLarge));
  if (first.size === 0) await refuse(invalid(messages.empty));
  if (!(await hasRealType(deps.objects, key, first.bytes, first.size))) await refuse(invalid(messages.notReal));

  const file: StoredFile = {
    id: parsed.fileId,
    owner_id: ownerId,
    purpose,
    name: safeFileName(parsed.name),
    key,
    size: first.size,
    content_type: contentTypes[extensionOf(key)]!,
    uploaded_at: now.toISOString(),
    ...(purpose === 'abstract' ? { abstract_id: null } : {}),
    ...(pending.presentation_of ? { presentation_of: pending.presentation_of } : {}),
  };
  // Untagged first: a confirmed file must never be taken by the lifecycle rule for pending uploads.
  await deps.objects.clearPendingTag(key);
  const added = await deps.files.add(
    file,
    ownerFileLimit(purpose),
    auditEntry({ action: 'file.uploaded', actor: delegateActor(ownerId), at: now, object: { type: 'file', id: file.id }, after: { purpose, name: file.name, size: file.size, owner_id: ownerId } }),
  );
  if (added === 'full') await refuse(new AppError('conflict', purpose === 'abstract' ? messages.tooManyPending : messages.tooMany));
  if (added === 'exists') return describeFile(deps, (await deps.files.get(ownerId, file.id)) ?? file);
  if (added === 'not-pending') {
    // Removed meanwhile (another tab): the delegate asked for it to go.
    await deps.objects.delete(key);
    throw notFound(messages.notFound);
  }
  return describeFile(deps, file);
}

/**
 * What a delegate started but never finished: uploads never confirmed (cancelled, failed, or
 * abandoned; they expire by themselves) and abstract PDFs never saved with an abstract. Each can
 * be removed with `removeFile`.
 */
export async function listUnfinished(deps: UploadDeps, ownerId: string, now: Date) {
  const [pending, abstractFiles] = await Promise.all([deps.pending.list(ownerId), deps.files.list(ownerId, 'abstract')]);
  const items = [
    ...pending.map((p) => ({
      id: p.id,
      name: p.name,
      purpose: p.purpose,
      size: p.size,
      started_at: p.created_at,
      state: 'unconfirmed' as const,
      expired: !isBefore(now, p.confirm_by),
    })),
    ...abstractFiles
      .filter((f) => !f.abstract_id)
      .map((f) => ({ id: f.id, name: f.name, purpose: f.purpose, size: f.size, started_at: f.uploaded_at, state: 'not-saved' as const, expired: false })),
  ].sort((a, b) => a.started_at.localeCompare(b.started_at));
  return { items, total: items.length, max_unconfirmed: uploadLimits.maxUnconfirmedPerDelegate };
}

export async function listFiles(deps: UploadDeps, ownerId: string, purpose: UploadPurpose) {
  const files = await deps.files.list(ownerId, purpose);
  files.sort((a, b) => a.uploaded_at.localeCompare(b.uploaded_at));
  return Promise.all(files.map((f) => describeFile(deps, f)));
}

async function ownFile(deps: UploadDeps, ownerId: string, fileId: string, purpose?: UploadPurpose) {
  const file = await deps.files.get(ownerId, fileId);
  if (!file || (purpose && file.purpose !== purpose)) throw notFound(uploadMessages(purpose ?? 'abstract').notFound);
  return file;
}

/** A fresh download link (links in lists expire after minutes); only the owner gets one. */
export async function getFile(deps: UploadDeps, ownerId: string, fileId: string) {
  return describeFile(deps, await ownFile(deps, ownerId, fileId));
}

export const fileMessages = {
  removed: 'The file has been removed.',
  heldByAbstract: 'This file belongs to a saved abstract. Remove it in the abstract form and save the abstract.',
  heldByRegistration:
    'This document belongs to your registration and cannot be deleted while the registration names it. If the office asks for new documents, upload them on the registration review page.',
};

/**
 * Removes a file: its record (freeing its place) and its object. A file of a saved abstract is
 * removed by saving the abstract without it, so that an abandoned edit loses nothing; a document
 * the registration by category names stays while it names it (new documents replace it there).
 */
export async function removeFile(deps: UploadDeps, ownerId: string, fileId: string, now: Date, purpose?: UploadPurpose) {
  const file = await deps.files.get(ownerId, fileId);
  if (!file) {
    // An upload that was never confirmed goes with its object.
    const pending = await deps.pending.get(ownerId, fileId);
    if (!pending || (purpose && pending.purpose !== purpose)) throw notFound(uploadMessages(purpose ?? 'abstract').notFound);
    await discardPending(deps, pending);
    return { message: pendingMessages.removed };
  }
  if (purpose && file.purpose !== purpose) throw notFound(uploadMessages(purpose).notFound);
  assertFilesChangeable(file.purpose, now);
  if (file.abstract_id) throw new AppError('conflict', fileMessages.heldByAbstract);
  // The office reviews these files: the registration would name a file that is gone.
  if (file.purpose === 'document' && (await deps.registrationDocuments?.(ownerId))?.includes(file.id)) throw new AppError('conflict', fileMessages.heldByRegistration);
  await deleteFiles(deps, [file], now);
  return { message: fileMessages.removed };
}

/** Deletes records first (the place is free at once, audited), then the objects; an orphan object is only logged. */
export async function deleteFiles(deps: Pick<UploadDeps, 'files' | 'objects' | 'log'>, files: StoredFile[], now: Date) {
  for (const file of files) {
    await deps.files.remove(
      file.owner_id,
      file.id,
      auditEntry({
        action: 'file.deleted',
        actor: delegateActor(file.owner_id),
        at: now,
        object: { type: 'file', id: file.id },
        before: { purpose: file.purpose, name: file.name, size: file.size, owner_id: file.owner_id, ...(file.abstract_id ? { abstract_id: file.abstract_id } : {}) },
      }),
    );
    await deps.objects.delete(file.key).catch((error: Error) => deps.log.error('object not deleted', { key: file.key, error: error.message }));
  }
}
