/**
 * What the portal expects of Stripe, with no settings read (the local portal imports it before
 * it sets the environment the functions read).
 */
import type Stripe from 'stripe';
import { providerEventTypes } from '#core/payments/provider-events';

/**
 * The Stripe API version the portal is written for, pinned (not left to the SDK's default, which
 * moves with SDK upgrades). The webhook endpoint in the Stripe dashboard must be created with the
 * same version: which events exist and what their objects hold depend on it (card refunds send
 * `refund.created|updated|failed` only from 2024-10-28). docs/deploy.md ("Stripe") lists the events.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.StripeConfig['apiVersion'];

/** The events the portal's webhook endpoint must receive: those the payments module acts on. */
export const STRIPE_WEBHOOK_EVENTS = providerEventTypes;
