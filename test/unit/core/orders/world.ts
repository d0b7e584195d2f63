/**
 * In-memory ports of the order rules and the payments module: the same contracts (and the same
 * all-or-nothing ledger writes with their conditions) as the DynamoDB and Stripe adapters.
 */
import type { Mail } from '#core/accounts/ports';
import type { BankAccount } from '#core/office/payment-settings';
import { demoBankAccount } from '../../../../infra/local/demo-bank-account';
import { orderPayables } from '#core/orders/order-payables';
import { orderPaymentMails, orderPlacedMails } from '#core/orders/order-payment-mails';
import type { OrderPlacedEvent } from '#core/payments/money-events';
import { type OrderDeps } from '#core/orders/order-deps';
import type { OrderStore, StoredOrder } from '#core/orders/ports';
import { holdsPlace } from '#core/orders/states';
import type { Payment, Refund } from '#core/payments/model';
import type { CardGateway, CheckoutSession, Ledger, LedgerWrite, PaymentMail, PaymentsDeps, ProviderRefund } from '#core/payments/ports';

const clone = <T>(v: T): T => structuredClone(v);

/** Orders in memory; `placed` is what the money-events worker does with an order's order-placed event, here at once. */
export function fakeOrders(placed: { follow?: (event: OrderPlacedEvent) => Promise<void> } = {}) {
  const orders = new Map<string, StoredOrder>();
  let sequence = 0;
  const store: OrderStore = {
    nextSequence: async () => ++sequence,
    create: async (order, max, also) => {
      // The same count as the DynamoDB counter: a cancelled order holds no place.
      if ([...orders.values()].filter((o) => o.owner_id === order.owner_id && holdsPlace(o.payment_status)).length >= max) return 'full';
      orders.set(order.id, clone(order));
      await placed.follow?.(also.placed);
      return 'created';
    },
    list: async (owner) => [...orders.values()].filter((o) => o.owner_id === owner).map(clone),
    get: async (owner, id) => (orders.get(id)?.owner_id === owner ? clone(orders.get(id)!) : undefined),
    update: async (order, base, status) => {
      const current = orders.get(order.id);
      if (!current || current.updated_at !== base || current.payment_status !== status) return 'changed';
      orders.set(order.id, clone(order));
      return 'updated';
    },
    findByReference: async (reference) => clone([...orders.values()].find((o) => o.reference === reference)),
    remove: async (order, status) => {
      const o = orders.get(order.id);
      if (!o || o.owner_id !== order.owner_id || o.payment_status !== status || o.updated_at !== order.updated_at) return false;
      orders.delete(order.id);
      return true;
    },
  };
  return { store, orders };
}

/**
 * A ledger in memory; `follow` is what the money-events worker does with a committed write's
 * events (core/payments/money-events.ts), here at once after the write.
 */
