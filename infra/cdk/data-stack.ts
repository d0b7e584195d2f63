import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { uploadLimits } from '../../functions/core/config/conference';
import { tableDefinition } from '../../functions/storage/table';
import { PENDING_TAG } from '../../functions/core/uploads/rules';

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

  constructor(scope: Construct, id: string, props: StackProps = {}) {
    super(scope, id, props);
    const d = tableDefinition;
    const key = (name: string) => ({ name, type: dynamodb.AttributeType.STRING });

    this.table = new dynamodb.TableV2(this, 'Table', {
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

    this.uploads = new s3.Bucket(this, 'Uploads', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: false,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [
        { id: 'AbortIncompleteMultipart', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Uploads never confirmed keep the tag their signed PUT set; confirmation removes it.
        {
          id: 'ExpireUnconfirmedUploads',
          tagFilters: { [PENDING_TAG.key]: PENDING_TAG.value },
          expiration: Duration.days(uploadLimits.pendingObjectDays),
        },
      ],
    });

    this.originVerify = new secretsmanager.Secret(this, 'OriginVerify', {
      description: 'Header value CloudFront adds to /api/* requests (x-origin-verify); the API refuses requests without it.',
      generateSecretString: { excludePunctuation: true, passwordLength: 48 },
      removalPolicy: RemovalPolicy.DESTROY,
    });

    // Created empty of real keys (a random placeholder); `aws secretsmanager put-secret-value` sets
    // them (README). The functions read it once per container; it never appears in a template.
    this.stripeKeys = new secretsmanager.Secret(this, 'StripeKeys', {
      description: 'Stripe keys of the congress portal: JSON {"secret_key":"sk_...","webhook_secret":"whsec_..."} (set by the organisers)',
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
