/**
 * `npm start`: builds the web app when its sources changed, starts the whole portal, prints what
 * runs where, and stops every child on Ctrl-C. Settings (all optional):
 *   PORT=3000 DYNAMODB_PORT=8000 S3_PORT=4569 MAIL_PORT=8005 STRIPE_PORT=12111 SQS_PORT=9324 DATA_DIR=.data
 *   STRIPE_SECRET_KEY=sk_test_...   use Stripe's test mode instead of the local Stripe
 *   APP_NOW=2024-05-10T09:00:00+08:00   run the portal as at that moment (local only)
 */
import path from 'node:path';
import { buildWebIfStale } from '../../scripts/build-web';
import { startLocalPortal } from './portal';

const int = (name: string, fallback: number) => {
  const raw = process.env[name];
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0 || value > 65535) {
    console.error(`${name}=${raw} is not a port number.`);
    process.exit(1);
  }
  return value;
};

async function main() {
  const appNow = process.env.APP_NOW;
  if (appNow && Number.isNaN(Date.parse(appNow))) {
    console.error(`APP_NOW=${appNow} is not an ISO instant (e.g. 2024-05-10T09:00:00+08:00).`);
    process.exit(1);
  }
  if (!process.argv.includes('--no-build')) await buildWebIfStale();

  const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
  const portal = await startLocalPortal({
    port: int('PORT', 3000),
    dynamoPort: int('DYNAMODB_PORT', 8000),
    s3Port: int('S3_PORT', 4569),
    mailPort: int('MAIL_PORT', 8005),
    stripePort: int('STRIPE_PORT', 12111),
    sqsPort: int('SQS_PORT', 9324),
    dataDir,
    appNow,
  });

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the portal...');
    await portal.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  process.on('SIGHUP', () => void stop(0));
  process.on('uncaughtException', (error) => {
    console.error(error);
    void stop(1);
  });

  console.log(`
  Congress portal is running
    Site and API   ${portal.origin}   (API under ${portal.api})
    Mailbox        ${portal.mail}   (every mail the portal sends; JSON at /store)
    DynamoDB Local ${portal.dynamo}
    S3 (s3rver)    ${portal.s3}
    SQS (local)    ${portal.sqs}   (the worker table's queues: office jobs, money events; in memory)
    Payments       ${portal.stripe ? `(local Stripe) ${portal.stripe.checkoutOrigin}` : "Stripe's test mode (STRIPE_SECRET_KEY)"}
    Data           ${dataDir}
    Clock          ${appNow ? `APP_NOW=${appNow} (runs on from there)` : 'real time'}
  Press Ctrl-C to stop.
`);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
