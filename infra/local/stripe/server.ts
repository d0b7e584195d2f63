/**
 * A local stand-in for Stripe that the real `stripe` SDK talks to (`npm start` and the tests):
 *
 *   const local = await startLocalStripe({ port: 0, secretKey, webhookSecret, webhookUrl });
 *   const stripe = new Stripe(secretKey, { host: '127.0.0.1', port: local.port, protocol: 'http' });
 *
 * One port serves three things:
 *
 * - `/v1/...` Stripe's API, only what the portal uses: `POST /v1/checkout/sessions`,
 *   `GET /v1/checkout/sessions[/{id}[/line_items]]` (list by `payment_intent`),
 *   `POST /v1/checkout/sessions/{id}/expire`, `GET /v1/payment_intents/{id}`,
 *   `POST|GET /v1/refunds[/{id}]` (list by `payment_intent`); `expand[]` where Stripe allows it.
 *   Parameters and objects as stripe@23's types have them (API version 2026-10-28): a parameter
 *   the version does not have -> 400 `parameter_unknown` "Received unknown parameter: X" (so
 *   `payment_method_types` on a session, now `allowed_payment_method_types`); `ui_mode` takes
 *   `elements|embedded_page|form|hosted_page` (only `hosted_page` is served here), another value
 *   -> 400 `parameter_invalid_string`; a parameter Stripe has that the local Stripe does not read
 *   -> 400 saying so. Objects carry every field their SDK type requires and none it lacks.
 *   Bearer auth with `secretKey` only (else 401). `Stripe-Version`: any well-formed version
 *   (`2026-10-28.endive`, `2024-06-20; x_beta=v1`) is accepted, answered with this version's
 *   objects and echoed; a malformed one -> 400 "Invalid Stripe API version: X".
 *   `Idempotency-Key` on POST: the same key and parameters replay the first 2xx answer
 *   (`Idempotent-Replayed: true`), other parameters -> 400 `idempotency_error`, a request while
 *   the first is still running -> 409; kept 24 h. Errors as `{ error: { type, code, message,
 *   param } }` with 400/404/401/402, never 409/5xx for a bad request (the SDK retries those).
 * - `/pay/{session_id}` the hosted checkout page (checkout-page.ts), on `checkoutOrigin`.
 * - `/_control/...` for tests and the bench, plain JSON in and out (errors in Stripe's shape):
 *     GET  /_control/events?type=&session=&payment_intent=   -> { data: Event[] } oldest first;
 *          `session` also matches the refunds and charges of its payment
 *     POST /_control/events/{id}/redeliver   { times?: 1..100 } -> { event, queued }
 *     GET  /_control/deliveries?event=        -> { paused, queued: OutboxEntry[], data: DeliveryAttempt[] }
 *          (an attempt: { delivery, event, type, attempt, at, status|null, error|null,
 *           outcome: 'done'|'retry'|'gave_up', retry_at|null })
 *     POST /_control/deliveries/pause        -> { paused: true, queued }   (events queue up)
 *     POST /_control/deliveries/resume       { order?: 'oldest_first'|'newest_first' }
 *          -> { paused: false, sent: eventId[] }, after sending what was queued one by one
 *     POST /_control/sessions/{id}/pay       { card: '4242424242424242' } | { bank_account: '000123456789' }
 *          | { wallet: 'alipay' | 'wechat_pay', outcome?: 'authorize' | 'fail' } (a wallet's redirect page answered)
 *          -> the session (200) | card error 402 | 400 (not open, unknown account) | 404
 *     POST /_control/sessions/{id}/lapse     -> the session, expired as if `expires_at` had passed
 *     POST /_control/refunds                 { payment_intent, amount?, reason? } -> the refund
 *          ("from the dashboard": no metadata, no idempotency key; refused as the API refuses,
 *          e.g. more than is unrefunded -> 400 `amount_too_large`; same events as the API's)
 *     GET  /_control/webhook_endpoint        -> the WebhookEndpoint: { api_version, enabled_events, url, ... }
 *     POST /_control/latency                 { ms } -> { latency_ms }: every API call takes that
 *          much longer while holding its idempotency key (to try concurrent retries)
 *     POST /_control/reset                   -> { reset: true }: forget everything, resume deliveries
 *
 * Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined; 4000 0000 0000 5126
 * pays but its refunds fail later. Delayed method (bank debit): account 000123456789 settles
 * after `asyncSettleMs`, 000111111116 fails then. Wallets (only when `allowed_payment_method_types`
 * names them; `wechat_pay` needs `payment_method_options[wechat_pay][client]=web`, else the
 * session is refused): Alipay and WeChat Pay lead to a test redirect page, "Authorize test
 * payment" pays as a card does (`checkout.session.completed`, paid), "Fail test payment" leaves
 * the session open and its payment intent `requires_payment_method`
 * (`payment_intent.payment_failed`); the next attempt is made on that intent.
 *
 * Refunds, as Stripe does them:
 * - a card or wallet payment's refund is `succeeded` at once (full or partial). Events:
 *   `refund.created`, `charge.refunded`.
 * - a 5126 payment's refund is `succeeded` at once too (same events), then after `refundSettleMs`
 *   it turns `failed` (`failure_reason: expired_or_canceled_card`; the charge's `amount_refunded`
 *   goes back down, so the amount can be refunded again). Events: `refund.updated`,
 *   `refund.failed`, `charge.refund.updated`, each with the Refund as `data.object`; the two
 *   `.updated` ones with `data.previous_attributes: { status: 'succeeded' }`.
 * - a bank-debit payment's refund is `pending`, then `succeeded` after `refundSettleMs`. Events:
 *   `refund.created`, `charge.refunded`; then `refund.updated`, `charge.refund.updated`.
 *
 * Webhook endpoint: every event carries `api_version` = `apiVersion` (default the SDK's,
 * `Stripe.API_VERSION`, 2026-10-28.endive) and is made as that version makes it: before
 * 2024-10-28 card refunds have no `refund.*` events (only `charge.refunded` and
 * `charge.refund.updated`). Only the types in `enabledEvents` are sent (default: all the local
 * Stripe makes); the others are still recorded (`GET /_control/events`).
 *
 * Stripe's clock is the real clock (`created`, `expires_at`, signatures), whatever APP_NOW says.
 * With `dataDir`, everything (sessions, payments, refunds, events, queued deliveries,
 * idempotency keys) is kept in `<dataDir>/stripe.json` and picked up again on the next start.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import Stripe from 'stripe';
import { handleApi } from './api';
import { checkoutPage, walletPage } from './checkout-page';
import { handleControl, type ControlContext } from './control';
import { Engine } from './engine';
import { Expander } from './objects';
import { fingerprint, invalid, parseForm, Params, StripeError } from './params';
import { randomId, Store, type WalletType } from './store';
import { EVENT_TYPES, Webhooks } from './webhooks';

export interface LocalStripeOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  secretKey: string;
  webhookSecret: string;
  webhookUrl: string;
  /** The host name the browser uses for the hosted page. */
  publicHost?: string;
  dataDir?: string;
  refundSettleMs?: number;
  asyncSettleMs?: number;
  retryDelaysMs?: number[];
  /** The webhook endpoint's API version, every event's `api_version`; default the SDK's (`Stripe.API_VERSION`). */
  apiVersion?: string;
  /** The event types sent to the webhook URL; default all that the local Stripe makes. */
  enabledEvents?: string[];
}

