/**
 * Bench 8: the registration office with 5,000 accounts and 5,000 orders in the table.
 *
 * The seed (a child process, `--seed-and-read`) builds every item with the storage layer's own
 * item builders, as the real writes put them: the account (address claim, profile in the delegate
 * list, name keys), the order (with its byReference keys), the order's place counter, its lists
 * (`orderRowWrites`: one ORDERROW item per slot, on the byList index), its payment (a pending
 * transfer sits in the awaited-transfers index) and the counters (the rebuild's `replaceStats` of
 * the sum of every record's contribution, which is what the live counters equal). Statuses,
 * methods, rates, visa, hotel, countries and names vary, so every filter is a part of the table.
 * Items are written in parallel batches of 25; audit entries are not seeded (no benched read
 * touches them).
 *
 * Then the same child reads through the office routes' own code (core/office/orders.ts
 * `listOfficeOrders` with the real storage, core/office/dashboard.ts with `readStats` and the
 * oldest awaited transfer), each call run as its route (the route's grants hold). A middleware on
 * the DynamoDB client counts what DynamoDB answered for each call: items read (ScannedCount of a
 * Query or Scan, the item of a GetItem) and round trips.
 *
 * Last, the export of all orders: the job worker's code (core/office/jobs.ts `runOfficeJob`, with
 * the real storage: paginated Scan, CSV, PutObject to the local S3) runs in a fresh node process,
 * as a Lambda container would, and reports its time and the process's peak memory (max RSS,
 * which includes Node and the loaded modules: the baseline before the export is printed beside it).
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TABLE_NAME, UPLOADS_BUCKET } from '../infra/local/portal';
import type { ReadFigure } from './bench-office-table';

const root = path.resolve(import.meta.dirname, '..');

interface ChildResult {
  ms: number;
  rows: number;
  bytes: number;
  baselineRssMb: number;
  peakRssMb: number;
  peakHeapMb: number;
  /** The worker's Scan of the table: DynamoDB's answers (pages, items scanned, their time). */
  scan: { pages: number; scanned: number; ms: number; firstPageMs: number; lastPageMs: number };
}

/** In the child: runs one export job through the worker's own code and prints its figures. */
async function child() {
  const { officeJobStore } = await import('../functions/storage/office-jobs');
  const { jobIdOf, runOfficeJob } = await import('../functions/core/office/jobs');
  const { jobWorkerDeps } = await import('#wiring/office-jobs');
  const { auditEntry } = await import('../functions/core/audit/audit');
  const { documentClient } = await import('../functions/lib/aws/clients');
  // How long the worker waits for DynamoDB's Scan pages (on DynamoDB Local, most of the export).
  const scan = { pages: 0, scanned: 0, ms: 0, firstPageMs: 0, lastPageMs: 0 };
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      if ((context as { commandName?: string }).commandName !== 'ScanCommand') return next(args);
      const started = performance.now();
      const result = await next(args);
      const ms = performance.now() - started;
      if (scan.pages === 0) scan.firstPageMs = ms;
      scan.lastPageMs = ms;
      scan.pages += 1;
      scan.ms += ms;
      scan.scanned += (result.output as { ScannedCount?: number }).ScannedCount ?? 0;
      return result;
    },
    { step: 'initialize', name: 'benchScanTimer' },
  );
  const now = new Date();
  const id = jobIdOf(now, randomUUID());
  const actor = { kind: 'command-line' as const, id: 'bench' };
  await officeJobStore.create(
    {
      id,
      kind: 'export',
      export: 'orders',
      state: 'queued',
      requested_by: { id: 'bench' },
      requested_at: now.toISOString(),
      attempts: 0,
    },
    auditEntry({
      action: 'export.requested',
      actor,
      at: now,
      object: { type: 'export', id },
      after: { kind: 'orders' },
    }),
  );
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)), 5);
  const baselineRssMb = process.memoryUsage().rss / 2 ** 20;
  const started = performance.now();
  await runOfficeJob(jobWorkerDeps, { text: JSON.stringify({ job: id }), receiveCount: 1 }, () => new Date());
  const ms = performance.now() - started;
  clearInterval(sampler);
  const job = await officeJobStore.get(id);
  if (job?.state !== 'done') throw new Error(`export job ended ${job?.state}`);
  const result: ChildResult = {
    ms,
    rows: job.rows!,
    bytes: job.bytes!,
    baselineRssMb,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    peakHeapMb: peakHeap / 2 ** 20,
    scan,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

/** Runs this script in a fresh node process with the portal's settings; its last line of output is its JSON answer. */
function runChild<T>(portal: { dynamo: string; s3: string }, mode: string, extra: string[] = []) {
  // Asynchronously: the local S3 the child writes to runs in this process.
  return new Promise<T>((resolve, reject) =>
    execFile(
      process.execPath,
      [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'scripts/bench-office.ts'), mode, ...extra],
      {
        cwd: root,
        env: {
          ...process.env,
          APP_MODE: 'local',
          AWS_REGION: 'us-east-1',
          TABLE_NAME,
          UPLOADS_BUCKET,
          DYNAMODB_ENDPOINT: portal.dynamo,
          S3_ENDPOINT: portal.s3,
          LOG_LEVEL: 'ERROR',
        },
        encoding: 'utf8',
        maxBuffer: 1 << 20,
        timeout: 600_000,
      },
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout.trim().split('\n').pop()!) as T)),
    ),
  );
}

interface TableResult {
  count: number;
  items: number;
  seedSeconds: number;
  limit: number;
  figures: ReadFigure[];
}

/** In the child: seeds the table and times the office's reads (scripts/bench-office-table.ts). */
async function seedAndReadChild(count: number, runs: number) {
  const { seedOffice, officeReads } = await import('./bench-office-table');
  const seeding = performance.now();
  const { people, items } = await seedOffice(count);
  const seedSeconds = (performance.now() - seeding) / 1000;
  const reads = await officeReads(people, runs);
  const result: TableResult = { count, items, seedSeconds, ...reads };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

/**
 * The office with `count` accounts and orders: the seed and the order table's and dashboard's
 * reads (`runs` each), then the export of every order by the job worker.
 */
export async function officeBench(portal: { dynamo: string; s3: string }, count = 5000, runs = 50) {
  const table = await runChild<TableResult>(portal, '--seed-and-read', [String(count), String(runs)]);
  const exported = await runChild<ChildResult>(portal, '--child');
  return { table, exported };
}

const mode = import.meta.url === pathToFileURL(process.argv[1] ?? '').href ? process.argv[2] : undefined;
if (mode === '--child') await child();
if (mode === '--seed-and-read') await seedAndReadChild(Number(process.argv[3]), Number(process.argv[4]));
