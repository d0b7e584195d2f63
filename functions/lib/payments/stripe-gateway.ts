/**
 * The card provider behind the payments module's CardGateway port: Stripe Checkout through the
 * real SDK (locally the same SDK against the local Stripe). Provider-facing times use the real
 * clock: Stripe's clock is the real one even when the portal runs on APP_NOW.
 */
import type Stripe from 'stripe';
import { registration2024 } from '#core/config/conference';
import type { CardGateway, CheckoutSession, ProviderRefund } from '#core/payments/ports';
import type { ProviderEvent } from '#core/payments/provider-events';
import { stripeClient, stripeKeys } from './stripe-client';

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

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
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        expires_at: Math.floor(Date.now() / 1000) + registration2024.checkoutMinutes * 60,
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return toSession(session);
  },

  async readCheckout(id) {
    return toSession(await (await stripeClient()).checkout.sessions.retrieve(id));
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
