/**
 * AWS SDK clients, created once per container. Locally they point at the stand-ins
 * (DynamoDB Local, s3rver, aws-ses-v2-local) through the *_ENDPOINT settings.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SESClient } from '@aws-sdk/client-ses';
import { env } from '../env';

const localCredentials = (id: string) => ({ accessKeyId: id, secretAccessKey: id });

let dynamo: DynamoDBDocumentClient | undefined;
export function documentClient(): DynamoDBDocumentClient {
  const endpoint = env.dynamoEndpoint();
  dynamo ??= DynamoDBDocumentClient.from(
    new DynamoDBClient(endpoint ? { endpoint, credentials: localCredentials('local') } : {}),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  return dynamo;
}

function s3Client(endpoint: string | undefined): S3Client {
  return new S3Client({
    // Without this, presigned PUT URLs carry the checksum of an empty body and real S3 rejects
    // real uploads; s3rver would store chunk framing inside streamed bodies (toolchain notes).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(endpoint ? { endpoint, forcePathStyle: true, credentials: localCredentials('S3RVER') } : {}),
  });
}

let s3: S3Client | undefined;
/** For the functions' own calls (HeadObject, GetObject range, DeleteObject). */
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
  const endpoint = env.sesEndpoint();
  ses ??= new SESClient(endpoint ? { endpoint, credentials: localCredentials('local') } : {});
  return ses;
}
