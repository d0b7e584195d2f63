import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, effectiveGrants, programmePagePaths, publicProgrammePaths, routeList, routes } from '#core/routes';
import { workerList } from '#core/workers';
import { tableDefinition } from '#storage/table';
import { edgeConfigKey } from '#storage/keys';
import { deployedStage, synthStage } from './synth';
import { forwardedHostFunctionCode, notFoundStatusFunctionCode, rewriteFunctionCode, serverPagesFunctionCode } from '../../infra/cdk/web-stack';
import { functionNameOf, passwordRouteThrottle, routeStackOf, STACK_RESOURCE_LIMIT } from '../../infra/cdk/api-stack';
import { PENDING_TAG } from '#core/uploads/rules';
import { serverPageFor, serverPagePathPatterns, siteObjectFor } from '../../infra/site/routing';
import { pagePatterns, prerenderedPaths, serverRenderedPages } from '../../web/src/config/paths';
import { statementsOf } from './policies';
import { withNested } from './nested';

let api: Template;
/** The API stack's own template and its nested office stack's, each as CloudFormation gets it. */
let apiOwn: Template;
let office: Template;
let review: Template;
let programme: Template;
let checkin: Template;
let data: Template;
let web: Template;
let customWeb: Template;

beforeAll(() => {
  const stacks = synthStage('development');
  api = withNested(stacks.api);
  apiOwn = Template.fromStack(stacks.api);
  office = Template.fromStack(stacks.api.office);
  review = Template.fromStack(stacks.api.review);
  programme = Template.fromStack(stacks.api.programme);
  checkin = Template.fromStack(stacks.api.checkin);
  data = Template.fromStack(stacks.data);
  web = Template.fromStack(stacks.web);
  customWeb = Template.fromStack(synthStage('production', { production: deployedStage }).web);
}, 120_000);

/** Whether a template value is a CloudFormation dynamic reference to a Secrets Manager secret (never the value). */
const isSecretReference = (value: unknown) => JSON.stringify(value).includes('{{resolve:secretsmanager:');

/** Each route adds 5 resources: its function, role, route, integration and permission. */
const PER_ROUTE = 5;
const roomInRoutes = (t: Template) => Math.floor((STACK_RESOURCE_LIMIT - Object.keys(t.toJSON().Resources as object).length) / PER_ROUTE);

