/**
 * `npm run bench`: prints the speed and size figures of the product (the targets are printed
 * beside each figure). Runs offline against a throw-away local portal (its ports: TEST_PORT,
 * TEST_DYNAMODB_PORT, ... as scripts/test-portal.ts reads them). The figures are reports, except
 * the orders bench (6) and the review bench (10): when one fails, the process exits 1 (2: a bad argument).
 *
 *   1. bundle size of every function as synth bundles it (split: initial code and lazy chunks), reported
 *   2. cold init of every bundle in a fresh node process vs the floor (a bundle that only creates
 *      a DynamoDB document client), target <= 1.5x
 *   3. first-load JS of the SPA (gzip), target <= 200 kB
 *   4. Lighthouse mobile performance and accessibility, target >= 98 (issue 13); the programme's pages
 *      (/program and a placed abstract's page, in English and Chinese) last, with the full programme
 *      of 150 talks and 400 posters published (scripts/bench-programme.ts), on a clock during the
 *      congress; the size of GET /programme (raw and gzip) beside them
 *   5. a 100 MB poster through presign + PUT + confirm vs a raw PUT to the local S3, target >= 0.9,
 *      and the file bytes that passed through the functions, target 0
 *   6. registration day (scripts/bench-orders.ts): `--delegates=N` (default 200) log in, then at once
 *      create an order and pay it by card; errors by route and status, orders paid, create and webhook
 *      times, DynamoDB round trips per route (targets: create <= 2, webhook <= 3, list 1 beyond
 *      authentication), receipts issued (read from the table: each paid order's, numbers gap-free and
 *      once), payment to receipt, and the CPU of this process, DynamoDB Local and the machine per
 *      phase. Fails (exit 1) on any error, an unpaid order, a missing receipt, a gap or a duplicate.
 *   7. 50 parallel wrong passwords for one address from one client: passwords checked = the limit
 *   9. documents (scripts/bench-documents.ts): a PDF's rendering in a fresh process (cold) and a warm
 *      one, its size, and the size of the functions that render them, fonts included
 *   8. the office with 5,000 accounts and 5,000 orders (scripts/bench-office.ts): the order table's
 *      pages, filters and searches and the dashboard (p50/p99, DynamoDB items read per request
 *      beside the page size), and the export of all orders (time and peak memory of the worker)
 *  11. the abstract book (scripts/pdf/abstract-book-sample.ts, in a process of its own): 600 generated
 *      accepted abstracts (250-300 words, 3-8 authors, names in Chinese, Arabic and Latin-extended
 *      letters) rendered as the book, streamed to dist/bench/abstract-book/book.pdf: time (the first
 *      book and a second in the same process), peak memory (RSS and V8 heap, sampled at every page),
 *      pages, file size; its first three pages as PNGs beside it to look at. Named `abstract-book`; report only.
 *  10. the abstract review (scripts/bench-review.ts): 2,000 abstracts in the review categories (the
 *      abstract form's five groups), 60 reviewers and a committee member seeded in the table; the
 *      assignment through the API (time, and a re-run that adds nothing), its invariants read back
 *      (reviewers per abstract where the pool allows, load spread per category, no conflicted pair),
 *      a reviewer's queue and the committee's ranking page (p50/p99, DynamoDB items read per request
 *      beside the rows shown), and every abstract decided within the slots (throughput); the
 *      publication of every decision (an office job: numbers gap-free, a minute of its mails). Named `review`; fails (exit 1) on a broken
 *      invariant or a refused decision.
 *  12. check-in (scripts/checkin/bench-sample.ts, in a process of its own): 1,500 tickets signed as the
 *      portal signs them: the QR payload's length and the QR version at error correction M; the badge
 *      sheets of every ticket (A4, four a sheet) through the office job's own code, off the request
 *      path: time (first and second in one process), peak memory, pages, size, missing glyphs; the
 *      first sheet as a PNG to look at. Part 2, the doors (scripts/checkin/bench-doors.ts, against a
 *      throw-away portal): 4 devices, 1,500 tickets, 1,575 scans in a simulated 30 minutes with two
 *      desks offline for 10: sync, online and offline answers, the queues' upload; then the app in
 *      Chromium with the CPU slowed 4x (bench-door-app.ts): a ticket chosen to its answer, offline
 *      and online, and a QR signature checked with WebCrypto. Named `checkin`; report only.
 *  13. an abstract's page rendered by its route (scripts/bench-server-pages.ts, bundled as synth
 *      bundles the route and run in a fresh process, as a new function): the pre-rendering entry's load with the first page, then warm pages in both
 *      languages (p50/p95), the HTML's size raw, gzip and brotli. Named `ssr`; report only.
 *
 * `npm run bench -- --only=bundles,init` (or `npm run bench -- bundles init`) runs a subset;
 * `npm run bench -- --only=orders --delegates=1000` registration day with 1,000 delegates.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { routeList } from '../functions/core/routes';
import { bundleFunction, copySsr, splitOptions } from '../infra/cdk/bundling';
import { buildWebIfStale } from './build-web';
import { uploadBench } from './bench-upload';
import { parseDelegates } from './bench-checks';
import { loginBurstBench, ordersBench, RECEIPTS_WITHIN_MS, type CpuPhase, type OrdersFigures } from './bench-orders';
import { officeBench } from './bench-office';
import { publishFullProgramme, type PublishedProgrammeFigures } from './bench-programme';
import { reviewBench, type ReviewFigures } from './bench-review';
import { reviewSettings } from '../functions/core/config/review';
import { documentsBench } from './bench-documents';
import { benchDocumentSpecs } from './pdf/bench-specs';
import { startTestPortal } from './test-portal';
import { validAbstract, validOrder } from '../test/support/bodies';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'dist/bench');
const args = process.argv.slice(2);
const named = [
  ...(args.find((a) => a.startsWith('--only='))?.slice(7).split(',') ?? []),
  ...args.filter((a) => !a.startsWith('-')).flatMap((a) => a.split(',')),
].filter(Boolean);
const only = named.length ? named : undefined;
/** `--delegates=N`: how many delegates the orders bench (6) runs, a positive integer (default 200). */
const delegatesArg = parseDelegates(args);
if ('error' in delegatesArg) {
  console.error(delegatesArg.error);
  process.exit(2);
}
const DELEGATES = delegatesArg.delegates;
const wanted = (name: string) => !only || only.includes(name);
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;

function table(rows: (string | number)[][]) {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  for (const r of rows) console.log('  ' + r.map((c, i) => String(c).padEnd(widths[i]!)).join('  '));
}

const ms = (x: number) => (Number.isFinite(x) ? `${x.toFixed(0)} ms` : 'none');
/** CPU seconds as a share of the wall time (of one core, or of `cores`); not for a phase under a second (the clock ticks are 10 ms). */
const pct = (cpuSeconds: number, seconds: number, cores = 1) => (Number.isFinite(cpuSeconds) && seconds >= 1 ? `${((100 * cpuSeconds) / seconds / cores).toFixed(0)}%` : '-');

