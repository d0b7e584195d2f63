import { describe, expect, it } from 'vitest';
import { CSV_BOM, cellText, csvRecords, type CellValue, type Column } from '#core/office/csv';
import { writeCsv } from '#lib/csv-writer';
import { abstractColumns, csvInstant, exportFileName, orderColumns, orderFormFields, delegateColumns, type OrderExportRow } from '#core/office/exports';
import { abstractCategories } from '#core/data/abstract-options';
import type { StoredAbstract } from '#core/abstracts/ports';
import { exportLink, jobIdOf, jobMessages, listExports, runOfficeJob, type ExportSource, type JobStore, type OfficeJob } from '#core/office/jobs';
import type { User } from '#core/accounts/model';
import type { StoredOrder } from '#core/orders/ports';
import type { Payment, Refund } from '#core/payments/model';
import { queues } from '#core/workers';
import type { WorkerDeps } from '#core/office/jobs';
import { listMailJobs, type MailWorkerDeps } from '#core/office/send-mail';
import type { PublishDeps } from '#core/review/publishing';

const NOW = new Date('2024-08-01T02:00:00Z');

/** A document as the exports write it: the records of `csvRecords`, written by csv-stringify. */
const csvOf = <Row>(columns: Column<Row>[], rows: Row[]) => [...writeCsv(csvRecords(columns, rows))].join('');
const oneCell = (value: CellValue) => csvOf([{ header: 'h', cell: (r: { v: CellValue }) => r.v }], [{ v: value }]).split('\r\n')[1]!;

describe('the cells of an export', () => {
  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+86 10 1234', "'+86 10 1234"],
    ['-1+1', "'-1+1"],
    ['@cmd', "'@cmd"],
    ['\tTAB', "'\tTAB"],
    ['\r=1', "'\r=1"],
    ['plain', 'plain'],
    ['a = b', 'a = b'],
  ])('neutralises a cell that starts a formula: %j', (value, text) => {
    expect(cellText(value)).toBe(text);
  });

  it('writes empty for null and undefined, yes/no for booleans, numbers as they are', () => {
    expect([cellText(null), cellText(undefined), cellText(true), cellText(false), cellText(650), cellText(0)]).toEqual(['', '', 'yes', 'no', '650', '0']);
  });
});

