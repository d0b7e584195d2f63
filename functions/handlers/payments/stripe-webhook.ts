import { routes } from '#core/routes';
import { AppError } from '#core/errors';
import { applyProviderEvent, type ProviderEvent } from '#core/payments/provider-events';
import { defineHandler } from '#lib/http/handler';
import { paymentsDeps, stripeActor } from '#wiring/orders';
import { verifiedProviderEvent } from '#lib/payments/stripe-gateway';

export const webhookMessages = { badSignature: 'The Stripe signature is missing or not valid.' } as const;

/**
 * POST /stripe/webhook: no token; the Stripe-Signature over the exact raw body (within 300 s)
 * authenticates the request. Each event is applied once, after re-reading what it is about; a
 * failure inside answers 5xx, so that Stripe delivers it again.
 */
export const handler = defineHandler(routes.stripeWebhook, {}, async ({ raw, now, siteOrigin }) => {
  const signature = raw.headers['stripe-signature'];
  let event: ProviderEvent;
  try {
    if (!signature) throw new Error('no signature');
    event = await verifiedProviderEvent(raw.body, signature);
  } catch {
    throw new AppError('bad_request', webhookMessages.badSignature);
  }
  return { received: true, outcome: await applyProviderEvent(paymentsDeps(siteOrigin, { actor: stripeActor, now }), event, now) };
});
