/**
 * The API objects the local Stripe answers with, made from its records, `expand[]` for the ids that
 * can be expanded, and list objects with Stripe's cursor pagination. Each object is written against
 * stripe@23's type for it (API version 2026-10-28): every field the type requires is there (null,
 * empty or Stripe's default where the local Stripe has nothing to say), no field the type lacks.
 */
import type Stripe from 'stripe';
import { invalid, type Json, type Params } from './params';
import type { ChargeRecord, IntentRecord, LineItemRecord, PaymentMethodRecord, RefundRecord, SessionRecord, Store } from './store';

type Obj = { [key: string]: Json };

/** The object as JSON, once the compiler has checked it against the SDK's type `T`. */
const wire = <T>(object: T): Obj => object as unknown as Obj;

/** `decimal_string` fields travel as strings; the SDK makes them `Stripe.Decimal`s. */
const decimal = (value: number) => String(value) as unknown as Stripe.Decimal;

const methodType = (method: PaymentMethodRecord) => method.type;

export function lineItemObject(item: LineItemRecord, created: number): Obj {
  const amount = item.unit_amount * item.quantity;
  return wire<Stripe.LineItem>({
    id: item.id,
    object: 'item',
    adjustable_quantity: null,
    amount_discount: 0,
    amount_subtotal: amount,
    amount_tax: 0,
    amount_total: amount,
    currency: item.currency,
    description: item.name,
    metadata: {},
    price: {
      id: item.price,
      object: 'price',
      active: false,
      billing_scheme: 'per_unit',
      created,
      currency: item.currency,
      custom_unit_amount: null,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product: item.product,
      recurring: null,
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: 'one_time',
      unit_amount: item.unit_amount,
      unit_amount_decimal: decimal(item.unit_amount),
    },
    quantity: item.quantity,
  });
}

export function productObject(item: LineItemRecord, created: number): Obj {
  return wire<Stripe.Product>({
    id: item.product,
    object: 'product',
    active: false,
    created,
    description: item.description,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: {},
    name: item.name,
    package_dimensions: null,
    shippable: null,
    tax_details: null,
    type: 'service',
    updated: created,
    url: null,
  });
}

export function sessionObject(session: SessionRecord, checkoutOrigin: string): Obj {
  return wire<Stripe.Checkout.Session>({
    id: session.id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: session.allowed_payment_method_types,
    amount_subtotal: session.amount_subtotal,
    amount_total: session.amount_total,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: session.cancel_url,
    client_reference_id: session.client_reference_id,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: session.created,
    currency: session.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: null,
    customer_account: null,
    customer_creation: 'if_required',
    customer_details:
      session.status === 'complete'
        ? {
            address: null,
            business_name: null,
            email: session.customer_email,
            individual_name: null,
            name: null,
            phone: null,
            tax_exempt: 'none',
            tax_ids: [],
          }
        : null,
    customer_email: session.customer_email,
    discounts: [],
    expires_at: session.expires_at,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: session.locale,
    managed_payments: null,
    metadata: session.metadata,
    mode: 'payment',
    origin_context: null,
    payment_intent: session.payment_intent,
    payment_link: null,
    payment_method_collection: 'if_required',
    payment_method_configuration_details: null,
    payment_method_options: session.wechat_pay_client ? { wechat_pay: { app_id: null, client: session.wechat_pay_client } } : {},
    payment_method_types: availableMethods(session),
    payment_status: session.payment_status,
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: session.status,
    submit_type: null,
    subscription: null,
    success_url: session.success_url,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    // Stripe gives the URL only while the session can be paid.
    url: session.status === 'open' ? `${checkoutOrigin}/pay/${session.id}` : null,
    wallet_options: null,
  });
}

/**
 * What the hosted page offers: a card, a bank debit that settles later, and the wallets Alipay
 * and WeChat Pay when they are asked for by name in `allowed_payment_method_types` (WeChat Pay
 * only with its `web` client). Without that list: a card and a bank debit, as before.
 */
export function availableMethods(session: SessionRecord): string[] {
  const allowed = session.allowed_payment_method_types;
  if (!allowed) return ['card', 'us_bank_account'];
  return ['card', 'us_bank_account', 'alipay', 'wechat_pay'].filter(
    (m) => allowed.includes(m) && (m !== 'wechat_pay' || session.wechat_pay_client === 'web'),
  );
}

/** Why an intent requires a payment method again: a bank debit that failed, or a wallet not authorised. */
function lastPaymentError(intent: IntentRecord): Stripe.PaymentIntent.LastPaymentError | null {
  if (intent.status !== 'requires_payment_method') return null;
  if (intent.method.type === 'alipay' || intent.method.type === 'wechat_pay')
    return {
      type: 'invalid_request_error',
      code: 'payment_intent_authentication_failure',
      message:
        'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
    };
  return { type: 'invalid_request_error', code: 'payment_method_provider_decline', message: 'The bank account could not be debited.' };
}

