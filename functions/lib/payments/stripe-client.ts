/**
 * The Stripe SDK client, created once per container. `STRIPE_API_BASE` (set by `npm start` and
 * the tests) points it at the local stand-in (infra/local/stripe); without it the SDK talks to
 * Stripe itself with its own defaults.
 */
import Stripe from 'stripe';
import { env } from '../env';

export interface StripeClientConfig {
  secretKey: string;
  /** `http://127.0.0.1:12111`; absent: Stripe's own API. */
  apiBase?: string;
}

/** The SDK options for a config: where to connect, two retries, a 10 s timeout. */
export function stripeClientOptions(config: Pick<StripeClientConfig, 'apiBase'>): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 10_000 };
  if (!config.apiBase) return options;
  const url = new URL(config.apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { ...options, host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

export const stripeConfigFromEnv = (): StripeClientConfig => ({ secretKey: env.stripeSecretKey(), apiBase: env.stripeApiBase() });

let client: Stripe | undefined;
export function stripeClient(config?: StripeClientConfig): Stripe {
  if (!client) {
    const { secretKey, apiBase } = config ?? stripeConfigFromEnv();
    client = new Stripe(secretKey, stripeClientOptions({ apiBase }));
  }
  return client;
}
