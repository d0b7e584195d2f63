import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, routeList } from '#core/routes';
import { tableDefinition } from '#storage/table';
import { buildStacks } from '../../infra/cdk/stacks';
import { notFoundStatusFunctionCode, rewriteFunctionCode } from '../../infra/cdk/web-stack';
import { siteObjectFor } from '../../infra/site/routing';
import { pagePatterns, prerenderedPaths } from '../../web/src/config/paths';

let api: Template;
let data: Template;
let web: Template;

beforeAll(() => {
  // Skip esbuild here: bundling is exercised by `npm run synth` and measured by `npm run bench`.
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stacks = buildStacks(app, {
    siteOrigin: 'https://congress.example.org',
    mailDomain: 'example.org',
    mailFrom: 'Congress <no-reply@example.org>',
    webAssets: path.join(import.meta.dirname, 'fixtures/web'),
  });
  api = Template.fromStack(stacks.api);
  data = Template.fromStack(stacks.data);
  web = Template.fromStack(stacks.web);
});

describe('api stack', () => {
  it('has exactly one Lambda per route of the route table', () => {
    api.resourceCountIs('AWS::Lambda::Function', routeList.length);
  });

  it('wires every route to the API with its method and path', () => {
    api.resourceCountIs('AWS::ApiGatewayV2::Route', routeList.length);
    for (const route of routeList) {
      api.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: `${route.method} ${API_BASE}${route.path}` });
    }
  });

  it('runs every function on Node 22, arm64, with the table and origin settings', () => {
    const functions = api.findResources('AWS::Lambda::Function');
    for (const fn of Object.values(functions)) {
      expect(fn.Properties.Runtime).toBe('nodejs22.x');
      expect(fn.Properties.Architectures).toEqual(['arm64']);
      expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(
        expect.arrayContaining(['TABLE_NAME', 'UPLOADS_BUCKET', 'MAIL_FROM', 'SITE_ORIGIN']),
      );
      expect(fn.Properties.Environment.Variables.APP_NOW).toBeUndefined();
      expect(fn.Properties.Environment.Variables.APP_MODE).toBeUndefined();
    }
  });

  it('grants a function nothing its route does not ask for', () => {
    const publicNoGrants = routeList.filter((r) => r.grants.length === 0);
    const policies = api.findResources('AWS::IAM::Policy');
    const policyRoles = Object.values(policies).flatMap((p) => p.Properties.Roles.map((r: { Ref: string }) => r.Ref));
    for (const route of publicNoGrants) {
      const roleIds = Object.keys(api.findResources('AWS::IAM::Role')).filter((id) => id.startsWith(route.id));
      expect(roleIds.length).toBe(1);
      expect(policyRoles).not.toContain(roleIds[0]);
    }
  });

  it('lets only upload routes touch the uploads bucket, and only writing routes put or delete objects', () => {
    const policies = Object.values(api.findResources('AWS::IAM::Policy'));
    const s3ActionsOf = (routeId: string) => {
      const roleId = Object.keys(api.findResources('AWS::IAM::Role')).find((id) => id.startsWith(`${routeId}Fn`));
      const statements = policies
        .filter((p) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId))
        .flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string | string[] }[]);
      return statements.flatMap((st) => [st.Action].flat()).filter((a) => a.startsWith('s3:'));
    };
    for (const route of routeList) {
      const actions = s3ActionsOf(route.id);
      const grants: readonly string[] = route.grants;
      if (grants.includes('uploads:write')) {
        expect(actions, route.id).toEqual(expect.arrayContaining(['s3:PutObject', 's3:DeleteObject*']));
      } else if (grants.includes('uploads:read')) {
        expect(actions, route.id).toEqual(expect.arrayContaining(['s3:GetObject*']));
        expect(actions.filter((a) => a.startsWith('s3:Put') || a.startsWith('s3:Delete')), route.id).toEqual([]);
      } else {
        expect(actions, route.id).toEqual([]);
      }
    }
  });
});

