/**
 * The Stripe API routes the local Stripe answers (and no others): Checkout Sessions, payment
 * intents and refunds. Each reads its parameters as Stripe validates them and answers the object;
 * errors are thrown as `StripeError`s. A parameter that the API version (2026-10-28, stripe@23's
 * types) does not have is refused as Stripe refuses it (`parameter_unknown`), e.g.
 * `payment_method_types` on a Checkout Session; one that Stripe has but the local Stripe does not
 * read is refused saying so.
 */
import type Stripe from 'stripe';
import { NO_CAUSE, type Cause, type Engine, type SessionInput } from './engine';
import { intentObject, listObject as listOf, readPage, refundObject, type Expander } from './objects';
import { invalid, oneOfList, Params, StripeError, type Json } from './params';
import { unixNow } from './store';

type Obj = { [key: string]: Json };

export interface ApiContext {
  engine: Engine;
  objects: Expander;
}

interface Route {
  method: 'GET' | 'POST';
  path: RegExp;
  /** The route's top-level parameters in stripe@23's params type (checked by the compiler). */
  stripeParams: readonly string[];
  /** Reads the route's own parameters and returns the call to make once all are known good. */
  read: (ctx: ApiContext, params: Params, cause: Cause, id: string) => () => Obj;
}

/**
 * Every key of the SDK's params type `T`, the compiler refusing a list with one too many or one
 * missing: `paramsOf<Stripe.RefundCreateParams>()(['amount', ...])`.
 */
const paramsOf =
  <T>() =>
  <const K extends readonly (keyof T & string)[]>(
    keys: K & ([Exclude<keyof T, K[number]>] extends [never] ? unknown : { missing: Exclude<keyof T, K[number]> }),
  ): readonly string[] =>
    keys;

const PAGE = ['ending_before', 'limit', 'starting_after'] as const;

const SESSION_CREATE = paramsOf<Stripe.Checkout.SessionCreateParams>()([
  'adaptive_pricing', 'after_expiration', 'allow_promotion_codes', 'allowed_payment_method_types', 'automatic_tax',
  'billing_address_collection', 'branding_settings', 'cancel_url', 'client_reference_id', 'consent_collection', 'currency',
  'custom_fields', 'custom_text', 'customer', 'customer_account', 'customer_creation', 'customer_email', 'customer_update',
  'discounts', 'excluded_payment_method_types', 'expand', 'expires_at', 'integration_identifier', 'invoice_creation',
  'line_items', 'locale', 'managed_payments', 'metadata', 'mode', 'name_collection', 'optional_items', 'origin_context',
  'payment_intent_data', 'payment_method_collection', 'payment_method_configuration', 'payment_method_data',
  'payment_method_options', 'permissions', 'phone_number_collection', 'redirect_on_completion', 'return_url',
  'saved_payment_method_options', 'setup_intent_data', 'shipping_address_collection', 'shipping_options', 'submit_type',
  'subscription_data', 'success_url', 'tax_id_collection', 'ui_mode', 'wallet_options',
]);
const SESSION_LIST = paramsOf<Stripe.Checkout.SessionListParams>()([
  'created', 'customer', 'customer_account', 'customer_details', 'expand', 'payment_intent', 'payment_link', 'status',
  'subscription', ...PAGE,
]);
const SESSION_RETRIEVE = paramsOf<Stripe.Checkout.SessionRetrieveParams>()(['expand']);
const SESSION_LINE_ITEMS = paramsOf<Stripe.Checkout.SessionListLineItemsParams>()(['expand', ...PAGE]);
const SESSION_EXPIRE = paramsOf<Stripe.Checkout.SessionExpireParams>()(['expand']);
const INTENT_RETRIEVE = paramsOf<Stripe.PaymentIntentRetrieveParams>()(['client_secret', 'expand']);
const REFUND_CREATE = paramsOf<Stripe.RefundCreateParams>()([
  'amount', 'charge', 'currency', 'customer', 'expand', 'instructions_email', 'metadata', 'origin', 'payment_intent',
  'reason', 'refund_application_fee', 'reverse_transfer',
]);
const REFUND_LIST = paramsOf<Stripe.RefundListParams>()(['charge', 'created', 'expand', 'payment_intent', ...PAGE]);
const REFUND_RETRIEVE = paramsOf<Stripe.RefundRetrieveParams>()(['expand']);

/** `ui_mode` as stripe@23's types have it (`hosted`, `embedded`, `custom` are gone: refused). */
const UI_MODES = ['elements', 'embedded_page', 'form', 'hosted_page'] as const;

const MIN_EXPIRY_S = 30 * 60;
const MAX_EXPIRY_S = 24 * 3600;
/** Leeway for a client that computed "now + 30 min" a moment before the request arrived. */
const EXPIRY_LEEWAY_S = 5;

