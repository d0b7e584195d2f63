/**
 * AWS SDK clients, created once per container from the frozen settings (../env.ts): region and
 * endpoints are passed explicitly, and `ignoreConfiguredEndpointUrls` stops the SDK from reading
 * AWS_ENDPOINT_URL_* later, so nothing but the deployment decides where a client connects.
 * Locally they point at the stand-ins (DynamoDB Local, s3rver, aws-ses-v2-local).
 * Every client holds its calls to the grants of the route being served (./grants.ts).
 *
 * DynamoDB is loaded with the function (nearly every request needs it). S3 and SES are loaded
 * on the first call that needs them (`loadS3`, `loadSes`): a function whose request needs neither
 * never pays for them at cold start (`npm run bench` prints both costs).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from '../env';
import { grantsPlugin } from './grants';
import type * as S3Module from './s3';
import type * as SesModule from './ses';
import type * as SecretsModule from './secrets';
import type * as SqsModule from './sqs';
import type * as EdgeModule from './edge';

export const localCredentials = (id: string) => ({ accessKeyId: id, secretAccessKey: id });

/** Settings every client shares. */
export const commonClientConfig = () => ({ region: env.region(), ignoreConfiguredEndpointUrls: true });

let dynamo: DynamoDBDocumentClient | undefined;
export function documentClient(): DynamoDBDocumentClient {
  if (!dynamo) {
    const endpoint = env.dynamoEndpoint();
    const client = new DynamoDBClient({ ...commonClientConfig(), ...(endpoint ? { endpoint, credentials: localCredentials('local') } : {}) });
    client.middlewareStack.use(grantsPlugin('dynamodb'));
    dynamo = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  }
  return dynamo;
}

let s3Module: Promise<typeof S3Module> | undefined;
/** The S3 client, its commands and the presigner, loaded once on first use. */
export const loadS3 = () => (s3Module ??= import('./s3'));

let sesModule: Promise<typeof SesModule> | undefined;
/** The SES client and its command, loaded once on first use. */
export const loadSes = () => (sesModule ??= import('./ses'));

let secretsModule: Promise<typeof SecretsModule> | undefined;
/** The Secrets Manager client, loaded once on first use (the payment functions' keys). */
export const loadSecrets = () => (secretsModule ??= import('./secrets'));

let sqsModule: Promise<typeof SqsModule> | undefined;
/** The SQS client, loaded once on first use (the routes that start an office job, and its worker). */
export const loadSqs = () => (sqsModule ??= import('./sqs'));
let edgeModule: Promise<typeof EdgeModule> | undefined;
/** CloudFront (an invalidation after a publication): loaded only by the functions that publish. */
export const loadEdge = () => (edgeModule ??= import('./edge'));
