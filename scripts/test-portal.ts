/**
 * A throw-away portal for tests: in-memory DynamoDB, temporary S3, its own ports (so it can run
 * beside `npm start`), quiet logs. Used by `npm test`, the api tests' global setup and Playwright.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startLocalPortal } from '../infra/local/portal';

export const testPorts = {
  port: Number(process.env.TEST_PORT ?? 3100),
  dynamoPort: Number(process.env.TEST_DYNAMODB_PORT ?? 8100),
  s3Port: Number(process.env.TEST_S3_PORT ?? 4669),
  mailPort: Number(process.env.TEST_MAIL_PORT ?? 8105),
  stripePort: Number(process.env.TEST_STRIPE_PORT ?? 12211),
  sqsPort: Number(process.env.TEST_SQS_PORT ?? 9424),
};

export function startTestPortal() {
  // Passwords made here are hashed with scrypt N=2^14 instead of 2^17 (functions/lib/crypto.ts): a
  // run makes and checks thousands; `npm start` and every deployed function keep 2^17.
  process.env.TEST_SCRYPT_LOG2N = '14';
  return startLocalPortal({
    ...testPorts,
    webRoot: path.resolve(import.meta.dirname, '../dist/web'),
    logLevel: process.env.LOG_LEVEL ?? 'ERROR',
  });
}

/** Environment the test runners read to reach the portal. */
export function portalEnv(portal: Awaited<ReturnType<typeof startTestPortal>>) {
  return {
    API_ORIGIN: portal.origin,
    MAIL_ORIGIN: portal.mail,
    S3_ORIGIN: portal.s3,
    DYNAMODB_ORIGIN: portal.dynamo,
    SQS_ORIGIN: portal.sqs,
    // The local Stripe and its webhook secret (the webhook tests sign their own forged and stale events),
    // and its secret key, which the portal set in this process (the reconciliation reads it with the SDK).
    ...(portal.stripe
      ? { STRIPE_ORIGIN: portal.stripe.endpoint, STRIPE_WEBHOOK_SECRET: portal.stripe.webhookSecret, STRIPE_SECRET_KEY: process.env.STRIPE_SECRET_KEY ?? '' }
      : {}),
  };
}

// `tsx scripts/test-portal.ts`: run it in the foreground (Playwright's webServer uses this).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const portal = await startTestPortal();
  console.log(`test portal ready at ${portal.origin}`);
  const stop = () => void portal.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
