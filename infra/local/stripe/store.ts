/**
 * The local Stripe's state: what it knows of sessions, payment intents, charges, refunds, events,
 * webhook deliveries and idempotency keys. Kept in memory and, with a data folder, written whole to
 * `<dataDir>/stripe.json` after every change (temp file + rename, so a crash leaves the old or the
 * new file, never half of one). Writes are coalesced: a change made while one is under way is
 * written right after it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Json } from './params';

export interface LineItemRecord {
  id: string;
  price: string;
  product: string;
  name: string;
  description: string | null;
  currency: string;
  unit_amount: number;
  quantity: number;
}

export interface SessionRecord {
  id: string;
  created: number;
  expires_at: number;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  currency: string;
  amount_subtotal: number;
  amount_total: number;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  intent_metadata: Record<string, string>;
  intent_description: string | null;
  success_url: string | null;
  cancel_url: string | null;
  allowed_payment_method_types: string[] | null;
  /** `payment_method_options[wechat_pay][client]` (the local Stripe takes only `web`); absent on older records. */
  wechat_pay_client?: 'web' | null;
  locale: string | null;
  line_items: LineItemRecord[];
  payment_intent: string | null;
}

/**
 * How a payment was made: a test card, a test bank account that settles later, or a wallet
 * (Alipay, WeChat Pay) authorised on its test redirect page.
 */
export type PaymentMethodRecord =
  | { type: 'card'; number: string }
  | { type: 'us_bank_account'; account: string; outcome: 'succeeded' | 'failed' }
  | { type: 'alipay' }
  | { type: 'wechat_pay' };

/** The redirect wallets the local Stripe simulates. */
export const WALLETS = ['alipay', 'wechat_pay'] as const;
export type WalletType = (typeof WALLETS)[number];

export interface IntentRecord {
  id: string;
  created: number;
  session: string;
  amount: number;
  amount_received: number;
  currency: string;
  status: 'processing' | 'succeeded' | 'requires_payment_method';
  metadata: Record<string, string>;
  description: string | null;
  latest_charge: string | null;
  method: PaymentMethodRecord;
  /** Delayed methods: when the outcome is known (ms since epoch). */
  settles_at_ms: number | null;
}

export interface ChargeRecord {
  id: string;
  created: number;
  payment_intent: string;
  amount: number;
  amount_refunded: number;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed';
  metadata: Record<string, string>;
  method: PaymentMethodRecord;
}

export interface RefundRecord {
  id: string;
  created: number;
  charge: string;
  payment_intent: string;
  amount: number;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed';
  reason: string | null;
  metadata: Record<string, string>;
  failure_reason: string | null;
  /** When its status changes next (ms since epoch): a 5126 refund fails, a bank debit's succeeds. */
  settles_at_ms: number | null;
}

export interface EventRecord {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: { [key: string]: Json }; previous_attributes?: { [key: string]: Json } };
}

/** A delivery still to make: its first attempt or a retry. */
export interface OutboxEntry {
  id: string;
  event: string;
  /** The attempt to make next, from 1. */
  attempt: number;
  due_ms: number;
}

/** One POST to the webhook URL and what came of it. */
export interface DeliveryAttempt {
  delivery: string;
  event: string;
  type: string;
  attempt: number;
  at: number;
  /** HTTP status, or null when the connection failed (see `error`). */
  status: number | null;
  error: string | null;
  /** What happens next: `done` (2xx), `retry` (at `retry_at`), `gave_up`. */
  outcome: 'done' | 'retry' | 'gave_up';
  retry_at: number | null;
}

export interface IdempotencyRecord {
  fingerprint: string;
  created_ms: number;
  status: number;
  body: string;
}

export interface State {
  version: 1;
  sessions: Record<string, SessionRecord>;
  intents: Record<string, IntentRecord>;
  charges: Record<string, ChargeRecord>;
  refunds: Record<string, RefundRecord>;
  events: EventRecord[];
  outbox: OutboxEntry[];
  deliveries: DeliveryAttempt[];
  idempotency: Record<string, IdempotencyRecord>;
  paused: boolean;
}

export const IDEMPOTENCY_KEEP_MS = 24 * 3600 * 1000;
const DELIVERIES_KEPT = 20_000;

export const emptyState = (): State => ({
  version: 1,
  sessions: {},
  intents: {},
  charges: {},
  refunds: {},
  events: [],
  outbox: [],
  deliveries: [],
  idempotency: {},
  paused: false,
});

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function randomId(prefix: string, length = 24) {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return `${prefix}${id}`;
}

/** Stripe's clock: always the real one, in unix seconds. */
export const unixNow = () => Math.floor(Date.now() / 1000);

export class Store {
  state: State = emptyState();
  private writing: Promise<void> | null = null;
  private dirty = false;

  private constructor(private readonly file: string | undefined) {}

  static async open(dataDir: string | undefined): Promise<Store> {
    const store = new Store(dataDir ? path.resolve(dataDir, 'stripe.json') : undefined);
    if (store.file) {
      await fs.mkdir(path.dirname(store.file), { recursive: true });
      const text = await fs.readFile(store.file, 'utf8').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      if (text !== undefined) {
        let saved: Partial<State>;
        try {
          saved = JSON.parse(text) as Partial<State>;
        } catch {
          throw new Error(`${store.file} is not valid JSON: move it away to start the local Stripe afresh.`);
        }
        store.state = { ...emptyState(), ...saved };
      }
    }
    store.prune();
    return store;
  }

  /** Forgets idempotency keys older than 24 h and the oldest delivery attempts past a bound. */
  prune() {
    const cutoff = Date.now() - IDEMPOTENCY_KEEP_MS;
    for (const [key, record] of Object.entries(this.state.idempotency)) if (record.created_ms < cutoff) delete this.state.idempotency[key];
    if (this.state.deliveries.length > DELIVERIES_KEPT) this.state.deliveries.splice(0, this.state.deliveries.length - DELIVERIES_KEPT);
  }

  /** Resolves once the current state is on disk (at once without a data folder). */
  save(): Promise<void> {
    if (!this.file) return Promise.resolve();
    this.dirty = true;
    this.writing ??= this.writeLoop().finally(() => {
      this.writing = null;
    });
    return this.writing;
  }

  private async writeLoop() {
    const file = this.file!;
    const temp = `${file}.${process.pid}.tmp`;
    while (this.dirty) {
      this.dirty = false;
      this.prune();
      await fs.writeFile(temp, JSON.stringify(this.state));
      await fs.rename(temp, file);
    }
  }

  reset() {
    this.state = emptyState();
  }
}