describe('the size of the API stack', () => {
  it("keeps room for 20 more routes in the API stack and in its office stack, under CloudFormation's 500 resources per stack", () => {
    // When this fails: move another group of routes into a nested stack of its own (routeStackOf).
    expect(roomInRoutes(apiOwn), 'routes of room in the API stack').toBeGreaterThanOrEqual(20);
    expect(roomInRoutes(office), 'routes of room in the office stack').toBeGreaterThanOrEqual(20);
    expect(roomInRoutes(review), 'routes of room in the review stack').toBeGreaterThanOrEqual(20);
    expect(roomInRoutes(programme), 'routes of room in the programme stack').toBeGreaterThanOrEqual(20);
    expect(roomInRoutes(checkin), 'routes of room in the check-in stack').toBeGreaterThanOrEqual(20);
  });

  it("puts the office's routes (organisers, /office), the review's (reviewers and committee, /review), the programme's (handlers under programme/) and the doors' (handlers under checkin/) in their nested stacks, every other route in the API stack", () => {
    const stacks = { api: apiOwn, office, review, programme, checkin } as const;
    const expected = (route: (typeof routeList)[number]) =>
      route.auth === 'organiser' && route.path.startsWith('/office')
        ? 'office'
        : (route.auth === 'reviewer' || route.auth === 'committee') && route.path.startsWith('/review')
          ? 'review'
          : route.handler.startsWith('programme/')
            ? 'programme'
            : route.handler.startsWith('checkin/')
              ? 'checkin'
              : 'api';
    for (const name of ['office', 'review', 'programme', 'checkin'] as const) expect(routeList.filter((r) => routeStackOf(r) === name).length, name).toBeGreaterThan(0);
    for (const route of routeList) {
      expect(routeStackOf(route), route.id).toBe(expected(route));
      const home = stacks[routeStackOf(route)];
      const others = Object.entries(stacks).filter(([name]) => name !== routeStackOf(route)).map(([, t]) => t);
      const key = `${route.method} ${API_BASE}${route.path}`;
      // Its function, role, route, integration and permission all live in one stack.
      home.hasResourceProperties('AWS::Lambda::Function', { FunctionName: functionNameOf('development', route.id) });
      home.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: key });
      for (const other of others) {
        expect(Object.keys(other.findResources('AWS::Lambda::Function', { Properties: { FunctionName: functionNameOf('development', route.id) } })), route.id).toEqual([]);
        expect(Object.keys(other.findResources('AWS::ApiGatewayV2::Route', { Properties: { RouteKey: key } })), route.id).toEqual([]);
      }
      expect(Object.keys(home.findResources('AWS::IAM::Role')).some((id) => id.startsWith(`${route.id}Role`)), route.id).toBe(true);
    }
    for (const name of ['office', 'review'] as const) {
      const count = routeList.filter((r) => routeStackOf(r) === name).length;
      stacks[name].resourceCountIs('AWS::ApiGatewayV2::Route', count);
      stacks[name].resourceCountIs('AWS::ApiGatewayV2::Integration', count);
      stacks[name].resourceCountIs('AWS::Lambda::Permission', count);
    }
    // The same HTTP API: every nested route and integration names the API stack's API.
    const apiId = Object.keys(apiOwn.findResources('AWS::ApiGatewayV2::Api'))[0]!;
    for (const type of ['AWS::ApiGatewayV2::Route', 'AWS::ApiGatewayV2::Integration']) {
      for (const resource of Object.values(api.findResources(type))) expect(resource.Properties.ApiId).toEqual({ Ref: apiId });
    }
    apiOwn.resourceCountIs('AWS::CloudFormation::Stack', 4);
  });

  it("passes the nested stacks no secret value: their functions build the origin secret's dynamic reference themselves", () => {
    for (const nested of Object.values(apiOwn.findResources('AWS::CloudFormation::Stack'))) expect(isSecretReference(nested.Properties.Parameters ?? {})).toBe(false);
    for (const [name, template] of [['office', office], ['review', review], ['programme', programme], ['checkin', checkin]] as const) {
      const functions = Object.values(template.findResources('AWS::Lambda::Function'));
      expect(functions.length, name).toBe(routeList.filter((r) => routeStackOf(r) === name).length);
      for (const fn of functions) expect(isSecretReference(fn.Properties.Environment.Variables.ORIGIN_VERIFY)).toBe(true);
    }
  });
});