/** Section 6: what the orders bench measured, and why it failed (the process then exits 1). */
function printOrders(o: OrdersFigures) {
  const r = o.receipts;
  const trips = (t: { median: number; min: number; max: number }) => (Number.isFinite(t.median) ? `${t.median} [${t.min}-${t.max}]` : 'none');
  console.log(`6. ${o.delegates} delegates log in (8 at a time: ${o.loginSeconds.toFixed(1)} s), then all at once create an order and pay it by card (local Stripe + signed webhook); receipts read from the table`);
  table([
    ['figure', 'value', 'target'],
    ['errors', o.errors.length, '0'],
    ['orders paid (seen by their delegates; in the table)', `${o.paid} of ${o.delegates}; ${r.paidInTable}`, String(o.delegates)],
    ['order creation as the client sees it, p50 / p99', `${ms(o.createMs.p50)} / ${ms(o.createMs.p99)}`, ''],
    [`order creation in the function, p50 / p99 (${o.createFunctionMs.count} requests)`, `${ms(o.createFunctionMs.p50)} / ${ms(o.createFunctionMs.p99)}`, ''],
    [`webhook handling in the function, p50 / p99 (${o.webhookMs.count} events)`, `${ms(o.webhookMs.p50)} / ${ms(o.webhookMs.p99)}`, ''],
    ['DynamoDB round trips: authentication', Number.isFinite(o.authTrips) ? o.authTrips : 'not measured', ''],
    ['  create (beyond authentication), median [min-max]', trips(o.trips.create), '<= 2'],
    ['  webhook, median [min-max]', trips(o.trips.webhook), '<= 3'],
    ['  list (beyond authentication), median [min-max]', trips(o.trips.list), '1'],
    ['  card checkout (beyond authentication), median [min-max]', trips(o.trips.checkout), ''],
    ['time from the first order to the last paid (or failed)', `${o.seconds.toFixed(1)} s`, ''],
    ['paid orders (in the table) with their receipt', `${r.withReceipt} of ${r.expected}${r.twice ? ` (${r.twice} with more than one)` : ''}`, 'all, one each'],
    [
      'document numbers',
      `${r.numbered} numbered, sequence at ${r.lastNumber ?? 'none'}; ${r.gaps.length} missing, ${r.duplicates.length} used twice`,
      'gap-free, each once',
    ],
    [
      `payment confirmed to receipt issued, p50 / p99 / max (${r.delayMs.count} receipts)`,
      `${ms(r.delayMs.p50)} / ${ms(r.delayMs.p99)} / ${ms(r.delayMs.max)}${r.delayMs.beforePayment ? `; ${r.delayMs.beforePayment} more dated before their payment (issued on the bench's pinned clock)` : ''}`,
      '',
    ],
    [
      'waiting for the receipts after the last paid',
      `${r.waitedSeconds.toFixed(1)} s${r.complete ? '' : `: not all within ${(RECEIPTS_WITHIN_MS / 1000).toFixed(0)} s`} (${r.tableReads} table reads)`,
      '',
    ],
  ]);
  if (o.errors.length) {
    console.log('  Errors by route and status (what the delegates\' clients got; what the local Stripe got from the webhook, every delivery attempt):');
    const groups = new Map<string, { route: string; status: string; count: number; messages: string[] }>();
    for (const e of o.errors) {
      const g = groups.get(`${e.route} ${e.status}`) ?? { route: e.route, status: e.status, count: 0, messages: [] };
      g.count += 1;
      if (!g.messages.includes(e.message) && g.messages.length < 3) g.messages.push(e.message);
      groups.set(`${e.route} ${e.status}`, g);
    }
    table([['route', 'status', 'count', 'first messages'], ...[...groups.values()].sort((a, b) => b.count - a.count).map((g) => [g.route, g.status, g.count, g.messages.join(' | ')])]);
  }
  const timedOut = Object.entries(o.timedOut);
  if (timedOut.length) console.log(`  Requests that ran into the function's timeout (10 s locally; answered 500): ${timedOut.map(([route, n]) => `${route} ${n}`).join(', ')}`);
  const c = o.cpu;
  console.log(
    `  CPU time per phase (user + system): seconds, % of one core / % of the machine's ${c.cores} cores. This process runs the local functions, Stripe, SQS, S3 and the delegates' clients; DynamoDB Local is its Java process; the machine counts every process (others' work on a shared machine too)`,
  );
  const share = (cpu: number, p: CpuPhase) => `${cpu.toFixed(1)} s: ${pct(cpu, p.seconds)} / ${pct(cpu, p.seconds, c.cores)}`;
  table([
    ['phase', 'wall', 'this process', 'DynamoDB Local', 'whole machine'],
    ...c.phases.map((p) => [p.name, `${p.seconds.toFixed(1)} s`, share(p.benchCpu, p), c.dynamoFound ? share(p.dynamoCpu, p) : 'its process not found', share(p.machineCpu, p)]),
  ]);
  if (o.failures.length) {
    console.log(`  FAILED: ${o.failures.join('; ')}`);
    process.exitCode = 1;
  } else console.log('  passed: 0 errors, every order paid, every paid order with its receipt, numbers gap-free and each once');
  console.log();
}

/** Section 10: what the review bench measured, and why it failed (the process then exits 1). */
function printReview(r: ReviewFigures) {
  const n = (x: number) => x.toLocaleString('en');
  console.log(
    `10. The abstract review: ${n(r.abstracts)} abstracts in the ${r.categories.length} review categories that exist (the abstract form's groups; issue 31 said 6), ${r.reviewers} reviewers and a committee member (${n(r.seed.items)} items, ${n(r.seed.accounts)} accounts, seeded in ${r.seed.seconds.toFixed(1)} s)`,
  );
  table([['category', 'abstracts', 'reviewers'], ...r.categories.map((k) => [k.label, k.abstracts, k.reviewers])]);
  const reasons = Object.entries(r.conflicts.byReason).map(([reason, count]) => `${reason} ${n(count)}`).join(', ');
  console.log(
    `  conflicts of interest (every rule, as the assignment computes them): ${n(r.conflicts.pairs)} of the ${n(r.conflicts.ofPairs)} reviewer-abstract pairs within a category's pool (${reasons}); ${r.conflicts.abstractsWithFewerThanN} abstracts have fewer than ${reviewSettings.reviewersPerAbstract} reviewers free of conflict`,
  );
  const sec = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : '-');
  console.log(
    `  a. The assignment, asked for by the committee through the API (POST /review/assignments/run queues an office job) and run by the runOfficeJob worker (timeout 300 s): "answered" is the request, "end" the worker's last DynamoDB call (the lease given back). Round trips and items read are the whole run's`,
  );
  table([
    ['run', 'answered', 'end', 'added', 'short', 'round trips', 'items read', 'reading (calls)', 'writing assignments (transactions)', 'writing summaries (transactions)'],
    ...r.assignment.map((a, k) => [
      k === 0 ? 'first' : 're-run',
      `${a.status} after ${sec(a.ms)}`,
      sec(a.endMs),
      n(a.added),
      a.short ?? '-',
      n(a.roundTrips),
      n(a.itemsRead),
      `${sec(a.phases.reading.from)}-${sec(a.phases.reading.to)} (${n(a.phases.reading.calls)})`,
      a.phases.assignments.calls ? `${sec(a.phases.assignments.from)}-${sec(a.phases.assignments.to)} (${a.phases.assignments.calls})` : 'none',
      a.phases.summaries.calls ? `${sec(a.phases.summaries.from)}-${sec(a.phases.summaries.to)} (${n(a.phases.summaries.calls)})` : 'none',
    ]),
  ]);
  console.log(
    `  the algorithm alone (core/review/assignment.ts, every conflict rule, no I/O) in this process: ${sec(r.core.ms)}, ${n(r.core.checks)} conflict checks, ${n(r.core.added)} assignments; between the run's last read and its first write: ${sec(r.assignment[0]!.phases.assignments.from - r.assignment[0]!.phases.reading.to)}`,
  );
  const i = r.invariants;
  console.log('  b. Its invariants, read back from the table');
  table([
    ['invariant', 'value', 'target'],
    ['active assignments', n(i.assignments), `${reviewSettings.reviewersPerAbstract} per abstract where the pool allows`],
    [`abstracts without min(${reviewSettings.reviewersPerAbstract}, reviewers free of conflict)`, i.wrongCount, '0'],
    ['conflicted pairs assigned (conflicts recomputed with core/review/conflicts.ts)', i.conflicted, '0'],
    ["assignments outside the abstract's or the reviewer's category", i.outsideCategory, '0'],
    ...i.load.map((l) => [`load in ${l.category} (${l.reviewers} reviewers): min-max, spread`, `${l.min}-${l.max}, ${l.max - l.min}`, '<= 1 where every reviewer may review every abstract']),
  ]);
  console.log(`  c. Reviews written straight into the table as a submission stores them: ${n(r.reviewsWritten.submitted)} of the ${n(r.reviewsWritten.reviews)} assignments submitted, with each abstract's scores (${r.reviewsWritten.seconds.toFixed(1)} s)`);
  console.log(
    `  d. Pages through the API, ${r.pages[0]!.runs} runs each after 3 warm-ups; items read = what DynamoDB read per request (ScannedCount of a Query, the item of a GetItem), median [min-max]; rows = rows on the page. The queue is of the reviewer with the most assignments (${r.queue.rows}; queues hold ${r.queue.lengths.min}-${r.queue.lengths.max}); the ranking's page size is ${r.pageSize}`,
  );
  const range = (x: { median: number; min: number; max: number }) => (x.min === x.max ? `${x.median}` : `${x.median} [${x.min}-${x.max}]`);
  table([
    ['request', 'p50', 'p99', 'items read', 'round trips', 'rows', 'target'],
    ...[...r.pages, r.authentication.reviewer, r.authentication.committee].map((p, k) => [
      p.name + (p.unattributed ? ` (${p.unattributed} with other reads mixed in)` : ''),
      `${p.p50.toFixed(1)} ms`,
      `${p.p99.toFixed(1)} ms`,
      range(p.items),
      range(p.roundTrips),
      k < r.pages.length ? range(p.rows) : '',
      k === 0 ? 'about the rows shown' : k < r.pages.length ? `about the page (${r.pageSize}), never the category` : '',
    ]),
  ]);
  const d = r.deciding;
  if (d) {
    console.log(
      `  e. Deciding: ${n(d.decisions)} pending decisions through PUT /review/committee/decisions/{id} (the ${r.categories.length} categories at once, one at a time within each), ${d.seconds.toFixed(1)} s: ${(d.decisions / d.seconds).toFixed(0)} a second, p50 ${d.p50.toFixed(0)} ms, p99 ${d.p99.toFixed(0)} ms, ${d.errors.length} refused; the counts in the table:`,
    );
    table([['category', 'oral (of the slots)', 'poster (of the boards)', 'reject or revise'], ...d.counts.map((k) => [k.category, k.oral, k.poster, k.other])]);
  }
  const p = r.publication;
  if (!p) console.log('  publication: not measured (deciding did not run)');
  else
    console.log(
      `  publication of every decision (POST /review/committee/publication, an office job): answered ${p.status} in ${p.requestMs.toFixed(0)} ms; every decision published after ${sec(p.publishedMs)} (${Object.entries(p.published ?? {}).map(([k, v]) => `${k} ${n(v)}`).join(', ')}), ${n(p.outcomes)} abstracts with their outcome; numbers oral ${n(p.numbers.oral)}, poster ${n(p.numbers.poster)}, ${p.numbers.gapFree ? 'gap-free, each once' : 'WITH A GAP OR A DUPLICATE'}; mails ${n(p.mails.sent)} of ${n(p.mails.total)} sent (${n(p.mails.withheld)} withheld, ${n(p.mails.failed)} failed) after ${sec(p.doneMs)} (the office's rate: 10 a second), job ${p.state}`,
    );
  if (r.failures.length) {
    console.log(`  FAILED: ${r.failures.join('; ')}`);
    process.exitCode = 1;
  } else console.log('  passed: every abstract has its reviewers where the pool allows, no conflicted pair, the re-run added nothing, every decision taken within the slots');
  console.log();
}

