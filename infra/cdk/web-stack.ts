import { CfnOutput, Duration, Fn, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { pagePatterns, prerenderedPaths } from '../../web/src/config/paths';
import { NOT_FOUND_OBJECT, securityHeaders, siteObjectFor } from '../site/routing';

export interface WebStackProps extends StackProps {
  uploads: s3.IBucket;
  api: apigw.HttpApi;
  /** Folder of the built SPA (dist/web); tests pass a small fixture. */
  webAssets: string;
}

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
 * Viewer response: the not-found page goes out with status 404 (link checkers, search engines).
 * Only the site's behaviour runs it, so answers of /api/* keep their own status.
 */
export function notFoundStatusFunctionCode(prerendered: string[], patterns: string[]): string {
  return [
    routingSource(prerendered, patterns),
    'function handler(event) {',
    '  var response = event.response;',
    `  if (response.statusCode === 200 && siteObjectFor(event.request.uri, PRERENDERED, PATTERNS) === ${JSON.stringify(NOT_FOUND_OBJECT)}) {`,
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
    const siteOrigin = origins.S3BucketOrigin.withOriginAccessControl(site);

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

    this.distribution = new cloudfront.Distribution(this, 'Site', {
      comment: 'Congress portal',
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      defaultBehavior: {
        ...staticFiles,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        functionAssociations: [
          { function: rewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          { function: notFoundStatus, eventType: cloudfront.FunctionEventType.VIEWER_RESPONSE },
        ],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new origins.HttpOrigin(apiDomain, { protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: responseHeaders,
        },
        '/assets/*': staticFiles,
        '/pdf/*': staticFiles,
        '/images/*': staticFiles,
      },
    });

    new s3deploy.BucketDeployment(this, 'DeploySite', {
      sources: [s3deploy.Source.asset(props.webAssets)],
      destinationBucket: site,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      prune: true,
      memoryLimit: 512,
    });

    new CfnOutput(this, 'SiteUrl', { value: `https://${this.distribution.distributionDomainName}` });
  }
}
