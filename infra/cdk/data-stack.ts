import { Aws, Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { uploadLimits } from '../../functions/core/config/conference';
import { tableDefinition } from '../../functions/storage/table';
import { PENDING_TAG } from '../../functions/core/uploads/rules';
import { EXPORT_KEEP_DAYS } from '../../functions/core/office/exports';
import { READING_COPY_KEEP_DAYS } from '../../functions/core/review/reviewer-export';
import type { StageName } from './settings';

export interface DataStackProps extends StackProps {
  stage: StageName;
}

/** How long an overwritten or deleted upload (abstract PDF, poster, slides, passport scan) can be brought back. */
export const UPLOAD_RECOVERY_DAYS = 90;
/** Days an old version of an office export is kept (it holds personal data of every delegate). */
export const EXPORT_OLD_VERSION_DAYS = 1;
/** How long the uploads bucket's access logs (who read which object, e.g. a passport scan) are kept. */
export const ACCESS_LOG_DAYS = 400;

/** The table's name: fixed per stage, so policies, alarms and the runbook can name it. */
export const tableNameOf = (stage: StageName) => `congress-${stage}`;
/** The uploads bucket's name (bucket names are global: the account makes it unique). */
export const uploadsBucketNameOf = (stage: StageName) => `congress-${stage}-uploads-${Aws.ACCOUNT_ID}`;

/**
 * The single table, the uploads bucket and the origin secret: what must outlive deploys.
 * The uploads bucket's CORS names the site, whose CloudFront name is known only once the web
 * stack exists: the web stack sets it (web-stack.ts).
 */
export class DataStack extends Stack {
  readonly table: dynamodb.TableV2;
  readonly uploads: s3.Bucket;
  /** What CloudFront adds as `x-origin-verify` to /api/* requests; the functions refuse requests without it. */
  readonly originVerify: secretsmanager.Secret;
  /** The Stripe keys, as JSON { "secret_key": "sk_...", "webhook_secret": "whsec_..." }: organisers set the value. */
  readonly stripeKeys: secretsmanager.Secret;
  /** The tickets' signing keys (functions/lib/checkin-keys.ts): JSON put by `npm run checkin-key` (docs/deploy.md). */
  readonly checkinKeys: secretsmanager.Secret;

  /** Server access logs of the uploads bucket (who read which object). */
  readonly accessLogs: s3.Bucket;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const d = tableDefinition;
    const key = (name: string) => ({ name, type: dynamodb.AttributeType.STRING });

    this.table = new dynamodb.TableV2(this, 'Table', {
      tableName: tableNameOf(props.stage),
      partitionKey: key(d.partitionKey),
      sortKey: key(d.sortKey),
      billing: dynamodb.Billing.onDemand(),
      timeToLiveAttribute: d.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      globalSecondaryIndexes: d.indexes.map((i) => ({
        indexName: i.name,
        partitionKey: key(i.partitionKey),
        sortKey: key(i.sortKey),
        projectionType: dynamodb.ProjectionType.ALL,
      })),
    });

    // Who read which upload (a passport scan is read through a signed URL the office asks for):
    // S3 server access logs, kept a little over a year, readable by nobody outside the account.
    this.accessLogs = new s3.Bucket(this, 'UploadsAccessLogs', {
      bucketName: `congress-${props.stage}-uploads-access-logs-${Aws.ACCOUNT_ID}`,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ id: 'ExpireAccessLogs', expiration: Duration.days(ACCESS_LOG_DAYS) }],
    });
    Validations.of(this.accessLogs).acknowledge({ id: 'AwsSolutions-S1', reason: 'The access-log bucket itself: logging it would log the logs.' });

    this.uploads = new s3.Bucket(this, 'Uploads', {
      bucketName: uploadsBucketNameOf(props.stage),
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // A delete or an overwrite is not final: the previous version can be restored (docs/deploy.md).
      versioned: true,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 'uploads/',
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [
        { id: 'AbortIncompleteMultipart', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        {
          id: 'ExpireOldVersions',
          noncurrentVersionExpiration: Duration.days(UPLOAD_RECOVERY_DAYS),
          expiredObjectDeleteMarker: true,
        },
        // Uploads never confirmed keep the tag their signed PUT set; confirmation removes it.
        {
          id: 'ExpireUnconfirmedUploads',
          tagFilters: { [PENDING_TAG.key]: PENDING_TAG.value },
          expiration: Duration.days(uploadLimits.pendingObjectDays),
        },
        // The office's exports (personal data of every delegate) are downloaded when made, not kept.
        { id: 'ExpireOfficeExports', prefix: 'exports/', expiration: Duration.days(EXPORT_KEEP_DAYS) },
        // ...nor kept as old versions for the uploads' recovery period: an export withdrawn when an
        // account is deleted, or expired, is gone a day later (docs/decisions/0042-what-a-deleted-account-leaves.md).
        { id: 'ExpireOldExportVersions', prefix: 'exports/', noncurrentVersionExpiration: Duration.days(EXPORT_OLD_VERSION_DAYS), expiredObjectDeleteMarker: true },
        // A reviewer's reading copy of their abstracts (core/review/reviewer-export.ts) is downloaded
        // when made: gone after a day, and so are its old versions (docs/decisions/0056-review-exports.md).
        { id: 'ExpireReviewerCopies', prefix: 'review-exports/', expiration: Duration.days(READING_COPY_KEEP_DAYS) },
        { id: 'ExpireOldReviewerCopyVersions', prefix: 'review-exports/', noncurrentVersionExpiration: Duration.days(1), expiredObjectDeleteMarker: true },
      ],
    });

    this.originVerify = new secretsmanager.Secret(this, 'OriginVerify', {
      description: 'Header value CloudFront adds to /api/* requests (x-origin-verify); the API refuses requests without it.',
      generateSecretString: { excludePunctuation: true, passwordLength: 48 },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    Validations.of(this.originVerify).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'Rotated by hand with the runbook (docs/deploy.md, "Rotating the origin secret"): CloudFront and the functions must change together, which a rotation Lambda cannot do without an outage.',
    });

    // Created empty of real keys (a random placeholder); `aws secretsmanager put-secret-value` sets
    // them (docs/deploy.md). The functions read it once per container; it never appears in a template.
    this.stripeKeys = new secretsmanager.Secret(this, 'StripeKeys', {
      description: 'Stripe keys of the congress portal: JSON {"secret_key":"sk_...","webhook_secret":"whsec_..."} (set by the organisers)',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.stripeKeys).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'Stripe keys are rolled in the Stripe dashboard and then put here by an organiser (docs/deploy.md, "Rotating the Stripe keys"); AWS cannot rotate them.',
    });

    // The tickets' Ed25519 signing keys (decision 0070): created with a placeholder; `npm run
    // checkin-key` makes the key set (and rotates it: a new key id, the old ones kept to verify).
    this.checkinKeys = new secretsmanager.Secret(this, 'CheckinKeys', {
      description: 'Signing keys of the tickets\' QR codes: JSON {"current":1,"keys":{"1":"<PKCS#8 DER, base64>"}} (npm run checkin-key)',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.checkinKeys).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'Rotated by key id with `npm run checkin-key` (docs/deploy.md, "The tickets\' signing keys"): printed tickets carry the key id, so old keys must stay to verify them; a rotation Lambda cannot know when a key may go.',
    });
  }
}