describe('api stack', () => {
  it('has exactly one Lambda per route of the route table, and the workers of the queues (the office-jobs queue)', () => {
    api.resourceCountIs('AWS::Lambda::Function', routeList.length + workerList.filter((w) => w.trigger.kind === 'sqs').length);
  });

  it('wires every route to the API with its method and path', () => {
    api.resourceCountIs('AWS::ApiGatewayV2::Route', routeList.length);
    for (const route of routeList) {
      api.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: `${route.method} ${API_BASE}${route.path}` });
    }
  });

  it('runs every function on Node 22, arm64, with the table and origin settings', () => {
    const functions = api.findResources('AWS::Lambda::Function');
    const workerDescriptions = new Set(workerList.map((w) => w.description));
    // Workers are reached by no request: they get the same settings but CloudFront's secret (jobs-queue.test.ts).
    for (const fn of Object.values(functions).filter((f) => !workerDescriptions.has(f.Properties.Description))) {
      expect(fn.Properties.Runtime).toBe('nodejs22.x');
      expect(fn.Properties.Architectures).toEqual(['arm64']);
      expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(
        expect.arrayContaining(['TABLE_NAME', 'UPLOADS_BUCKET', 'MAIL_FROM', 'ORIGIN_VERIFY']),
      );
      // Links follow the names the site is reached by (x-forwarded-host), not a setting.
      expect(fn.Properties.Environment.Variables.SITE_ORIGIN).toBeUndefined();
      expect(isSecretReference(fn.Properties.Environment.Variables.ORIGIN_VERIFY)).toBe(true);
      expect(fn.Properties.Environment.Variables.APP_NOW).toBeUndefined();
      expect(fn.Properties.Environment.Variables.APP_MODE).toBeUndefined();
    }
  });

  it("never gives a function the test portal's cheaper password work (every function of every stack: the office's and review's too)", () => {
    const all = [api, office, review, data, web].flatMap((t) => Object.values(t.findResources('AWS::Lambda::Function')));
    expect(all.length).toBeGreaterThan(routeList.length);
    for (const fn of all) expect(Object.keys(fn.Properties.Environment?.Variables ?? {})).not.toContain('TEST_SCRYPT_LOG2N');
  });

  /** Every action the role of a route's function is allowed, with the resources of each statement. */
  function policyOf(routeId: string) {
    const roleId = Object.keys(api.findResources('AWS::IAM::Role')).find((id) => id.startsWith(`${routeId}Role`));
    expect(roleId, routeId).toBeDefined();
    const statements = statementsOf(api, roleId);
    return statements.map((st) => ({ actions: [st.Action].flat(), resource: JSON.stringify(st.Resource), effect: st.Effect }));
  }

  it.each(routeList.map((r) => [r.id, r] as const))('%s: the role holds exactly the route\'s effective grants', (_id, route) => {
    const policy = policyOf(route.id);
    // Beyond its grants: writing its own log group (and, traced, X-Ray's trace segments).
    const platform = (a: string) => a.startsWith('logs:') || a.startsWith('xray:');
    const granted = policy.flatMap((st) => st.actions).filter((a) => !platform(a)).sort();
    expect(granted).toEqual(effectiveGrants(route).sort());
    for (const st of policy.filter((p) => !p.actions.some(platform))) {
      expect(st.effect).toBe('Allow');
      const services = new Set(st.actions.map((a) => a.split(':')[0]));
      expect(services.size, 'one service per statement').toBe(1);
      if (services.has('dynamodb')) {
        expect(st.resource).toContain('table/congress-development');
        // Only a Query may reach the indexes.
        expect(st.resource.includes('/index/*')).toBe(st.actions.includes('dynamodb:Query'));
      }
      // Objects under users/, or the office's exports/ for a route that names that prefix.
      if (services.has('s3')) for (const prefix of [route.objectPrefix ?? 'users/'].flat()) expect(st.resource).toContain(`/${prefix}*`);
      if (services.has('ses')) expect(st.resource).toContain('identity');
      // The card provider's keys, or for a route that signs tickets the tickets' signing keys.
      if (services.has('secretsmanager')) expect(st.resource).toContain(route.signsTickets ? 'CheckinKeys' : 'StripeKeys');
      if (services.has('sqs')) expect(st.resource).toContain('runOfficeJobQueue');
    }
  });

  it("gives the office's job worker both secrets it reads: the Stripe keys (reconciliations) and the tickets' signing keys (the badges export)", () => {
    const worker = workerList.find((w) => w.signsTickets)!;
    expect(worker, 'a worker signs tickets').toBeDefined();
    const policy = policyOf(worker.id);
    const secrets = policy.find((st) => st.actions.includes('secretsmanager:GetSecretValue'))!;
    expect([secrets.resource.includes('StripeKeys'), secrets.resource.includes('CheckinKeys')]).toEqual([true, true]);
    const [, fn] = Object.entries(api.findResources('AWS::Lambda::Function')).find(([id]) => id.startsWith(`${worker.id}Fn`))!;
    expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(expect.arrayContaining(['STRIPE_SECRET_ARN', 'CHECKIN_KEYS_SECRET_ARN']));
  });

  it('gives a delegate route the read of its session even when it lists no grant (GET /contribute/options)', () => {
    expect(policyOf('getAbstractOptions').flatMap((st) => st.actions).filter((a) => !a.startsWith('logs:'))).toEqual(['dynamodb:GetItem']);
  });

  it('throttles the password-hashing routes at the gateway, and logs each request with both request ids but no query', () => {
    const [stage] = Object.values(api.findResources('AWS::ApiGatewayV2::Stage'));
    const settings = stage!.Properties.RouteSettings as Record<string, { ThrottlingRateLimit: number }>;
    expect(Object.keys(settings).sort()).toEqual(
      routeList.filter((r) => r.memoryMb === 1769).map((r) => `${r.method} ${API_BASE}${r.path}`).sort(),
    );
    expect(settings[`POST ${API_BASE}/login`]!.ThrottlingRateLimit).toBe(passwordRouteThrottle.rateLimit);
    const format = stage!.Properties.AccessLogSettings.Format as string;
    expect(format).toContain('$context.requestId');
    expect(format).toContain('$context.integration.requestId');
    expect(format).not.toMatch(/querystring|\$context\.path|rawQuery/i);
  });

  it('has the Stripe webhook route, and gives the Stripe keys only to the payment functions, by reference', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: `POST ${API_BASE}/stripe/webhook` });
    const fns = api.findResources('AWS::Lambda::Function');
    for (const route of routeList) {
      const [, fn] = Object.entries(fns).find(([id]) => id.startsWith(`${route.id}Fn`))!;
      const arn = fn.Properties.Environment.Variables.STRIPE_SECRET_ARN;
      expect(Boolean(arn), route.id).toBe(effectiveGrants(route).includes('secretsmanager:GetSecretValue') && !route.signsTickets);
      // The tickets' signing keys only to the routes that sign or verify tickets, by reference too.
      expect(Boolean(fn.Properties.Environment.Variables.CHECKIN_KEYS_SECRET_ARN), route.id).toBe(Boolean(route.signsTickets));
    }
    const template = JSON.stringify([api.toJSON(), data.toJSON(), web.toJSON()]);
    expect(/sk_(test|live)_[A-Za-z0-9]{8,}|whsec_[A-Za-z0-9]{8,}/.test(template), 'a Stripe key in a template').toBe(false);
    data.hasResourceProperties('AWS::SecretsManager::Secret', { Description: Match.stringLikeRegexp('Stripe keys') });
    data.hasResourceProperties('AWS::SecretsManager::Secret', { Description: Match.stringLikeRegexp('Signing keys of the tickets') });
  });

  it('gives password hashing a whole vCPU', () => {
    const fns = api.findResources('AWS::Lambda::Function');
    const memoryOf = (routeId: string) => Object.entries(fns).find(([id]) => id.startsWith(`${routeId}Fn`))![1].Properties.MemorySize;
    expect(memoryOf('login')).toBe(1769);
    expect(memoryOf('getConference')).toBe(512);
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

  it('keeps the uploads bucket private, encrypted, TLS-only, and expires unconfirmed uploads after a day', () => {
    data.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ Status: 'Enabled', TagFilters: [{ Key: PENDING_TAG.key, Value: PENDING_TAG.value }], ExpirationInDays: 1 }),
        ]),
      },
    });
    data.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
      },
    });
  });
});

