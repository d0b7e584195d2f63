/**
 * A reviewer's copy of their assigned abstracts for reading offline (indico#7660), as CSV or PDF:
 * exactly the abstracts their queue lists (`openAssignments`: never one declined, of a category no
 * longer theirs, or where a conflict holds now), with the text the review page shows; blind
 * (reviewSettings.blind), without authors or institutions. The file is made at the request, kept
 * under review-exports/ of the uploads bucket (S3 deletes it after a day: infra/cdk/data-stack.ts)
 * and answered as a link that lives a few minutes, as the office's exports and the documents are.
 */
import * as z from 'zod/mini';
import type { StoredAbstract } from '../abstracts/ports';
import { reviewPhases } from '../config/conference';
import { reviewSettings } from '../config/review';
import { categoryName } from '../data/abstract-options';
import type { PdfBlock, PdfSpec } from '../documents/model';
import { documentFooter } from '../documents/texts';
import { conflict } from '../errors';
import { csvRecords, type Column, type CsvWriter } from '../office/csv';
import { csvInstant } from '../office/exports';
import { cstParts, formatCstDeadline, formatCstInstant } from '../time';
import { openAssignments, type ReviewDeps, type StoredReview } from './reviewing';
import { weightedScore } from './scoring';
import { reviewCategoryLabel } from './team';

export const readingCopyFormats = ['csv', 'pdf'] as const;
export type ReadingCopyFormat = (typeof readingCopyFormats)[number];

export const readingCopyTypes: Record<ReadingCopyFormat, string> = { csv: 'text/csv; charset=utf-8', pdf: 'application/pdf' };

/** How long S3 keeps a reading copy (its link lives a few minutes). */
export const READING_COPY_KEEP_DAYS = 1;

export interface ReadingCopyFiles {
  /** Stores the file under `key` (review-exports/), downloaded as `fileName`. */
  put(key: string, bytes: Uint8Array, fileName: string, contentType: string): Promise<void>;
  /** A link that downloads it for a few minutes. */
  link(key: string, fileName: string, contentType: string): Promise<string>;
}

export interface ReadingCopyDeps extends Pick<ReviewDeps, 'reviews' | 'team' | 'abstracts' | 'ownerEmail' | 'overrides' | 'newId'> {
  copies: ReadingCopyFiles;
  /** Writes CSV records (BOM, every cell quoted: lib/csv-writer.ts). */
  csv: CsvWriter;
  render(spec: PdfSpec): Promise<{ bytes: Uint8Array }>;
}

export const readingCopyMessages = {
  nothing: 'No abstract is assigned to you yet, so there is nothing to download. The committee assigns the abstracts after submission closes.',
  format: 'Please choose CSV or PDF.',
} as const;

export const readingCopyQuery = z.object({ format: z.enum(readingCopyFormats, { message: readingCopyMessages.format }) });

export interface ReadingCopyRow {
  abstract: StoredAbstract;
  review: StoredReview;
}

const stateNames: Record<StoredReview['state'], string> = { assigned: 'to review', draft: 'draft saved', submitted: 'submitted', declined: 'declined', removed: 'removed by the committee' };
const ownScore = (r: StoredReview) => (r.state === 'submitted' && r.ratings ? weightedScore(r.ratings).toFixed(2) : '');
const categoryOf = (a: StoredAbstract) => categoryName(a.abstract_category) ?? a.abstract_category;
/** Authors as the review page shows them when the review is not blind: name (institute, country). */
const authorsOf = (a: StoredAbstract) => a.authors.map((p) => `${p.first_name} ${p.last_name} (${[p.institute, p.country].filter(Boolean).join(', ')})`).join('; ');

/** The CSV's columns; blind, no column names an author or an institution. */
export function readingCopyColumns(blind: boolean = reviewSettings.blind): Column<ReadingCopyRow>[] {
  return [
    { header: 'abstract_id', cell: (r) => r.abstract.id },
    { header: 'review_category', cell: (r) => reviewCategoryLabel(r.review.category) },
    { header: 'abstract_category', cell: (r) => categoryOf(r.abstract) },
    { header: 'title_of_abstract', cell: (r) => r.abstract.title_of_abstract },
    { header: 'keywords', cell: (r) => r.abstract.keywords },
    ...(blind ? [] : [{ header: 'authors (institute, country)', cell: (r: ReadingCopyRow) => authorsOf(r.abstract) }]),
    { header: 'abstract_body', cell: (r) => r.abstract.abstract_body },
    { header: 'pdf_files (read them in the portal)', cell: (r) => r.abstract.upload_files.length },
    { header: 'your_review', cell: (r) => stateNames[r.review.state] },
    { header: 'your_proposal', cell: (r) => r.review.proposal ?? '' },
    { header: 'your_weighted_score', cell: (r) => ownScore(r.review) },
    { header: 'your_last_change (CST, UTC+8)', cell: (r) => (r.review.state === 'assigned' ? '' : csvInstant(r.review.updated_at)) },
  ];
}

