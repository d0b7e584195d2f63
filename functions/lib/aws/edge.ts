/**
 * The CloudFront client (loaded on first use, see clients.ts): an invalidation of the site's
 * distribution when what it keeps of the API changes (the published programme, decision 0069).
 * Locally there is no edge and no distribution: nothing calls it.
 */
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { commonClientConfig } from './clients';
import { grantsPlugin } from './grants';

let client: CloudFrontClient | undefined;
function cloudFront(): CloudFrontClient {
  if (!client) {
    client = new CloudFrontClient(commonClientConfig());
    client.middlewareStack.use(grantsPlugin('cloudfront'));
  }
  return client;
}

/** Asks CloudFront to drop what it keeps under `paths`; `reference` makes a retried request one invalidation. */
export async function invalidate(distributionId: string, paths: string[], reference: string) {
  await cloudFront().send(
    new CreateInvalidationCommand({ DistributionId: distributionId, InvalidationBatch: { CallerReference: reference, Paths: { Quantity: paths.length, Items: paths } } }),
  );
}
