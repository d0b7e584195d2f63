/**
 * Abstract rules: a delegate submits up to 5 abstracts and changes them until the submission
 * deadline (16 May 2024 24:00 CST); each keeps up to 5 PDFs that its owner uploaded. Every call
 * is scoped to the owner: another delegate's abstract is "not found", never "forbidden".
 */
import { auditEntry, changedFields, delegateActor, type AuditEntry } from '../audit/audit';
import { pathIn } from '../i18n/lang';
import { recipientLanguage, type RecipientLanguages } from '../mail/recipient-language';
import { abstractLimits, deadlines } from '../config/conference';
import { abstractCategories, categoryName, submissionAgreements } from '../data/abstract-options';
import { countryRegions } from '../data/countries';
import { AppError, forbidden, invalid, notFound } from '../errors';
import { abstractMail } from '../mail/templates';
import type { AccountStore, Logger, Mailer } from '../accounts/ports';
import type { FileStore, ObjectStore, StoredFile } from '../uploads/ports';
import { deleteFiles, describeFile, modificationsProhibited } from '../uploads/uploads';
import { abstractsOpen } from './deadline';
import type { AbstractStore, StoredAbstract } from './ports';
import { abstractMessages, type AbstractData } from './schemas';
import { authorReviewStatus } from '../review/publishing';
import { revisionMessages, revisionOpen, revisionTexts } from '../review/revision';

export interface AbstractDeps {
  abstracts: AbstractStore;
  files: FileStore;
  objects: ObjectStore;
  users: Pick<AccountStore, 'getUser'>;
  mailer: Mailer;
  newId(): string;
  log: Logger;
  siteOrigin: string;
  /** The submitter's language, for the confirmation mail (none: English). */
  languages?: RecipientLanguages;
}


function assertOpen(now: Date) {
  if (!abstractsOpen(now)) throw forbidden(modificationsProhibited);
}

export function abstractOptions() {
  return {
    country_regions: countryRegions,
    abstract_categories: abstractCategories,
    submission_agreements: submissionAgreements,
  };
}

export { abstractsOpen };

export async function listAbstracts(deps: AbstractDeps, ownerId: string, now: Date) {
  const abstracts = await deps.abstracts.list(ownerId);
  abstracts.sort((a, b) => a.created_at.localeCompare(b.created_at));
  return {
    items: abstracts.map((a) => ({
      id: a.id,
      title_of_abstract: a.title_of_abstract,
      abstract_category: a.abstract_category,
      abstract_category_name: categoryName(a.abstract_category) ?? a.abstract_category,
      keywords: a.keywords,
      files: a.upload_files.length,
      updated_at: a.updated_at,
      review_status: authorReviewStatus(a, now),
      /** The committee published a decision on it (the poster and oral uploads then name an accepted abstract). */
      decision_published: Boolean(a.review_outcome),
    })),
    total: abstracts.length,
    max: abstractLimits.maxAbstractsPerDelegate,
    editable: abstractsOpen(now),
  };
}

async function ownAbstract(deps: AbstractDeps, ownerId: string, id: string) {
  const abstract = await deps.abstracts.get(ownerId, id);
  if (!abstract) throw notFound(abstractMessages.notFound);
  return abstract;
}

async function filesOf(deps: AbstractDeps, ownerId: string, ids: string[]) {
  const files = await deps.files.list(ownerId, 'abstract');
  const byId = new Map(files.map((f) => [f.id, f]));
  return { all: files, listed: ids.map((id) => byId.get(id)).filter((f): f is StoredFile => Boolean(f)) };
}

export async function getAbstract(deps: AbstractDeps, ownerId: string, id: string, now: Date) {
  const abstract = await ownAbstract(deps, ownerId, id);
  const { listed } = await filesOf(deps, ownerId, abstract.upload_files);
  const { owner_id: _owner, ...fields } = abstract;
  return {
    ...fields,
    abstract_category_name: categoryName(abstract.abstract_category) ?? abstract.abstract_category,
    upload_files: await Promise.all(listed.map((f) => describeFile(deps, f))),
    editable: abstractsOpen(now) || revisionOpen(abstract, now),
    /** The one revision the committee asked for may be sent now (the text only). */
    revision_open: revisionOpen(abstract, now),
  };
}