/** Paragraphs of the abstract's text as typed (a blank line or a line break starts a new one). */
const paragraphs = (text: string) =>
  text
    .split(/\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/** The PDF: a first page listing the abstracts, then one abstract a page with its text. */
export function readingCopySpec(rows: readonly ReadingCopyRow[], reviewer: { name: string; email: string }, now: Date, blind: boolean = reviewSettings.blind): PdfSpec {
  const blocks: PdfBlock[] = [
    {
      kind: 'paragraph',
      text:
        `The abstracts assigned to you on ${formatCstInstant(now)}, for reading offline. Reviews are saved and submitted in the portal until ${formatCstDeadline(reviewPhases.reviewCloses)}.` +
        (blind ? ' The review is blind: the authors and their institutions are left out. An abstract’s PDF files are in the portal, and may name their authors.' : ''),
    },
    { kind: 'table', columns: ['Abstract', 'Category', 'Your review'], rows: rows.map((r) => [r.abstract.title_of_abstract, categoryOf(r.abstract), stateNames[r.review.state]]) },
  ];
  for (const r of rows) {
    blocks.push(
      { kind: 'page' },
      { kind: 'heading', text: r.abstract.title_of_abstract },
      {
        kind: 'fields',
        rows: [
          ['Abstract', r.abstract.id],
          ['Category', categoryOf(r.abstract)],
          ['Keywords', r.abstract.keywords],
          ...(blind ? [] : ([['Authors', authorsOf(r.abstract)]] as const)),
          ...(r.abstract.upload_files.length ? ([['PDF files', `${r.abstract.upload_files.length} (in the portal)`]] as const) : []),
          ['Your review', stateNames[r.review.state] + (ownScore(r.review) ? `, weighted score ${ownScore(r.review)}` : '') + (r.review.proposal ? `, proposed ${r.review.proposal}` : '')],
        ],
      },
      ...paragraphs(r.abstract.abstract_body).map((text): PdfBlock => ({ kind: 'paragraph', text })),
    );
  }
  return {
    title: 'Abstracts to review',
    meta: [
      ['Reviewer', reviewer.name || reviewer.email],
      ['Made', formatCstInstant(now)],
      ['Abstracts', String(rows.length)],
    ],
    blocks,
    footer: documentFooter(),
    issued_at: now.toISOString(),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** `abstracts-to-review-2024-05-20-1000.pdf` (Beijing time of the request). */
export function readingCopyFileName(format: ReadingCopyFormat, now: Date): string {
  const p = cstParts(now.toISOString());
  return `abstracts-to-review-${p.year}-${pad(p.month)}-${pad(p.day)}-${pad(p.hour)}${pad(p.minute)}.${format}`;
}

/** GET /review/queue/export?format=csv|pdf: a short-lived link to the reviewer's reading copy of their queue. */
export async function readingCopy(deps: ReadingCopyDeps, reviewerId: string, format: ReadingCopyFormat, now: Date) {
  const { member, items } = await openAssignments(deps, reviewerId);
  if (!member || items.length === 0) throw conflict(readingCopyMessages.nothing);
  const bytes =
    format === 'csv'
      ? new TextEncoder().encode([...deps.csv(csvRecords(readingCopyColumns(), items))].join(''))
      : (await deps.render(readingCopySpec(items, { name: member.name, email: member.email }, now))).bytes;
  const fileName = readingCopyFileName(format, now);
  // A key of its own for each copy: the reviewer's folder, then when and a random part.
  const key = `review-exports/${reviewerId}/${now.toISOString().replace(/[-:.]/g, '')}-${deps.newId().replace(/-/g, '').slice(0, 8)}/${fileName}`;
  await deps.copies.put(key, bytes, fileName, readingCopyTypes[format]);
  return { url: await deps.copies.link(key, fileName, readingCopyTypes[format]), file_name: fileName, abstracts: items.length };
}