export type LocalStripe = Awaited<ReturnType<typeof startLocalStripe>>;

const MAX_BODY_BYTES = 1024 * 1024;
const MAX_TIMER_MS = 2 ** 31 - 1;
const IDEMPOTENCY_KEY_MAX = 255;

export async function startLocalStripe(options: LocalStripeOptions) {
  const host = options.host ?? '127.0.0.1';
  const store = await Store.open(options.dataDir);
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const endpoint = `http://${host}:${port}`;
  const checkoutOrigin = `http://${options.publicHost ?? 'localhost'}:${port}`;

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const apiVersion = options.apiVersion ?? Stripe.API_VERSION;
  if (!wellFormedVersion(apiVersion)) throw new Error(`local Stripe: apiVersion ${apiVersion} is not an API version (YYYY-MM-DD.name)`);
  const objects = new Expander(store, checkoutOrigin);
  const webhooks = new Webhooks(
    store,
    {
      url: options.webhookUrl,
      secret: options.webhookSecret,
      retryDelaysMs: options.retryDelaysMs ?? [1000, 2000, 4000, 8000, 16000],
      apiVersion,
      enabledEvents: options.enabledEvents ?? [...EVENT_TYPES],
    },
    () => changed(),
  );
  const engine = new Engine(
    store,
    objects,
    (type, object, cause, previous) => webhooks.record(type, object, cause, previous),
    { refundSettleMs: options.refundSettleMs ?? 1500, asyncSettleMs: options.asyncSettleMs ?? 3000 },
    apiVersion,
  );

  /** One timer for whatever is due next: a lapse, a settlement, a delivery or its retry. */
  function schedule() {
    clearTimeout(timer);
    if (stopped) return;
    const due = Math.min(engine.nextDueMs(), webhooks.nextDueMs());
    if (due === Infinity) return;
    timer = setTimeout(tick, Math.min(Math.max(0, due - Date.now()), MAX_TIMER_MS));
    timer.unref();
  }
  function tick() {
    if (stopped) return;
    engine.runDue();
    webhooks.runDue();
    changed();
  }
  function changed() {
    void store.save().catch((error: unknown) => console.error('local Stripe: could not save its state', error));
    schedule();
  }
  const commit = async () => {
    schedule();
    await store.save();
  };

  const latency = { ms: 0 };
  const inProgress = new Set<string>();
  const control: ControlContext = {
    engine,
    webhooks,
    objects,
    store,
    latency,
    reset: () => {
      store.reset();
      inProgress.clear();
      latency.ms = 0;
      changed();
    },
  };

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      console.error('local Stripe:', error);
      if (res.headersSent) return void res.end();
      sendJson(res, 500, new StripeError(500, 'api_error', 'The local Stripe failed; see its log.').body());
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', endpoint);
    const method = req.method ?? 'GET';
    const body = await readBody(req);
    if (body === null) return sendJson(res, 413, invalid('The request body is too large.').body());
    if (url.pathname.startsWith('/v1/')) return api(req, res, url, method, body);
    const page = /^\/pay\/([^/]+)(?:\/authorize\/(alipay|wechat_pay))?$/.exec(url.pathname);
    if (page) {
      const id = decodeURIComponent(page[1]!);
      const wallet = page[2] as WalletType | undefined;
      const answer = wallet
        ? await walletPage(engine, method, id, wallet, body, commit)
        : await checkoutPage(engine, method, id, body, commit, url.searchParams);
      if (answer.location) {
        res.writeHead(303, { location: answer.location, 'cache-control': 'no-store' });
        return void res.end();
      }
      res.writeHead(answer.status, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
      });
      return void res.end(answer.html);
    }
    if (url.pathname.startsWith('/_control/')) {
      const answer = await handleControl(control, method, url.pathname, url.searchParams, body);
      await commit();
      return sendJson(res, answer.status, answer.body);
    }
    sendJson(res, 404, invalid(`Unrecognized request URL (${method}: ${url.pathname}).`).body());
  }

  async function api(req: http.IncomingMessage, res: http.ServerResponse, url: URL, method: string, body: string) {
    const requestId = randomId('req_', 14);
    // Answered at the version asked for (the SDK sends its own), else the account's (apiVersion).
    const version = header(req, 'stripe-version');
    const headers: Record<string, string> = { 'request-id': requestId, 'stripe-version': version ?? apiVersion };
    const fail = (error: StripeError) => sendJson(res, error.status, error.body(), headers);

    const key = bearerKey(req);
    if (key !== options.secretKey) {
      const message = key
        ? `Invalid API Key provided: ${masked(key)}`
        : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
      return fail(new StripeError(401, 'invalid_request_error', message));
    }
    // Another well-formed version is answered as this one: the local Stripe has one shape per object.
    if (version !== undefined && !wellFormedVersion(version)) {
      headers['stripe-version'] = apiVersion;
      return fail(invalid(`Invalid Stripe API version: ${version}`));
    }

    let values;
    try {
      values = parseForm([url.search.slice(1), body].filter(Boolean).join('&'));
    } catch (error) {
      if (error instanceof StripeError) return fail(error);
      throw error;
    }
    const idempotencyKey = method === 'POST' ? (header(req, 'idempotency-key') ?? null) : null;
    const cause = { requestId, idempotencyKey };
    const run = () => {
      const result = handleApi({ engine, objects }, method, url.pathname, new Params(values), cause);
      return { status: 200, body: JSON.stringify(result, null, 2) };
    };
    // GETs change nothing, except for what fell due since the last tick.
    let changes = method === 'POST';
    const runCatching = async () => {
      if (latency.ms) await sleep(latency.ms);
      if (engine.runDue()) changes = true;
      try {
        return run();
      } catch (error) {
        if (error instanceof StripeError) return { status: error.status, body: JSON.stringify(error.body(), null, 2) };
        throw error;
      }
    };

    if (idempotencyKey === null) {
      const answer = await runCatching();
      if (changes) await commit();
      return send(res, answer.status, answer.body, headers);
    }
    headers['idempotency-key'] = idempotencyKey;
    if (idempotencyKey.length > IDEMPOTENCY_KEY_MAX)
      return fail(invalid(`Invalid idempotency key: must be at most ${IDEMPOTENCY_KEY_MAX} characters.`, 'idempotency_key_invalid', 'Idempotency-Key'));
    const print = `${method} ${url.pathname} ${fingerprint(values)}`;
    const stored = store.state.idempotency[idempotencyKey];
    if (stored) {
      if (stored.fingerprint !== print)
        return fail(
          new StripeError(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          ),
        );
      return send(res, stored.status, stored.body, { ...headers, 'idempotent-replayed': 'true' });
    }
    if (inProgress.has(idempotencyKey))
      return fail(
        new StripeError(
          409,
          'invalid_request_error',
          'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ' +
            `${idempotencyKey}. Please try again later.`,
          'idempotency_key_in_use',
        ),
      );
    inProgress.add(idempotencyKey);
    try {
      const answer = await runCatching();
      // Only calls that did something are kept: a refused request may be sent again with the same key (as on Stripe).
      if (answer.status < 300) store.state.idempotency[idempotencyKey] = { fingerprint: print, created_ms: Date.now(), ...answer };
      await commit();
      send(res, answer.status, answer.body, headers);
    } finally {
      inProgress.delete(idempotencyKey);
    }
  }

  // Whatever was due while the stand-in was not running happens now.
  tick();

  return {
    port,
    /** What the SDK talks to: http://127.0.0.1:port */
    endpoint,
    /** What the browser opens (session `url`s): http://localhost:port */
    checkoutOrigin,
    /** Resolves once the state is on disk. */
    flush: () => store.save(),
    async stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      webhooks.stop();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await store.save();
    },
  };
}