/**
 * The PDFs an abstract may keep: files of this owner that are pending (uploaded in the form,
 * not yet saved) or already held by this abstract. Anything else is refused, so an abstract
 * never points at another abstract's or another delegate's file.
 */
function checkFiles(files: { all: StoredFile[] }, ids: string[], abstractId: string | null) {
  const byId = new Map(files.all.map((f) => [f.id, f]));
  for (const id of ids) {
    const file = byId.get(id);
    if (!file || (file.abstract_id && file.abstract_id !== abstractId)) {
      throw invalid(abstractMessages.fileNotFound, { upload_files: abstractMessages.fileNotFound });
    }
  }
}

async function sendConfirmation(deps: AbstractDeps, ownerId: string, abstract: StoredAbstract, fileNames: string[], kind: 'created' | 'updated') {
  try {
    const user = await deps.users.getUser(ownerId);
    if (!user) return false;
    const lang = await recipientLanguage(deps, ownerId);
    const mail = abstractMail(kind, {
      title: abstract.title_of_abstract,
      category: categoryName(abstract.abstract_category) ?? abstract.abstract_category,
      authors: abstract.authors.map((a) => `${a.first_name} ${a.last_name} (${a.institute}, ${a.city}, ${a.country})`),
      presenters: abstract.presenter_infos.map((p) => `${p.first_name} ${p.last_name}`),
      files: fileNames,
      link: `${deps.siteOrigin}${pathIn(lang, `/admin/upload-update/${abstract.id}`)}`,
      deadline: deadlines.abstractSubmission,
    }, lang);
    // A confirmation (the portal shows the abstract too): withheld from an address whose mail bounced.
    return (await deps.mailer.send({ to: user.email, ...mail, importance: 'notification' })) === 'sent';
  } catch (error) {
    deps.log.error('abstract confirmation mail not sent', { abstract_id: abstract.id, error: (error as Error).message });
    return false;
  }
}

/** The entries of files an abstract takes in this save (those it did not hold yet). */
function attachedEntries(abstract: StoredAbstract, held: string[], now: Date): AuditEntry[] {
  return abstract.upload_files
    .filter((id) => !held.includes(id))
    .map((id) => auditEntry({ action: 'file.attached', actor: delegateActor(abstract.owner_id), at: now, object: { type: 'file', id }, after: { abstract_id: abstract.id } }));
}

/** What the log keeps of an abstract (its text is the abstract's; the log names what changed). */
const auditedFields = (a: StoredAbstract) => ({ title_of_abstract: a.title_of_abstract, abstract_category: a.abstract_category, keywords: a.keywords, upload_files: a.upload_files });

export async function createAbstract(deps: AbstractDeps, ownerId: string, input: AbstractData, now: Date) {
  assertOpen(now);
  const files = await filesOf(deps, ownerId, input.upload_files);
  checkFiles(files, input.upload_files, null);
  const at = now.toISOString();
  const abstract: StoredAbstract = { ...input, id: deps.newId(), owner_id: ownerId, created_at: at, updated_at: at };
  const created = await deps.abstracts.create(abstract, abstractLimits.maxAbstractsPerDelegate, [
    auditEntry({ action: 'abstract.created', actor: delegateActor(ownerId), at: now, object: { type: 'abstract', id: abstract.id }, after: { ...auditedFields(abstract), owner_id: ownerId } }),
    ...attachedEntries(abstract, [], now),
  ]);
  if (created === 'full') throw new AppError('conflict', abstractMessages.limit);
  if (created === 'files-taken') throw invalid(abstractMessages.fileNotFound, { upload_files: abstractMessages.fileNotFound });
  const mailed = await sendConfirmation(deps, ownerId, abstract, files.listed.map((f) => f.name), 'created');
  return { message: abstractMessages.saved, data: { id: abstract.id, confirmation_mail_sent: mailed } };
}

