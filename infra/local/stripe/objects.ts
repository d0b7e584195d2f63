/**
 * The API objects the local Stripe answers with, made from its records: the fields of
 * stripe@23's types that a Checkout integration reads (not every field Stripe has), `expand[]`
 * for the ids that can be expanded, and list objects with Stripe's cursor pagination.
 */
import { invalid, type Json, type Params } from './params';
import type { ChargeRecord, IntentRecord, LineItemRecord, PaymentMethodRecord, RefundRecord, SessionRecord, Store } from './store';

type Obj = { [key: string]: Json };

const methodType = (method: PaymentMethodRecord) => method.type;

export function lineItemObject(item: LineItemRecord): Obj {
  const amount = item.unit_amount * item.quantity;
  return {
    id: item.id,
    object: 'item',
    amount_discount: 0,
    amount_subtotal: amount,
    amount_tax: 0,
    amount_total: amount,
    currency: item.currency,
    description: item.name,
    quantity: item.quantity,
    price: {
      id: item.price,
      object: 'price',
      active: false,
      billing_scheme: 'per_unit',
      currency: item.currency,
      livemode: false,
      metadata: {},
      product: item.product,
      type: 'one_time',
      unit_amount: item.unit_amount,
      unit_amount_decimal: String(item.unit_amount),
    },
  };
}

export function productObject(item: LineItemRecord): Obj {
  return { id: item.product, object: 'product', active: false, description: item.description, livemode: false, metadata: {}, name: item.name };
}

export function sessionObject(session: SessionRecord, checkoutOrigin: string): Obj {
  return {
    id: session.id,
    object: 'checkout.session',
    allowed_payment_method_types: session.allowed_payment_method_types,
    amount_subtotal: session.amount_subtotal,
    amount_total: session.amount_total,
    cancel_url: session.cancel_url,
    client_reference_id: session.client_reference_id,
    created: session.created,
    currency: session.currency,
    customer: null,
    customer_details: session.status === 'complete' ? { email: session.customer_email, name: null } : null,
    customer_email: session.customer_email,
    expires_at: session.expires_at,
    livemode: false,
    locale: session.locale,
    metadata: session.metadata,
    mode: 'payment',
    payment_intent: session.payment_intent,
    payment_method_types: availableMethods(session),
    payment_status: session.payment_status,
    status: session.status,
    success_url: session.success_url,
    ui_mode: 'hosted',
    // Stripe gives the URL only while the session can be paid.
    url: session.status === 'open' ? `${checkoutOrigin}/pay/${session.id}` : null,
  };
}

/** What the hosted page offers: a card, a bank debit that settles later, as far as allowed. */
export function availableMethods(session: SessionRecord): string[] {
  const local = ['card', 'us_bank_account'];
  return session.allowed_payment_method_types ? local.filter((m) => session.allowed_payment_method_types!.includes(m)) : local;
}

export function intentObject(intent: IntentRecord): Obj {
  return {
    id: intent.id,
    object: 'payment_intent',
    amount: intent.amount,
    amount_capturable: 0,
    amount_received: intent.amount_received,
    capture_method: 'automatic',
    created: intent.created,
    currency: intent.currency,
    description: intent.description,
    last_payment_error:
      intent.status === 'requires_payment_method'
        ? { type: 'invalid_request_error', code: 'payment_method_provider_decline', message: 'The bank account could not be debited.' }
        : null,
    latest_charge: intent.latest_charge,
    livemode: false,
    metadata: intent.metadata,
    payment_method_types: [methodType(intent.method)],
    status: intent.status,
  };
}

function methodDetails(method: PaymentMethodRecord): Obj {
  return method.type === 'card'
    ? { type: 'card', card: { brand: 'visa', country: 'US', exp_month: 12, exp_year: 2034, funding: 'credit', last4: method.number.slice(-4) } }
    : { type: 'us_bank_account', us_bank_account: { account_type: 'checking', bank_name: 'STRIPE TEST BANK', last4: method.account.slice(-4), routing_number: '110000000' } };
}

export function chargeObject(charge: ChargeRecord): Obj {
  return {
    id: charge.id,
    object: 'charge',
    amount: charge.amount,
    amount_captured: charge.status === 'succeeded' ? charge.amount : 0,
    amount_refunded: charge.amount_refunded,
    captured: charge.status === 'succeeded',
    created: charge.created,
    currency: charge.currency,
    failure_code: charge.status === 'failed' ? 'no_account' : null,
    livemode: false,
    metadata: charge.metadata,
    paid: charge.status === 'succeeded',
    payment_intent: charge.payment_intent,
    payment_method_details: methodDetails(charge.method),
    refunded: charge.amount_refunded > 0 && charge.amount_refunded === charge.amount,
    status: charge.status,
  };
}