const routes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/checkout\/sessions$/,
    stripeParams: SESSION_CREATE,
    read: ({ engine, objects }, params) => {
      const input = readSessionParams(params);
      return () => objects.session(engine.createSession(input));
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/checkout\/sessions$/,
    stripeParams: SESSION_LIST,
    read: ({ engine, objects }, params) => {
      const paymentIntent = params.string('payment_intent');
      const page = readPage(params);
      return () => listOf(engine.sessionsOf(paymentIntent).map((s) => objects.session(s)), '/v1/checkout/sessions', page);
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/checkout\/sessions\/([^/]+)$/,
    stripeParams: SESSION_RETRIEVE,
    read: ({ engine, objects }, _params, _cause, id) => () => objects.session(engine.session(id)),
  },
  {
    method: 'GET',
    path: /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/,
    stripeParams: SESSION_LINE_ITEMS,
    read: ({ engine, objects }, params, _cause, id) => {
      const page = readPage(params);
      return () => objects.lineItems(engine.session(id), page);
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
    stripeParams: SESSION_EXPIRE,
    read: ({ engine, objects }, _params, cause, id) => () => objects.session(engine.expire(id, cause)),
  },
  {
    method: 'GET',
    path: /^\/v1\/payment_intents\/([^/]+)$/,
    stripeParams: INTENT_RETRIEVE,
    read: ({ engine }, _params, _cause, id) => () => intentObject(engine.intent(id)),
  },
  {
    method: 'POST',
    path: /^\/v1\/refunds$/,
    stripeParams: REFUND_CREATE,
    read: ({ engine }, params, cause) => {
      const input = {
        payment_intent: params.string('payment_intent', { required: true })!,
        amount: params.integer('amount', { min: 1 }),
        reason: params.oneOf('reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null,
        metadata: params.metadata('metadata'),
      };
      return () => refundObject(engine.createRefund(input, cause));
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/refunds$/,
    stripeParams: REFUND_LIST,
    read: ({ engine }, params) => {
      const paymentIntent = params.string('payment_intent');
      const page = readPage(params);
      return () => listOf(engine.refundsOf(paymentIntent).map(refundObject), '/v1/refunds', page);
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/refunds\/([^/]+)$/,
    stripeParams: REFUND_RETRIEVE,
    read: ({ engine }, _params, _cause, id) => () => refundObject(engine.refund(id)),
  },
];

/**
 * Runs the route for `method path`: its parameters, then `expand[]`, then nothing unknown
 * (refused before anything changes), then the call. A path it does not know answers Stripe's 404.
 */
export function handleApi(ctx: ApiContext, method: string, path: string, params: Params, cause: Cause = NO_CAUSE): Obj {
  for (const route of routes) {
    const match = route.method === method ? route.path.exec(path) : null;
    if (!match) continue;
    const call = route.read(ctx, params, cause, decodeURIComponent(match[1] ?? ''));
    const expand = params.strings('expand');
    params.done(route.stripeParams);
    return ctx.objects.expand(call(), expand);
  }
  throw new StripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}). The local Stripe answers only the Checkout Session, PaymentIntent and Refund calls the portal makes.`);
}

const URL_MAX = 5000;

function readUrl(params: Params, key: string): string | null {
  const value = params.string(key, { max: URL_MAX });
  if (value === undefined) return null;
  let ok = false;
  try {
    ok = ['http:', 'https:'].includes(new URL(value.replace('{CHECKOUT_SESSION_ID}', 'x')).protocol);
  } catch {
    ok = false;
  }
  if (!ok) throw invalid('Not a valid URL', 'url_invalid', key);
  return value;
}

/** `POST /v1/checkout/sessions` parameters, mode `payment` with `price_data` line items. */
function readSessionParams(params: Params): SessionInput {
  const mode = params.oneOf('mode', ['payment', 'setup', 'subscription'] as const, { required: true });
  if (mode !== 'payment') throw invalid('The local Stripe supports only mode=payment.', 'parameter_invalid_string', 'mode');
  const uiMode = params.oneOf('ui_mode', UI_MODES);
  if (uiMode && uiMode !== 'hosted_page')
    throw invalid(`The local Stripe has only the hosted page (ui_mode=hosted_page), not ui_mode=${uiMode}.`, undefined, 'ui_mode');

  const lineItems = params.array('line_items', (element, param) => readLineItem(Params.of(element, param)), { required: true, max: 100 })!;
  if (lineItems.length === 0) throw invalid('Missing required param: line_items.', 'parameter_missing', 'line_items');
  const currency = params.string('currency')?.toLowerCase() ?? lineItems[0]!.currency;
  lineItems.forEach((item, i) => {
    if (item.currency !== currency)
      throw invalid('All line items must use the same currency.', 'parameter_invalid_string', `line_items[${i}][price_data][currency]`);
  });

  const now = unixNow();
  const expiresAt = params.integer('expires_at') ?? now + MAX_EXPIRY_S;
  if (expiresAt < now + MIN_EXPIRY_S - EXPIRY_LEEWAY_S)
    throw invalid('The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.', 'parameter_invalid_integer', 'expires_at');
  if (expiresAt > now + MAX_EXPIRY_S)
    throw invalid('The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.', 'parameter_invalid_integer', 'expires_at');

  const email = params.string('customer_email', { max: 512 }) ?? null;
  if (email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw invalid(`Invalid email address: ${email}`, 'email_invalid', 'customer_email');

  const intentData = params.object('payment_intent_data');
  const intentMetadata = intentData?.metadata('metadata') ?? {};
  const intentDescription = intentData?.string('description', { max: 1000 }) ?? null;
  intentData?.done();

  // `payment_method_types` is gone from this API version: left unread, it is refused as unknown.
  const allowed = params.strings('allowed_payment_method_types') ?? null;
  allowed?.forEach((m, i) => {
    if (!LOCAL_METHODS.includes(m))
      throw invalid(
        `The local Stripe offers only ${oneOfList(LOCAL_METHODS)}, not ${m}.`,
        'parameter_invalid_string',
        `allowed_payment_method_types[${i}]`,
      );
  });
  const wechatPayClient = readMethodOptions(params, allowed);

  // Accepted and ignored: they change nothing the local page shows.
  params.oneOf('submit_type', ['auto', 'book', 'donate', 'pay', 'subscribe'] as const);
  params.oneOf('billing_address_collection', ['auto', 'required'] as const);
  params.oneOf('customer_creation', ['always', 'if_required'] as const);

  return {
    currency,
    line_items: lineItems,
    expires_at: expiresAt,
    client_reference_id: params.string('client_reference_id', { max: 200 }) ?? null,
    customer_email: email,
    metadata: params.metadata('metadata'),
    intent_metadata: intentMetadata,
    intent_description: intentDescription,
    success_url: readUrl(params, 'success_url'),
    cancel_url: readUrl(params, 'cancel_url'),
    allowed_payment_method_types: allowed,
    wechat_pay_client: wechatPayClient,
    locale: params.string('locale') ?? null,
  };
}

/** The payment methods the local Stripe simulates (its hosted page offers them when allowed). */
const LOCAL_METHODS: readonly string[] = ['card', 'us_bank_account', 'alipay', 'wechat_pay'];

/**
 * `payment_method_options`: only `wechat_pay[client]` is read. Stripe's Checkout guide for WeChat
 * Pay requires `payment_method_options[wechat_pay][client]=web` whenever WeChat Pay is a payment
 * method; the local Stripe refuses a session that allows `wechat_pay` without it. `ios` and
 * `android` (which need an `app_id`) are Stripe's but not the hosted page's: refused as the local
 * limit they are.
 */
function readMethodOptions(params: Params, allowed: string[] | null): 'web' | null {
  const options = params.object('payment_method_options');
  const wechat = options?.object('wechat_pay');
  const client = wechat?.oneOf('client', ['android', 'ios', 'web'] as const, { required: true });
  if (client && client !== 'web')
    throw invalid(`The local Stripe has only the web client of WeChat Pay (a QR code on the hosted page), not client=${client}.`, undefined, wechat!.name('client'));
  wechat?.done(['app_id', 'setup_future_usage']);
  // Other methods' options (card, us_bank_account, ...) are Stripe's, not read here: refused saying so.
  options?.done(options.keys());
  if (allowed?.includes('wechat_pay') && client !== 'web')
    throw invalid(
      'WeChat Pay needs `payment_method_options[wechat_pay][client]`: set it to `web` for a Checkout Session.',
      'parameter_missing',
      'payment_method_options[wechat_pay][client]',
    );
  return client === 'web' ? 'web' : null;
}

function readLineItem(item: Params) {
  if (item.has('price')) throw invalid('The local Stripe supports only price_data line items.', 'parameter_unknown', item.name('price'));
  const quantity = item.integer('quantity', { required: true, min: 1, max: 999_999 })!;
  const price = item.object('price_data', { required: true })!;
  const currency = price.string('currency', { required: true })!.toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw invalid(`Invalid currency: ${currency}`, 'parameter_invalid_string', price.name('currency'));
  const unitAmount = price.integer('unit_amount', { required: true, min: 0, max: 99_999_999 })!;
  price.oneOf('tax_behavior', ['exclusive', 'inclusive', 'unspecified'] as const);
  const product = price.object('product_data', { required: true })!;
  const name = product.string('name', { required: true, max: 250 })!;
  const description = product.string('description', { max: 40_000, emptyMeansAbsent: true }) ?? null;
  product.metadata('metadata');
  product.done();
  price.done();
  item.done();
  return { name, description, currency, unit_amount: unitAmount, quantity };
}