describe('data stack secrets', () => {
  it('generates the origin secret (never written in a template)', () => {
    data.hasResourceProperties('AWS::SecretsManager::Secret', { GenerateSecretString: Match.objectLike({ PasswordLength: 48 }) });
  });
});

describe('web stack', () => {
  const apiBehavior = (t: Template) => {
    const config = Object.values(t.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
    const behavior = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
    const origin = config.Origins.find((o: { Id: string }) => o.Id === behavior.TargetOriginId);
    return { config, behavior, origin };
  };

  it('sends the origin secret to the API, with the viewer address and never the Host', () => {
    const { behavior, origin } = apiBehavior(web);
    const header = origin.OriginCustomHeaders.find((h: { HeaderName: string }) => h.HeaderName === 'x-origin-verify');
    expect(isSecretReference(header.HeaderValue)).toBe(true);
    web.hasResourceProperties('AWS::CloudFront::OriginRequestPolicy', {
      OriginRequestPolicyConfig: Match.objectLike({
        HeadersConfig: { HeaderBehavior: 'whitelist', Headers: Match.arrayWith(['x-forwarded-host', 'x-language', 'CloudFront-Viewer-Address']) },
        QueryStringsConfig: { QueryStringBehavior: 'all' },
      }),
    });
    const policy = Object.values(web.findResources('AWS::CloudFront::OriginRequestPolicy'))[0]!;
    expect((policy.Properties.OriginRequestPolicyConfig.HeadersConfig.Headers as string[]).map((h) => h.toLowerCase())).not.toContain('host');
    expect(behavior.OriginRequestPolicyId).toEqual({ Ref: Object.keys(web.findResources('AWS::CloudFront::OriginRequestPolicy'))[0] });
    // Authorization reaches the API only through a cache policy; the API answers no-store.
    web.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({
        DefaultTTL: 0,
        MinTTL: 0,
        ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({ HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['authorization'] } }),
      }),
    });
    expect(behavior.FunctionAssociations[0].EventType).toBe('viewer-request');
  });

  it("keeps the published programme's public reads at the edge, per language and query, never by a token; only public cached routes are under it", () => {
    const dist = Object.values(web.findResources('AWS::CloudFront::Distribution'))[0]!;
    const behaviors = dist.Properties.DistributionConfig.CacheBehaviors as { PathPattern: string; AllowedMethods: string[]; CachePolicyId: { Ref: string }; OriginRequestPolicyId: unknown }[];
    // The first matching pattern wins: the programme's comes before the rest of /api/*.
    const at = (pattern: string) => behaviors.findIndex((b) => b.PathPattern === pattern);
    expect(at(publicProgrammePaths)).toBeGreaterThanOrEqual(0);
    expect(at(publicProgrammePaths)).toBeLessThan(at('/api/*'));
    const programme = behaviors[at(publicProgrammePaths)]!;
    expect(programme.AllowedMethods.sort()).toEqual(['GET', 'HEAD']);
    expect(programme.OriginRequestPolicyId).toEqual(behaviors[at('/api/*')]!.OriginRequestPolicyId);
    const policy = web.findResources('AWS::CloudFront::CachePolicy')[programme.CachePolicyId.Ref]!;
    expect(policy.Properties.CachePolicyConfig).toMatchObject({
      MinTTL: 0,
      DefaultTTL: 0,
      MaxTTL: 86400,
      ParametersInCacheKeyAndForwardedToOrigin: {
        HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['x-language'] },
        CookiesConfig: { CookieBehavior: 'none' },
        QueryStringsConfig: { QueryStringBehavior: 'all' },
      },
    });
    const pattern = new RegExp(`^${publicProgrammePaths.replace('*', '')}`);
    const under = Object.entries(routes).filter(([, r]) => pattern.test(`${API_BASE}${r.path}`));
    expect(under.map(([name]) => name).sort()).toEqual(['getDelegatesBook', 'getProgramme', 'getProgrammeAbstract', 'getProgrammeAbstractPage', 'getProgrammeCalendar', 'getProgrammeStatus']);
    for (const [name, r] of under) expect([name, r.method, r.auth, (r as { publicCacheSeconds?: number }).publicCacheSeconds! > 0]).toEqual([name, 'GET', 'public', true]);
  });

  it("writes the distribution's id into the table, where the publishing functions read it to drop the edge's copies", () => {
    const [resource] = Object.values(web.findResources('Custom::AWS')).filter((r) => JSON.stringify(r.Properties.Create).includes('putItem'));
    const create = JSON.stringify(resource!.Properties.Create);
    // The call's parameters are a JSON text CloudFormation completes (the distribution's id).
    expect(create).toContain(edgeConfigKey.pk);
    expect(create).toContain(edgeConfigKey.sk);
    expect(create).toContain('distribution_id');
    expect(JSON.stringify(resource!.Properties.Update)).toContain('distribution_id');
    for (const route of [routes.publishProgramme, routes.publishDelegatesBook]) expect(effectiveGrants(route)).toContain('cloudfront:CreateInvalidation');
    const invalidating = statementsOf(api).filter((st) => [st.Action].flat().includes('cloudfront:CreateInvalidation'));
    expect(invalidating).toHaveLength(2);
    for (const statement of invalidating) expect(JSON.stringify(statement.Resource)).toContain(':distribution/*');
  });

  it('copies the viewer Host into x-forwarded-host, overwriting a forged one', () => {
    const handler = new Function(`${forwardedHostFunctionCode}; return handler;`)() as (e: unknown) => { headers: Record<string, { value: string }> };
    const request = handler({ request: { headers: { host: { value: 'congress.example.org' }, 'x-forwarded-host': { value: 'evil.example' } } } });
    expect(request.headers['x-forwarded-host']).toEqual({ value: 'congress.example.org' });
  });

  it('runs on the CloudFront name without a custom domain, and gives the uploads bucket CORS for it', () => {
    const { config } = apiBehavior(web);
    expect(config.Aliases).toBeUndefined();
    const [cors] = Object.values(web.findResources('Custom::AWS'));
    expect(JSON.stringify(cors!.Properties.Create)).toContain('DomainName');
    expect(JSON.stringify(cors!.Properties.Create)).toContain('putBucketCors');
  });

  it('with domainNames and certificateArn: aliases, the certificate, and CORS for those names too', () => {
    const { config } = apiBehavior(customWeb);
    expect(config.Aliases).toEqual(deployedStage.domainNames);
    expect(config.ViewerCertificate).toMatchObject({ AcmCertificateArn: deployedStage.certificateArn, SslSupportMethod: 'sni-only', MinimumProtocolVersion: 'TLSv1.2_2021' });
    const [cors] = Object.values(customWeb.findResources('Custom::AWS'));
    const create = JSON.stringify(cors!.Properties.Create);
    for (const name of deployedStage.domainNames) expect(create).toContain(`https://${name}`);
  });

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
    expect(Object.keys(behaviors).sort()).toEqual(['/api/*', '/api/v1/admin/programme*', '/assets/*', '/images/*', '/pdf/*', '/program/abstracts/*', '/zh/program/abstracts/*']);
    expect(behaviors['/api/*']!.AllowedMethods).toContain('POST');
    expect(behaviors['/api/*']!.CachePolicyId).toEqual({ Ref: Object.keys(web.findResources('AWS::CloudFront::CachePolicy'))[0] });
    expect(config.DefaultCacheBehavior.FunctionAssociations.map((f: { EventType: string }) => f.EventType).sort()).toEqual([
      'viewer-request',
      'viewer-response',
    ]);
    // The API keeps its own answers: no site function runs on /api/* (only the forwarded-host copy).
    const apiFunctions = (behaviors['/api/*'] as { FunctionAssociations?: { EventType: string; FunctionARN: unknown }[] }).FunctionAssociations ?? [];
    expect(apiFunctions.map((f) => f.EventType)).toEqual(['viewer-request']);
    expect(JSON.stringify(apiFunctions[0]!.FunctionARN)).toContain('ApiForwardedHost');
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
    for (const uri of ['/', '/home', '/congress/past', '/congress/past/', '/admin/pre', '/admin/center', '/admin/upload-update/42', '/nope', '/pdf/full-programme.pdf', '/assets/x.js']) {
      expect(handler({ request: { uri } }).uri).toBe(siteObjectFor(uri, prerenderedPaths, pagePatterns));
    }
    expect(handler({ request: { uri: '/congress/past' } }).uri).toBe('/congress/past/index.html');
    expect(handler({ request: { uri: '/admin/center' } }).uri).toBe('/app.html');
    // A framed SPA page (its title and lead in its own HTML, web/src/app/page-frames.tsx).
    expect(handler({ request: { uri: '/admin/pre' } }).uri).toBe('/admin/pre/index.html');
    // A framed route with a parameter: one file for every id.
    expect(handler({ request: { uri: '/admin/upload-update/42' } }).uri).toBe('/admin/upload-update/_id/index.html');
    expect(handler({ request: { uri: '/registration/submission-edit/abc' } }).uri).toBe('/registration/submission-edit/_id/index.html');
    expect(handler({ request: { uri: '/no/such/page' } }).uri).toBe('/404.html');
  });

  it("sends an abstract's page, in either language, to the API route that renders it, cached like the programme's reads and dropped on publication", () => {
    const dist = Object.values(web.findResources('AWS::CloudFront::Distribution'))[0]!;
    const behaviors = Object.fromEntries(
      dist.Properties.DistributionConfig.CacheBehaviors.map((b: { PathPattern: string }) => [b.PathPattern, b]),
    ) as Record<string, { AllowedMethods: string[]; CachePolicyId: unknown; TargetOriginId: string; FunctionAssociations: { EventType: string; FunctionARN: unknown }[] }>;
    for (const pattern of serverPagePathPatterns(serverRenderedPages)) {
      const b = behaviors[pattern]!;
      // The API's origin and the programme's cache policy (the route's max-age, per language).
      expect([b.TargetOriginId, b.CachePolicyId, b.AllowedMethods]).toEqual([behaviors['/api/v1/admin/programme*']!.TargetOriginId, behaviors['/api/v1/admin/programme*']!.CachePolicyId, ['GET', 'HEAD']]);
      expect(b.FunctionAssociations.map((f) => [f.EventType, JSON.stringify(f.FunctionARN).includes('ServerPages')])).toEqual([['viewer-request', true]]);
    }
    // The publication drops the pages by the addresses CloudFront keeps them under.
    expect(serverPagePathPatterns(serverRenderedPages)).toEqual(programmePagePaths);
    const code = serverPagesFunctionCode(serverRenderedPages);
    expect(code.length).toBeLessThan(10_240);
    type Request = { uri: string; querystring: Record<string, unknown>; headers: Record<string, { value: string }> };
    const handler = new Function(`${code}; return handler;`)() as (e: { request: Request }) => Request & { statusCode?: number };
    const viewer = (uri: string) => handler({ request: { uri, querystring: { utm: { value: 'x' } }, headers: { host: { value: 'congress.example.org' }, 'x-language': { value: 'en' }, 'x-forwarded-host': { value: 'evil.example' } } } });
    const zh = viewer('/zh/program/abstracts/a%20b');
    expect([zh.uri, zh.querystring, zh.headers['x-language'], zh.headers['x-forwarded-host']]).toEqual([
      `${API_BASE}/programme/abstracts/a%20b/page`,
      {},
      { value: 'zh-Hans' },
      { value: 'congress.example.org' },
    ]);
    expect(viewer('/program/abstracts/abc/').headers['x-language']).toEqual({ value: 'en' });
    expect(viewer('/program/abstracts/abc').uri).toBe(`${API_BASE}/programme/abstracts/abc/page`);
    // The local server takes the same rule (infra/local/portal.ts).
    expect(serverPageFor('/Program/Abstracts/abc', serverRenderedPages)).toEqual({ uri: `${API_BASE}/programme/abstracts/abc/page`, lang: 'en' });
    expect(viewer('/program/abstracts/abc/more').statusCode).toBe(404);
    expect(serverPageFor('/program', serverRenderedPages)).toBeNull();
    // The route renders pages: its bundle carries the pre-rendering entry, and it may read the published abstract only.
    expect([routes.getProgrammeAbstractPage.ssr, routes.getProgrammeAbstractPage.file, effectiveGrants(routes.getProgrammeAbstractPage)]).toEqual([true, 'text/html', ['dynamodb:GetItem']]);
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