interface FunctionBundle {
  id: string;
  /** index.mjs: what a cold start imports. */
  file: string;
  /** index.mjs and the chunks it imports statically: what a cold start reads and parses. */
  initialBytes: number;
  /** Chunks loaded on first use (await import): the Stripe SDK, the S3 and SES clients, ... */
  lazyBytes: number;
  /** The packages (or source folders) that weigh most in the initial code, largest first. */
  heaviest: [string, number][];
}

const groupOf = (input: string) => {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  return m ? m[1]! : input.replace(/^functions\//, '').split('/').slice(0, 2).join('/');
};

/** What a cold start of a split bundle reads (index.mjs and the chunks it imports statically) and what waits for first use. */
function initialCode(metafile: Metafile) {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((o) => o.endsWith('index.mjs'))!;
  const initial = new Set<string>();
  const visit = (o: string) => {
    if (initial.has(o)) return;
    initial.add(o);
    for (const i of outputs[o]!.imports) if (i.kind === 'import-statement' && outputs[i.path]) visit(i.path);
  };
  visit(entry);
  const code = Object.keys(outputs).filter((o) => !o.endsWith('.map'));
  const weights: Record<string, number> = {};
  for (const o of initial) for (const [input, info] of Object.entries(outputs[o]!.inputs)) weights[groupOf(input)] = (weights[groupOf(input)] ?? 0) + info.bytesInOutput;
  return {
    file: path.resolve(root, entry),
    initialBytes: [...initial].reduce((sum, o) => sum + outputs[o]!.bytes, 0),
    lazyBytes: code.filter((o) => !initial.has(o)).reduce((sum, o) => sum + outputs[o]!.bytes, 0),
    heaviest: Object.entries(weights).sort((x, y) => y[1] - x[1]).slice(0, 5),
  };
}

/** Every function bundled as CDK deploys it (infra/cdk/bundling.ts: split, lazily loaded chunks). */
async function bundles() {
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  const results: FunctionBundle[] = routeList.map((route) => ({ id: route.id, ...initialCode(bundleFunction(route.handler, path.join(outDir, route.id), { pdf: route.pdf }).metafile) }));
  // The floor: what every function that touches the table pays at least (the SDK's DynamoDB client),
  // bundled as the functions are (split), so both sides of the ratio are read and parsed alike.
  const floorSource = path.join(outDir, 'floor.ts');
  fs.writeFileSync(
    floorSource,
    [
      "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';",
      "import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';",
      'const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));',
      "export const handler = async () => ({ statusCode: client ? 200 : 500, body: '' });",
    ].join('\n'),
  );
  const { metafile } = await build({ ...splitOptions, entryPoints: [floorSource], outdir: path.join(outDir, 'floor'), logLevel: 'error', metafile: true, nodePaths: [path.join(root, 'node_modules')] });
  const floor = initialCode(metafile);
  return { results, floor: floor.file, floorBytes: floor.initialBytes };
}

/**
 * One cold import of a bundle in a fresh node process: the wall time and the CPU time (user + system,
 * all threads) it took. Lambda's init is CPU-bound work on its own vCPU; on a shared machine the
 * wall time also counts waiting for a core, so the CPU time is the steadier figure of the two.
 */
function coldImport(file: string): { wallMs: number; cpuMs: number } {
  const script = `const c=process.cpuUsage();const t=performance.now();await import(${JSON.stringify(path.resolve(file))});const w=performance.now()-t;const u=process.cpuUsage(c);process.stdout.write(JSON.stringify({wallMs:w,cpuMs:(u.user+u.system)/1000}));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    env: { PATH: process.env.PATH, AWS_REGION: 'us-east-1', TABLE_NAME: 't', NODE_NO_WARNINGS: '1' },
  });
  return JSON.parse(out.toString()) as { wallMs: number; cpuMs: number };
}

const INIT_ROUNDS = Number(process.argv.find((a) => a.startsWith('--init-rounds='))?.slice(14) ?? 11);
const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]!;
};

/**
 * Rounds of every function, each round beside its own floor run (floor, f, floor, g, ...): a busy
 * machine slows both sides of a ratio alike. Per function: the median ratio of its rounds and
 * their spread (the middle half, p25-p75), so one slow run does not decide.
 */
function coldInit(results: FunctionBundle[], floor: string) {
  const ratios = new Map<string, number[]>(results.map((r) => [r.id, []]));
  const wall = new Map<string, number[]>(results.map((r) => [r.id, []]));
  const cpu = new Map<string, number[]>(results.map((r) => [r.id, []]));
  const floors: { wallMs: number; cpuMs: number }[] = [];
  coldImport(floor); // warm the disk cache
  for (let round = 0; round < INIT_ROUNDS; round++) {
    for (const r of results) {
      const base = coldImport(floor);
      const run = coldImport(r.file);
      floors.push(base);
      wall.get(r.id)!.push(run.wallMs);
      cpu.get(r.id)!.push(run.cpuMs);
      ratios.get(r.id)!.push(run.cpuMs / base.cpuMs);
    }
  }
  const floorMs = { wall: median(floors.map((f) => f.wallMs)), cpu: median(floors.map((f) => f.cpuMs)) };
  return results.map((r) => {
    const xs = ratios.get(r.id)!;
    return { ...r, floorMs, wallMs: median(wall.get(r.id)!), cpuMs: median(cpu.get(r.id)!), ratio: median(xs), low: quantile(xs, 0.25), high: quantile(xs, 0.75) };
  });
}

function firstLoadJs() {
  const rows: (string | number)[][] = [['page', 'scripts', 'JS gzip', 'target']];
  for (const page of ['index.html', 'congress/past/index.html', 'register/hotel/index.html', 'login/index.html', 'app.html']) {
    const html = fs.readFileSync(path.join(root, 'dist/web', page), 'utf8');
    const srcs = new Set([
      ...[...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!),
      ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]!),
    ]);
    let gz = 0;
    for (const src of srcs) gz += zlib.gzipSync(fs.readFileSync(path.join(root, 'dist/web', src)), { level: 9 }).length;
    rows.push([page, srcs.size, kB(gz), '<= 200 kB']);
  }
  return rows;
}

/** Runs a command without blocking this process: the portal under test lives in it and must keep answering. */
function runAsync(command: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ status: number | null; stderr: string }>((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (status) => resolve({ status, stderr }));
    child.once('error', (error) => resolve({ status: 1, stderr: error.message }));
  });
}

/**
 * The logged-in pages Lighthouse measures, each on the portal clock of its season (local mode pins
 * it with x-app-now), for a delegate with what a delegate has by then: in May a saved abstract (the
 * abstract list, a new abstract, the saved one's edit form); in August an unpaid and a paid order
 * (the order list where a login lands, and every way into the wizard: a new order at step 1, the
 * payment link at step 5, the paid order's edit at step 4, the one step it may change). Steps 2, 3
 * and 6 are reached by clicking inside the wizard, never by a page load. `{...}` stands for the
 * delegate's own ids.
 */
const AUGUST = '2024-08-01T02:00:00Z';
const MAY = '2024-05-10T02:00:00Z';
interface Delegate {
  session: { token: string; userId: string };
  abstractId: string;
  checksum: string;
  paidOrderId: string;
}
const LOGGED_IN_PAGES: Record<string, { now: string; url: (d: Delegate) => string }> = {
  '/registration/list': { now: AUGUST, url: () => '/registration/list' },
  '/registration/submission': { now: AUGUST, url: () => '/registration/submission' },
  '/registration/submission?checksum={checksum}': { now: AUGUST, url: (d) => `/registration/submission?checksum=${encodeURIComponent(d.checksum)}` },
  '/registration/submission-edit/{paid order}': { now: AUGUST, url: (d) => `/registration/submission-edit/${d.paidOrderId}` },
  '/admin/pre': { now: MAY, url: () => '/admin/pre' },
  '/admin/upload': { now: MAY, url: () => '/admin/upload' },
  '/admin/upload-update/{id}': { now: MAY, url: (d) => `/admin/upload-update/${d.abstractId}` },
  // The Chinese pages (issue 32: Lighthouse >= 98 in both languages).
  '/zh/registration/list': { now: AUGUST, url: () => '/zh/registration/list' },
  '/zh/registration/submission': { now: AUGUST, url: () => '/zh/registration/submission' },
};
/**
 * The programme's pages, measured last with the full programme published (the pages before are
 * measured with nothing published, as a portal is before the programme), on the portal's clock at
 * 10:00 in Beijing on the first day of talks: the sessions on now and next are marked. `{id}` is
 * the measured abstract (an oral of the first session).
 */
const DURING_CONGRESS = '2024-11-05T02:00:00Z';
const PROGRAMME_PAGES: Record<string, { now: string; url: (p: PublishedProgrammeFigures) => string }> = {
  '/program': { now: DURING_CONGRESS, url: () => '/program' },
  '/zh/program': { now: DURING_CONGRESS, url: () => '/zh/program' },
  '/program/abstracts/{id}': { now: DURING_CONGRESS, url: (p) => `/program/abstracts/${p.abstractId}` },
  '/zh/program/abstracts/{id}': { now: DURING_CONGRESS, url: (p) => `/zh/program/abstracts/${p.abstractId}` },
};
const ALL_LIGHTHOUSE_PAGES = ['/', '/congress/past', '/register/hotel', '/login', '/zh', '/zh/login', ...Object.keys(LOGGED_IN_PAGES), ...Object.keys(PROGRAMME_PAGES)];
/** `--pages=/login,/registration/list` measures only those (e.g. while working on one page). */
const pagesArg = process.argv.find((a) => a.startsWith('--pages='))?.slice(8).split(',');
const LIGHTHOUSE_PAGES = pagesArg ? ALL_LIGHTHOUSE_PAGES.filter((p) => pagesArg.includes(p)) : ALL_LIGHTHOUSE_PAGES;
/** `--runs=9` measures each page more times (the median is then steadier; single runs vary by 5-10 points). */
const LIGHTHOUSE_RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 3);

/**
 * A new, activated delegate logged in through the API (the session the SPA would keep), with a
 * saved abstract (May), an unpaid order and an order paid by card at the local Stripe (August).
 */
async function benchDelegate(portal: { origin: string; mail: string; stripe: { endpoint: string } | null }): Promise<Delegate> {
  const client = '10.250.0.1';
  const send = async (method: string, p: string, body: unknown, at?: string, token?: string) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-local-client-ip': client, ...(at ? { 'x-app-now': at } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) };
    const r = await fetch(`${portal.origin}/api/v1/admin${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const envelope = (await r.json()) as { code: number; message: string; data: Record<string, unknown> };
    if (r.status !== 200) throw new Error(`${method} ${p}: ${r.status} ${envelope.message}`);
    return envelope.data;
  };
  const email = `bench-${Date.now().toString(36)}@example.org`;
  const password = 'correct horse battery';
  await send('POST', '/email_register', { email, password, confirm: password });
  let activation: string | undefined;
  for (let i = 0; i < 50 && !activation; i++) {
    const store = (await (await fetch(`${portal.mail}/store`)).json()) as { emails: { destination: { to: string[] }; body: { text?: string } }[] };
    const mail = store.emails.find((m) => m.destination.to.some((to) => to.includes(email)));
    activation = /\/common\/activate\/([\w-]+)/.exec(mail?.body.text ?? '')?.[1];
    if (!activation) await new Promise((r) => setTimeout(r, 100));
  }
  if (!activation) throw new Error('no activation mail for the bench delegate');
  await send('POST', '/activate', { token: activation });
  const login = await send('POST', '/login', { email, password });
  const token = String(login.api_token);
  const abstract = await send('POST', '/contribute', validAbstract(), MAY, token);
  const unpaid = await send('POST', '/registration/submission', validOrder(), AUGUST, token);
  const paid = await send('POST', '/registration/submission', validOrder({ first_name: 'Li', last_name: 'Na' }), AUGUST, token);
  if (!portal.stripe) throw new Error('the bench needs the local Stripe (STRIPE_SECRET_KEY must be unset)');
  const checkout = await send('POST', '/stripe-payment/generate', { id: paid.id }, AUGUST, token);
  const session = String(checkout.url).split('/').pop()!;
  const pay = await fetch(`${portal.stripe.endpoint}/_control/sessions/${session}/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ card: '4242424242424242' }) });
  if (!pay.ok) throw new Error(`the local Stripe did not take the payment: ${pay.status}`);
  for (let i = 0; i < 100; i++) {
    const list = (await send('GET', '/registration', undefined, AUGUST, token)) as { items: { id: string; payment_status: number }[] };
    if (list.items.find((o) => o.id === paid.id)?.payment_status === 1) {
      return { session: { token, userId: String(login.id) }, abstractId: String(abstract.id), checksum: String(unpaid.checksum), paidOrderId: String(paid.id) };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the bench order was not paid within 10 s');
}

interface LighthouseReport {
  categories: Record<string, { score: number }>;
  audits: Record<string, { numericValue?: number }>;
}

async function lighthouseRun(url: string, report: string, session?: { token: string; userId: string }, now?: string) {
  fs.rmSync(report, { force: true });
  const run = await runAsync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'scripts/lighthouse-run.ts'), url, report], {
    ...process.env,
    ...(session ? { LIGHTHOUSE_SESSION: JSON.stringify(session) } : {}),
    ...(now ? { LIGHTHOUSE_NOW: now } : {}),
  });
  if (run.status !== 0 || !fs.existsSync(report)) throw new Error(run.stderr.split('\n').filter(Boolean).slice(-3).join(' '));
  return JSON.parse(fs.readFileSync(report, 'utf8')) as LighthouseReport;
}

/**
 * Median of the runs per page (3 unless --runs=N); first-load JS is every script the page loaded
 * (transfer size). The full programme is published before the first of the programme's pages.
 */
async function lighthouse(portal: { origin: string; mail: string; stripe: { endpoint: string } | null }) {
  fs.mkdirSync(outDir, { recursive: true });
  const delegate = await benchDelegate(portal);
  let programme: PublishedProgrammeFigures | undefined;
  const rows: (string | number)[][] = [['page', 'performance', 'accessibility', 'FCP', 'LCP', 'TBT', 'CLS', 'JS', 'runs (perf)', 'runs (TBT)', 'target']];
  for (const page of LIGHTHOUSE_PAGES) {
    const runs: LighthouseReport[] = [];
    let failure = '';
    const onProgramme = PROGRAMME_PAGES[page];
    if (onProgramme && !programme) programme = await publishFullProgramme(portal, new Date(DURING_CONGRESS));
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
      const report = path.join(outDir, `lighthouse-${page.replace(/\W+/g, '_') || 'home'}-${i + 1}.json`);
      try {
        const loggedIn = LOGGED_IN_PAGES[page];
        const url = `${portal.origin}${loggedIn ? loggedIn.url(delegate) : onProgramme ? onProgramme.url(programme!) : page}`;
        runs.push(await lighthouseRun(url, report, loggedIn ? delegate.session : undefined, loggedIn?.now ?? onProgramme?.now));
      } catch (error) {
        failure = (error as Error).message;
      }
    }
    if (!runs.length) {
      rows.push([page, 'failed', failure, '', '', '', '', '', '', '', '']);
      continue;
    }
    const score = (r: LighthouseReport, c: string) => Math.round(r.categories[c]!.score * 100);
    const audit = (r: LighthouseReport, a: string) => r.audits[a]?.numericValue ?? NaN;
    const scripts = (r: LighthouseReport) =>
      ((r.audits['network-requests'] as { details?: { items: { resourceType?: string; transferSize?: number }[] } }).details?.items ?? [])
        .filter((item) => item.resourceType === 'Script')
        .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
    const med = (f: (r: LighthouseReport) => number) => median(runs.map(f));
    rows.push([
      page + (LOGGED_IN_PAGES[page] ? ' (logged in)' : onProgramme ? ' (published)' : ''),
      med((r) => score(r, 'performance')),
      med((r) => score(r, 'accessibility')),
      `${(med((r) => audit(r, 'first-contentful-paint')) / 1000).toFixed(1)} s`,
      `${(med((r) => audit(r, 'largest-contentful-paint')) / 1000).toFixed(1)} s`,
      `${Math.round(med((r) => audit(r, 'total-blocking-time')))} ms`,
      med((r) => audit(r, 'cumulative-layout-shift')).toFixed(3),
      kB(med(scripts)),
      runs.map((r) => score(r, 'performance')).join(' ') + (failure ? ` (${LIGHTHOUSE_RUNS - runs.length} failed: ${failure})` : ''),
      runs.map((r) => Math.round(audit(r, 'total-blocking-time'))).join(' '),
      '>= 98, a11y 100',
    ]);
  }
  return { rows, programme };
}

/** 11. The abstract book of 600 abstracts, rendered in a fresh process; its first pages as PNGs. */
async function serverPagesBench() {
  await buildWebIfStale();
  // Bundled as synth bundles the route (esbuild, dist/ssr copied beside it), run where node_modules is out of reach.
  const dir = path.join(outDir, 'server-pages');
  fs.rmSync(dir, { recursive: true, force: true });
  await build({ ...splitOptions, entryPoints: [path.join(root, 'scripts/bench-server-pages.ts')], outdir: dir, logLevel: 'error' });
  copySsr(dir);
  const printed = execFileSync(process.execPath, [path.join(dir, 'index.mjs')], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH, LAMBDA_TASK_ROOT: dir } });
  const f = JSON.parse(printed.trim().split('\n').at(-1)!) as { firstMs: number; warmP50: number; warmP95: number; warm: number; bytes: number; gzip: number; brotli: number; rssMb: number };
  console.log("13. An abstract's page rendered by its route (decision 0072), in a fresh process: the build's pre-rendering entry loaded, then warm pages in both languages; report only");
  table([
    ['first page (entry loaded, catalogs, render)', `${f.firstMs.toFixed(0)} ms`],
    [`a page of a warm process (p50 / p95 of ${f.warm})`, `${f.warmP50.toFixed(1)} / ${f.warmP95.toFixed(1)} ms`],
    ['HTML (raw / gzip / brotli)', `${kB(f.bytes)} / ${kB(f.gzip)} / ${kB(f.brotli)}`],
    ['RSS after', `${f.rssMb.toFixed(0)} MB`],
  ]);
  console.log('');
}

function abstractBookBench() {
  const dir = path.join(outDir, 'abstract-book');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const pdfFile = path.join(dir, 'book.pdf');
  const printed = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(root, 'scripts/pdf/abstract-book-sample.ts'), '600', pdfFile], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 20 });
  const f = JSON.parse(printed.trim().split('\n').at(-1)!) as {
    abstracts: number;
    sessions: number;
    words: [number, number];
    authors: [number, number];
    runs: { ms: number; bytes: number; pages: number; missingGlyphs: number }[];
    baseRss: number;
    baseHeap: number;
    peakRss: number;
    peakHeap: number;
    liveHeap?: number;
    maxRss: number;
    where: { sessions: number; index: number };
  };
  const MB = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
  const [first, second] = f.runs;
  console.log(`11. Abstract book: ${f.abstracts} accepted abstracts (${f.words[0]}-${f.words[1]} words, ${f.authors[0]}-${f.authors[1]} authors) in ${f.sessions} sessions, two passes, streamed to a file; in a fresh process; report only`);
  table([
    ['render (first book, fonts read)', `${(first!.ms / 1000).toFixed(2)} s`],
    ['render (second book, same process)', `${(second!.ms / 1000).toFixed(2)} s`],
    ['pages', String(second!.pages)],
    ['file size', MB(second!.bytes)],
    ['missing glyphs', String(second!.missingGlyphs)],
    ['peak RSS (sampled per page / process maxRSS)', `${MB(f.peakRss)} / ${MB(f.maxRss)} (at start ${MB(f.baseRss)})`],
    ['peak V8 heap used (sampled per page)', `${MB(f.peakHeap)} (at start ${MB(f.baseHeap)})`],
    ['live V8 heap high-water (after GC, every 50th page)', f.liveHeap === undefined ? 'n/a' : MB(f.liveHeap)],
  ]);
  // The title page, the contents, the first abstracts; and the first page of the author index.
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '3', pdfFile, path.join(dir, 'page')]);
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', String(f.where.index), '-l', String(f.where.index), pdfFile, path.join(dir, 'index')]);
  console.log(`  pages 1-3 and the index's first page (${f.where.index}) as PNG: ${path.relative(root, dir)}/*.png\n`);
}

/** 12. Check-in, part 1: the tickets' QR payloads and the badge sheets of 1,500 delegates, in a fresh process. */
function checkinBench() {
  const dir = path.join(outDir, 'checkin');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const pdfFile = path.join(dir, 'badges.pdf');
  const printed = execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/checkin/bench-sample.ts'), '1500', pdfFile], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 20 });
  const f = JSON.parse(printed.trim().split('\n').at(-1)!) as {
    orders: number;
    tickets: number;
    payload: { min: number; max: number };
    versions: Record<string, number>;
    signMs: number;
    qrMs: number;
    runs: { ms: number; bytes: number; pages: number; badges: number; missingGlyphs: number }[];
    baseRss: number;
    baseHeap: number;
    peakRss: number;
    peakHeap: number;
    maxRss: number;
  };
  const MB = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
  const [first, second] = f.runs;
  console.log(`12. Check-in, part 1: ${f.tickets} tickets of ${f.orders} paid orders (names in Chinese, Latin-extended and Arabic script); in a fresh process; report only`);
  table([
    ['QR payload length (Base45 characters)', f.payload.min === f.payload.max ? String(f.payload.min) : `${f.payload.min}-${f.payload.max}`],
    ['QR version at error correction M (tickets)', Object.entries(f.versions).map(([v, n]) => `version ${v}: ${n}`).join(', ')],
    ['signing all tickets (Ed25519, Node crypto)', `${f.signMs.toFixed(0)} ms`],
    ['badge sheets, A4 of four, via the office job (first, fonts read)', `${(first!.ms / 1000).toFixed(2)} s`],
    ['badge sheets (second, same process)', `${(second!.ms / 1000).toFixed(2)} s`],
    ['badges / pages', `${second!.badges} / ${second!.pages}`],
    ['file size', MB(second!.bytes)],
    ['missing glyphs', String(second!.missingGlyphs)],
    ['peak RSS (sampled per sheet / process maxRSS)', `${MB(f.peakRss)} / ${MB(f.maxRss)} (at start ${MB(f.baseRss)})`],
    ['peak V8 heap used (sampled per sheet)', `${MB(f.peakHeap)} (at start ${MB(f.baseHeap)})`],
  ]);
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdfFile, path.join(dir, 'sheet')]);
  console.log(`  the first sheet as PNG: ${path.relative(root, dir)}/sheet-*.png`);
}

