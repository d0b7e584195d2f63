/**
 * Settings the functions read from their environment. CDK sets them per function; the local
 * runtime (infra/local) sets them for its stand-ins. Read lazily so that a missing setting fails
 * the call that needs it, with its name, rather than every function at load.
 */
export type AppMode = 'aws' | 'local';

export function appMode(): AppMode {
  return process.env.APP_MODE === 'local' ? 'local' : 'aws';
}

export function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Environment variable ${name} is not set`);
  return value;
}

export const env = {
  tableName: () => required('TABLE_NAME'),
  uploadsBucket: () => required('UPLOADS_BUCKET'),
  mailFrom: () => required('MAIL_FROM'),
  /** Origin of the site, for links in mails: https://congress.example.org */
  siteOrigin: () => required('SITE_ORIGIN'),
  /** Endpoints of the local stand-ins; unset on AWS. */
  dynamoEndpoint: () => process.env.DYNAMODB_ENDPOINT,
  s3Endpoint: () => process.env.S3_ENDPOINT,
  /** Endpoint the browser uses for presigned S3 URLs (local: same host as the page sees). */
  s3PublicEndpoint: () => process.env.S3_PUBLIC_ENDPOINT ?? process.env.S3_ENDPOINT,
  sesEndpoint: () => process.env.SES_ENDPOINT,
  stripeSecretKey: () => required('STRIPE_SECRET_KEY'),
  stripeWebhookSecret: () => required('STRIPE_WEBHOOK_SECRET'),
  /** The local Stripe stand-in (`http://127.0.0.1:12111`); unset: Stripe itself. */
  stripeApiBase: () => process.env.STRIPE_API_BASE || undefined,
};
