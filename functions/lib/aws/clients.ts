/**
 * AWS SDK clients, created once per container from the frozen settings (../env.ts): region and
 * endpoints are passed explicitly, and `ignoreConfiguredEndpointUrls` stops the SDK from reading
 * AWS_ENDPOINT_URL_* later, so nothing but the deployment decides where a client connects.
 * Locally they point at the stand-ins (DynamoDB Local, s3rver, aws-ses-v2-local).
 * Every client holds its calls to the grants of the route being served (./grants.ts).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SESClient } from '@aws-sdk/client-ses';
import { env } from '../env';
import { grantsPlugin } from './grants';

const localCredentials = (id: string) => ({ accessKeyId: id, secretAccessKey: id });

/** Settings every client shares. */
const common = () => ({ region: env.region(), ignoreConfiguredEndpointUrls: true });

let dynamo: DynamoDBDocumentClient | undefined;
export function documentClient(): DynamoDBDocumentClient {
  if (!dynamo) {
    const endpoint = env.dynamoEndpoint();
    const client = new DynamoDBClient({ ...common(), ...(endpoint ? { endpoint, credentials: localCredentials('local') } : {}) });
    client.middlewareStack.use(grantsPlugin('dynamodb'));
    dynamo = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  }
  return dynamo;
}

function s3Client(endpoint: string | undefined): S3Client {
  const client = new S3Client({
    ...common(),
    // Without this, presigned PUT URLs carry the checksum of an empty body and real S3 rejects
    // real uploads; s3rver would store chunk framing inside streamed bodies (toolchain notes).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(endpoint ? { endpoint, forcePathStyle: true, credentials: localCredentials('S3RVER') } : {}),
  });
  // Presigning runs this stack too: a route without s3:PutObject cannot sign an upload, as on AWS
  // (where S3 would refuse the signed request).
  client.middlewareStack.use(grantsPlugin('s3'));
  return client;
}

let s3: S3Client | undefined;
/** For the functions' own calls (GetObject range, tagging, DeleteObject). */
export function s3ClientInternal(): S3Client {
  s3 ??= s3Client(env.s3Endpoint());
  return s3;
}

let s3Public: S3Client | undefined;
/** For presigning: URLs must name the host the browser reaches. */
export function s3ClientForPresign(): S3Client {
  s3Public ??= s3Client(env.s3PublicEndpoint());
  return s3Public;
}

let ses: SESClient | undefined;
export function sesClient(): SESClient {
  if (!ses) {
    const endpoint = env.sesEndpoint();
    ses = new SESClient({ ...common(), ...(endpoint ? { endpoint, credentials: localCredentials('local') } : {}) });
    ses.middlewareStack.use(grantsPlugin('ses'));
  }
  return ses;
}