describe('an export written by csv-stringify (issue 29, item 9)', () => {
  it('quotes every cell, so that "Ann;=1+2" stays one cell where ";" separates (it was written unquoted)', () => {
    expect(oneCell('Ann;=1+2')).toBe('"Ann;=1+2"');
    expect(oneCell('=1+2;Ann')).toBe(`"'=1+2;Ann"`);
    expect(oneCell('plain')).toBe('"plain"');
    expect(oneCell('')).toBe('""');
    expect(oneCell(650)).toBe('"650"');
  });

  it('doubles quotes and keeps commas and line breaks inside the quoted cell (RFC 4180)', () => {
    expect(oneCell('Zhang, Wei')).toBe('"Zhang, Wei"');
    expect(oneCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvOf([{ header: 'h', cell: (r: { v: string }) => r.v }], [{ v: 'two\nlines' }])).toBe(`${CSV_BOM}"h"\r\n"two\nlines"\r\n`);
    expect(oneCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it('keeps Chinese text intact and ends lines with CRLF; the document starts with the BOM; a long export comes in chunks', () => {
    const doc = csvOf([{ header: 'name', cell: (r: { n: string }) => r.n }, { header: 'org', cell: () => '北京协和医院' }], [{ n: '王芳' }]);
    expect(doc).toBe(`${CSV_BOM}"name","org"\r\n"王芳","北京协和医院"\r\n`);
    expect([...Buffer.from(doc, 'utf8').subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const many = [...writeCsv(csvRecords([{ header: 'n', cell: (r: number) => r }], Array.from({ length: 1200 }, (_, i) => i)))];
    expect(many.length).toBeGreaterThan(2);
    expect(many.join('').split('\r\n')).toHaveLength(1 + 1200 + 1);
  });
});

const order = {
  id: 'o1',
  owner_id: 'u1',
  owner_email: 'wei@example.org',
  sequence: 7,
  order_no: 'R24-000007',
  reference: 'IACR24-000007-3',
  checksum: 'c',
  payment_status: 1,
  amount_required: 65000,
  currency: 'USD',
  payment_method: 'card',
  created_at: '2024-08-01T02:00:00Z',
  updated_at: '2024-08-01T02:00:00Z',
  paid_at: '2024-08-01T02:05:00Z',
  first_name: '伟',
  last_name: '张',
  rate: 650,
} as unknown as StoredOrder;
const payment = { id: 'p1', amount: 65000, method: 'card', state: 'confirmed', confirmed_at: '2024-08-01T02:05:00Z', created_at: '2024-08-01T02:01:00Z' } as Payment;
const refund = { id: 'r1', amount: 5000, method: 'card', state: 'done', reason: 'cancellation', done_at: '2024-09-01T00:00:00Z', created_at: '2024-09-01T00:00:00Z' } as Refund;

describe('the orders export', () => {
  it('has a column for every field of the order form (steps 2 to 4), and the amounts, payments and refunds', () => {
    const headers = orderColumns.map((c) => c.header);
    for (const field of orderFormFields) expect(headers).toContain(field);
    expect(orderFormFields.length).toBeGreaterThan(40);
    const row: OrderExportRow = { order, payments: [payment], refunds: [refund] };
    const cells = Object.fromEntries(orderColumns.map((c) => [c.header, c.cell(row)]));
    expect(cells).toMatchObject({
      order_no: 'R24-000007',
      status: 'Paid',
      amount_required: '650.00',
      amount_received: '650.00',
      amount_refunded: '50.00',
      first_name: '伟',
      last_name: '张',
      'paid_at (CST, UTC+8)': '2024-08-01 10:05:00 +08:00',
      'payments (method amount state confirmed_at)': 'card 650.00 confirmed 2024-08-01 10:05:00 +08:00',
      'refunds (method amount state reason done_at)': 'card 50.00 done cancellation 2024-09-01 08:00:00 +08:00',
      'last_refund_at (CST, UTC+8)': '2024-09-01 08:00:00 +08:00',
    });
  });

  it('writes what the delegate chose as words, not codes: the rate, the visit, yes and no (issue 29, item 16)', () => {
    const chosen = { ...order, post_conference_activities_person: 1, post_conference_activities_attach: 2, hotel_book_required: 1, visa_required: 0, gala_dinner: 1 } as StoredOrder;
    const cells = Object.fromEntries(orderColumns.map((c) => [c.header, c.cell({ order: chosen, payments: [], refunds: [] })]));
    expect(cells).toMatchObject({ rate: 'Standard rate: US$650.00', post_conference_activities_attach: 'Great Wall', hotel_book_required: 'Yes', visa_required: 'No', gala_dinner: 'Yes', post_conference_activities_person: 1 });
  });

  it('writes instants on Beijing time with the offset, and names the file by the request time', () => {
    expect(csvInstant('2024-08-01T16:30:05Z')).toBe('2024-08-02 00:30:05 +08:00');
    expect(csvInstant(undefined)).toBe('');
    expect(exportFileName('orders', '2024-08-01T16:30:05Z')).toBe('orders-2024-08-02-0030.csv');
  });

  it("names an abstract's category as the submission form does, not by its code (issue 29, item 16)", () => {
    const row = { abstract: { id: 'a1', abstract_category: abstractCategories[0]!.children[0]!.value, authors: [], presenter_infos: [], upload_files: [] } as unknown as StoredAbstract };
    const cells = Object.fromEntries(abstractColumns.map((c) => [c.header, c.cell(row)]));
    expect(cells.abstract_category).toBe(`${abstractCategories[0]!.label}: ${abstractCategories[0]!.children[0]!.label}`);
  });

  it('never has a column for what only the server knows of an account', () => {
    const headers = delegateColumns.map((c) => c.header).join(' ');
    expect(headers).not.toMatch(/password|session/);
  });
});

function memoryJobs(initial: OfficeJob): JobStore & { job: OfficeJob } {
  const store = {
    job: initial,
    async create() {},
    async get(id: string) {
      return id === store.job.id ? { ...store.job } : undefined;
    },
    async recent() {
      return [store.job];
    },
    async update(_id: string, fields: Partial<OfficeJob>, from: readonly string[]) {
      if (!from.includes(store.job.state)) return false;
      store.job = { ...store.job, ...fields };
      return true;
    },
  };
  return store;
}

describe('runOfficeJob', () => {
  const id = jobIdOf(NOW, 'abcdef01-2345');
  const queued: OfficeJob = { id, kind: 'export', export: 'orders', state: 'queued', requested_by: { id: 'org' }, requested_at: NOW.toISOString(), attempts: 0 };
  const source = (orders: () => Promise<OrderExportRow[]>): ExportSource => ({ orders, registrations: async () => [], delegates: async () => [{ user: { id: 'u', email: 'a@b' } as User }], abstracts: async () => [],
    reviewSheet: async () => ({ abstracts: [], reviews: [], members: [], people: new Map() }),
    decisions: async () => ({ abstracts: [], summaries: [] }),
    checkins: async () => [],
  });
  const log = { info: () => undefined, error: () => undefined };
  // Export jobs never touch the mail side.
  const mail = {} as MailWorkerDeps;
  const publication = {} as PublishDeps;
  const assignment = {} as WorkerDeps['assignment'];
  const reconcile = async (): Promise<never> => {
    throw new Error('export jobs never reconcile');
  };
  const tasks = {
    certificatesReady: async (): Promise<never> => {
      throw new Error('export jobs run no task');
    },
    presenterReminders: async (): Promise<never> => {
      throw new Error('export jobs run no task');
    },
  };
  const message = (receiveCount = 1) => ({ text: JSON.stringify({ job: id }), receiveCount });

  it('runs a queued export: running, then done with rows, bytes and the file under exports/', async () => {
    const jobs = memoryJobs(queued);
    const written: { key: string; text: string }[] = [];
    const files = { put: async (key: string, chunks: Iterable<string>) => (written.push({ key, text: [...chunks].join('') }), Buffer.byteLength(written[0]!.text)), putPdf: async () => 0, link: async () => '' };
    await runOfficeJob({ jobs, source: source(async () => [{ order, payments: [], refunds: [] }]), files, csv: writeCsv, log, mail, publication, assignment, reconcile, tasks }, message(), () => NOW);
    expect(jobs.job).toMatchObject({ state: 'done', rows: 1, attempts: 1, object_key: `exports/${id}/orders-2024-08-01-1000.csv`, file_name: 'orders-2024-08-01-1000.csv' });
    expect(jobs.job.bytes).toBe(Buffer.byteLength(written[0]!.text));
    expect(written[0]!.text.startsWith(`${CSV_BOM}"order_no",`)).toBe(true);
  });

  it('leaves a job that is done alone (a second delivery), and drops a message that names no job', async () => {
    const jobs = memoryJobs({ ...queued, state: 'done' });
    const files = { put: async () => 0, putPdf: async () => 0, link: async () => '' };
    await runOfficeJob({ jobs, source: source(async () => []), files, csv: writeCsv, log, mail, publication, assignment, reconcile, tasks }, message(), () => NOW);
    await runOfficeJob({ jobs, source: source(async () => []), files, csv: writeCsv, log, mail, publication, assignment, reconcile, tasks }, { text: 'not json', receiveCount: 1 }, () => NOW);
    expect(jobs.job.state).toBe('done');
    expect(jobs.job.attempts).toBe(0);
  });

  it('gives a failure back to the queue, and marks the job failed on the last delivery', async () => {
    const jobs = memoryJobs(queued);
    const broken = source(async () => {
      throw new Error('table unreachable');
    });
    const files = { put: async () => 0, putPdf: async () => 0, link: async () => '' };
    await expect(runOfficeJob({ jobs, source: broken, files, csv: writeCsv, log, mail, publication, assignment, reconcile, tasks }, message(1), () => NOW)).rejects.toThrow('table unreachable');
    expect(jobs.job.state).toBe('running');
    await expect(runOfficeJob({ jobs, source: broken, files, csv: writeCsv, log, mail, publication, assignment, reconcile, tasks }, message(queues['office-jobs'].maxReceiveCount), () => NOW)).rejects.toThrow();
    expect(jobs.job).toMatchObject({ state: 'failed', attempts: 2 });
    expect(jobs.job.error).toMatch(/operations team/);
  });
});

describe("the schedule's presenter-reminders task", () => {
  const deps = (runs: Date[]) =>
    ({
      jobs: memoryJobs({ id: '20240801T020000000Z-00000000', kind: 'export', export: 'orders', state: 'done', requested_by: { id: 'org' }, requested_at: NOW.toISOString(), attempts: 1 }),
      log: { info: () => undefined, error: () => undefined },
      tasks: { certificatesReady: async () => undefined, presenterReminders: async (at: Date) => void runs.push(at) },
    }) as unknown as WorkerDeps;
  const tick = (at: string) => ({ text: JSON.stringify({ task: 'presenter-reminders', at }), receiveCount: 1 });

  it("runs as at the tick's instant, never later than the worker's clock; a tick without an instant is dropped", async () => {
    const runs: Date[] = [];
    await runOfficeJob(deps(runs), tick('2024-07-31T02:00:00Z'), () => NOW);
    await runOfficeJob(deps(runs), tick('2024-11-01T02:00:00.000Z'), () => NOW);
    await runOfficeJob(deps(runs), { text: JSON.stringify({ task: 'presenter-reminders' }), receiveCount: 1 }, () => NOW);
    await runOfficeJob(deps(runs), tick('yesterday'), () => NOW);
    expect(runs.map((d) => d.toISOString())).toEqual(['2024-07-31T02:00:00.000Z', NOW.toISOString()]);
  });
});

describe('exportLink', () => {
  const id = jobIdOf(NOW, 'abcdef01');
  const done: OfficeJob = { id, kind: 'export', export: 'orders', state: 'done', requested_by: { id: 'o' }, requested_at: NOW.toISOString(), finished_at: NOW.toISOString(), attempts: 1, object_key: `exports/${id}/x.csv`, file_name: 'x.csv' };
  const files = { put: async () => 0, putPdf: async () => 0, link: async (key: string) => `https://s3.test/${key}` };
  const at = (days: number) => new Date(NOW.getTime() + days * 86_400_000);
  it('links a finished export for a week, then says it was deleted; refuses one not ready or failed', async () => {
    expect((await exportLink({ jobs: memoryJobs(done), files }, id, at(6.9))).url).toBe(`https://s3.test/exports/${id}/x.csv`);
    await expect(exportLink({ jobs: memoryJobs(done), files }, id, at(7.1))).rejects.toThrow(jobMessages.expired);
    await expect(exportLink({ jobs: memoryJobs({ ...done, state: 'running' }), files }, id, NOW)).rejects.toThrow(jobMessages.notReady);
    await expect(exportLink({ jobs: memoryJobs({ ...done, state: 'failed' }), files }, id, NOW)).rejects.toThrow(jobMessages.failed);
    await expect(exportLink({ jobs: memoryJobs(done), files }, 'users/x', NOW)).rejects.toThrow(jobMessages.notFound);
  });
});

describe('the office lists of exports and mail jobs', () => {
  /** Jobs of every kind in one partition, as storage keeps them: newest first, of one kind when asked. */
  const jobsOf = (jobs: OfficeJob[]) =>
    ({
      async create() {},
      async get(id: string) {
        return jobs.find((j) => j.id === id);
      },
      async recent(limit: number, kind?: OfficeJob['kind']) {
        return jobs
          .filter((j) => !kind || j.kind === kind)
          .sort((a, b) => b.id.localeCompare(a.id))
          .slice(0, limit);
      },
      async update() {
        return false;
      },
    }) satisfies JobStore;
  const job = (kind: 'export' | 'mail', second: number): OfficeJob => {
    const at = new Date(NOW.getTime() + second * 1000);
    return { id: jobIdOf(at, `${kind}-${second}`), kind, ...(kind === 'export' ? { export: 'orders' as const } : {}), state: 'done', requested_by: { id: 'org' }, requested_at: at.toISOString(), attempts: 1 };
  };

  it('an export stays listed behind 60 newer mail jobs, and a mail job behind 60 newer exports', async () => {
    const oldExport = job('export', 0);
    const mails = Array.from({ length: 60 }, (_, i) => job('mail', i + 1));
    const listed = await listExports({ jobs: jobsOf([oldExport, ...mails]) });
    expect(listed.items.map((j) => j.id)).toEqual([oldExport.id]);

    const oldMail = job('mail', 0);
    const exportsAfter = Array.from({ length: 60 }, (_, i) => job('export', i + 1));
    const mailList = await listMailJobs({ jobs: jobsOf([oldMail, ...exportsAfter]) });
    expect(mailList.items.map((j) => j.id)).toEqual([oldMail.id]);
  });
});
