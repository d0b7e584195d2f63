/**
 * The office's exports: a job per export, recorded with its audit entry and queued; the worker
 * (run from the local queue as Lambda's event source mapping would) writes the CSV under
 * exports/; the office lists the jobs and gets a presigned link to a finished one. The CSV is
 * UTF-8 with a BOM, RFC 4180 quoted, formula-safe.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobMessages, type JobView } from '#core/office/jobs';
import { officeMessages } from '#core/office/access';
import { validOrder } from '../support/bodies';
import { call, dynamoOrigin, newDelegate, officeSession, s3Origin, type CallResult } from './support';

const T0 = '2024-08-01T02:00:00Z';
const db = () =>
  DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: dynamoOrigin(), region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));

let office: { token: string; email: string };
beforeAll(async () => {
  office = await officeSession('exports', T0);
}, 60_000);

async function finished(id: string): Promise<JobView> {
  const until = Date.now() + 25_000;
  for (;;) {
    const list = await call<{ items: JobView[] }>('GET', '/office/exports', { token: office.token, at: T0 });
    const job = list.body.data.items.find((j) => j.id === id);
    if (job && (job.state === 'done' || job.state === 'failed')) return job;
    if (Date.now() > until) throw new Error(`export ${id} still ${job?.state}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

let tick = 0;
async function exportCsv(kind: string) {
  for (let attempt = 1; ; attempt++) {
    // Each request a second later (the clock is pinned): job ids sort by the time they were asked.
    tick += 1;
    const at = new Date(Date.parse(T0) + tick * 1000).toISOString();
    const requested = await call<{ job: JobView }>('POST', '/office/exports', { token: office.token, at, json: { kind } });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    expect(requested.body.data.job.state).toBe('queued');
    const job = await finished(requested.body.data.job.id);
    expect(job.state).toBe('done');
    const link = await call<{ url: string; file_name: string }>('GET', `/office/exports/${job.id}/download`, { token: office.token, at: T0 });
    // Another test file deleting an account withdraws every export made before it (decision 0042): ask again.
    if (link.status === 409 && link.body.message === jobMessages.withdrawn && attempt < 4) continue;
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    return downloaded(job, requested, link.body.data);
  }
}

/** The export's file through its link: the link points at the local S3's exports/ prefix. */
async function downloaded(job: JobView, requested: CallResult<{ job: JobView }>, link: { url: string; file_name: string }) {
  expect(link.url.startsWith(s3Origin())).toBe(true);
  expect(link.url).toContain('/exports/');
  const file = await fetch(link.url);
  expect(file.status).toBe(200);
  const bytes = Buffer.from(await file.arrayBuffer());
  return { job, requested, bytes, text: bytes.toString('utf8'), link };
}

describe('who may export', () => {
  it('refuses a delegate, and a kind that is not one of the exports', async () => {
    const d = await newDelegate('not-office-export');
    const refused = await call('POST', '/office/exports', { token: d.token, at: T0, json: { kind: 'orders' } });
    expect([refused.status, refused.body.message]).toEqual([403, officeMessages.organisersOnly]);
    expect((await call('GET', '/office/exports', { token: d.token, at: T0 })).status).toBe(403);
    const wrong = await call<{ errors: Record<string, string> }>('POST', '/office/exports', { token: office.token, at: T0, json: { kind: 'passwords' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.data.errors.kind).toBe('Please choose what to export: orders, fapiao requests, registrations, delegates, abstracts, the review sheet, the review decisions, the abstract book, the badges or the check-ins.');
  });

  it('answers 404 for an export that does not exist', async () => {
    const r = await call('GET', '/office/exports/20240801T020000000Z-00000000/download', { token: office.token, at: T0 });
    expect([r.status, r.body.message]).toEqual([404, jobMessages.notFound]);
    expect((await call('GET', '/office/exports/..%2Fusers/download', { token: office.token, at: T0 })).status).toBe(404);
  });
});

describe('the orders export', () => {
  it('is built off the request path and downloaded as UTF-8 CSV with a BOM: every field, Chinese names intact, formulas neutralised', async () => {
    const d = await newDelegate('export-order');
    const created = await call<{ id: string }>('POST', '/registration/submission', {
      token: d.token,
      at: T0,
      json: validOrder({ first_name: '伟', last_name: '张', organization: '=HYPERLINK("http://evil.example","x")', position: '+1 Registrar, "Chief"' }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { job, requested, bytes, text, link } = await exportCsv('orders');
    expect(requested.body.message).toBe(jobMessages.exportQueued('orders'));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // Every cell quoted (csv-stringify), so a ";" locale keeps each whole; read back with csv-parse.
    const [header, ...records] = parse(bytes, { bom: true }) as string[][];
    expect(header!.slice(0, 6)).toEqual(['order_no', 'reference', 'status', 'account_email', 'currency', 'amount_required']);
    for (const field of ['rate', 'first_name', 'last_name', 'passport_number', 'hotel_book_required', 'check_out_date', 'other_room_request']) expect(header).toContain(field);
    expect(records.find((r) => r.includes(d.email))![header!.indexOf('organization')]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    const line = text.slice(1).split('\r\n').find((l) => l.includes(d.email))!;
    expect(line).toContain('"伟","张"');
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(line).toContain(`"'+1 Registrar, ""Chief"""`);
    expect(line).toContain('"Unpaid"');
    expect(line).toContain('"650.00","0.00","0.00"');
    expect(job.rows).toBeGreaterThanOrEqual(1);
    expect(job.bytes).toBe(bytes.length);
    expect(link.file_name).toMatch(/^orders-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);

    // Audited in the transaction that recorded the job.
    const audit = await db().send(new QueryCommand({ TableName: 'congress', KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `AUDIT#export#${job.id}` } }));
    expect(audit.Items!.map((i) => [i.action, i.actor.kind, i.actor.email, i.after.kind])).toEqual([['export.requested', 'organiser', office.email, 'orders']]);
  });
});

describe('the delegates and abstracts exports', () => {
  it('lists accounts without anything secret, and abstracts with their authors', async () => {
    const { text } = await exportCsv('delegates');
    const header = text.slice(1).split('\r\n')[0]!;
    expect(header.startsWith('"account_id","email","first_name"')).toBe(true);
    expect(text).toContain(office.email);
    expect(text).not.toMatch(/password|scrypt|session_epoch/i);
    const abstracts = await exportCsv('abstracts');
    expect(abstracts.text.slice(1).split('\r\n')[0]!.startsWith('"abstract_id","account_email","title_of_abstract"')).toBe(true);
  });

  it('lists the jobs newest first, each with who asked and when', async () => {
    const list = await call<{ items: JobView[] }>('GET', '/office/exports', { token: office.token, at: T0 });
    const ids = list.body.data.items.map((j) => j.id);
    expect(ids).toEqual([...ids].sort().reverse());
    // Other test files' organisers export at the same time (the portal is shared): this file's own jobs, newest first.
    const own = list.body.data.items.filter((j) => j.requested_by === office.email);
    expect(own[0]).toMatchObject({ requested_by: office.email, state: 'done', label: 'Abstracts' });
  });
});