export function fakeLedger(orders: Map<string, StoredOrder>, follow: (mail: PaymentMail) => Promise<void> = async () => undefined) {
  const payments = new Map<string, Payment>();
  const refunds = new Map<string, Refund>();
  const events = new Set<string>();
  const writes: LedgerWrite[] = [];
  const ledger: Ledger = {
    commit: async (write) => {
      if (write.eventId && events.has(write.eventId)) return 'duplicate-event';
      const stale = <T extends { id: string; version: number }>(store: Map<string, T>, w: { record: T; expect: number | null }) =>
        w.expect === null ? store.has(w.record.id) : store.get(w.record.id)?.version !== w.expect;
      if ((write.payments ?? []).some((w) => stale(payments, w)) || (write.refunds ?? []).some((w) => stale(refunds, w))) return 'conflict';
      if (write.subject) {
        const o = orders.get(write.subject.subject.id);
        if (o?.payment_status !== write.subject.from || o.updated_at !== write.subject.version.base) return 'conflict';
      }
      if (write.subjectUnchanged && orders.get(write.subjectUnchanged.subject.id)?.updated_at !== write.subjectUnchanged.version) return 'conflict';
      if (write.eventId) events.add(write.eventId);
      for (const w of write.payments ?? []) payments.set(w.record.id, clone(w.record));
      for (const w of write.refunds ?? []) refunds.set(w.record.id, clone(w.record));
      if (write.subject) {
        const o = orders.get(write.subject.subject.id)!;
        orders.set(o.id, { ...o, ...(write.subject.set as object), payment_status: write.subject.to as StoredOrder['payment_status'], updated_at: write.subject.version.next });
      }
      writes.push(clone(write));
      for (const mail of write.events ?? []) await follow(mail);
      return 'ok';
    },
    markEvent: async (id) => {
      if (events.has(id)) return 'duplicate-event';
      events.add(id);
      return 'ok';
    },
    payment: async (subject, id) => (payments.get(id)?.subject.id === subject.id ? clone(payments.get(id)) : undefined),
    refund: async (subject, id) => (refunds.get(id)?.subject.id === subject.id ? clone(refunds.get(id)) : undefined),
    ofSubject: async (subject) => ({
      payments: [...payments.values()].filter((p) => p.subject.id === subject.id).map(clone),
      refunds: [...refunds.values()].filter((r) => r.subject.id === subject.id).map(clone),
    }),
    ofOwner: async (ownerId) => {
      const out = new Map<string, { payments: Payment[]; refunds: Refund[] }>();
      const of = (id: string) => out.get(id) ?? out.set(id, { payments: [], refunds: [] }).get(id)!;
      for (const p of payments.values()) if (p.subject.owner_id === ownerId) of(p.subject.id).payments.push(clone(p));
      for (const r of refunds.values()) if (r.subject.owner_id === ownerId) of(r.subject.id).refunds.push(clone(r));
      return out;
    },
  };
  return { ledger, payments, refunds, events, writes };
}

/** A card provider with just enough behaviour: sessions that can be paid, refunds that settle as told. */
export function fakeGateway() {
  const sessions = new Map<string, CheckoutSession>();
  const refunds = new Map<string, ProviderRefund>();
  const intents = new Map<string, Record<string, string>>();
  const created: { idempotencyKey: string; lines: unknown; successUrl: string; cancelUrl: string }[] = [];
  let n = 0;
  let refundOutcome: 'pending' | 'succeeded' | 'failed' = 'pending';
  let down = false;
  let refusing = false;
  const gateway: CardGateway = {
    createCheckout: async (input) => {
      if (down) throw new Error('provider down');
      created.push({ idempotencyKey: input.idempotencyKey, lines: input.lines, successUrl: input.successUrl, cancelUrl: input.cancelUrl });
      const amount = input.lines.reduce((s, l) => s + l.unitAmount * l.quantity, 0);
      const s: CheckoutSession = { id: `cs_${++n}`, url: `https://pay.test/cs_${n}`, status: 'open', paymentStatus: 'unpaid', amountTotal: amount, currency: 'usd', paymentIntent: null, metadata: { ...input.metadata } };
      sessions.set(s.id, s);
      return clone(s);
    },
    readCheckout: async (id) => clone(sessions.get(id)!),
    expireCheckout: async (id) => {
      const s = sessions.get(id)!;
      if (s.status === 'open') s.status = 'expired';
      return clone(s);
    },
    createRefund: async (input) => {
      if (down) throw new Error('provider down');
      if (refusing) throw Object.assign(new Error('Refund amount is greater than unrefunded amount on charge'), { type: 'StripeInvalidRequestError', statusCode: 400 });
      const r: ProviderRefund = { id: `re_${++n}`, status: refundOutcome, amount: input.amount, paymentIntent: input.paymentIntent, metadata: { ...input.metadata }, failureReason: refundOutcome === 'failed' ? 'expired_or_canceled_card' : null };
      refunds.set(r.id, r);
      return clone(r);
    },
    readRefund: async (id) => clone(refunds.get(id)!),
    listRefunds: async (pi) => [...refunds.values()].filter((r) => r.paymentIntent === pi).map(clone),
    paymentIntentMetadata: async (id) => ({ ...(intents.get(id) ?? {}) }),
  };
  return {
    gateway,
    sessions,
    refunds,
    created,
    /** The delegate pays at the provider (optionally a different amount or currency). */
    pay: (id: string, over: Partial<CheckoutSession> = {}) => {
      const s = sessions.get(id)!;
      Object.assign(s, { status: 'complete', paymentStatus: 'paid', paymentIntent: `pi_${id}`, ...over });
      intents.set(`pi_${id}`, { ...s.metadata });
    },
    settleRefunds: (status: 'succeeded' | 'failed') => {
      for (const r of refunds.values()) if (r.status === 'pending') Object.assign(r, { status, failureReason: status === 'failed' ? 'expired_or_canceled_card' : null });
    },
    refundsWill: (outcome: typeof refundOutcome) => {
      refundOutcome = outcome;
    },
    /** The provider refuses new refunds at once (a 400 of its own). */
    refuses: (on: boolean) => {
      refusing = on;
    },
    /** A refund that had succeeded is returned by the card's bank. */
    failLater: (id: string) => Object.assign(refunds.get(id)!, { status: 'failed', failureReason: 'expired_or_canceled_card' }),
    /** A refund made in the provider's dashboard: no metadata of ours. */
    dashboardRefund: (paymentIntent: string, amount: number) => {
      const r: ProviderRefund = { id: `re_${++n}`, status: 'succeeded', amount, paymentIntent, metadata: {}, failureReason: null };
      refunds.set(r.id, r);
      return clone(r);
    },
    down: (on: boolean) => {
      down = on;
    },
  };
}

