/**
 * The reconciliation of the payments ledger (`npm run reconcile`): every order against its
 * payments and refunds (the money invariants, orders/invariants.ts), and every card payment and
 * refund against what the card provider says of it. The provider is the truth about card money:
 * a disagreement means a webhook was lost, a write failed after the provider acted, or someone
 * acted in the provider's dashboard and the portal never heard of it.
 *
 * It reads only, and it reads as things are once nothing is in flight: a checkout being paid or a
 * refund the provider has not answered yet shows as a disagreement (and is one, if it stays).
 * Bank transfers have no provider side: only the invariants speak for them.
 */
import { documentViolations } from '../documents/order-documents';
import type { IssuedDocument } from '../documents/model';
import { moneyViolations } from '../orders/invariants';
import type { StoredOrder } from '../orders/ports';
import type { Payment, Refund } from './model';
import type { CardGateway, CheckoutSession, ProviderRefund, SubjectLedger } from './ports';

export interface Disagreement {
  order_id: string;
  payment_id?: string;
  refund_id?: string;
  /** A money invariant (`moneyRules`), a provider rule (`providerRules`), a documents rule (documents/rules.ts), an event rule (`eventRules`) or a statement rule (office/line-identity.ts `statementRules`). */
  rule: string;
  /** What was found, in figures and ids. */
  detail: string;
}

export const providerRules = {
  'checkout-exists': 'Every card payment that reached the provider has its checkout session there, made for that payment.',
  'payment-matches-checkout':
    'A card payment is confirmed (or refunded) exactly when its checkout is paid, pending while it is open, canceled when it expired unpaid, failed when it completed unpaid.',
  'received-matches-checkout': 'A paid checkout brought in what its payment records: the same amount, currency and payment intent.',
  'refund-has-payment': 'Every refund belongs to a payment of the same order; a card refund to one the provider was paid through.',
  'refund-exists': 'Every card refund the provider was asked for (or that it made) is among the refunds of that payment intent.',
  'refund-matches-provider':
    'A card refund is done exactly when the provider succeeded, failed when it failed or was canceled, in progress while it is pending; for the same amount.',
  'provider-refund-recorded': 'Every refund the provider holds for one of our payment intents is in the ledger (a dashboard refund is recorded as external).',
} as const;
export type ProviderRule = keyof typeof providerRules;

/** What the reconciliation reads of the provider. */
export type ProviderReader = Pick<CardGateway, 'readCheckout' | 'listRefunds'>;

const usd = (cents: number) => (cents / 100).toFixed(2);

/** The provider said it has no such thing (a 4xx of its own), as opposed to not answering: a finding, not a failure of the run. */
function notFound(error: unknown) {
  const e = error as { type?: string; statusCode?: number };
  return e.type === 'StripeInvalidRequestError' || e.statusCode === 404;
}

/** The checkout states a payment in each state must have at the provider. */
function checkoutAgrees(payment: Payment, session: CheckoutSession): boolean {
  const paid = session.paymentStatus === 'paid';
  switch (payment.state) {
    case 'confirmed':
    case 'refunded':
      return paid;
    case 'pending':
    case 'created':
      return session.status === 'open' && !paid;
    case 'canceled':
      return session.status === 'expired' && !paid;
    case 'failed':
      return session.status === 'complete' && !paid;
  }
}

/** The provider refund states each of our refund states stands for. */
const refundStates: Record<Refund['state'], readonly ProviderRefund['status'][]> = {
  created: ['pending', 'requires_action'],
  pending: ['pending', 'requires_action'],
  done: ['succeeded'],
  failed: ['failed', 'canceled'],
};

/**
 * Each card payment and refund of one order against the provider: its checkout session, and the
 * refunds of its payment intent (ours, and any the ledger does not have).
 */