/**
 * `2026-10-28.endive`, `2024-06-20`, with beta flags (`2024-06-20; some_beta=v1`): a real date and
 * an optional release name. Stripe also refuses versions that never were; the local one does not.
 */
function wellFormedVersion(version: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:\.[a-z]+)?(?:;\s*[a-z0-9_]+=[a-z0-9_]+)*$/.exec(version);
  if (!match) return false;
  const [year, month, day] = match.slice(1, 4).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 2011 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `sk_test_****wxyz`, as Stripe names a wrong key. */
function masked(key: string) {
  const prefix = /^[a-z]{2}_(test|live)_/.exec(key)?.[0] ?? '';
  const rest = key.slice(prefix.length);
  return rest.length > 8 ? `${prefix}${'*'.repeat(rest.length - 4)}${rest.slice(-4)}` : `${prefix}${'*'.repeat(rest.length)}`;
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The key of `Authorization: Bearer sk_...` (or Basic with the key as user name, as curl -u sends). */
function bearerKey(req: http.IncomingMessage): string | undefined {
  const authorization = header(req, 'authorization') ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization);
  if (bearer) return bearer[1];
  const basic = /^Basic\s+(\S+)$/i.exec(authorization);
  if (basic) return Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0];
  return undefined;
}

async function readBody(req: http.IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(body);
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  send(res, status, JSON.stringify(body, null, 2), headers);
}
