/**
 * The card provider behind the payments module's CardGateway port: Stripe Checkout through the
 * real SDK (locally the same SDK against the local Stripe). Provider-facing times use the real
 * clock: Stripe's clock is the real one even when the portal runs on APP_NOW.
 */
import type Stripe from 'stripe';
import { registration2024 } from '#core/config/conference';
import type { CardGateway, CheckoutSession, ProviderRefund, Wallet } from '#core/payments/ports';
import type { ProviderEvent } from '#core/payments/provider-events';
import { stripeClient, stripeKeys } from './stripe-client';

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

const WALLETS: readonly string[] = ['alipay', 'wechat_pay'] satisfies Wallet[];

/** The wallet a paid session's charge was made with (read when its payment intent's latest charge is expanded). */
function walletOf(s: Stripe.Checkout.Session): Wallet | null {
  const intent = typeof s.payment_intent === 'object' ? s.payment_intent : null;
  const charge = intent && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const type = charge?.payment_method_details?.type;
  return type && WALLETS.includes(type) ? (type as Wallet) : null;
}

/**
 * The payment methods asked for at checkout (config): WeChat Pay in Checkout needs its `web`
 * client named (Stripe's WeChat Pay guide); Stripe refuses the session otherwise.
 */
function methodsAsked(): Pick<Stripe.Checkout.SessionCreateParams, 'allowed_payment_method_types' | 'payment_method_options'> {
  const methods = [...registration2024.checkoutPaymentMethods];
  return {
    allowed_payment_method_types: methods,
    ...((methods as string[]).includes('wechat_pay') ? { payment_method_options: { wechat_pay: { client: 'web' as const } } } : {}),
  };
}

function toSession(s: Stripe.Checkout.Session): CheckoutSession {
  return {
    id: s.id,
    url: s.url,
    status: (s.status ?? 'open') as CheckoutSession['status'],
    paymentStatus: s.payment_status as CheckoutSession['paymentStatus'],
    amountTotal: s.amount_total ?? 0,
    currency: s.currency ?? '',
    paymentIntent: idOf(s.payment_intent),
    metadata: { ...(s.metadata ?? {}) },
    wallet: walletOf(s),
  };
}

function toRefund(r: Stripe.Refund): ProviderRefund {
  return {
    id: r.id,
    status: (r.status ?? 'pending') as ProviderRefund['status'],
    amount: r.amount,
    paymentIntent: idOf(r.payment_intent),
    metadata: { ...(r.metadata ?? {}) },
    failureReason: r.failure_reason ?? null,
  };
}

export const stripeGateway: CardGateway = {
  async createCheckout(input) {
    const stripe = await stripeClient();
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: input.lines.map((line) => ({
          quantity: line.quantity,
          price_data: { currency: input.currency.toLowerCase(), unit_amount: line.unitAmount, product_data: { name: line.name } },
        })),
        client_reference_id: input.clientReference,
        metadata: input.metadata,
        // Refunds and charges carry the payment intent, not the session: they lead back to us through this.
        payment_intent_data: { metadata: input.metadata },
        customer_email: input.customerEmail,
        // Cards, Alipay and WeChat Pay (decision 0061).
        ...methodsAsked(),
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        expires_at: Math.floor(Date.now() / 1000) + registration2024.checkoutMinutes * 60,
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return toSession(session);
  },

  async readCheckout(id) {
    // The charge says which wallet (if any) paid: read with the session, no second call.
    return toSession(await (await stripeClient()).checkout.sessions.retrieve(id, { expand: ['payment_intent.latest_charge'] }));
  },

  async expireCheckout(id) {
    const stripe = await stripeClient();
    const current = await stripe.checkout.sessions.retrieve(id);
    if (current.status !== 'open') return toSession(current);
    try {
      return toSession(await stripe.checkout.sessions.expire(id));
    } catch {
      // Completed or expired in between: answer it as it is now.
      return toSession(await stripe.checkout.sessions.retrieve(id));
    }
  },

  async createRefund(input) {
    const stripe = await stripeClient();
    const refund = await stripe.refunds.create(
      { payment_intent: input.paymentIntent, amount: input.amount, reason: 'requested_by_customer', metadata: input.metadata },
      { idempotencyKey: input.idempotencyKey },
    );
    return toRefund(refund);
  },

  async readRefund(id) {
    return toRefund(await (await stripeClient()).refunds.retrieve(id));
  },

  async listRefunds(paymentIntent) {
    const list = await (await stripeClient()).refunds.list({ payment_intent: paymentIntent, limit: 100 });
    return list.data.map(toRefund);
  },

  async paymentIntentMetadata(id) {
    const intent = await (await stripeClient()).paymentIntents.retrieve(id);
    return { ...(intent.metadata ?? {}) };
  },
};

/**
 * A webhook request's event, if its signature is right (Stripe-Signature over the exact raw body,
 * within 300 s): only what the payments module needs to know where to look.
 */
export async function verifiedProviderEvent(rawBody: string, signature: string): Promise<ProviderEvent> {
  const stripe = await stripeClient();
  const { webhookSecret } = await stripeKeys();
  const event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret, 300);
  const object = event.data.object as { id: string; object: string; payment_intent?: string | { id: string } | null };
  return { id: event.id, type: event.type, objectId: object.id, paymentIntent: idOf(object.payment_intent ?? null) };
}
