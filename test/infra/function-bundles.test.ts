/**
 * The functions' code as synth bundles it (infra/cdk/api-function.ts, bundling.ts): each function
 * its own asset (a shared cache key once gave every function the first one's bundle), an ESM
 * `index.mjs` with its lazily loaded chunks beside it (the Stripe SDK is not in what a cold start reads).
 */
import { App, Stack } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secrets from 'aws-cdk-lib/aws-secretsmanager';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { routeList } from '#core/routes';
import { ApiFunction } from '../../infra/cdk/api-function';

it('bundles each function into its own asset: index.mjs plus chunks loaded on first use', () => {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-bundles-'));
  try {
    const app = new App({ outdir });
    const stack = new Stack(app, 'Bundles');
    const table = new dynamodb.TableV2(stack, 'Table', { partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING } });
    const uploads = new s3.Bucket(stack, 'Uploads');
    const stripeKeys = new secrets.Secret(stack, 'StripeKeys');
    const checkinKeys = new secrets.Secret(stack, 'CheckinKeys');
    const made = ['getNow', 'createCheckout', 'documentLink'].map((id) => routeList.find((r) => r.id === id)!).map(
      (route) =>
        new ApiFunction(stack, route.id, {
          route,
          functionName: `congress-test-${route.id}`,
          table,
          uploads,
          tableName: 'congress-test',
          uploadsBucketName: 'congress-test-uploads',
          stripeKeys,
          checkinKeys,
          mailIdentityArn: 'arn:aws:ses:us-east-1:111122223333:identity/example.org',
          mailConfigurationSetArn: 'arn:aws:ses:us-east-1:111122223333:configuration-set/congress',
          // createCheckout hands its money events on (sqs:SendMessage).
          jobsQueueArn: 'arn:aws:sqs:us-east-1:111122223333:congress-test-office-jobs',
          moneyEventsQueueArn: 'arn:aws:sqs:us-east-1:111122223333:congress-test-money-events.fifo',
          environment: {},
        }),
    );
    const assembly = app.synth();
    const template = assembly.getStackByName('Bundles').template as { Resources: Record<string, { Type: string; Properties: { Code?: { S3Key: string }; Handler?: string } }> };
    const functions = Object.values(template.Resources).filter((r) => r.Type === 'AWS::Lambda::Function');
    expect(functions).toHaveLength(made.length);
    const keys = functions.map((f) => f.Properties.Code!.S3Key);
    expect(new Set(keys).size).toBe(made.length);
    for (const f of functions) expect(f.Properties.Handler).toBe('index.handler');

    const assetDir = (key: string) => path.join(outdir, `asset.${key.replace(/\.zip$/, '')}`);
    const [now, checkout, document] = keys.map(assetDir) as [string, string, string];
    expect(fs.readFileSync(path.join(now, 'index.mjs'), 'utf8')).toContain('getNow');
    // The Stripe SDK sits in a chunk of its own, imported only when a provider call is made.
    const entry = fs.readFileSync(path.join(checkout, 'index.mjs'), 'utf8');
    expect(entry).not.toContain('api.stripe.com');
    const chunks = fs.readdirSync(path.join(checkout, 'chunks')).filter((f) => f.endsWith('.mjs'));
    expect(chunks.some((c) => fs.readFileSync(path.join(checkout, 'chunks', c), 'utf8').includes('api.stripe.com'))).toBe(true);
    // What follows a money event (mails, receipts, visa letters) is the money-events worker's
    // (docs/decisions/0050-money-events-off-the-payment-path.md): not in a payment function at all.
    expect(entry).not.toContain('Payment received: registration order');
    expect(chunks.some((c) => fs.readFileSync(path.join(checkout, 'chunks', c), 'utf8').includes('Payment received: registration order'))).toBe(false);
    // A function that renders PDFs carries the fonts and images (functions/lib/pdf/assets.ts); the others do not.
    expect(fs.readdirSync(path.join(document, 'pdf-assets/fonts')).sort()).toEqual([
      'NotoNaskhArabic_400Regular.ttf',
      'NotoSansSC_400Regular.ttf',
      'NotoSans_400Regular.ttf',
      'NotoSans_700Bold.ttf',
    ]);
    expect(fs.readdirSync(path.join(document, 'pdf-assets/images')).sort()).toEqual(['letterhead.png', 'signature.png']);
    expect(fs.existsSync(path.join(now, 'pdf-assets'))).toBe(false);
  } finally {
    fs.rmSync(outdir, { recursive: true, force: true });
  }
}, 120_000);
