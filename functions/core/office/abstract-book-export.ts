/**
 * The abstract book as one of the office's exports (issue 33, decision 0066): an organiser requests
 * it like a CSV (core/office/jobs.ts `requestExport`), the office-jobs worker builds the book of the
 * LATEST PUBLISHED programme off the request path, renders it (lib/pdf/abstract-book.ts, given as
 * `render`) and stores the PDF under exports/; the office downloads it from the exports list.
 *
 * Nothing published yet: the request is refused (409) rather than queued, so no job fails later
 * for a reason the organiser could have been told at once.
 */
import { conflict } from '../errors';
import { text } from '../i18n/messages';
import { abstractBook, type AbstractBook, type BookAbstract } from '../programme/abstract-book';
import type { PublishedProgramme } from '../programme/model';

/** What the book reads: the latest published version, every abstract, a chair's name from their account. */
export interface BookSource {
  latest(): Promise<(Pick<PublishedProgramme, 'rooms' | 'sessions'> & { number: number }) | undefined>;
  abstracts(): Promise<BookAbstract[]>;
  accountName(accountId: string): Promise<string | undefined>;
}

export interface BookExportDeps {
  source: BookSource;
  /** The PDF of a book (lib/pdf/abstract-book.ts `renderAbstractBook`). */
  render(book: AbstractBook): Promise<Uint8Array>;
}

/** The refusal when no programme has been published (api catalog: English and Chinese). */
export const noPublishedProgramme = () => conflict(text('api.office.exports.bookUnpublished'));

/** Whether a programme is published (one small read: the request's function reads no whole version). */
export interface PublishedCheck {
  isPublished(): Promise<boolean>;
}

/** Refuses the request when nothing is published (the job would have nothing to print). */
export async function assertBookPublished(programme: PublishedCheck) {
  if (!(await programme.isPublished())) throw noPublishedProgramme();
}

/** The book of the latest published programme, with its chairs' names read once each. */
export async function latestBook(source: BookSource): Promise<{ book: AbstractBook; publication: number }> {
  const programme = await source.latest();
  if (!programme) throw noPublishedProgramme();
  const chairIds = [...new Set(programme.sessions.flatMap((s) => s.chairs.flatMap((c) => ('account_id' in c ? [c.account_id] : []))))];
  const names = new Map(await Promise.all(chairIds.map(async (id) => [id, await source.accountName(id)] as const)));
  const book = abstractBook(programme, await source.abstracts(), { chairName: (id) => names.get(id) });
  return { book, publication: programme.number };
}

/** Builds and renders the book: its PDF bytes, how many abstracts it prints, and the publication it is of. */
export async function renderLatestBook(deps: BookExportDeps) {
  const { book, publication } = await latestBook(deps.source);
  return { bytes: await deps.render(book), abstracts: book.abstracts, publication };
}
