/** The S3 client (loaded on first use, see clients.ts): the functions' own calls and presigning. */
import { S3Client } from '@aws-sdk/client-s3';
import { env } from '../env';
import { commonClientConfig, localCredentials } from './clients';
import { grantsPlugin } from './grants';

export { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, PutObjectTaggingCommand } from '@aws-sdk/client-s3';
export { getSignedUrl } from '@aws-sdk/s3-request-presigner';

function s3Client(endpoint: string | undefined): S3Client {
  const client = new S3Client({
    ...commonClientConfig(),
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

let internal: S3Client | undefined;
/** For the functions' own calls (GetObject range, tagging, DeleteObject). */
export function s3ClientInternal(): S3Client {
  internal ??= s3Client(env.s3Endpoint());
  return internal;
}

let forPresign: S3Client | undefined;
/** For presigning: URLs must name the host the browser reaches. */
export function s3ClientForPresign(): S3Client {
  forPresign ??= s3Client(env.s3PublicEndpoint());
  return forPresign;
}