export function intentObject(intent: IntentRecord): Obj {
  return wire<Stripe.PaymentIntent>({
    id: intent.id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: intent.amount,
    amount_capturable: 0,
    amount_received: intent.amount_received,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: null,
    confirmation_method: 'automatic',
    created: intent.created,
    currency: intent.currency,
    customer: null,
    customer_account: null,
    description: intent.description,
    excluded_payment_method_types: null,
    last_payment_error: lastPaymentError(intent),
    latest_charge: intent.latest_charge,
    livemode: false,
    managed_payments: null,
    metadata: intent.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: [methodType(intent.method)],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: intent.status,
    transfer_group: null,
  });
}

function methodDetails(method: PaymentMethodRecord): Stripe.Charge.PaymentMethodDetails {
  if (method.type === 'alipay') return { type: 'alipay', alipay: { buyer_id: '2088000000000000', fingerprint: null, transaction_id: null } };
  if (method.type === 'wechat_pay') return { type: 'wechat_pay', wechat_pay: { fingerprint: null, transaction_id: null } };
  return method.type === 'card'
    ? {
        type: 'card',
        card: {
          amount_authorized: null,
          authorization_code: null,
          brand: 'visa',
          checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
          country: 'US',
          electronic_commerce_indicator: null,
          exp_month: 12,
          exp_year: 2034,
          funding: 'credit',
          installments: null,
          last4: method.number.slice(-4),
          mandate: null,
          network: 'visa',
          network_transaction_id: null,
          regulated_status: 'unregulated',
          three_d_secure: null,
          transaction_link_id: null,
          wallet: null,
        },
      }
    : {
        type: 'us_bank_account',
        us_bank_account: {
          account_holder_type: 'individual',
          account_type: 'checking',
          bank_name: 'STRIPE TEST BANK',
          fingerprint: null,
          last4: method.account.slice(-4),
          payment_reference: null,
          routing_number: '110000000',
        },
      };
}

export function chargeObject(charge: ChargeRecord): Obj {
  return wire<Stripe.Charge>({
    id: charge.id,
    object: 'charge',
    amount: charge.amount,
    amount_captured: charge.status === 'succeeded' ? charge.amount : 0,
    amount_refunded: charge.amount_refunded,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    calculated_statement_descriptor: null,
    captured: charge.status === 'succeeded',
    created: charge.created,
    currency: charge.currency,
    customer: null,
    description: null,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: charge.status === 'failed' ? 'no_account' : null,
    failure_message: charge.status === 'failed' ? 'The bank account could not be debited.' : null,
    fraud_details: {},
    livemode: false,
    metadata: charge.metadata,
    on_behalf_of: null,
    outcome: null,
    paid: charge.status === 'succeeded',
    payment_intent: charge.payment_intent,
    payment_method: null,
    payment_method_details: methodDetails(charge.method),
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: charge.amount_refunded > 0 && charge.amount_refunded === charge.amount,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: charge.status,
    transfer_data: null,
    transfer_group: null,
  });
}

export function refundObject(refund: RefundRecord): Obj {
  return wire<Stripe.Refund>({
    id: refund.id,
    object: 'refund',
    amount: refund.amount,
    balance_transaction: null,
    charge: refund.charge,
    created: refund.created,
    currency: refund.currency,
    customer: null,
    customer_account: null,
    // Stripe gives failure_reason only once a refund has failed.
    ...(refund.status === 'failed' && refund.failure_reason ? { failure_reason: refund.failure_reason } : {}),
    metadata: refund.metadata,
    payment_intent: refund.payment_intent,
    payment_method: null,
    reason: refund.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: refund.status,
    transfer_reversal: null,
  });
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
    // A null id stays null however deep the path goes (Stripe: an open session's payment_intent).
    else if (rest.length && expanded !== null) throw invalid(`This property cannot be expanded (${path}).`, 'parameter_invalid_string', 'expand');
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
        const session = Object.values(state.sessions).find((s) => s.line_items.some((i) => i.product === id));
        const item = session?.line_items.find((i) => i.product === id);
        return session && item ? productObject(item, session.created) : null;
      }
      default:
        return undefined;
    }
  }

  lineItems(session: SessionRecord, page: Parameters<typeof listObject>[2]): Obj {
    return listObject(
      session.line_items.map((item) => lineItemObject(item, session.created)),
      `/v1/checkout/sessions/${session.id}/line_items`, page);
  }

  session(session: SessionRecord) {
    return sessionObject(session, this.checkoutOrigin);
  }
}

const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);

/** An amount in the currency's smallest unit as people read it: 104000 usd -> "US$1,040.00". */
export function formatMoney(amount: number, currency: string, locale = 'en-GB'): string {
  const digits = ZERO_DECIMAL.has(currency) ? 0 : 2;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount / 10 ** digits);
}

/** An amount as Stripe's error messages write it: 104000 usd -> "$1,040.00". */
export const stripeMoney = (amount: number, currency: string) => formatMoney(amount, currency, 'en-US');
