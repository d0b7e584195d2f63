import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { tableDefinition } from '../../functions/storage/table';

export interface DataStackProps extends StackProps {
  siteOrigin: string;
}

/** The single table and the uploads bucket: the data that must outlive deploys. */
export class DataStack extends Stack {
  readonly table: dynamodb.TableV2;
  readonly uploads: s3.Bucket;

  constructor(scope: Construct, id: string, props: DataStackProps) {
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
      // Browsers PUT straight to S3 with presigned URLs and read back with presigned GETs.
      cors: [
        {
          allowedOrigins: [props.siteOrigin],
          allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    });
  }
}