export async function reconcileWithProvider(gateway: ProviderReader, orderId: string, { payments, refunds }: SubjectLedger): Promise<Disagreement[]> {
  const out: Disagreement[] = [];
  const flag = (rule: ProviderRule, detail: string, ids: { payment_id?: string; refund_id?: string } = {}) => out.push({ order_id: orderId, ...ids, rule, detail });

  for (const payment of payments.filter((p) => p.method === 'card')) {
    const ids = { payment_id: payment.id };
    const sessionId = payment.provider_ids.checkout_session;
    if (!sessionId) {
      // A checkout that could not be made leaves a failed payment without one; anything else lost its session.
      if (payment.state !== 'failed') flag('checkout-exists', `payment ${payment.id} is ${payment.state} and has no checkout session`, ids);
      continue;
    }
    let session: CheckoutSession;
    try {
      session = await gateway.readCheckout(sessionId);
    } catch (error) {
      if (!notFound(error)) throw error;
      flag('checkout-exists', `checkout ${sessionId} of payment ${payment.id} (${payment.state}): the provider has none (${(error as Error).message})`, ids);
      continue;
    }
    if (session.metadata.payment_id !== payment.id)
      flag('checkout-exists', `checkout ${sessionId} was made for payment ${session.metadata.payment_id ?? '(none)'}, not ${payment.id}`, ids);
    if (!checkoutAgrees(payment, session))
      flag('payment-matches-checkout', `payment ${payment.id} is ${payment.state}; checkout ${sessionId} is ${session.status}, ${session.paymentStatus}`, ids);
    if (session.paymentStatus === 'paid' && (payment.state === 'confirmed' || payment.state === 'refunded')) {
      const differences = [
        session.amountTotal !== payment.amount && `amount ${usd(session.amountTotal)} (ledger ${usd(payment.amount)})`,
        // Money in another currency is recorded with our currency, as surplus given back in full.
        session.currency.toUpperCase() !== payment.currency && payment.surplus !== 'amount-mismatch' && `currency ${session.currency} (ledger ${payment.currency})`,
        session.paymentIntent !== (payment.provider_ids.payment_intent ?? null) &&
          `payment intent ${session.paymentIntent ?? '(none)'} (ledger ${payment.provider_ids.payment_intent ?? '(none)'})`,
      ].filter(Boolean);
      if (differences.length) flag('received-matches-checkout', `checkout ${sessionId} of payment ${payment.id} was paid with ${differences.join(', ')}`, ids);
    }
  }

  // The refunds the provider holds for each payment intent of ours, read once per intent.
  const byId = new Map(payments.map((p) => [p.id, p]));
  const provided = new Map<string, ProviderRefund[]>();
  for (const intent of new Set(payments.filter((p) => p.method === 'card').flatMap((p) => p.provider_ids.payment_intent ?? []))) {
    provided.set(intent, await gateway.listRefunds(intent));
  }
  const matched = new Set<string>();

  for (const refund of refunds) {
    const ids = { payment_id: refund.payment_id, refund_id: refund.id };
    const payment = byId.get(refund.payment_id);
    if (!payment) {
      flag('refund-has-payment', `refund ${refund.id} of ${usd(refund.amount)} is of payment ${refund.payment_id}, which the order does not have`, ids);
      continue;
    }
    if (refund.method !== 'card') continue;
    const intent = payment.provider_ids.payment_intent;
    if (payment.method !== 'card' || !intent) {
      flag('refund-has-payment', `card refund ${refund.id} is of payment ${payment.id} (${payment.method}, ${payment.state}), which has no payment intent`, ids);
      continue;
    }
    const theirs = provided.get(intent) ?? [];
    // Ours carry our refund id; a dashboard refund is known by the provider's id we recorded.
    const found = theirs.find((r) => (refund.provider_refund_id && r.id === refund.provider_refund_id) || r.metadata.refund_id === refund.id);
    if (!found) {
      // Refused at once (no provider id): the provider never made it, which is what we recorded.
      if (!(refund.state === 'failed' && !refund.provider_refund_id))
        flag('refund-exists', `refund ${refund.id} (${refund.state}, ${usd(refund.amount)}${refund.provider_refund_id ? `, ${refund.provider_refund_id}` : ''}) is not among the provider's refunds of ${intent}`, ids);
      continue;
    }
    matched.add(found.id);
    if (!refundStates[refund.state].includes(found.status) || found.amount !== refund.amount)
      flag('refund-matches-provider', `refund ${refund.id} is ${refund.state}, ${usd(refund.amount)}; the provider's ${found.id} is ${found.status}, ${usd(found.amount)}`, ids);
  }

  for (const [intent, theirs] of provided) {
    const payment = payments.find((p) => p.provider_ids.payment_intent === intent)!;
    for (const r of theirs.filter((r) => !matched.has(r.id)))
      flag('provider-refund-recorded', `the provider's refund ${r.id} of ${intent} (${r.status}, ${usd(r.amount)}${r.metadata.refund_id ? `, for refund ${r.metadata.refund_id}` : ', made outside the portal'}) is not in the ledger`, {
        payment_id: payment.id,
      });
  }
  return out;
}