export async function updateAbstract(deps: AbstractDeps, ownerId: string, id: string, input: AbstractData, now: Date, base?: string) {
  // After the deadline, only the one revision the committee asked for (core/review/revision.ts).
  const previous = abstractsOpen(now) ? undefined : await deps.abstracts.get(ownerId, id);
  const revising = previous !== undefined && revisionOpen(previous, now);
  if (!abstractsOpen(now) && !revising) assertOpen(now);
  if (revising && input.abstract_category !== previous.abstract_category) throw invalid(revisionMessages.categoryStays, { abstract_category: revisionMessages.categoryStays });
  if (revising && [...input.upload_files].sort().join() !== [...previous.upload_files].sort().join()) throw invalid(revisionMessages.filesStay, { upload_files: revisionMessages.filesStay });
  const people = (a: Pick<AbstractData, 'authors' | 'presenter_infos'>) => JSON.stringify([a.authors, a.presenter_infos ?? []].map((list) => list.map((p) => [p.first_name, p.last_name, p.email.toLowerCase(), p.institute, p.city, p.country])));
  if (revising && people(input) !== people(previous)) throw invalid(revisionMessages.peopleStay, { authors: revisionMessages.peopleStay });
  return saveAbstract(deps, ownerId, id, input, now, base, revising);
}

async function saveAbstract(deps: AbstractDeps, ownerId: string, id: string, input: AbstractData, now: Date, base: string | undefined, revising: boolean) {
  const previous = await ownAbstract(deps, ownerId, id);
  // Saved meanwhile from another window or device: do not overwrite it (nor delete its new files).
  if (base && base !== previous.updated_at) throw new AppError('conflict', abstractMessages.changedElsewhere);
  const files = await filesOf(deps, ownerId, input.upload_files);
  checkFiles(files, input.upload_files, id);
  // A new version is always later than the one it replaces, even when two saves share a millisecond.
  const at = new Date(Math.max(now.getTime(), Date.parse(previous.updated_at) + 1));
  const abstract: StoredAbstract = {
    ...input,
    id,
    owner_id: ownerId,
    created_at: previous.created_at,
    updated_at: at.toISOString(),
    // What the committee published stays; a revision is marked as sent (once).
    ...(previous.presentation ? { presentation: previous.presentation } : {}),
    ...(previous.review_outcome ? { review_outcome: revising ? { ...previous.review_outcome, resubmitted_at: at.toISOString() } : previous.review_outcome } : {}),
  };
  const { created_at: _c, updated_at: _u, ...was } = previous;
  const { created_at: _c2, updated_at: _u2, ...is } = abstract;
  const updated = await deps.abstracts.update(abstract, previous, [
    auditEntry({ action: revising ? 'abstract.revised' : 'abstract.updated', actor: delegateActor(ownerId), at, object: { type: 'abstract', id }, ...changedFields(was, is) }),
    ...attachedEntries(abstract, previous.upload_files, at),
  ]);
  if (updated === 'missing') throw notFound(abstractMessages.notFound);
  if (updated === 'changed') throw new AppError('conflict', abstractMessages.changedElsewhere);
  if (updated === 'files-taken') throw invalid(abstractMessages.fileNotFound, { upload_files: abstractMessages.fileNotFound });
  // Files the delegate removed in the form go when the form is saved.
  const dropped = files.all.filter((f) => f.abstract_id === id && !input.upload_files.includes(f.id));
  await deleteFiles(deps, dropped, now);
  const mailed = await sendConfirmation(deps, ownerId, abstract, files.listed.map((f) => f.name), 'updated');
  return { message: revising ? revisionTexts.revised : abstractMessages.saved, data: { id, confirmation_mail_sent: mailed } };
}

export async function deleteAbstract(deps: AbstractDeps, ownerId: string, id: string, now: Date) {
  assertOpen(now);
  const abstract = await ownAbstract(deps, ownerId, id);
  // Files first: if this stops half-way, the abstract is still there to delete again (an abstract
  // whose files are gone lists the rest; files of a gone abstract could never be removed).
  const files = await deps.files.list(ownerId, 'abstract');
  await deleteFiles(deps, files.filter((f) => f.abstract_id === id), now);
  const removed = auditEntry({ action: 'abstract.deleted', actor: delegateActor(ownerId), at: now, object: { type: 'abstract', id }, before: auditedFields(abstract) });
  if (!(await deps.abstracts.remove(ownerId, id, removed))) throw notFound(abstractMessages.notFound);
  return { message: abstractMessages.deleted };
}
