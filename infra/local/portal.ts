/**
 * The whole portal on one machine: DynamoDB Local, s3rver, aws-ses-v2-local, the local Stripe
 * (infra/local/stripe), and one HTTP server that plays CloudFront (the site) and API Gateway
 * (`/api/*` to the same handler modules the Lambdas run). Used by `npm start` and by the tests.
 *
 * Payments: unless STRIPE_SECRET_KEY is set (then the functions talk to Stripe's test mode and
 * nothing local starts), the local Stripe runs with fresh keys and the functions get
 * STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_API_BASE pointing at it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { API_BASE } from '../../functions/core/routes';
import { pagePatterns, prerenderedPaths, serverRenderedPages } from '../../web/src/config/paths';
import { LANGUAGE_HEADER } from '../../functions/core/i18n/lang';
import { securityHeaders, serverPageFor } from '../site/routing';
import { assertPortFree } from './ports';
import { ensureTable, seedDemoBankAccount, startDynamo } from './dynamodb';
import { startS3 } from './s3';
import { startMail } from './mail';
import { createSiteHandler } from './site';
import { STRIPE_API_VERSION, STRIPE_WEBHOOK_EVENTS } from '../../functions/lib/payments/stripe-version';
import { startLocalStripe } from './stripe/server';
import { startLocalSqs } from './sqs';
import { deadLetterQueueNameOf, isFifoQueue, queueNameOf, queues, queueUrlVariables, visibilityTimeoutOf, workerOfQueue, type WorkerQueue } from '../../functions/core/workers';

export interface PortalOptions {
  port: number;
  dynamoPort: number;
  s3Port: number;
  mailPort: number;
  /** The local Stripe (API, hosted checkout page, control API). */
  stripePort: number;
  /** The local SQS (the worker table's queues, infra/local/sqs.ts). */
  sqsPort: number;
  host?: string;
  /** Where data survives restarts; omitted: everything is temporary (tests). */
  dataDir?: string;
  /** The built SPA (dist/web). */
  webRoot?: string;
  appNow?: string;
  logLevel?: string;
}

export const TABLE_NAME = 'congress';
/** The configuration set every local mail names, as on AWS (the local SES publishes events only for mails that name one). */
export const MAIL_CONFIGURATION_SET = 'congress-local';

/**
 * Local only: whether anything has been added to the built-in prototypes of this process since
 * the portal started (a request that could write to Object.prototype would show here). The
 * hostile-input suite checks it after its run.
 */
export const INTEGRITY_PATH = '/__local/integrity';
const watchedPrototypes = { Object: Object.prototype, Array: Array.prototype, Function: Function.prototype, String: String.prototype };
const pristineNames = Object.fromEntries(Object.entries(watchedPrototypes).map(([name, proto]) => [name, new Set(Reflect.ownKeys(proto))]));

function answerIntegrity(res: http.ServerResponse) {
  const polluted = Object.entries(watchedPrototypes).flatMap(([name, proto]) =>
    Reflect.ownKeys(proto)
      .filter((key) => !pristineNames[name]!.has(key))
      .map((key) => `${name}.prototype.${String(key)}`),
  );
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ prototypes_clean: polluted.length === 0, polluted }));
}
export const UPLOADS_BUCKET = 'congress-uploads';

/** Keys the local Stripe makes for itself; a key of this form in the environment is not the user's. */
const LOCAL_KEY_PREFIX = 'sk_test_local_';

/** The user's own Stripe key (test mode) if they set one: then payments go to Stripe itself. */
function userStripeKey(): string | undefined {
  const key = process.env.STRIPE_SECRET_KEY;
  if (!key || key.startsWith(LOCAL_KEY_PREFIX)) return undefined;
  if (!/^(sk|rk)_test_/.test(key)) throw new Error('STRIPE_SECRET_KEY must be a test-mode key (sk_test_...) when the portal runs locally.');
  return key;
}

