/**
 * The abstract book as an office export (decision 0066): refused (409, in both languages) while no
 * programme is published, nothing recorded or queued then; the worker builds the book of the latest
 * published programme, renders it and stores the PDF under exports/.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '#core/errors';
import { mailTranslator } from '#core/i18n/mail-messages';
import { assertBookPublished, latestBook, type BookSource } from '#core/office/abstract-book-export';
import { jobIdOf, requestExport, runOfficeJob, type JobStore, type OfficeJob, type WorkerDeps } from '#core/office/jobs';
import type { AbstractBook, BookAbstract } from '#core/programme/abstract-book';
import { abstract, rooms, session } from '../programme/fixtures';

const NOW = new Date('2024-10-01T02:00:00Z');
const actor = { kind: 'organiser', id: 'org-1', email: 'office@example.org' } as const;

const bookAbstract = (id: string, o: Parameters<typeof abstract>[1]): BookAbstract => ({ ...abstract(id, o), keywords: 'registry', abstract_body: 'Background: counted. Results: more.' });
const published = {
  number: 3,
  rooms,
  sessions: [{ ...session('s1', { talks: [['a1', 15], ['a2', 15]] }), chairs: [{ account_id: 'chair-1' }, { name: 'Freddie Bray' }] }],
};
const source = (latest: BookSource['latest']): BookSource => ({
  latest,
  abstracts: async () => [bookAbstract('a1', { number: 'O-001' }), bookAbstract('a2', { number: 'O-002' }), bookAbstract('p9', { outcome: 'poster', number: 'P-009' })],
  accountName: async (id) => (id === 'chair-1' ? 'Wei Chen' : undefined),
});

function memoryJobs(initial?: OfficeJob): JobStore & { jobs: OfficeJob[] } {
  const store = {
    jobs: initial ? [initial] : [],
    async create(job: OfficeJob) {
      store.jobs.push(job);
    },
    async get(id: string) {
      return store.jobs.find((j) => j.id === id);
    },
    async recent() {
      return store.jobs;
    },
    async update(id: string, fields: Partial<OfficeJob>, from: readonly string[]) {
      const i = store.jobs.findIndex((j) => j.id === id);
      if (i < 0 || !from.includes(store.jobs[i]!.state)) return false;
      store.jobs[i] = { ...store.jobs[i]!, ...fields };
      return true;
    },
  };
  return store;
}

describe('the abstract book before any publication', () => {
  it('is refused with a 409 in English and Chinese, and nothing is recorded or queued', async () => {
    const jobs = memoryJobs();
    const sent: unknown[] = [];
    const refusal = requestExport({ jobs, queue: { send: async (m) => void sent.push(m) }, newId: () => 'abcdef01', programme: { isPublished: async () => false } }, actor, 'abstract_book', NOW);
    await expect(refusal).rejects.toBeInstanceOf(AppError);
    const error = (await refusal.catch((e: unknown) => e)) as AppError;
    expect(error.kind).toBe('conflict');
    expect(error.text?.id).toBe('api.office.exports.bookUnpublished');
    expect(mailTranslator('en')('api.office.exports.bookUnpublished')).toMatch(/no programme has been published yet/);
    expect(mailTranslator('zh-Hans')('api.office.exports.bookUnpublished')).toMatch(/尚未发布任何日程/);
    expect(jobs.jobs).toEqual([]);
    expect(sent).toEqual([]);
    await expect(assertBookPublished({ isPublished: async () => false })).rejects.toMatchObject({ kind: 'conflict' });
    await expect(latestBook(source(async () => undefined))).rejects.toMatchObject({ kind: 'conflict' });
  });

  it('is queued once a programme is published (the other exports never ask)', async () => {
    const jobs = memoryJobs();
    const sent: unknown[] = [];
    const answer = await requestExport({ jobs, queue: { send: async (m) => void sent.push(m) }, newId: () => 'abcdef01', programme: { isPublished: async () => true } }, actor, 'abstract_book', NOW);
    expect(answer.data.job).toMatchObject({ kind: 'export', export: 'abstract_book', state: 'queued', label: 'Abstract book (PDF)' });
    expect(sent).toHaveLength(1);
    await requestExport({ jobs, queue: { send: async () => {} }, newId: () => 'abcdef02', programme: { isPublished: async () => false } }, actor, 'orders', NOW);
    expect(jobs.jobs).toHaveLength(2);
  });
});

describe('the abstract book job', () => {
  it('builds the latest publication with its chairs named, stores the PDF under exports/ and counts its abstracts', async () => {
    const id = jobIdOf(NOW, 'abcdef01-2345');
    const jobs = memoryJobs({ id, kind: 'export', export: 'abstract_book', state: 'queued', requested_by: { id: 'org' }, requested_at: NOW.toISOString(), attempts: 0 });
    const rendered: AbstractBook[] = [];
    const stored: { key: string; bytes: Uint8Array; fileName: string }[] = [];
    const files = {
      put: async () => 0,
      putPdf: async (key: string, bytes: Uint8Array, fileName: string) => (stored.push({ key, bytes, fileName }), bytes.byteLength),
      link: async () => '',
    };
    const render = async (book: AbstractBook) => (rendered.push(book), new Uint8Array([0x25, 0x50, 0x44, 0x46]));
    const deps = { jobs, files, book: { source: source(async () => published), render }, log: { info() {}, error() {} } } as unknown as WorkerDeps;
    await runOfficeJob(deps, { text: JSON.stringify({ job: id }), receiveCount: 1 }, () => NOW);
    expect(rendered[0]!.days[0]!.sessions[0]!.chairs).toEqual(['Wei Chen', 'Freddie Bray']);
    expect(rendered[0]!.unplaced.map((e) => e.number)).toEqual(['P-009']);
    expect(stored).toEqual([{ key: `exports/${id}/abstract_book-2024-10-01-1000.pdf`, bytes: new Uint8Array([0x25, 0x50, 0x44, 0x46]), fileName: 'abstract_book-2024-10-01-1000.pdf' }]);
    expect(jobs.jobs[0]).toMatchObject({ state: 'done', rows: 3, bytes: 4, programme_publication: 3, file_name: 'abstract_book-2024-10-01-1000.pdf' });
  });
});
