/** The card provider's events: each says where to look; the state is read again from the provider. */
import type { PaymentsDeps } from './ports';
import { settleCheckout } from './card-checkout';
import { settleProviderRefund } from './refunds';

export interface ProviderEvent {
  id: string;
  type: string;
  /** The id of the object the event is about (a checkout session, a refund, a charge). */
  objectId: string;
  /** For charge events: the charge's payment intent. */
  paymentIntent?: string | null;
}

/**
 * The provider's events this module acts on (the webhook endpoint must send these). Card refunds
 * are reported as refund.* from API version 2024-10-28 and as charge.refund.updated before it;
 * charge.refunded also covers refunds made in the provider's dashboard.
 */
export const providerEventTypes = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'refund.created',
  'refund.updated',
  'refund.failed',
  'charge.refunded',
  'charge.refund.updated',
] as const;
type ProviderEventType = (typeof providerEventTypes)[number];

/**
 * Applies one event of the card provider, at most once: the event only says where to look; the
 * state is read again from the provider. Events of no interest are recorded and ignored.
 */
export async function applyProviderEvent(deps: PaymentsDeps, event: ProviderEvent, at: Date) {
  switch (event.type as ProviderEventType) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.expired':
      return (await settleCheckout(deps, event.objectId, at, { eventId: event.id })).outcome;
    case 'checkout.session.async_payment_failed':
      return (await settleCheckout(deps, event.objectId, at, { eventId: event.id, failed: true })).outcome;
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
    case 'charge.refund.updated': // its object is the refund
      await settleProviderRefund(deps, await deps.gateway.readRefund(event.objectId), at, event.id);
      return 'refund';
    case 'charge.refunded': {
      // Covers refunds made in the provider's dashboard: each refund of the payment, read again.
      if (event.paymentIntent)
        for (const refund of await deps.gateway.listRefunds(event.paymentIntent))
          await settleProviderRefund(deps, refund, at);
      await deps.ledger.markEvent(event.id);
      return 'refund';
    }
    default:
      await deps.ledger.markEvent(event.id);
      return 'ignored';
  }
}