export async function startLocalPortal(options: PortalOptions) {
  const host = options.host ?? '127.0.0.1';
  const origin = `http://localhost:${options.port}`;
  const checks: [number, string, string][] = [
    [options.port, 'portal', 'PORT'],
    [options.s3Port, 'S3', 'S3_PORT'],
    [options.mailPort, 'mail', 'MAIL_PORT'],
    [options.sqsPort, 'SQS', 'SQS_PORT'],
  ];
  const realStripe = userStripeKey() !== undefined;
  if (!realStripe) checks.push([options.stripePort, 'local Stripe', 'STRIPE_PORT']);
  for (const [port, what, envName] of checks) await assertPortFree(port, host, what, envName);

  const stops: (() => Promise<unknown>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  try {
    // DynamoDB first: a leftover from a crashed run is stopped before its port is checked.
    const dynamo = await startDynamo({ port: options.dynamoPort, host, dataDir: options.dataDir });
    stops.push(dynamo.stop);
    await ensureTable(dynamo.client, TABLE_NAME);
    await seedDemoBankAccount(dynamo.client, TABLE_NAME);
    const s3 = await startS3({
      port: options.s3Port,
      host,
      dataDir: options.dataDir,
      buckets: [UPLOADS_BUCKET],
      siteOrigins: [origin, `http://127.0.0.1:${options.port}`],
    });
    stops.push(s3.stop);
    const mail = await startMail({ port: options.mailPort, host });
    stops.push(mail.stop);
    const stripe = realStripe ? null : await startStripe(options.stripePort, host, origin, options.dataDir);
    if (stripe) stops.push(stripe.stop);
    const sqs = await startLocalSqs({ port: options.sqsPort, host, region: process.env.AWS_REGION ?? 'us-east-1' });
    stops.push(sqs.stop);
    // Every queue of the worker table, with its dead-letter queue; the functions find each by its variable.
    const localQueues = new Map<WorkerQueue, Awaited<ReturnType<typeof createLocalQueue>>>();
    for (const queue of Object.keys(queues) as WorkerQueue[]) localQueues.set(queue, await createLocalQueue(sqs.endpoint, queue));

    // What CloudFront adds to every /api/* request on AWS (a new secret for every start).
    const cloudFront = { originVerify: randomBytes(24).toString('base64url') };
    Object.assign(process.env, {
      APP_MODE: 'local',
      ORIGIN_VERIFY: cloudFront.originVerify,
      AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
      TABLE_NAME,
      UPLOADS_BUCKET,
      MAIL_FROM: process.env.MAIL_FROM ?? 'IACR 2024 Beijing <no-reply@iacr2024-beijing.org>',
      MAIL_CONFIGURATION_SET,
      SITE_ORIGIN: origin,
      // Links in mails name only the site's own hosts, whatever Host a request came with.
      SITE_HOSTS: [new URL(origin).host, `localhost:${options.port}`, `127.0.0.1:${options.port}`].join(','),
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      S3_ENDPOINT: s3.endpoint,
      SES_ENDPOINT: mail.endpoint,
      SQS_ENDPOINT: sqs.endpoint,
      ...Object.fromEntries([...localQueues].map(([queue, made]) => [queueUrlVariables[queue], made.queueUrl])),
      LOG_LEVEL: options.logLevel ?? process.env.LOG_LEVEL ?? 'INFO',
      ...(options.appNow ? { APP_NOW: options.appNow } : {}),
      ...(stripe?.env ?? {}),
      // The tickets' signing keys: kept in the data folder, so tickets stay valid across restarts (on AWS: a secret).
      CHECKIN_KEYS: await localCheckinKeys(options.dataDir),
    });

    // Loaded only now: the handler modules read the settings above.
    const { loadHandlers, handleApi } = await import('./api-gateway');
    const handlers = await loadHandlers();
    // SES's bounce and complaint events (the local SES plays the mailbox simulator) reach the
    // worker table's mail-events workers as SNS would deliver them.
    const { loadWorkers, publishToTopic, pollQueue, startSchedules } = await import('./workers');
    const { now } = await import('../../functions/lib/clock');
    const workers = await loadWorkers();
    mail.publishEvents({ now, deliver: (notification) => publishToTopic(workers, 'mail-events', JSON.stringify(notification)) });
    // The queues that have a worker: polled as Lambda's event source mapping would (until the portal
    // stops). A queue without a worker yet is there to send to, and keeps what is sent.
    const polling = new AbortController();
    for (const [queue, made] of localQueues) {
      if (!workerOfQueue(queue)) continue;
      const poller = pollQueue(workers, queue, { client: made.client, queueUrl: made.queueUrl, queueArn: made.queueArn, signal: polling.signal, onError: (error) => console.error(`${queue} worker:`, error) });
      stops.push(async () => {
        polling.abort();
        await poller;
      });
    }
    // The schedules' one-time messages (EventBridge rules on AWS), on the portal's clock (standard queues only).
    const { SendMessageCommand } = await import('@aws-sdk/client-sqs');
    await startSchedules({
      now,
      send: async (queue, body) => {
        const made = localQueues.get(queue)!;
        await made.client.send(new SendMessageCommand({ QueueUrl: made.queueUrl, MessageBody: body }));
      },
      signal: polling.signal,
      onError: (error) => console.error('schedule:', error),
    });
    const apiTraffic = { requests: 0, bodyBytes: 0, byRoute: new Map<string, { ms: number; dynamodb: number }[]>() };
    const siteHeaders = securityHeaders({ uploadOrigins: [s3.endpoint] });
    const site = createSiteHandler({
      root: path.resolve(options.webRoot ?? 'dist/web'),
      prerendered: prerenderedPaths,
      patterns: pagePatterns,
      headers: siteHeaders,
    });
    const server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', origin);
      // A page the server renders goes to its route as CloudFront's behaviour sends it: the
      // language of its address in the header, the viewer's query left out (infra/cdk/web-stack.ts).
      const page = req.method === 'GET' ? serverPageFor(url.pathname, serverRenderedPages) : null;
      if (page) req.headers[LANGUAGE_HEADER] = page.lang;
      const work = url.pathname === API_BASE || url.pathname.startsWith(`${API_BASE}/`)
        ? handleApi(req, res, url, handlers, cloudFront, apiTraffic)
        : page
          ? handleApi(req, res, new URL(page.uri, origin), handlers, cloudFront, apiTraffic, { headers: siteHeaders })
          : url.pathname === INTEGRITY_PATH
            ? Promise.resolve(answerIntegrity(res))
            : Promise.resolve(site(req, res, url));
      work.catch((error: unknown) => {
        console.error(error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 500, message: 'Local server error.', data: null }));
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, host, resolve);
    });
    stops.push(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    return {
      origin,
      api: `${origin}${API_BASE}`,
      dynamo: dynamo.endpoint,
      s3: s3.endpoint,
      mail: mail.endpoint,
      sqs: sqs.endpoint,
      /** The local Stripe; null when STRIPE_SECRET_KEY sends payments to Stripe's test mode. */
      stripe: stripe && { endpoint: stripe.endpoint, checkoutOrigin: stripe.checkoutOrigin, webhookSecret: stripe.env.STRIPE_WEBHOOK_SECRET },
      /** Requests and body bytes that reached the functions so far. */
      apiTraffic,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** The tickets' signing keys of this portal: made once and kept in the data folder (a throw-away portal makes new ones). */
async function localCheckinKeys(dataDir: string | undefined): Promise<string> {
  const { newKeysJson } = await import('../../functions/lib/checkin-signing');
  if (!dataDir) return newKeysJson();
  const file = path.join(dataDir, 'checkin-keys.json');
  const kept = await fs.readFile(file, 'utf8').catch(() => undefined);
  if (kept) return kept;
  const made = newKeysJson();
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(file, made, { mode: 0o600 });
  return made;
}

async function startStripe(port: number, host: string, origin: string, dataDir: string | undefined) {
  const secretKey = `${LOCAL_KEY_PREFIX}${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_local_${randomBytes(16).toString('hex')}`;
  const stripe = await startLocalStripe({
    port,
    host,
    secretKey,
    webhookSecret,
    webhookUrl: `${origin}${API_BASE}/stripe/webhook`,
    // The endpoint as organisers must create it in the Stripe dashboard: the pinned version, these events.
    apiVersion: STRIPE_API_VERSION,
    enabledEvents: [...STRIPE_WEBHOOK_EVENTS],
    dataDir,
  });
  // `npm run reconcile` reads the local Stripe with the SDK: it needs this start's key.
  if (dataDir) {
    await fs.mkdir(dataDir, { recursive: true });
    await fs.writeFile(path.join(dataDir, 'stripe-keys.json'), JSON.stringify({ secret_key: secretKey }), { mode: 0o600 });
  }
  return {
    ...stripe,
    env: { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: stripe.endpoint },
  };
}

/**
 * A queue of the worker table and its dead-letter queue on the local SQS, with the visibility
 * timeout and redrive limit the CDK gives them (infra/cdk/worker-function.ts), through the SDK. A
 * FIFO queue (and its dead-letter queue) is made FIFO, without content-based deduplication: its
 * senders give the deduplication id, as on AWS.
 */
async function createLocalQueue(endpoint: string, queue: WorkerQueue) {
  const { SQSClient, CreateQueueCommand, GetQueueAttributesCommand } = await import('@aws-sdk/client-sqs');
  const client = new SQSClient({ endpoint, region: process.env.AWS_REGION ?? 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const fifo = isFifoQueue(queue) ? { FifoQueue: 'true' } : {};
  const dlq = await client.send(new CreateQueueCommand({ QueueName: deadLetterQueueNameOf('local', queue), Attributes: fifo }));
  const dlqArn = (await client.send(new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }))).Attributes!.QueueArn!;
  const made = await client.send(
    new CreateQueueCommand({
      QueueName: queueNameOf('local', queue),
      Attributes: {
        ...fifo,
        ...(isFifoQueue(queue) ? { ContentBasedDeduplication: 'false' } : {}),
        VisibilityTimeout: String(visibilityTimeoutOf(queue)),
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount: queues[queue].maxReceiveCount }),
      },
    }),
  );
  const queueArn = (await client.send(new GetQueueAttributesCommand({ QueueUrl: made.QueueUrl, AttributeNames: ['QueueArn'] }))).Attributes!.QueueArn!;
  return { client, queueUrl: made.QueueUrl!, queueArn, deadLetterQueueUrl: dlq.QueueUrl! };
}