describe('data stack', () => {
  it('has the single table with its keys, indexes and TTL', () => {
    data.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true },
      GlobalSecondaryIndexes: tableDefinition.indexes.map((i) =>
        Match.objectLike({
          IndexName: i.name,
          KeySchema: [
            { AttributeName: i.partitionKey, KeyType: 'HASH' },
            { AttributeName: i.sortKey, KeyType: 'RANGE' },
          ],
        }),
      ),
    });
  });

  it('keeps the uploads bucket private, encrypted, TLS-only, with CORS for the site', () => {
    data.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      CorsConfiguration: {
        CorsRules: [Match.objectLike({ AllowedOrigins: ['https://congress.example.org'], AllowedMethods: ['PUT', 'GET', 'HEAD'] })],
      },
    });
    data.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
      },
    });
  });
});

describe('web stack', () => {
  it('serves the site privately through CloudFront with origin access control', () => {
    web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    web.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: Match.objectLike({ BlockPublicAcls: true, RestrictPublicBuckets: true }),
    });
  });

  it('routes /api/* to the API uncached and static folders to the bucket', () => {
    const dist = Object.values(web.findResources('AWS::CloudFront::Distribution'))[0]!;
    const config = dist.Properties.DistributionConfig;
    expect(config.DefaultRootObject).toBe('index.html');
    const behaviors = Object.fromEntries(
      config.CacheBehaviors.map((b: { PathPattern: string }) => [b.PathPattern, b]),
    ) as Record<string, { AllowedMethods: string[]; CachePolicyId: string }>;
    expect(Object.keys(behaviors).sort()).toEqual(['/api/*', '/assets/*', '/images/*', '/pdf/*']);
    expect(behaviors['/api/*']!.AllowedMethods).toContain('POST');
    expect(behaviors['/api/*']!.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // CachingDisabled
    expect(config.DefaultCacheBehavior.FunctionAssociations.map((f: { EventType: string }) => f.EventType).sort()).toEqual([
      'viewer-request',
      'viewer-response',
    ]);
    // The API keeps its own answers: no site function runs on /api/*.
    expect((behaviors['/api/*'] as { FunctionAssociations?: unknown[] }).FunctionAssociations).toBeUndefined();
    web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: Match.objectLike({
          ContentSecurityPolicy: Match.objectLike({ Override: true }),
          FrameOptions: { FrameOption: 'DENY', Override: true },
        }),
      },
    });
  });

  it('runs the same path rule in the CloudFront Function as the local server', () => {
    const code = rewriteFunctionCode(prerenderedPaths, pagePatterns);
    const handler = new Function(`${code}; return handler;`)() as (e: { request: { uri: string } }) => { uri: string };
    for (const uri of ['/', '/home', '/congress/past', '/congress/past/', '/admin/pre', '/nope', '/pdf/full-programme.pdf', '/assets/x.js']) {
      expect(handler({ request: { uri } }).uri).toBe(siteObjectFor(uri, prerenderedPaths, pagePatterns));
    }
    expect(handler({ request: { uri: '/congress/past' } }).uri).toBe('/congress/past/index.html');
    expect(handler({ request: { uri: '/admin/pre' } }).uri).toBe('/app.html');
    expect(handler({ request: { uri: '/no/such/page' } }).uri).toBe('/404.html');
  });

  it('answers the not-found page with status 404 and leaves every other answer alone', () => {
    const code = notFoundStatusFunctionCode(prerenderedPaths, pagePatterns);
    expect(code.length).toBeLessThan(10_240); // the CloudFront Functions size limit
    const handler = new Function(`${code}; return handler;`)() as (e: {
      request: { uri: string };
      response: { statusCode: number; statusDescription?: string };
    }) => { statusCode: number; statusDescription?: string };
    const status = (uri: string, statusCode = 200) => handler({ request: { uri }, response: { statusCode } }).statusCode;
    // Whether CloudFront passes the viewer's path or the rewritten one, the answer is the same.
    expect(status('/no/such/page')).toBe(404);
    expect(status('/404.html')).toBe(404);
    expect(status('/home')).toBe(200);
    expect(status('/admin/upload-update/3')).toBe(200);
    expect(status('/app.html')).toBe(200);
    expect(status('/assets/missing.js', 403)).toBe(403);
  });
});
