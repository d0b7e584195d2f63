import { CfnOutput, Duration, Fn, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import * as cr from 'aws-cdk-lib/custom-resources';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { pagePatterns, prerenderedPaths, serverRenderedPages } from '../../web/src/config/paths';
import { LANGUAGE_HEADER } from '../../functions/core/i18n/lang';
import { publicProgrammePaths } from '../../functions/core/routes';
import { edgeConfigKey } from '../../functions/storage/keys';

const marshalledKey = (key: { pk: string; sk: string }) => ({ pk: { S: key.pk }, sk: { S: key.sk } });
import { NOT_FOUND_OBJECT, securityHeaders, serverPageFor, serverPagePathPatterns, siteObjectFor } from '../site/routing';
import { acknowledgeWildcards } from './nag';

/** The site's own names (CloudFront aliases) and their ACM certificate, which must be in us-east-1. */
export interface CustomDomain {
  domainNames: string[];
  certificateArn: string;
}

export interface WebStackProps extends StackProps {
  uploads: s3.IBucket;
  originVerify: ISecret;
  api: apigw.HttpApi;
  customDomain?: CustomDomain;
  /** Folder of the built SPA (dist/web); tests pass a small fixture. */
  webAssets: string;
  /** The WAF web ACL (edge-stack.ts, us-east-1) in front of the distribution. */
  webAclArn: string;
  /** The table: the distribution's id is written there for the functions that invalidate it (decision 0069). */
  table: ITableV2;
}

/**
 * Cache-Control of what the site deploy uploads. Hashed assets never change under their name;
 * pages must be asked for again (a deploy changes which assets they load); the rest (images,
 * PDFs, icons) may be an hour old.
 */
export const siteCacheControl = {
  assets: 'public, max-age=31536000, immutable',
  html: 'no-cache',
  other: 'public, max-age=3600',
} as const;

/** How long CloudFront's access logs are kept. */
export const CLOUDFRONT_LOG_DAYS = 90;

/**
 * The CloudFront Function on /api/*: copies the Host the viewer used into `x-forwarded-host`
 * (API Gateway needs its own Host, so the viewer's is not forwarded), overwriting whatever the
 * viewer sent under that name. The functions build links in mails from it.
 */
export const forwardedHostFunctionCode = [
  'function handler(event) {',
  '  var request = event.request;',
  '  var host = request.headers.host ? request.headers.host.value : "";',
  '  request.headers["x-forwarded-host"] = { value: host };',
  '  return request;',
  '}',
].join('\n');

/** Headers the API receives from the viewer (and from CloudFront: the viewer's address and protocol). */
export const apiForwardedHeaders = [
  'accept',
  'accept-language',
  'content-type',
  'origin',
  'user-agent',
  'stripe-signature',
  'x-forwarded-host',
  // The language of the messages the site's client asks for (functions/core/i18n/lang.ts).
  'x-language',
  'CloudFront-Viewer-Address',
  'CloudFront-Forwarded-Proto',
];

/** The site's path rule as CloudFront Function source: the same rule as the local server (infra/site/routing.ts). */
function routingSource(prerendered: string[], patterns: string[]): string {
  return [
    `var PRERENDERED = ${JSON.stringify(prerendered)};`,
    `var PATTERNS = ${JSON.stringify(patterns)};`,
    `var siteObjectFor = ${siteObjectFor.toString()};`,
  ].join('\n');
}

/** Viewer request: maps the path to the object that answers it. */
export function rewriteFunctionCode(prerendered: string[], patterns: string[]): string {
  return [
    routingSource(prerendered, patterns),
    'function handler(event) {',
    '  var request = event.request;',
    '  request.uri = siteObjectFor(request.uri, PRERENDERED, PATTERNS);',
    '  return request;',
    '}',
  ].join('\n');
}

/**
 * Viewer request on the pages the server renders (decision 0072): the page's address becomes its
 * API route's, in the language of the address (`x-language`, part of the cache key), with the
 * viewer's Host for the page's links as on /api/*; the viewer's query is dropped (one cached copy
 * per page and language). A deeper path under such a page is not a page: 404 at the edge.
 */
export function serverPagesFunctionCode(pages: string[][]): string {
  return [
    `var PAGES = ${JSON.stringify(pages)};`,
    `var serverPageFor = ${serverPageFor.toString()};`,
    'function handler(event) {',
    '  var request = event.request;',
    '  var page = serverPageFor(request.uri, PAGES);',
    "  if (!page) return { statusCode: 404, statusDescription: 'Not Found' };",
    '  request.uri = page.uri;',
    '  request.querystring = {};',
    `  request.headers[${JSON.stringify(LANGUAGE_HEADER)}] = { value: page.lang };`,
    '  request.headers["x-forwarded-host"] = { value: request.headers.host ? request.headers.host.value : "" };',
    '  return request;',
    '}',
  ].join('\n');
}

/**
 * Viewer response: the not-found page goes out with status 404 (link checkers, search engines).
 * Only the site's behaviour runs it, so answers of /api/* keep their own status.
 */
export function notFoundStatusFunctionCode(prerendered: string[], patterns: string[]): string {
  return [
    routingSource(prerendered, patterns),
    'function handler(event) {',
    '  var response = event.response;',
    // The Chinese not-found page (/zh/404.html) too.
    `  if (response.statusCode === 200 && siteObjectFor(event.request.uri, PRERENDERED, PATTERNS).replace(/^\\/zh\\//, '/') === ${JSON.stringify(NOT_FOUND_OBJECT)}) {`,
    '    response.statusCode = 404;',
    "    response.statusDescription = 'Not Found';",
    '  }',
    '  return response;',
    '}',
  ].join('\n');
}

/** CloudFront in front of the site bucket (SPA, pre-rendered pages, PDFs, images) and the API. */
export class WebStack extends Stack {
  readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    // The built site only: rebuilt on every deploy, so it lives and dies with this stack. It sits
    // here, not in the data stack, because its policy names this distribution (no cross-stack cycle).
    const site = new s3.Bucket(this, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    Validations.of(site).acknowledge({ id: 'AwsSolutions-S1', reason: 'Read only through CloudFront, whose access logs record every request.' });
    const siteOrigin = origins.S3BucketOrigin.withOriginAccessControl(site);

    // CloudFront's standard logs (who asked for what, from where): the bucket must accept ACLs.
    const accessLogs = new s3.Bucket(this, 'CloudFrontLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ id: 'ExpireLogs', expiration: Duration.days(CLOUDFRONT_LOG_DAYS) }],
    });
    Validations.of(accessLogs).acknowledge({ id: 'AwsSolutions-S1', reason: 'The log bucket itself: logging it would log the logs.' });

    const rewrite = new cloudfront.Function(this, 'SiteRouting', {
      code: cloudfront.FunctionCode.fromInline(rewriteFunctionCode(prerenderedPaths, pagePatterns)),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Pre-rendered pages, the SPA shell and the not-found page',
    });
    const notFoundStatus = new cloudfront.Function(this, 'SiteNotFoundStatus', {
      code: cloudfront.FunctionCode.fromInline(notFoundStatusFunctionCode(prerenderedPaths, pagePatterns)),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Status 404 for the not-found page',
    });

    const headers = securityHeaders({ uploadOrigins: [`https://${props.uploads.bucketRegionalDomainName}`] });
    const responseHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: headers['content-security-policy']!, override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'permissions-policy', value: headers['permissions-policy']!, override: true }],
      },
    });

    const staticFiles: cloudfront.BehaviorOptions = {
      origin: siteOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: responseHeaders,
      compress: true,
    };
    const apiDomain = Fn.select(2, Fn.split('/', props.api.apiEndpoint));
    // The token: never cached (the API answers no-store), but a cache policy is the only place
    // CloudFront lets Authorization through to the origin (an origin request policy may not).
    const apiCache = new cloudfront.CachePolicy(this, 'ApiNoCache', {
      comment: 'API: not cached; forwards Authorization and every query string',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(1),
      headerBehavior: cloudfront.CacheHeaderBehavior.allowList('authorization'),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
    });
    // The published programme's public reads (decision 0064): the same for everyone, so CloudFront
    // keeps each answer as long as the route says (`publicCacheSeconds`), keyed by the reader's
    // language and the query (the calendar's ?lang, ?session, ?talk), never by a token: the routes
    // under this pattern are public only (test/infra/stacks.test.ts holds the route table to it).
    const programmeCache = new cloudfront.CachePolicy(this, 'ProgrammeCache', {
      comment: "The published programme's public reads: the route's max-age, per language and query",
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.days(1),
      headerBehavior: cloudfront.CacheHeaderBehavior.allowList(LANGUAGE_HEADER),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const apiRequests = new cloudfront.OriginRequestPolicy(this, 'ApiRequests', {
      comment: 'API: the viewer headers it reads, the viewer address CloudFront vouches for; never the Host',
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(...apiForwardedHeaders),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
    });
    const forwardedHost = new cloudfront.Function(this, 'ApiForwardedHost', {
      code: cloudfront.FunctionCode.fromInline(forwardedHostFunctionCode),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'The viewer Host as x-forwarded-host for the API',
    });

    const api: cloudfront.BehaviorOptions = {
      origin: new origins.HttpOrigin(apiDomain, {
        protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
        // A dynamic reference, resolved at deploy: the secret is never in the template.
        customHeaders: { 'x-origin-verify': props.originVerify.secretValue.unsafeUnwrap() },
      }),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: apiCache,
      originRequestPolicy: apiRequests,
      responseHeadersPolicy: responseHeaders,
      functionAssociations: [{ function: forwardedHost, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
    };

    // The pages the server renders: their answers are the API's, kept as the route says, like the programme's reads.
    const serverPages = new cloudfront.Function(this, 'ServerPages', {
      code: cloudfront.FunctionCode.fromInline(serverPagesFunctionCode(serverRenderedPages)),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: "A page's address to the API route that renders it",
    });
    const serverPage: cloudfront.BehaviorOptions = {
      ...api,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: programmeCache,
      functionAssociations: [{ function: serverPages, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
    };

    this.distribution = new cloudfront.Distribution(this, 'Site', {
      comment: 'Congress portal',
      // TLS 1.2 or later with the site's own certificate (the CloudFront name's certificate is AWS's, fixed).
      ...(props.customDomain
        ? {
            domainNames: props.customDomain.domainNames,
            certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', props.customDomain.certificateArn),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      webAclId: props.webAclArn,
      enableLogging: true,
      logBucket: accessLogs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        ...staticFiles,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        functionAssociations: [
          { function: rewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          { function: notFoundStatus, eventType: cloudfront.FunctionEventType.VIEWER_RESPONSE },
        ],
      },
      additionalBehaviors: {
        // CloudFront takes the first pattern that matches, in this order: the programme's before the rest of /api/*.
        [publicProgrammePaths]: { ...api, allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD, cachePolicy: programmeCache },
        '/api/*': api,
        ...Object.fromEntries(serverPagePathPatterns(serverRenderedPages).map((pattern) => [pattern, serverPage])),
        '/assets/*': staticFiles,
        '/pdf/*': staticFiles,
        '/images/*': staticFiles,
      },
    });

    // The site deploy: hashed assets first and never pruned (a tab opened before the deploy still
    // loads the chunks of its build), then the pages and the rest, pruned of what the build no
    // longer has, then the CloudFront cache of everything but the assets is invalidated.
    const build = s3deploy.Source.asset(props.webAssets);
    const assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
      sources: [build],
      destinationBucket: site,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString(siteCacheControl.assets)],
      memoryLimit: 512,
    });
    const pages = new s3deploy.BucketDeployment(this, 'DeployPages', {
      sources: [build],
      destinationBucket: site,
      exclude: ['*'],
      include: ['*.html'],
      prune: true,
      cacheControl: [s3deploy.CacheControl.fromString(siteCacheControl.html)],
      memoryLimit: 512,
    });
    const rest = new s3deploy.BucketDeployment(this, 'DeployOther', {
      sources: [build],
      destinationBucket: site,
      exclude: ['assets/*', '*.html'],
      prune: true,
      cacheControl: [s3deploy.CacheControl.fromString(siteCacheControl.other)],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    pages.node.addDependency(assets);
    rest.node.addDependency(pages);

    // Browsers PUT uploads straight to S3 and read them back from this site's names only. The
    // CloudFront name exists only now, so the uploads bucket (data stack) gets its CORS from here.
    const siteOrigins = [...(props.customDomain?.domainNames ?? []), this.distribution.distributionDomainName].map((d) => `https://${d}`);
    const cors = {
      service: 'S3',
      action: 'putBucketCors',
      parameters: {
        Bucket: props.uploads.bucketName,
        CORSConfiguration: {
          CORSRules: [
            { AllowedOrigins: siteOrigins, AllowedMethods: ['PUT', 'GET', 'HEAD'], AllowedHeaders: ['*'], ExposeHeaders: ['ETag'], MaxAgeSeconds: 3000 },
          ],
        },
      },
      physicalResourceId: cr.PhysicalResourceId.of(`${props.uploads.bucketName}-cors`),
    };
    new cr.AwsCustomResource(this, 'UploadsCors', {
      onCreate: cors,
      onUpdate: cors,
      policy: cr.AwsCustomResourcePolicy.fromStatements([
        new iam.PolicyStatement({ actions: ['s3:PutBucketCORS'], resources: [props.uploads.bucketArn] }),
      ]),
      installLatestAwsSdk: false,
    });

    // The functions that publish the programme drop CloudFront's copies of it (decision 0069). They
    // are made before the distribution (the API is its origin), so its id cannot reach them by
    // reference: it is written into the table under a fixed key, where they read it.
    const edgeItem = {
      service: 'DynamoDB',
      action: 'putItem',
      parameters: {
        TableName: props.table.tableName,
        Item: { ...marshalledKey(edgeConfigKey), entity: { S: 'edge-config' }, distribution_id: { S: this.distribution.distributionId } },
      },
      physicalResourceId: cr.PhysicalResourceId.of(`edge-config-${this.stackName}`),
    };
    new cr.AwsCustomResource(this, 'EdgeConfig', {
      onCreate: edgeItem,
      onUpdate: edgeItem,
      policy: cr.AwsCustomResourcePolicy.fromStatements([new iam.PolicyStatement({ actions: ['dynamodb:PutItem'], resources: [props.table.tableArn] })]),
      installLatestAwsSdk: false,
    });

    if (!props.customDomain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason: 'Development stage on the CloudFront name: its AWS certificate cannot set a minimum TLS version; staging and production have their own certificate with TLS 1.2 (settings.ts requires it).',
      });
    }
    Validations.of(this.distribution).acknowledge({ id: 'AwsSolutions-CFR1', reason: 'An international congress: delegates come from every country.' });
    acknowledgeCdkHelpers(this);

    const siteUrl = props.customDomain ? `https://${props.customDomain.domainNames[0]}` : `https://${this.distribution.distributionDomainName}`;
    new CfnOutput(this, 'SiteUrl', { value: siteUrl });
    new CfnOutput(this, 'CloudFrontDomain', { value: this.distribution.distributionDomainName, description: 'Point the custom domain names here (CNAME or alias).' });
  }
}

/**
 * Findings on the helper functions CDK adds to this stack (the site deploy and the uploads-CORS
 * custom resource): CDK owns their code, runtime and policies, and they run only during a deploy.
 */
function acknowledgeCdkHelpers(stack: Stack) {
  const helpers = stack.node
    .findAll()
    .filter((c) => /^Custom::CDKBucketDeployment|^AWS679f53fac002430cb0da5b7982bd2287$/.test(c.node.id));
  const reason = 'CDK-provided deploy-time helper (site upload / uploads CORS): its runtime, managed policy and wildcards are set by aws-cdk-lib; it runs only during a deploy.';
  for (const helper of helpers) {
    acknowledgeWildcards(helper, reason);
    for (const c of helper.node.findAll()) {
      Validations.of(c).acknowledge(
        ...[
          'AwsSolutions-L1',
          'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          'Serverless-LambdaDLQ',
          'Serverless-LambdaLatestVersion',
          'Serverless-LambdaTracing',
          'Serverless-LambdaDefaultMemorySize',
        ].map((id) => ({ id, reason })),
      );
    }
  }
}
