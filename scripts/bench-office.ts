/**
 * Bench 8: the office's export of the whole congress. 5,000 registration orders (every form
 * field filled, Chinese names, each with a confirmed card payment) are put straight in the table
 * of a throw-away portal; then the job worker's code (core/office/jobs.ts `runOfficeJob` with the
 * real storage: paginated Scan, CSV, PutObject to the local S3) runs in a fresh node process, as
 * a Lambda container would, and reports its time and the process's peak memory (max RSS, which
 * includes Node and the loaded modules: the baseline before the export is printed beside it).
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { orderFormSchema } from '../functions/core/orders/schemas';
import { orderNumber, transferReference } from '../functions/core/orders/reference';
import { keys } from '../functions/storage/keys';
import { TABLE_NAME, UPLOADS_BUCKET } from '../infra/local/portal';
import { validForm } from '../test/unit/core/orders/form';

const root = path.resolve(import.meta.dirname, '..');
const SURNAMES = ['张', '王', '李', '欧阳', 'Müller', "O'Brien", 'García', '=SUM(A1)'];

async function seedOrders(dynamo: string, count: number) {
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: 'us-east-1',
      endpoint: dynamo,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const form = orderFormSchema.parse(
    validForm({
      organization: '中国医学科学院肿瘤医院, Beijing',
      special_assistance_requirements: 'Wheelchair "access", please',
    }),
  );
  const at = '2024-08-01T02:00:00.000Z';
  const items = Array.from({ length: count }, (_, i) => {
    const sequence = 100_000 + i;
    const owner = randomUUID();
    const id = randomUUID();
    const order = {
      ...form,
      first_name: `伟${i}`,
      last_name: SURNAMES[i % SURNAMES.length]!,
      id,
      owner_id: owner,
      owner_email: `bench-export-${i}@example.org`,
      sequence,
      order_no: orderNumber(sequence),
      reference: transferReference(sequence),
      checksum: randomUUID(),
      payment_status: 1,
      amount_required: 65000,
      currency: 'USD',
      payment_method: 'card',
      created_at: at,
      updated_at: at,
      paid_at: at,
    };
    const paymentId = randomUUID();
    const payment = {
      id: paymentId,
      subject: { kind: 'order', id, owner_id: owner },
      amount: 65000,
      currency: 'USD',
      method: 'card',
      provider: 'stripe',
      provider_ids: { checkout_session: `cs_${i}`, payment_intent: `pi_${i}` },
      state: 'confirmed',
      version: 2,
      created_at: at,
      updated_at: at,
      confirmed_at: at,
    };
    return [
      { ...keys.order(owner, id), entity: 'order', ...order },
      { ...keys.payment(owner, 'order', id, paymentId), entity: 'payment', ...payment },
    ];
  }).flat();
  for (let i = 0; i < items.length; i += 25) {
    await db.send(
      new BatchWriteCommand({
        RequestItems: { [TABLE_NAME]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
      }),
    );
  }
}

interface ChildResult {
  ms: number;
  rows: number;
  bytes: number;
  baselineRssMb: number;
  peakRssMb: number;
  peakHeapMb: number;
}

/** In the child: runs one export job through the worker's own code and prints its figures. */
async function child() {
  const { officeJobStore } = await import('../functions/storage/office-jobs');
  const { jobIdOf, runOfficeJob } = await import('../functions/core/office/jobs');
  const { jobWorkerDeps } = await import('../functions/lib/jobs-deps');
  const { auditEntry } = await import('../functions/core/audit/audit');
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
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

export async function officeExportBench(portal: { dynamo: string; s3: string }, orders = 5000) {
  const seeding = performance.now();
  await seedOrders(portal.dynamo, orders);
  const seedSeconds = (performance.now() - seeding) / 1000;
  // Asynchronously: the local S3 the child writes to runs in this process.
  const output = await new Promise<string>((resolve, reject) =>
    execFile(
      process.execPath,
      [
        path.join(root, 'node_modules/tsx/dist/cli.mjs'),
        path.join(root, 'scripts/bench-office.ts'),
        '--child',
      ],
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
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    ),
  );
  const line = output.trim().split('\n').pop()!;
  return { orders, seedSeconds, ...(JSON.parse(line) as ChildResult) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.argv.includes('--child')) {
  await child();
}
