/** The site's CloudFront distribution id (SETTINGS#edge / DISTRIBUTION), written by the web stack at deploy; none locally. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '#lib/aws/clients';
import { env } from '#lib/env';
import { edgeConfigKey } from './keys';

export async function distributionId(): Promise<string | undefined> {
  const r = await documentClient().send(new GetCommand({ TableName: env.tableName(), Key: edgeConfigKey }));
  return r.Item?.distribution_id as string | undefined;
}