/** One order (undefined: deleted, its money records left) with its ledger, as the reconciliation reads them. */
export interface OrderMoney {
  order_id: string;
  order: StoredOrder | undefined;
  ledger: SubjectLedger;
  /**
   * Its receipts and credit notes, and its money events not followed yet (the outbox): given, the
   * documents are checked against the money (documentRules) once no event of the order is pending,
   * and an event pending longer than EVENT_LATE_MINUTES is reported (eventRules).
   */
  documents?: { issued: readonly IssuedDocument[]; pending_events: readonly { id: string; created_at: string }[] };
}

/** The money events' own rule (core/payments/money-events.ts). */
export const eventRules = {
  'event-followed': 'Every money event is followed within minutes of its write: its documents issued and its mail sent (`npm run reconcile -- --repair` hands it on again).',
} as const;

/** An event pending this long was lost on its way to the worker, or keeps failing there. */
export const EVENT_LATE_MINUTES = 10;

/** The documents of one order against its money, or its events that are late (documents wait for them). */
export function documentDisagreements(money: OrderMoney, at: Date): Disagreement[] {
  if (!money.documents) return [];
  const { issued, pending_events } = money.documents;
  if (pending_events.length > 0) {
    return pending_events
      .filter((e) => at.getTime() - Date.parse(e.created_at) > EVENT_LATE_MINUTES * 60_000)
      .map((e) => ({ order_id: money.order_id, rule: 'event-followed', detail: `event ${e.id} pending since ${e.created_at}` }));
  }
  return documentViolations(money.order, money.ledger, issued).map((v) => ({ order_id: money.order_id, ...v }));
}

export interface Reconciliation {
  orders: number;
  payments: number;
  refunds: number;
  disagreements: Disagreement[];
}

/** The money invariants and the provider's word over every order with money, in the order given. */
export async function reconcileAll(gateway: ProviderReader, orders: Iterable<OrderMoney> | AsyncIterable<OrderMoney>, at: Date): Promise<Reconciliation> {
  const result: Reconciliation = { orders: 0, payments: 0, refunds: 0, disagreements: [] };
  for await (const money of orders) {
    const { order_id, order, ledger } = money;
    result.orders += 1;
    result.payments += ledger.payments.length;
    result.refunds += ledger.refunds.length;
    result.disagreements.push(...moneyViolations(order_id, order, ledger), ...(await reconcileWithProvider(gateway, order_id, ledger)), ...documentDisagreements(money, at));
  }
  return result;
}

/**
 * The whole check, as `npm run reconcile` and the office's reconciliation job run it
 * (lib/payments/ledger-check.ts): the ledger against itself and the provider, and the provider's
 * webhook endpoint for the portal.
 */
export interface LedgerCheck extends Reconciliation {
  /** What disagrees in the webhook endpoint's set-up. */
  webhook: string[];
  /** Why the webhook endpoint was not checked (the local Stripe has no such API); null when it was. */
  webhook_note: string | null;
  /** The order number of each order that disagrees (by order id), as people know the order; none for a deleted order. */
  order_numbers: Record<string, string>;
}

/**
 * The most disagreements an office reconciliation keeps (its job record is one DynamoDB item, at
 * most 400 KB; a disagreement is a few hundred bytes). More than this means something systemic;
 * the count says how many there were and `npm run reconcile` prints them all.
 */
export const KEPT_DISAGREEMENTS = 200;

/** A check as the office keeps it: the first KEPT_DISAGREEMENTS disagreements and how many there were. */
export function keptCheck(check: LedgerCheck) {
  return {
    orders: check.orders,
    payments: check.payments,
    refunds: check.refunds,
    disagreement_count: check.disagreements.length,
    disagreements: check.disagreements.slice(0, KEPT_DISAGREEMENTS).map((d) => ({ ...d, order_no: check.order_numbers[d.order_id] ?? null })),
    webhook: check.webhook,
    webhook_note: check.webhook_note,
  };
}
export type KeptCheck = ReturnType<typeof keptCheck>;
