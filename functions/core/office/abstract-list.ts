/**
 * The office's abstracts: a category's abstracts by submission time (newest first, paged), one
 * abstract found by its id, and an abstract with its text, authors, PDFs and its author's
 * posters and slides (download links for organisers only, short-lived).
 */
import type { StoredAbstract } from '../abstracts/ports';
import { categoryName } from '../data/abstract-options';
import { invalid, notFound } from '../errors';
import type { StoredFile } from '../uploads/ports';
import { categoryChoices } from './categories';
import { abstractSummary, activityOf, delegateRow, officeDownloads, OFFICE_PAGE_SIZE, type DelegateOfficeDeps, type Page } from './delegates';

export interface AbstractDirectory {
  /** A category's abstracts, newest submission first. */
  byCategory(category: string, limit: number, cursor?: string): Promise<Page<StoredAbstract>>;
  /** How many abstracts a category holds. */
  countCategory(category: string): Promise<number>;
  get(ownerId: string, id: string): Promise<StoredAbstract | undefined>;
}

export interface AbstractOfficeDeps extends DelegateOfficeDeps {
  abstractDirectory: AbstractDirectory;
}

export const officeAbstractMessages = {
  unknownCategory: 'Please choose a category from the list.',
  notFound: 'There is no such abstract (it may have been deleted by its author).',
} as const;


export async function listCategoryAbstracts(deps: Pick<AbstractOfficeDeps, 'abstractDirectory' | 'directory'>, input: { category: string; cursor?: string; count?: string }) {
  if (!categoryName(input.category) || !categoryChoices.some((c) => c.value === input.category)) {
    throw invalid(officeAbstractMessages.unknownCategory, { category: officeAbstractMessages.unknownCategory });
  }
  const [page, total] = await Promise.all([
    deps.abstractDirectory.byCategory(input.category, OFFICE_PAGE_SIZE, input.cursor),
    // The category's total over its pages (count=1).
    input.count ? deps.abstractDirectory.countCategory(input.category) : undefined,
  ]);
  // The authors of one page (at most a page of reads).
  const owners = [...new Set(page.items.map((a) => a.owner_id))];
  const users = new Map((await Promise.all(owners.map((id) => deps.directory.getUser(id)))).filter((u) => u).map((u) => [u!.id, delegateRow(u!)]));
  return {
    items: page.items.map((a) => ({ ...abstractSummary(a), author: users.get(a.owner_id)?.name ?? '', author_email: users.get(a.owner_id)?.email ?? '', files: a.upload_files.length })),
    cursor: page.cursor,
    ...(total !== undefined ? { total } : {}),
  };
}

/** One abstract: its fields, its author, its PDFs, the author's posters and slides, and its audit trail. */
export async function getOfficeAbstract(deps: AbstractOfficeDeps, ownerId: string, id: string) {
  const abstract = await deps.abstractDirectory.get(ownerId, id);
  if (!abstract) throw notFound(officeAbstractMessages.notFound);
  const [user, files] = await Promise.all([deps.directory.getUser(ownerId), deps.records.files(ownerId)]);
  const byId = new Map(files.map((f) => [f.id, f]));
  const pdfs = abstract.upload_files.map((f) => byId.get(f)).filter((f): f is StoredFile => Boolean(f));
  const presentations = files.filter((f) => f.purpose === 'poster' || f.purpose === 'oral').sort((a, b) => a.uploaded_at.localeCompare(b.uploaded_at));
  const { upload_files: _f, ...fields } = abstract;
  return {
    ...fields,
    abstract_category_name: categoryName(abstract.abstract_category) ?? abstract.abstract_category,
    author: user ? delegateRow(user) : null,
    pdfs: await officeDownloads(deps, pdfs),
    presentations: await officeDownloads(deps, presentations),
    activity: await activityOf(deps, [{ type: 'abstract', id }, ...pdfs.map((f) => ({ type: 'file', id: f.id }))], user),
  };
}
export type OfficeAbstract = Awaited<ReturnType<typeof getOfficeAbstract>>;
export type OfficeAbstractRow = Awaited<ReturnType<typeof listCategoryAbstracts>>['items'][number];