/**
 * 12. Check-in, part 2 (scripts/checkin/bench-doors.ts): 4 devices, 1,500 scans in a simulated 30
 * minutes with 10 minutes offline, against a throw-away portal: sync, online and offline answers,
 * the queue's upload.
 */
async function checkinDoorBench() {
  const portal = await startTestPortal();
  try {
    const { doorsBench } = await import('./checkin/bench-doors');
    const f = await doorsBench(portal);
    const kB = (b: number) => `${(b / 1024).toFixed(0)} kB`;
    console.log(`  part 2, the doors: ${f.tickets} tickets of ${f.orders} paid orders (seeded in ${f.seedSeconds.toFixed(1)} s), 4 devices, ${f.online.count + f.offline.count} scans in a simulated 30 minutes, desks C and D offline from minute 10 to 20`);
    table([
      ['first sync of a device (tickets and entries)', `${f.firstSync.ms.map((x) => ms(x)).join(', ')} (${f.firstSync.pages} pages, ${kB(f.firstSync.bytes)} uncompressed)`],
      ['an online scan answered by the server (p50 / p95 / max)', `${ms(f.online.p50)} / ${ms(f.online.p95)} / ${ms(f.online.max)} (${f.online.count} scans)`],
      ['an offline scan answered from the synced copy (signature and rule, p50 / p95)', `${f.offline.p50.toFixed(2)} ms / ${f.offline.p95.toFixed(2)} ms (${f.offline.count} scans, this process's CPU)`],
      ['the queues sent when the network returned', `${f.upload.scans} scans in ${f.upload.batches} batches: ${ms(f.upload.ms)} (batches ${f.upload.perBatch.map((x) => ms(x)).join(', ')})`],
      ['the sync after the network returned', `${f.resync.ms.map((x) => ms(x)).join(', ')} (${kB(f.resync.bytes)})`],
      ['recorded', `${Object.entries(f.outcomes).map(([k, n]) => `${k} ${n}`).join(', ')}; conflicts reported ${f.conflicts}`],
      ...(f.app
        ? [
            ['the app (Chromium, 390 px, CPU 4x slower): pairing and first sync', ms(f.app.syncMs)],
            ['  a ticket chosen by search to its answer, offline (p50 / p95)', `${ms(median(f.app.offline))} / ${ms(p95(f.app.offline))} (${f.app.offline.length})`],
            ['  the same online, the server answering (p50 / p95)', `${ms(median(f.app.online))} / ${ms(p95(f.app.online))} (${f.app.online.length})`],
            ['  a QR signature checked with WebCrypto Ed25519 (p50 / p95)', `${median(f.app.verify).toFixed(1)} ms / ${p95(f.app.verify).toFixed(1)} ms`],
          ]
        : [['the app', 'not measured (see the error above)']]),
    ]);
    console.log('');
  } finally {
    await portal.stop();
  }
}

