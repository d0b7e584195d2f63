/**
 * Events and their delivery to the one webhook endpoint, as Stripe does it: every event made at
 * the endpoint's API version (`api_version`), sent only if its type is among the endpoint's
 * `enabled_events` (all are recorded), a JSON POST signed with the real SDK's
 * `generateTestHeaderString` (so `constructEvent` accepts it), each delivery on its own (no order
 * between events), retried after a non-2xx answer or a failed connection with the configured
 * delays, every attempt recorded. Tests can pause deliveries (they queue) and resume them oldest
 * or newest first, and deliver an event again.
 */
import http from 'node:http';
import Stripe from 'stripe';
import type { Cause } from './engine';
import type { Json } from './params';
import { randomId, unixNow, type EventRecord, type OutboxEntry, type Store } from './store';

export interface WebhookOptions {
  url: string;
  secret: string;
  retryDelaysMs: number[];
  /** The endpoint's API version: every event's `api_version`. */
  apiVersion: string;
  /** The event types sent to the endpoint; `*` for all. */
  enabledEvents: readonly string[];
}

/** Every event type the local Stripe makes. */
export const EVENT_TYPES = [
  'charge.refund.updated',
  'charge.refunded',
  'checkout.session.async_payment_failed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.completed',
  'checkout.session.expired',
  'payment_intent.payment_failed',
  'refund.created',
  'refund.failed',
  'refund.updated',
] as const satisfies readonly Stripe.Event.Type[];

const TIMEOUT_MS = 10_000;

export class Webhooks {
  private readonly inFlight = new Map<string, AbortController>();
  private stopped = false;
  private readonly created = unixNow();

  constructor(
    private readonly store: Store,
    private readonly options: WebhookOptions,
    /** Called after every change to the outbox (to persist and reschedule). */
    private readonly changed: () => void,
  ) {}

  private get state() {
    return this.store.state;
  }

  /** The webhook endpoint, as `GET /v1/webhook_endpoints/{id}` would answer it. */
  endpoint() {
    const endpoint: Stripe.WebhookEndpoint = {
      id: 'we_local',
      object: 'webhook_endpoint',
      api_version: this.options.apiVersion,
      application: null,
      created: this.created,
      description: 'The portal (local)',
      enabled_events: [...this.options.enabledEvents],
      livemode: false,
      metadata: {},
      status: 'enabled',
      url: this.options.url,
    };
    return endpoint;
  }

  private enabled(type: string) {
    return this.options.enabledEvents.includes('*') || this.options.enabledEvents.includes(type);
  }

  /** Records an event and queues its delivery if the endpoint takes its type. */
  record(type: string, object: { [key: string]: Json }, cause: Cause, previous?: { [key: string]: Json }): EventRecord {
    const copy = <T>(value: T) => JSON.parse(JSON.stringify(value)) as T;
    const event: EventRecord = {
      id: randomId('evt_'),
      object: 'event',
      type,
      created: unixNow(),
      api_version: this.options.apiVersion,
      livemode: false,
      pending_webhooks: 0,
      request: { id: cause.requestId, idempotency_key: cause.idempotencyKey },
      data: { object: copy(object), ...(previous ? { previous_attributes: copy(previous) } : {}) },
    };
    this.state.events.push(event);
    if (this.enabled(type)) this.enqueue(event, 1);
    return event;
  }

  event(id: string) {
    return this.state.events.find((e) => e.id === id);
  }

  /** Queues `times` more deliveries of an event (each retried on its own). */
  enqueue(event: EventRecord, times: number) {
    for (let i = 0; i < times; i++) this.state.outbox.push({ id: randomId('whd_'), event: event.id, attempt: 1, due_ms: Date.now() });
    event.pending_webhooks += times;
    this.changed();
  }

  pause() {
    this.state.paused = true;
    this.changed();
  }

  /**
   * Ends a pause: delivers every queued delivery that is due, one after the other, in the order
   * their events were made or in reverse; resolves with the event ids in the order sent.
   */
  async resume(order: 'oldest_first' | 'newest_first'): Promise<string[]> {
    const position = new Map(this.state.events.map((e, i) => [e.id, i]));
    const due = this.state.outbox
      .filter((entry) => entry.due_ms <= Date.now() && !this.inFlight.has(entry.id))
      .map((entry, i) => ({ entry, key: position.get(entry.event)! * 1e6 + i }))
      .sort((a, b) => (order === 'oldest_first' ? a.key - b.key : b.key - a.key))
      .map(({ entry }) => entry);
    // Still paused while these go out one by one, so that nothing else is sent in between.
    const sent: string[] = [];
    for (const entry of due) {
      sent.push(entry.event);
      await this.attempt(entry);
    }
    this.state.paused = false;
    this.changed();
    return sent;
  }

  /** Starts every delivery that is due (none while paused). */
  runDue() {
    if (this.state.paused) return;
    const now = Date.now();
    for (const entry of this.state.outbox) if (entry.due_ms <= now && !this.inFlight.has(entry.id)) void this.attempt(entry);
  }

  nextDueMs(): number {
    if (this.state.paused) return Infinity;
    let next = Infinity;
    for (const entry of this.state.outbox) if (!this.inFlight.has(entry.id)) next = Math.min(next, entry.due_ms);
    return next;
  }

  /** Aborts deliveries under way; they stay queued and are made again after a restart. */
  stop() {
    this.stopped = true;
    for (const controller of this.inFlight.values()) controller.abort();
  }

  private async attempt(entry: OutboxEntry) {
    const event = this.event(entry.event);
    if (!event) return this.drop(entry);
    const controller = new AbortController();
    this.inFlight.set(entry.id, controller);
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.options.secret });
    const at = Date.now();
    const answer = await post(this.options.url, payload, signature, controller.signal);
    this.inFlight.delete(entry.id);
    // Stopped, or reset meanwhile: nothing to record.
    if (this.stopped || !this.state.outbox.includes(entry)) return;
    const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
    const delay = this.options.retryDelaysMs[entry.attempt - 1];
    const outcome = ok ? 'done' : delay === undefined ? 'gave_up' : 'retry';
    this.state.deliveries.push({
      delivery: entry.id,
      event: event.id,
      type: event.type,
      attempt: entry.attempt,
      at,
      status: answer.status,
      error: answer.error,
      outcome,
      retry_at: outcome === 'retry' ? Date.now() + delay! : null,
    });
    if (outcome === 'retry') {
      entry.attempt += 1;
      entry.due_ms = Date.now() + delay!;
      this.changed();
    } else {
      this.drop(entry);
    }
  }

  private drop(entry: OutboxEntry) {
    this.state.outbox = this.state.outbox.filter((e) => e !== entry);
    const event = this.event(entry.event);
    if (event) event.pending_webhooks = Math.max(0, event.pending_webhooks - 1);
    this.changed();
  }
}

/** One POST; the answer's status, or the connection error. Never throws. */
function post(url: string, payload: string, signature: string, signal: AbortSignal): Promise<{ status: number | null; error: string | null }> {
  return new Promise((resolve) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        signal,
        timeout: TIMEOUT_MS,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(payload),
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
      },
      (response) => {
        response.resume();
        response.once('end', () => resolve({ status: response.statusCode ?? null, error: null }));
        response.once('error', (error) => resolve({ status: null, error: error.message }));
      },
    );
    request.once('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    request.once('error', (error: NodeJS.ErrnoException) => resolve({ status: null, error: error.code ?? error.message }));
    request.end(payload);
  });
}
