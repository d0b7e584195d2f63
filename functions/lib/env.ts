/**
 * Settings of the functions, read from the environment ONCE, when this module loads, into a
 * frozen object. Nothing a request can influence (not even a polluted Object.prototype, which
 * `process.env` would fall back to for an unset name) can change later where the SDK connects,
 * which table it writes or where mail links point. CDK sets these per function; the local
 * runtime (infra/local) sets them for its stand-ins before it loads any handler.
 */
import { queueUrlVariables, type WorkerQueue } from '#core/workers';

export type AppMode = 'aws' | 'local';

const read = (name: string): string | undefined => {
  // Own properties only: an unset name must stay unset.
  const value = Object.hasOwn(process.env, name) ? process.env[name] : undefined;
  return value === '' ? undefined : value;
};

const settings = Object.freeze({
  APP_MODE: read('APP_MODE'),
  APP_NOW: read('APP_NOW'),
  AWS_REGION: read('AWS_REGION') ?? read('AWS_DEFAULT_REGION'),
  TABLE_NAME: read('TABLE_NAME'),
  UPLOADS_BUCKET: read('UPLOADS_BUCKET'),
  MAIL_FROM: read('MAIL_FROM'),
  MAIL_CONFIGURATION_SET: read('MAIL_CONFIGURATION_SET'),
  SITE_ORIGIN: read('SITE_ORIGIN'),
  SITE_HOSTS: read('SITE_HOSTS'),
  ORIGIN_VERIFY: read('ORIGIN_VERIFY'),
  LOG_LEVEL: read('LOG_LEVEL'),
  DYNAMODB_ENDPOINT: read('DYNAMODB_ENDPOINT'),
  S3_ENDPOINT: read('S3_ENDPOINT'),
  S3_PUBLIC_ENDPOINT: read('S3_PUBLIC_ENDPOINT'),
  SES_ENDPOINT: read('SES_ENDPOINT'),
  SQS_ENDPOINT: read('SQS_ENDPOINT'),
  JOBS_QUEUE_URL: read('JOBS_QUEUE_URL'),
  MONEY_EVENTS_QUEUE_URL: read('MONEY_EVENTS_QUEUE_URL'),
  STRIPE_SECRET_KEY: read('STRIPE_SECRET_KEY'),
  STRIPE_WEBHOOK_SECRET: read('STRIPE_WEBHOOK_SECRET'),
  STRIPE_API_BASE: read('STRIPE_API_BASE'),
  STRIPE_SECRET_ARN: read('STRIPE_SECRET_ARN'),
  CHECKIN_KEYS: read('CHECKIN_KEYS'),
  CHECKIN_KEYS_SECRET_ARN: read('CHECKIN_KEYS_SECRET_ARN'),
});

type Name = keyof typeof settings;

/** A setting that must be there; the error names it, so a missing setting fails the call that needs it. */
export function required(name: Name): string {
  const value = settings[name];
  if (!value) throw new Error(`Environment variable ${name} is not set`);
  return value;
}

export function appMode(): AppMode {
  return settings.APP_MODE === 'local' ? 'local' : 'aws';
}

export const env = Object.freeze({
  tableName: () => required('TABLE_NAME'),
  uploadsBucket: () => required('UPLOADS_BUCKET'),
  mailFrom: () => required('MAIL_FROM'),
  /**
   * The SES configuration set every mail is sent with: it publishes bounces and complaints to
   * the mail-events worker (infra/cdk/mail-stack.ts). Unset, mail goes out without it.
   */
  mailConfigurationSet: () => settings.MAIL_CONFIGURATION_SET,
  /** Origin of the site, for links in mails: https://congress.example.org */
  siteOrigin: () => required('SITE_ORIGIN'),
  /** The hosts (with port) the site answers on, lower case; unset: whichever host CloudFront forwarded. */
  siteHosts: () =>
    settings.SITE_HOSTS?.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  region: () => settings.AWS_REGION,
  appNow: () => settings.APP_NOW,
  logLevel: () => settings.LOG_LEVEL,
  /**
   * The value CloudFront adds as `x-origin-verify` to every /api/* request: a request without it
   * did not come through CloudFront (e.g. straight to the execute-api endpoint) and is refused.
   */
  originVerify: () => settings.ORIGIN_VERIFY,
  /** Endpoints of the local stand-ins; unset on AWS. */
  dynamoEndpoint: () => settings.DYNAMODB_ENDPOINT,
  s3Endpoint: () => settings.S3_ENDPOINT,
  /** Endpoint the browser uses for presigned S3 URLs (local: same host as the page sees). */
  s3PublicEndpoint: () => settings.S3_PUBLIC_ENDPOINT ?? settings.S3_ENDPOINT,
  sesEndpoint: () => settings.SES_ENDPOINT,
  sqsEndpoint: () => settings.SQS_ENDPOINT,
  /** The URL of a queue of the worker table (the office's jobs: JOBS_QUEUE_URL), from its variable (core/workers.ts `queueUrlVariables`). */
  queueUrl: (queue: WorkerQueue) => required(queueUrlVariables[queue]),
  /** Locally (and in Stripe test mode by hand) the Stripe keys come from the environment. */
  stripeSecretKey: () => required('STRIPE_SECRET_KEY'),
  stripeWebhookSecret: () => required('STRIPE_WEBHOOK_SECRET'),
  /** The local Stripe stand-in (`http://127.0.0.1:12111`); unset: Stripe itself. */
  stripeApiBase: () => settings.STRIPE_API_BASE,
  /** On AWS: the Secrets Manager secret holding the Stripe keys. */
  stripeSecretArn: () => settings.STRIPE_SECRET_ARN,
  /** Locally: the tickets' signing keys as JSON (infra/local/portal.ts makes them); on AWS the secret below holds the same JSON. */
  checkinKeys: () => settings.CHECKIN_KEYS,
  checkinKeysSecretArn: () => settings.CHECKIN_KEYS_SECRET_ARN,
});