export const OFFICE = 'registration@office.test';

export function orderWorld() {
  const placed: { follow?: (event: OrderPlacedEvent) => Promise<void> } = {};
  const orders = fakeOrders(placed);
  // The worker's mail for each event, right after its write (a failed mail is logged, as the worker does).
  const follow = async (mail: PaymentMail) => orderPaymentMails({ mailer, log, siteOrigin, bankAccount }, OFFICE)(mail).catch((e: Error) => log.error(`payment mail not sent: ${e.message}`));
  const ledger = fakeLedger(orders.orders, follow);
  const card = fakeGateway();
  const outbox: Mail[] = [];
  const errors: string[] = [];
  let mailDown = false;
  let ids = 0;
  const mailer = {
    send: async (mail: Mail) => {
      if (mailDown) throw new Error('SES is down');
      outbox.push(mail);
      return 'sent' as const;
    },
  };
  const log = { error: (m: string) => void errors.push(m), info: () => undefined };
  const siteOrigin = 'https://congress.example.org';
  /** The office has published the congress account (bank transfer open), unless a test withdraws it. */
  const bank = { account: demoBankAccount as BankAccount | undefined };
  const bankAccount = async () => bank.account;
  const payments: PaymentsDeps = {
    ledger: ledger.ledger,
    gateway: card.gateway,
    payables: orderPayables({ orders: orders.store }),
    newId: () => `id-${++ids}`,
    log,
  };
  const files = new Map<string, { purpose: string; owner: string }>();
  const deps: OrderDeps = {
    orders: orders.store,
    payments,
    files: { get: async (owner, id) => (files.get(id)?.owner === owner ? ({ id, purpose: files.get(id)!.purpose } as never) : undefined) },
    mailer,
    log,
    newId: () => `order-${++ids}`,
    newChecksum: () => `checksum-${++ids}`,
    siteOrigin,
    bankAccount,
    accountNames: { refreshFromOrders: async () => undefined },
  };
  placed.follow = orderPlacedMails(deps);
  return {
    deps,
    /** The order list's read (one Query on AWS: storage/owner-orders.ts), from the fakes: no documents here. */
    list: {
      view: async (ownerId: string) => ({ orders: await orders.store.list(ownerId), money: await ledger.ledger.ofOwner(ownerId, 'order'), documents: [], issued: new Map<string, string>(), registration: undefined }),
    },
    orders,
    ledger,
    card,
    outbox,
    errors,
    files,
    mailDown: (on: boolean) => {
      mailDown = on;
    },
    /** Withdraws (or publishes again) the congress bank account. */
    setBankAccount: (account: BankAccount | undefined) => {
      bank.account = account;
    },
    mailsTo: (to: string) => outbox.filter((m) => m.to === to).map((m) => m.subject),
  };
}
