/** The abstract book for delegates: only a finished book of the latest published version, copied to programme/, audited, the edge's copies dropped. */
import { describe, expect, it } from 'vitest';
import { delegatesBookLink, delegatesBookMessages as m, publishBookToDelegates, type DelegatesBook, type DelegatesBookDeps } from '#core/programme/delegates-book';
import type { OfficeJob } from '#core/office/jobs';
import { localise } from '#core/i18n/server-messages';

const NOW = new Date('2024-10-20T02:00:00Z');
const organiser = { kind: 'organiser', id: 'org-1' } as const;
const bookJob = (over: Partial<OfficeJob> = {}): OfficeJob =>
  ({ id: 'job-1', kind: 'export', export: 'abstract_book', state: 'done', object_key: 'exports/job-1/abstract_book.pdf', file_name: 'abstract_book.pdf', programme_publication: 3, attempts: 1, requested_at: NOW.toISOString(), requested_by: { id: 'org-1' }, ...over }) as OfficeJob;

function deps(job: OfficeJob | undefined, latest: number | undefined) {
  const calls: string[] = [];
  let kept: DelegatesBook | undefined;
  const d: DelegatesBookDeps = {
    jobs: { get: async (id) => (job?.id === id ? job : undefined) },
    latestPublication: async () => latest,
    files: {
      publish: async (from, to) => (calls.push(`copy ${from} -> ${to}`), 1234),
      link: async (key, name) => `https://bucket.example/${key}?name=${name}`,
    },
    store: { book: async () => kept, putBook: async (book, audit) => void ((kept = book), calls.push(`audit ${audit.action}`)) },
    edge: { invalidate: async (paths, reference) => void calls.push(`invalidate ${paths.join(',')} ${reference}`) },
  };
  return { d, calls };
}

describe('publishBookToDelegates', () => {
  it("copies a finished book of the latest version to programme/, keeps it, audits it and drops the edge's copies of the status and the link", async () => {
    const { d, calls } = deps(bookJob(), 3);
    const r = await publishBookToDelegates(d, organiser, 'job-1', NOW);
    expect(localise('en', r.message)).toBe('The abstract book of programme version 3 is published to delegates.');
    expect(r.data).toEqual({ publication: 3, bytes: 1234, published_at: NOW.toISOString() });
    expect(calls).toEqual([
      'copy exports/job-1/abstract_book.pdf -> programme/abstract-book-3.pdf',
      'audit programme.book_published',
      `invalidate /api/v1/admin/programme/status,/api/v1/admin/programme/abstract-book book-job-1-${NOW.toISOString()}`,
    ]);
    expect(await delegatesBookLink(d)).toBe('https://bucket.example/programme/abstract-book-3.pdf?name=iacr2024-abstract-book.pdf');
  });

  it('refuses a book of an older version (409, both versions named), an unfinished one, one that is not a book, and one that does not exist', async () => {
    await expect(publishBookToDelegates(deps(bookJob(), 4).d, organiser, 'job-1', NOW)).rejects.toSatisfy(
      (e: { kind: string; message: unknown }) => e.kind === 'conflict' && localise('en', e.message as string) === 'This book prints version 3 of the programme, and version 4 is published now. Build the abstract book again, then publish that one.',
    );
    await expect(publishBookToDelegates(deps(bookJob({ state: 'running' }), 3).d, organiser, 'job-1', NOW)).rejects.toMatchObject({ kind: 'conflict', message: m.notReady });
    await expect(publishBookToDelegates(deps(bookJob({ export: 'orders' }), 3).d, organiser, 'job-1', NOW)).rejects.toMatchObject({ kind: 'not_found', message: m.notFound });
    await expect(publishBookToDelegates(deps(undefined, 3).d, organiser, 'job-1', NOW)).rejects.toMatchObject({ kind: 'not_found', message: m.notFound });
    await expect(publishBookToDelegates(deps(bookJob(), 3).d, organiser, '../etc', NOW)).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('answers 404 for the link before any book is published', async () => {
    await expect(delegatesBookLink(deps(undefined, 3).d)).rejects.toMatchObject({ kind: 'not_found', message: m.notPublished });
  });
});