export function refundObject(refund: RefundRecord): Obj {
  return {
    id: refund.id,
    object: 'refund',
    amount: refund.amount,
    balance_transaction: null,
    charge: refund.charge,
    created: refund.created,
    currency: refund.currency,
    ...(refund.status === 'failed' ? { failure_reason: refund.failure_reason } : {}),
    metadata: refund.metadata,
    payment_intent: refund.payment_intent,
    reason: refund.reason,
    status: refund.status,
  };
}

/** A list object: newest first, `limit` (1-100, default 10), `starting_after` / `ending_before`. */
export function listObject(items: Obj[], url: string, page: { limit?: number; starting_after?: string; ending_before?: string }): Obj {
  const limit = page.limit ?? 10;
  let from = 0;
  let to = items.length;
  if (page.starting_after !== undefined) {
    const at = items.findIndex((item) => item.id === page.starting_after);
    if (at < 0) throw invalid(`No such object: '${page.starting_after}'`, 'resource_missing', 'starting_after');
    from = at + 1;
  } else if (page.ending_before !== undefined) {
    const at = items.findIndex((item) => item.id === page.ending_before);
    if (at < 0) throw invalid(`No such object: '${page.ending_before}'`, 'resource_missing', 'ending_before');
    to = at;
    from = Math.max(0, at - limit);
  }
  const data = items.slice(from, Math.min(to, from + limit));
  return { object: 'list', data, has_more: from + data.length < to, url };
}

/** Reads Stripe's pagination parameters. */
export function readPage(params: Params) {
  return {
    limit: params.integer('limit', { min: 1, max: 100 }),
    starting_after: params.string('starting_after'),
    ending_before: params.string('ending_before'),
  };
}

/**
 * `expand[]`: replaces an id by its object (`payment_intent`, `latest_charge`, `charge`), adds the
 * line items of a session, and walks into lists with `data.` (`line_items.data.price.product`).
 */
export class Expander {
  constructor(
    private readonly store: Store,
    private readonly checkoutOrigin: string,
  ) {}

  private get state() {
    return this.store.state;
  }

  expand(object: Obj, paths: string[] | undefined): Obj {
    for (const path of paths ?? []) {
      if (path.split('.').length > 4) throw invalid(`You cannot expand more than 4 levels of a property: ${path}`, 'parameter_invalid_string', 'expand');
      this.walk(object, path.split('.'), path);
    }
    return object;
  }

  private walk(object: Obj, [field, ...rest]: string[], path: string): void {
    if (field === undefined) return;
    if (object.object === 'list' && field === 'data') {
      for (const element of object.data as Obj[]) this.walk(element, rest, path);
      return;
    }
    const expanded = this.resolve(object, field);
    if (expanded === undefined) throw invalid(`This property cannot be expanded (${path}).`, 'parameter_invalid_string', 'expand');
    object[field] = expanded;
    if (expanded && typeof expanded === 'object' && !Array.isArray(expanded)) this.walk(expanded, rest, path);
    else if (rest.length) throw invalid(`This property cannot be expanded (${path}).`, 'parameter_invalid_string', 'expand');
  }

  /** The expanded value of `object[field]`; undefined when it cannot be expanded; null stays null. */
  private resolve(object: Obj, field: string): Obj | null | undefined {
    const current = object[field];
    if (current !== null && typeof current === 'object') return current as Obj;
    const id = typeof current === 'string' ? current : null;
    const state = this.state;
    switch (`${String(object.object)}.${field}`) {
      case 'checkout.session.line_items': {
        const session = state.sessions[String(object.id)]!;
        return this.lineItems(session, {});
      }
      case 'checkout.session.payment_intent':
      case 'charge.payment_intent':
      case 'refund.payment_intent':
        return id ? intentObject(state.intents[id]!) : null;
      case 'payment_intent.latest_charge':
      case 'refund.charge':
        return id ? chargeObject(state.charges[id]!) : null;
      case 'price.product': {
        const item = Object.values(state.sessions)
          .flatMap((s) => s.line_items)
          .find((i) => i.product === id);
        return item ? productObject(item) : null;
      }
      default:
        return undefined;
    }
  }

  lineItems(session: SessionRecord, page: Parameters<typeof listObject>[2]): Obj {
    return listObject(session.line_items.map(lineItemObject), `/v1/checkout/sessions/${session.id}/line_items`, page);
  }

  session(session: SessionRecord) {
    return sessionObject(session, this.checkoutOrigin);
  }
}

const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);

/** An amount in the currency's smallest unit as people read it: 104000 usd -> "US$1,040.00". */
export function formatMoney(amount: number, currency: string): string {
  const digits = ZERO_DECIMAL.has(currency) ? 0 : 2;
  return new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount / 10 ** digits);
}