async function main() {
  console.log(`Bench on ${process.platform}/${process.arch}, node ${process.version}, ${new Date().toISOString()}\n`);

  if (wanted('abstract-book')) abstractBookBench();
  if (wanted('ssr')) await serverPagesBench();
  if (wanted('checkin')) {
    checkinBench();
    await checkinDoorBench();
  }

  if (wanted('documents')) {
    const { figures, functions } = documentsBench(path.join(outDir, 'documents'), benchDocumentSpecs());
    console.log(`9. Documents: rendering one PDF in a fresh node process (cold: modules, fonts, rendering; wall time, min / median / max of ${figures[0]?.coldMs.length ?? 0}) and in a warm one (median); report only`);
    table([
      ['document', 'cold min', 'cold median', 'cold max', 'warm', 'PDF size', 'pages', 'missing glyphs'],
      ...figures.map((f) => [f.name, `${f.coldMs[0]!.toFixed(0)} ms`, `${f.coldMs[Math.floor(f.coldMs.length / 2)]!.toFixed(0)} ms`, `${f.coldMs.at(-1)!.toFixed(0)} ms`, `${f.warmMs.toFixed(0)} ms`, kB(f.bytes), String(f.pages), String(f.missingGlyphs)]),
    ]);
    console.log('  Functions that render PDFs, as deployed (code and fonts; Lambda limits: 50 MB zipped, 250 MB unzipped):');
    table([['route', 'unzipped', 'gzip (about the zip)', 'of which fonts'], ...functions.map((f) => [f.id, kB(f.bytes), kB(f.gzipped), kB(f.fontBytes)])]);
    console.log('');
  }

  if (wanted('bundles') || wanted('init')) {
    const { results, floor, floorBytes } = await bundles();
    if (wanted('bundles')) {
      console.log('1. Function bundles as deployed (minified, the AWS SDK bundled in; initial = index.mjs and its static chunks, lazy = chunks loaded on first use; report only)');
      table([['route', 'initial', 'lazy'], ['(floor: DynamoDB document client)', kB(floorBytes), ''], ...results.map((r) => [r.id, kB(r.initialBytes), kB(r.lazyBytes)])]);
      console.log(`  largest initial: ${kB(Math.max(...results.map((r) => r.initialBytes)))}\n`);
    }
    if (wanted('init')) {
      console.log(`2. Cold init in a fresh node process vs the floor (a bundle that only creates a DynamoDB document client), ${INIT_ROUNDS} rounds, each run beside a floor run; ratio of CPU time (user + system), its median and middle half (p25-p75); target <= 1.5x`);
      const rows = coldInit(results, floor);
      table([
        ['route', 'CPU', 'wall', 'ratio (CPU)', 'p25-p75', 'initial code'],
        ['(floor)', `${rows[0]!.floorMs.cpu.toFixed(1)} ms`, `${rows[0]!.floorMs.wall.toFixed(1)} ms`, '1.00x', '', kB(floorBytes)],
        ...rows.map((r) => [r.id, `${r.cpuMs.toFixed(1)} ms`, `${r.wallMs.toFixed(1)} ms`, `${r.ratio.toFixed(2)}x`, `${r.low.toFixed(2)}-${r.high.toFixed(2)}`, kB(r.initialBytes)]),
      ]);
      const worst = rows.reduce((a, b) => (b.ratio > a.ratio ? b : a));
      const over = rows.filter((r) => r.ratio > 1.5);
      console.log(`  worst: ${worst.id} ${worst.ratio.toFixed(2)}x (p25-p75 ${worst.low.toFixed(2)}-${worst.high.toFixed(2)}); target <= 1.5x for every function; above: ${over.length ? over.map((r) => r.id).join(', ') : 'none'}`);
      console.log(`  ${worst.id}'s initial code, heaviest first: ${worst.heaviest.map(([name, bytes]) => `${name} ${kB(bytes)}`).join(', ')}\n`);
    }
  }

  if (wanted('web') || wanted('lighthouse') || wanted('upload')) await buildWebIfStale();
  if (wanted('web')) {
    console.log('3. JS named by each page\'s HTML (scripts and module preloads, gzip -9); the SPA\'s code loads after the first paint: all JS loaded is in section 4');
    table(firstLoadJs());
    console.log();
  }

  if (wanted('orders') || wanted('login')) {
    const portal = await startTestPortal();
    try {
      if (wanted('login')) {
        const l = await loginBurstBench(portal);
        console.log('7. Login under a burst: 50 parallel wrong passwords for one address from one client');
        console.log(`  passwords checked: ${l.checked} (target: exactly the limit, ${l.limit}); refused before any check: ${l.refused}\n`);
      }
      if (wanted('orders')) printOrders(await ordersBench(portal, DELEGATES));
    } finally {
      await portal.stop();
    }
  }

  if (wanted('office')) {
    const portal = await startTestPortal();
    try {
      const { table: t, exported: x } = await officeBench(portal);
      console.log(
        `8. The registration office with ${t.count.toLocaleString('en')} accounts and ${t.count.toLocaleString('en')} orders (${t.items.toLocaleString('en')} items seeded in ${t.seedSeconds.toFixed(1)} s with the storage layer's item builders)`,
      );
      console.log(
        `  a. The order table and the dashboard through the routes' own code (core/office), ${t.figures[0]!.runs} runs each; items read = what DynamoDB read per request (ScannedCount of each Query, the item of each GetItem), median [max]; page size ${t.limit}; the table holds ${t.count.toLocaleString('en')} orders`,
      );
      table([
        ['request', 'p50', 'p99', 'items read', 'round trips', 'rows shown', 'target'],
        ...t.figures.map((f) => [
          f.name,
          `${f.p50.toFixed(1)} ms`,
          `${f.p99.toFixed(1)} ms`,
          `${f.items.median} [${f.items.max}]`,
          `${f.calls.median}`,
          f.name === 'dashboard' ? `${f.rows.median} days` : `${f.rows.median} [${f.rows.max}]`,
          f.name === 'dashboard' ? 'counters only, no order read' : f.name.startsWith('search: payment') || f.name.startsWith('search: order') || f.name.startsWith('search: e-mail') ? 'the order itself' : `<= ${t.limit} (the page)`,
        ]),
      ]);
      console.log(`  b. The export of all ${x.rows.toLocaleString('en')} orders, run by the job worker's code in a fresh node process (paginated Scan, CSV, PutObject to the local S3)`);
      table([
        ['figure', 'value', 'note'],
        ['time', `${(x.ms / 1000).toFixed(2)} s`, "the worker's timeout is 300 s"],
        [
          '  of which waiting for the Scan',
          `${(x.scan.ms / 1000).toFixed(2)} s`,
          `${x.scan.pages} pages of 1 MB, ${x.scan.scanned.toLocaleString('en')} items scanned (the whole table); DynamoDB Local's page ${x.scan.firstPageMs.toFixed(0)} ms first, ${x.scan.lastPageMs.toFixed(0)} ms last`,
        ],
        ['rows / file', `${x.rows.toLocaleString('en')} / ${(x.bytes / 2 ** 20).toFixed(1)} MB`, 'UTF-8 CSV with BOM'],
        ['peak memory (max RSS)', `${x.peakRssMb.toFixed(0)} MB`, `baseline before the export ${x.baselineRssMb.toFixed(0)} MB; the worker has 1024 MB`],
        ['peak JS heap (sampled every 5 ms)', `${x.peakHeapMb.toFixed(0)} MB`, ''],
      ]);
      console.log();
    } finally {
      await portal.stop();
    }
  }

  if (wanted('review')) {
    const portal = await startTestPortal();
    try {
      printReview(await reviewBench(portal));
    } finally {
      await portal.stop();
    }
  }

  if (wanted('lighthouse') || wanted('upload')) {
    const portal = await startTestPortal();
    try {
      if (wanted('lighthouse')) {
        console.log(`4. Lighthouse 12 mobile preset (simulated slow 4G, 4x CPU slowdown), median of ${LIGHTHOUSE_RUNS} runs; JS = scripts loaded (transfer)`);
        const { rows, programme: p } = await lighthouse(portal);
        table(rows);
        if (p) {
          console.log(
            `  (published): the full programme, ${p.talks} talks and ${p.posters} posters in ${p.sessions} sessions (${p.abstracts} accepted abstracts seeded in ${p.seconds.seed.toFixed(1)} s; the draft built through the committee's use cases in ${p.seconds.draft.toFixed(1)} s; version ${p.number} published in ${p.seconds.publish.toFixed(1)} s); clock ${DURING_CONGRESS}; {id} = ${p.abstractId}`,
          );
          console.log(
            `  GET /programme (what /program loads): ${p.response.status}, ${kB(p.response.raw)} raw, ${kB(p.response.gzip)} gzip, ${kB(p.response.brotli)} brotli; the local gateway sent it ${p.response.encoding ? `with content-encoding ${p.response.encoding}` : 'uncompressed (CloudFront compresses it), as Lighthouse downloads it here'}`,
          );
        }
        console.log();
      }
      if (wanted('upload')) {
        console.log('5. Upload of a 100 MB poster (presign + PUT straight to S3 + confirm) vs a raw PUT to the local S3 (median of 5, alternating; MB = MiB)');
        const u = await uploadBench(portal);
        table([
          ['path', 'MB/s', 'note'],
          ['raw PUT to s3rver', u.rawRate.toFixed(1), `${u.size.toLocaleString('en')} bytes`],
          [
            'presign + PUT + confirm',
            u.productRate.toFixed(1),
            `presign ${u.split.presign.toFixed(0)} ms, PUT ${u.split.put.toFixed(0)} ms, confirm ${u.split.confirm.toFixed(0)} ms`,
          ],
        ]);
        console.log(`  ratio: ${u.ratio.toFixed(2)} (target >= 0.9)`);
        console.log(
          `  file bytes through the functions: ${u.fileBytesThroughFunctions} (target 0; all API request bodies of one upload: ${u.apiBodyBytes} bytes, counted by the local API gateway)\n`,
        );
      }
    } finally {
      await portal.stop();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
