/**
 * The abstract book for delegates (issue 33: "offered to organisers, and published to delegates
 * with the programme"). The office builds the book as an export (abstract-book-export.ts), reads
 * it, and publishes that file to delegates: it is copied out of the office's exports (which hold
 * personal data and stay organiser-only) to the programme's own place in the bucket, and /program
 * links it. Only a book of the latest published programme may be published (a book of an older
 * version would print other times and rooms); publishing again replaces it. Audited.
 */
import { auditEntry, type Actor, type AuditEntry } from '../audit/audit';
import { conflict, notFound } from '../errors';
import { text } from '../i18n/messages';
import type { OfficeJob } from '../office/jobs';
import { API_BASE } from '../routes';
import type { EdgeCache } from './ports';

export interface DelegatesBook {
  /** The programme's publication it prints. */
  publication: number;
  /** Where it is, under programme/ of the uploads bucket. */
  object_key: string;
  bytes: number;
  job_id: string;
  published_at: string;
  published_by: string;
}

export interface DelegatesBookDeps {
  jobs: { get(id: string): Promise<OfficeJob | undefined> };
  /** The latest published programme's number (none before the first publication). */
  latestPublication(): Promise<number | undefined>;
  files: {
    /** Copies an export's PDF to `to` (under programme/): its size in bytes. */
    publish(from: string, to: string): Promise<number>;
    /** A short-lived link to read the book (its file name for the download). */
    link(key: string, fileName: string): Promise<string>;
  };
  store: {
    book(): Promise<DelegatesBook | undefined>;
    /** Keeps the published book with its audit entry. */
    putBook(book: DelegatesBook, audit: AuditEntry): Promise<void>;
  };
  /** What CloudFront keeps of the programme's public reads (the status and the book's link). */
  edge?: EdgeCache;
}

export const delegatesBookMessages = {
  notFound: 'There is no such abstract book among the exports.',
  notReady: 'This abstract book is not finished yet.',
  notPublished: 'The abstract book is not published yet.',
} as const;
const m = delegatesBookMessages;

export const BOOK_FILE_NAME = 'iacr2024-abstract-book.pdf';
const JOB_ID = /^[\w-]{1,64}$/;

/** Publishes the book an export job built to delegates (POST /office/exports/{id}/publication). */
export async function publishBookToDelegates(deps: DelegatesBookDeps, actor: Actor, jobId: string, now: Date) {
  const job = JOB_ID.test(jobId) ? await deps.jobs.get(jobId) : undefined;
  if (!job || job.kind !== 'export' || job.export !== 'abstract_book') throw notFound(m.notFound);
  if (job.state !== 'done' || !job.object_key || job.programme_publication === undefined) throw conflict(m.notReady);
  const latest = await deps.latestPublication();
  if (latest !== job.programme_publication)
    throw conflict(text('api.programme.book.stale', { book: job.programme_publication, latest: latest ?? 0 }));
  const key = `programme/abstract-book-${job.programme_publication}.pdf`;
  const bytes = await deps.files.publish(job.object_key, key);
  const book: DelegatesBook = {
    publication: job.programme_publication,
    object_key: key,
    bytes,
    job_id: job.id,
    published_at: now.toISOString(),
    published_by: actor.id,
  };
  const audit = auditEntry({ action: 'programme.book_published', actor, at: now, object: { type: 'programme', id: String(book.publication) }, after: { job: job.id, bytes } });
  await deps.store.putBook(book, audit);
  await deps.edge?.invalidate([`${API_BASE}/programme/status`, `${API_BASE}/programme/abstract-book`], `book-${job.id}-${book.published_at}`);
  return { message: text('api.programme.book.published', { number: book.publication }), data: { publication: book.publication, bytes, published_at: book.published_at } };
}

/** Where a delegate reads the book (GET /programme/abstract-book): a short-lived link, or 404 before it is published. */
export async function delegatesBookLink(deps: Pick<DelegatesBookDeps, 'store' | 'files'>) {
  const book = await deps.store.book();
  if (!book) throw notFound(m.notPublished);
  return deps.files.link(book.object_key, BOOK_FILE_NAME);
}
