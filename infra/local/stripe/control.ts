/**
 * The control API under `/_control/` (plain JSON; documented in server.ts): what tests and the
 * bench need that Stripe's API has no call for, or that Stripe does on its own (pay without a
 * browser, refund from the dashboard, lapse a session, steer webhook deliveries, reset).
 */
import { NO_CAUSE, type Engine, type PayWith } from './engine';
import { refundObject, type Expander } from './objects';
import { invalid, missing, oneOfList, StripeError } from './params';
import { WALLETS, type EventRecord, type Store } from './store';
import type { Webhooks } from './webhooks';

export interface ControlContext {
  engine: Engine;
  webhooks: Webhooks;
  objects: Expander;
  store: Store;
  latency: { ms: number };
  reset: () => void;
}

export interface ControlAnswer {
  status: number;
  body: unknown;
}

type Body = Record<string, unknown>;

/** The reasons the dashboard offers, as the API takes them. */
const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'];

function readJson(text: string): Body {
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid('The body is not JSON.');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw invalid('The body must be a JSON object.');
  return value as Body;
}

const optionalString = (body: Body, key: string) => {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !value) throw invalid(`${key} must be a non-empty string.`, undefined, key);
  return value;
};

const optionalInteger = (body: Body, key: string, min: number, max: number) => {
  const value = body[key];
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || (value as number) < min || (value as number) > max)
    throw invalid(`${key} must be an integer from ${min} to ${max}.`, undefined, key);
  return value as number;
};

/** Does an event concern this session / payment intent? */
function concerns(event: EventRecord, ids: { session?: string; paymentIntent?: string | null }) {
  const object = event.data.object;
  if (ids.session !== undefined && object.id === ids.session) return true;
  const pi = ids.paymentIntent;
  return !!pi && (object.id === pi || object.payment_intent === pi);
}

interface ControlRoute {
  method: 'GET' | 'POST';
  path: RegExp;
  handle: (ctx: ControlContext, body: Body, query: URLSearchParams, id: string) => unknown;
}

const routes: ControlRoute[] = [
  {
    method: 'GET',
    path: /^\/_control\/events$/,
    handle: ({ store }, _body, query) => {
      const type = query.get('type');
      const session = query.get('session') ?? undefined;
      const paymentIntent = query.get('payment_intent') ?? (session ? store.state.sessions[session]?.payment_intent : undefined);
      const data = store.state.events.filter(
        (event) => (!type || event.type === type) && (!session && !paymentIntent ? true : concerns(event, { session, paymentIntent })),
      );
      return { data };
    },
  },
  {
    method: 'POST',
    path: /^\/_control\/events\/([^/]+)\/redeliver$/,
    handle: ({ webhooks }, body, _query, id) => {
      const event = webhooks.event(id);
      if (!event) throw missing('event', id);
      const times = optionalInteger(body, 'times', 1, 100) ?? 1;
      webhooks.enqueue(event, times);
      return { event: id, queued: times };
    },
  },
  {
    method: 'GET',
    path: /^\/_control\/deliveries$/,
    handle: ({ store }, _body, query) => {
      const event = query.get('event');
      const { paused, outbox, deliveries } = store.state;
      return {
        paused,
        queued: outbox.filter((e) => !event || e.event === event),
        data: deliveries.filter((d) => !event || d.event === event),
      };
    },
  },
  {
    method: 'POST',
    path: /^\/_control\/deliveries\/pause$/,
    handle: ({ webhooks, store }) => {
      webhooks.pause();
      return { paused: true, queued: store.state.outbox.length };
    },
  },
  {
    method: 'POST',
    path: /^\/_control\/deliveries\/resume$/,
    handle: async ({ webhooks }, body) => {
      const order = body.order ?? 'oldest_first';
      if (order !== 'oldest_first' && order !== 'newest_first') throw invalid('order must be oldest_first or newest_first.', undefined, 'order');
      return { paused: false, sent: await webhooks.resume(order) };
    },
  },
  {
    method: 'POST',
    path: /^\/_control\/sessions\/([^/]+)\/pay$/,
    handle: ({ engine, objects }, body, _query, id) => {
      const card = optionalString(body, 'card');
      const account = optionalString(body, 'bank_account');
      const wallet = optionalString(body, 'wallet');
      if ([card, account, wallet].filter((v) => v !== undefined).length !== 1) throw invalid('Give one of card, bank_account or wallet.');
      if (wallet !== undefined) {
        // A wallet's test redirect page, answered: authorize (the default) or fail.
        const type = WALLETS.find((w) => w === wallet);
        if (!type) throw invalid(`wallet must be ${WALLETS.join(' or ')}.`, undefined, 'wallet');
        const outcome = optionalString(body, 'outcome') ?? 'authorize';
        if (outcome !== 'authorize' && outcome !== 'fail') throw invalid('outcome must be authorize or fail.', undefined, 'outcome');
        return objects.session(outcome === 'fail' ? engine.failWallet(id, type, NO_CAUSE) : engine.pay(id, { wallet: type }, NO_CAUSE));
      }
      const how: PayWith = card !== undefined ? { card } : { bank_account: account! };
      return objects.session(engine.pay(id, how, NO_CAUSE));
    },
  },
  {
    method: 'POST',
    path: /^\/_control\/sessions\/([^/]+)\/lapse$/,
    handle: ({ engine, objects }, _body, _query, id) => {
      engine.lapse(id);
      return objects.session(engine.session(id));
    },
  },
  {
    method: 'POST',
    path: /^\/_control\/refunds$/,
    handle: ({ engine }, body) => {
      const paymentIntent = optionalString(body, 'payment_intent');
      if (!paymentIntent) throw invalid('payment_intent is required.', 'parameter_missing', 'payment_intent');
      const reason = optionalString(body, 'reason') ?? null;
      if (reason !== null && !REFUND_REASONS.includes(reason))
        throw invalid(`Invalid reason: must be one of ${oneOfList(REFUND_REASONS)}`, 'parameter_invalid_string', 'reason');
      const amount = optionalInteger(body, 'amount', 1, 99_999_999);
      return refundObject(engine.createRefund({ payment_intent: paymentIntent, amount, reason, metadata: {} }, NO_CAUSE));
    },
  },
  {
    method: 'GET',
    path: /^\/_control\/webhook_endpoint$/,
    handle: ({ webhooks }) => webhooks.endpoint(),
  },
  {
    method: 'POST',
    path: /^\/_control\/latency$/,
    handle: ({ latency }, body) => {
      latency.ms = optionalInteger(body, 'ms', 0, 60_000) ?? 0;
      return { latency_ms: latency.ms };
    },
  },
  {
    method: 'POST',
    path: /^\/_control\/reset$/,
    handle: ({ reset }) => {
      reset();
      return { reset: true };
    },
  },
];

export async function handleControl(ctx: ControlContext, method: string, path: string, query: URLSearchParams, text: string): Promise<ControlAnswer> {
  try {
    for (const route of routes) {
      const match = route.method === method ? route.path.exec(path) : null;
      if (match) return { status: 200, body: await route.handle(ctx, readJson(text), query, decodeURIComponent(match[1] ?? '')) };
    }
    throw new StripeError(404, 'invalid_request_error', `No control call ${method} ${path}.`);
  } catch (error) {
    if (error instanceof StripeError) return { status: error.status, body: error.body() };
    throw error;
  }
}
