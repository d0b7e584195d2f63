/**
 * The Stripe SDK client, created once per container. Its keys come from the environment locally
 * (`npm start` and the tests set them, with `STRIPE_API_BASE` pointing at the local stand-in,
 * infra/local/stripe) and from Secrets Manager on AWS (`STRIPE_SECRET_ARN`, a JSON secret
 * `{ "secret_key": "sk_...", "webhook_secret": "whsec_..." }` that organisers fill in), read once
 * per container and never written in a template. Without STRIPE_API_BASE the SDK talks to Stripe.
 */
import type Stripe from 'stripe';
import { loadSecrets } from '../aws/clients';
import { env } from '../env';
import { STRIPE_API_VERSION } from './stripe-version';

export interface StripeKeys {
  secretKey: string;
  webhookSecret: string;
}

export interface StripeClientConfig {
  secretKey: string;
  /** `http://127.0.0.1:12111`; absent: Stripe's own API. */
  apiBase?: string;
}

export { STRIPE_API_VERSION, STRIPE_WEBHOOK_EVENTS } from './stripe-version';

/**
 * How long one provider call may take: each try times out after `perTryMs`, and the SDK retries
 * a failed try `maxNetworkRetries` times after a short back-off (0.5 s, then 1 s, with jitter).
 * The payment functions' timeout is derived from this (infra/cdk/api-function.ts), so a call
 * never outlasts the function that waits for it.
 */
export const STRIPE_TIMING = { perTryMs: 5_000, maxNetworkRetries: 2, backoffMs: [500, 1_000] } as const;
/** The longest a provider call can take before the SDK gives up. */
export const stripeWorstCaseMs = () => STRIPE_TIMING.perTryMs * (STRIPE_TIMING.maxNetworkRetries + 1) + STRIPE_TIMING.backoffMs.reduce((a, b) => a + b, 0);

/** The SDK options for a config: the pinned API version, where to connect, STRIPE_TIMING. */
export function stripeClientOptions(config: Pick<StripeClientConfig, 'apiBase'>): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = { apiVersion: STRIPE_API_VERSION, maxNetworkRetries: STRIPE_TIMING.maxNetworkRetries, timeout: STRIPE_TIMING.perTryMs };
  if (!config.apiBase) return options;
  const url = new URL(config.apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { ...options, host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

let keys: Promise<StripeKeys> | undefined;
/** The Stripe keys of this container, read once. */
export function stripeKeys(): Promise<StripeKeys> {
  keys ??= (async () => {
    const arn = env.stripeSecretArn();
    if (!arn) return { secretKey: env.stripeSecretKey(), webhookSecret: env.stripeWebhookSecret() };
    const { secretsClient, GetSecretValueCommand } = await loadSecrets();
    const secret = await secretsClient().send(new GetSecretValueCommand({ SecretId: arn }));
    const value = JSON.parse(secret.SecretString ?? '{}') as { secret_key?: string; webhook_secret?: string };
    if (!value.secret_key || !value.webhook_secret) throw new Error('The Stripe secret needs secret_key and webhook_secret');
    return { secretKey: value.secret_key, webhookSecret: value.webhook_secret };
  })().catch((error: unknown) => {
    keys = undefined; // try again on the next request
    throw error;
  });
  return keys;
}

let client: Promise<Stripe> | undefined;
/**
 * The SDK is loaded with the first provider call: most requests of the order routes (a save, a
 * delete, a transfer noted) never reach Stripe, and their cold start should not evaluate it.
 */
export function stripeClient(): Promise<Stripe> {
  client ??= Promise.all([stripeKeys(), import('stripe')])
    .then(([{ secretKey }, { default: StripeSdk }]) => new StripeSdk(secretKey, stripeClientOptions({ apiBase: env.stripeApiBase() })))
    .catch((error: unknown) => {
      client = undefined;
      throw error;
    });
  return client;
}
