/**
 * What a first production deploy needs (issue 14): settings that cannot fall back, a stage that
 * deploys in one go, alarms, recoverable uploads, the WAF, timeouts that fit, cache headers that
 * keep open tabs working, stages side by side, and cdk-nag clean (every finding fixed or
 * acknowledged in code with its reason).
 */
import { Match, Template } from 'aws-cdk-lib/assertions';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, routeList } from '#core/routes';
import { STRIPE_TIMING, stripeWorstCaseMs } from '#lib/payments/stripe-client';
import cdkJson from '../../cdk.json';
import { callsStripe, FUNCTION_TIMEOUT_S, GATEWAY_TIMEOUT_S, PAYMENT_FUNCTION_TIMEOUT_S } from '../../infra/cdk/api-function';
import { functionNameOf, hashesPasswords } from '../../infra/cdk/api-stack';
import { UPLOAD_RECOVERY_DAYS } from '../../infra/cdk/data-stack';
import { rateLimits, strictRoutes } from '../../infra/cdk/edge-stack';
import { functionGroupOf } from '../../infra/cdk/monitoring-stack';
import { SettingsError, stageSettings } from '../../infra/cdk/settings';
import { siteCacheControl } from '../../infra/cdk/web-stack';
import { deployedStage, newApp, synthStage } from './synth';
import { withNested } from './nested';

type Stacks = ReturnType<typeof synthStage>;
let prod: Stacks;
let t: Record<'api' | 'data' | 'web' | 'edge' | 'monitoring', Template>;

beforeAll(() => {
  prod = synthStage('production', { production: deployedStage });
  t = {
    api: withNested(prod.api),
    data: Template.fromStack(prod.data),
    web: Template.fromStack(prod.web),
    edge: Template.fromStack(prod.edge),
    monitoring: Template.fromStack(prod.monitoring),
  };
}, 120_000);

const settingsError = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SettingsError);
    return (error as Error).message;
  }
  throw new Error('expected a SettingsError');
};

describe('settings (cdk.json "stages")', () => {
  it('synthesizes the development stage with no settings at all (tests and CI)', () => {
    expect(stageSettings('development', {}, { defaultRegion: 'us-east-1' })).toMatchObject({ stage: 'development', region: 'us-east-1', customDomain: undefined });
  });

  it("refuses the repository's production and staging entries until their placeholders are filled, naming each", () => {
    for (const stage of ['production', 'staging']) {
      const message = settingsError(() => stageSettings(stage, cdkJson.context.stages));
      expect(message).toContain(`Stage "${stage}" cannot be synthesized`);
      for (const key of ['account', 'certificateArn', 'alarmEmail', 'domainNames', 'mailDomain']) expect(message).toMatch(new RegExp(`\\b${key}: still a placeholder`));
      expect(message).toContain('cdk.json "context" > "stages"');
    }
  });

  it('refuses a deployed stage with a missing value, and says which', () => {
    const { alarmEmail: _, ...withoutAlarms } = deployedStage;
    expect(settingsError(() => stageSettings('production', { production: withoutAlarms }))).toMatch(/alarmEmail: missing/);
    expect(settingsError(() => stageSettings('production', {}))).toMatch(/No settings for stage "production"/);
    expect(settingsError(() => stageSettings('production', { production: { ...deployedStage, mailFrom: 'x <a@elsewhere.test>' } }))).toMatch(/must send from an address at mailDomain/);
    expect(settingsError(() => stageSettings('production', { production: { ...deployedStage, siteOrigin: 'https://x.test' } }))).toMatch(/siteOrigin/);
    expect(settingsError(() => stageSettings('nightly', {}))).toMatch(/Unknown stage "nightly"/);
  });

  it('refuses the context values the README once passed (-c siteOrigin=..., -c mailDomain=...) instead of ignoring them', () => {
    expect(settingsError(() => stageSettings('production', { production: deployedStage }, { retiredContext: ['siteOrigin'] }))).toMatch(
      /"siteOrigin" is no longer read.*stages/,
    );
  });

  it('with its settings, production synthesizes bound to its account and region; staging beside it has other names', () => {
    expect(prod.api.account).toBe(deployedStage.account);
    expect(prod.api.region).toBe(deployedStage.region);
    expect(prod.edge.region).toBe('us-east-1');
    const staging = synthStage('staging', { staging: { ...deployedStage, domainNames: ['staging.iacr2024.test'] } }, newApp());
    const names = (s: Stacks) => Object.values(s).map((stack) => stack.stackName);
    expect(names(prod).every((n) => n.startsWith('Congress-production-'))).toBe(true);
    expect(names(staging).every((n) => n.startsWith('Congress-staging-'))).toBe(true);
    // Every named resource carries its stage.
    const stagingData = Template.fromStack(staging.data);
    t.data.hasResourceProperties('AWS::DynamoDB::GlobalTable', { TableName: 'congress-production' });
    stagingData.hasResourceProperties('AWS::DynamoDB::GlobalTable', { TableName: 'congress-staging' });
    t.api.hasResourceProperties('AWS::Lambda::Function', { FunctionName: functionNameOf('production', 'login') });
    withNested(staging.api).hasResourceProperties('AWS::Lambda::Function', { FunctionName: functionNameOf('staging', 'login') });
    t.edge.hasResourceProperties('AWS::WAFv2::WebACL', { Name: 'congress-production-site' });
    t.monitoring.hasResourceProperties('AWS::CloudWatch::Dashboard', { DashboardName: 'congress-production' });
  });
});

describe('mail links', () => {
  it("with the site's own names, every function makes links only from them (SITE_HOSTS, SITE_ORIGIN)", () => {
    for (const fn of Object.values(t.api.findResources('AWS::Lambda::Function'))) {
      expect(fn.Properties.Environment.Variables).toMatchObject({
        SITE_ORIGIN: `https://${deployedStage.domainNames[0]}`,
        SITE_HOSTS: deployedStage.domainNames.join(','),
      });
    }
  });
});

describe('first deploy', () => {
  it('creates the password routes before the stage whose throttles name them', () => {
    const stage = Object.values(t.api.findResources('AWS::ApiGatewayV2::Stage'))[0]!;
    const routes = t.api.findResources('AWS::ApiGatewayV2::Route');
    const routeIdOf = (key: string) => Object.entries(routes).find(([, r]) => r.Properties.RouteKey === key)![0];
    const throttled = Object.keys(stage.Properties.RouteSettings as object);
    expect(throttled.length).toBe(routeList.filter(hashesPasswords).length);
    for (const key of throttled) expect(stage.DependsOn, key).toContain(routeIdOf(key));
  });
});

describe('monitoring', () => {
  const alarms = () => Object.values(t.monitoring.findResources('AWS::CloudWatch::Alarm'));
  const alarmNamed = (suffix: string) => alarms().find((a) => a.Properties.AlarmName === `congress-production-${suffix}`);

  it('mails every alarm (and its recovery) to the operations address', () => {
    t.monitoring.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: deployedStage.alarmEmail });
    const topic = Object.keys(t.monitoring.findResources('AWS::SNS::Topic'))[0]!;
    expect(alarms().length).toBeGreaterThan(10);
    for (const a of alarms()) {
      expect(a.Properties.AlarmActions, a.Properties.AlarmName).toEqual([{ Ref: topic }]);
      expect(a.Properties.OKActions).toEqual([{ Ref: topic }]);
      expect(a.Properties.TreatMissingData).toBe('notBreaching');
    }
  });

  it('alarms on the API 5xx rate and on 429s (counted from the access log)', () => {
    const rate = JSON.stringify(alarmNamed('Api5xxRate'));
    expect(rate).toContain('"MetricName":"5xx"');
    expect(rate).toContain('"MetricName":"Count"');
    t.api.hasResourceProperties('AWS::Logs::MetricFilter', { FilterPattern: '{ $.status = "429" }', MetricTransformations: [Match.objectLike({ MetricName: 'Throttled' })] });
    expect(JSON.stringify(alarmNamed('ApiThrottled'))).toContain('Throttled');
  });

  it('alarms on errors and throttles of every function, by group, at most 10 metrics per alarm', () => {
    for (const kind of ['Errors', 'Throttles']) {
      // The route groups' alarms (metric math); a worker's alarm watches its one function.
      const ofKind = alarms().filter((a) => String(a.Properties.AlarmName).startsWith(`congress-production-${kind}-`) && a.Properties.Metrics);
      const watched = ofKind.flatMap((a) =>
        (a.Properties.Metrics as { MetricStat?: { Metric: { MetricName: string; Dimensions: { Value: string }[] } } }[])
          .filter((m) => m.MetricStat)
          .map((m) => {
            expect(m.MetricStat!.Metric.MetricName).toBe(kind);
            return m.MetricStat!.Metric.Dimensions[0]!.Value;
          }),
      );
      for (const a of ofKind) expect((a.Properties.Metrics as { MetricStat?: unknown }[]).filter((m) => m.MetricStat).length).toBeLessThanOrEqual(10);
      expect(watched.sort()).toEqual(routeList.map((r) => functionNameOf('production', r.id)).sort());
    }
    for (const group of new Set(routeList.map(functionGroupOf))) {
      expect(alarms().some((a) => String(a.Properties.AlarmName).startsWith(`congress-production-Errors-${group}`)), group).toBe(true);
    }
  });

  it("alarms on the Stripe webhook's errors and on deliveries it did not accept", () => {
    const webhook = routeList.find((r) => r.auth === 'stripe-signature')!;
    expect(alarmNamed('WebhookErrors')!.Properties).toMatchObject({
      MetricName: 'Errors',
      Dimensions: [{ Name: 'FunctionName', Value: functionNameOf('production', webhook.id) }],
      Threshold: 1,
    });
    t.api.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: `{ $.route = "${webhook.method} ${API_BASE}${webhook.path}" && $.status != "2*" }`,
      MetricTransformations: [Match.objectLike({ MetricName: 'WebhookFailures' })],
    });
    expect(alarmNamed('WebhookFailures')).toBeDefined();
  });

  it('alarms on errors of every worker and on anything in its dead-letter queue', () => {
    for (const w of prod.mail.workers) {
      expect(alarmNamed(`Errors-${w.id}`)!.Properties).toMatchObject({ MetricName: 'Errors', Dimensions: [{ Name: 'FunctionName', Value: w.functionName }] });
      expect(alarmNamed(`DeadLetters-${w.id}`)!.Properties).toMatchObject({ Namespace: 'AWS/SQS', Dimensions: [{ Name: 'QueueName', Value: w.deadLetterQueueName }], Threshold: 1 });
    }
    expect(prod.mail.workers.map((w) => w.functionName)).toEqual(['congress-production-recordMailEvent']);
  });

  it('alarms on DynamoDB throttles and on the SES bounce and complaint rates, and has a dashboard', () => {
    expect(alarmNamed('TableReadThrottles')!.Properties).toMatchObject({ MetricName: 'ReadThrottleEvents', Dimensions: [{ Name: 'TableName', Value: 'congress-production' }] });
    expect(alarmNamed('TableWriteThrottles')!.Properties.MetricName).toBe('WriteThrottleEvents');
    expect(alarmNamed('SesBounceRate')!.Properties).toMatchObject({ Namespace: 'AWS/SES', MetricName: 'Reputation.BounceRate' });
    expect(alarmNamed('SesComplaintRate')!.Properties).toMatchObject({ Namespace: 'AWS/SES', MetricName: 'Reputation.ComplaintRate' });
    t.monitoring.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
  });
});

describe('uploads can be recovered; passport reads are logged', () => {
  it('versions the uploads bucket and expires old versions after the recovery period', () => {
    t.data.hasResourceProperties('AWS::S3::Bucket', {
      VersioningConfiguration: { Status: 'Enabled' },
      LifecycleConfiguration: {
        Rules: Match.arrayWith([Match.objectLike({ Status: 'Enabled', NoncurrentVersionExpiration: { NoncurrentDays: UPLOAD_RECOVERY_DAYS } })]),
      },
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'uploads/' }),
    });
  });
});

describe('the edge: WAF in front of CloudFront', () => {
  const acl = () => Object.values(t.edge.findResources('AWS::WAFv2::WebACL'))[0]!.Properties;

  it('puts a CloudFront-scope web ACL in us-east-1 on the distribution', () => {
    expect(acl().Scope).toBe('CLOUDFRONT');
    const config = Object.values(t.web.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
    // Carried across regions (the web stack is in the stage's region): CDK's export reader, reading the edge stack's ACL ARN.
    expect(config.WebACLId['Fn::GetAtt'][0]).toMatch(/^ExportsReader/);
    expect(config.WebACLId['Fn::GetAtt'][1]).toMatch(/^\/cdk\/exports\/Congress-production-Web\/CongressproductionEdgeuseast1FnGetAttWebAclArn/);
  });

  it('has the AWS managed rules, a strict per-client limit on the account routes and one on /api/*', () => {
    interface Statement {
      ManagedRuleGroupStatement?: { RuleActionOverrides?: unknown };
      RateBasedStatement?: { Limit: number; AggregateKeyType: string; EvaluationWindowSec: number; ScopeDownStatement: unknown };
    }
    const rules = acl().Rules as { Name: string; Priority: number; Statement: Statement; Action?: unknown }[];
    const byName = Object.fromEntries(rules.map((r) => [r.Name, r]));
    expect(byName['AWS-AWSManagedRulesCommonRuleSet']!.Statement.ManagedRuleGroupStatement!.RuleActionOverrides).toEqual([
      { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
    ]);
    expect(byName['AWS-AWSManagedRulesKnownBadInputsRuleSet']).toBeDefined();
    const strict = byName.AccountRoutesPerClient!.Statement.RateBasedStatement!;
    expect(strict).toMatchObject({ Limit: rateLimits.accounts, AggregateKeyType: 'IP', EvaluationWindowSec: 300 });
    const paths = JSON.stringify(strict.ScopeDownStatement);
    for (const route of strictRoutes()) expect(paths).toContain(`"${`${API_BASE}${route.path}`.toLowerCase()}"`);
    for (const route of routeList.filter(hashesPasswords)) expect(strictRoutes()).toContain(route);
    const api = byName.ApiPerClient!.Statement.RateBasedStatement!;
    expect(api).toMatchObject({ Limit: rateLimits.api, AggregateKeyType: 'IP' });
    expect(JSON.stringify(api.ScopeDownStatement)).toContain('"/api/"');
    // An abstract's page not cached yet runs a function: counted like the API (decision 0072).
    for (const prefix of ['/program/abstracts/', '/zh/program/abstracts/']) expect(JSON.stringify(api.ScopeDownStatement)).toContain(`"${prefix}"`);
    expect(rateLimits.accounts).toBeLessThan(rateLimits.api);
    for (const r of [byName.AccountRoutesPerClient!, byName.ApiPerClient!]) expect(r.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429 } } });
  });

  it('logs CloudFront requests to a private, expiring bucket', () => {
    const config = Object.values(t.web.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
    expect(config.Logging).toMatchObject({ Prefix: 'cloudfront/' });
  });
});

describe('payment calls fit in their function', () => {
  it("gives the Stripe routes a timeout longer than the SDK's worst case and shorter than the gateway's; the rest 10 s", () => {
    expect(stripeWorstCaseMs()).toBe(STRIPE_TIMING.perTryMs * (STRIPE_TIMING.maxNetworkRetries + 1) + 1_500);
    expect(PAYMENT_FUNCTION_TIMEOUT_S * 1000).toBeGreaterThan(stripeWorstCaseMs() + 2_000);
    expect(PAYMENT_FUNCTION_TIMEOUT_S).toBeLessThan(GATEWAY_TIMEOUT_S);
    const fns = t.api.findResources('AWS::Lambda::Function');
    for (const route of routeList) {
      const fn = Object.values(fns).find((f) => f.Properties.FunctionName === functionNameOf('production', route.id))!;
      expect(fn.Properties.Timeout, route.id).toBe(callsStripe(route) ? PAYMENT_FUNCTION_TIMEOUT_S : FUNCTION_TIMEOUT_S);
      expect(fn.Properties.TracingConfig?.Mode ?? 'PassThrough', route.id).toBe(callsStripe(route) ? 'Active' : 'PassThrough');
    }
    expect(routeList.filter(callsStripe).length).toBeGreaterThan(3);
  });

  it('reserves concurrency for the webhook so the rest of the account cannot starve it', () => {
    const webhook = routeList.find((r) => r.auth === 'stripe-signature')!;
    t.api.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: functionNameOf('production', webhook.id),
      ReservedConcurrentExecutions: deployedStage.webhookConcurrency,
    });
  });
});

describe('a site deploy keeps open tabs working', () => {
  it('uploads hashed assets first, immutable and never pruned; then pages (no-cache) and the rest, pruned', () => {
    const deployments = t.web.findResources('Custom::CDKBucketDeployment');
    const find = (id: string) => Object.entries(deployments).find(([key]) => key.startsWith(id))!;
    const [assetsId, assets] = find('DeployAssets');
    const [pagesId, pages] = find('DeployPages');
    const [, other] = find('DeployOther');
    expect(assets.Properties.Prune).toBe(false);
    expect(assets.Properties.Include).toEqual(['assets/*']);
    expect(assets.Properties.SystemMetadata).toEqual({ 'cache-control': siteCacheControl.assets });
    expect(pages.Properties.Prune).toBe(true);
    expect(pages.Properties.Include).toEqual(['*.html']);
    expect(pages.Properties.SystemMetadata).toEqual({ 'cache-control': 'no-cache' });
    expect(other.Properties.Exclude).toEqual(['assets/*', '*.html']);
    expect(other.Properties.DistributionPaths).toEqual(['/*']);
    expect(pages.DependsOn).toEqual(expect.arrayContaining([assetsId]));
    expect(other.DependsOn).toEqual(expect.arrayContaining([pagesId]));
  });
});

describe('cdk-nag (AWS Solutions and Serverless packs)', () => {
  /** Synthesizes `stage` with both packs; returns the report's violations (none means clean). */
  function nag(stage: string, stages: unknown) {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'nag-'));
    const app = newApp({ nag: true, outdir });
    synthStage(stage, stages, app);
    let failed: unknown;
    try {
      app.synth();
    } catch (error) {
      failed = error;
    }
    const reportFile = path.join(outdir, 'validation-report.json');
    const report = fs.existsSync(reportFile)
      ? (JSON.parse(fs.readFileSync(reportFile, 'utf8')) as { pluginReports: { violations: { ruleName: string; violatingConstructs: { constructPath: string }[] }[] }[] })
      : { pluginReports: [] };
    const violations = report.pluginReports.flatMap((p) => p.violations.flatMap((v) => v.violatingConstructs.map((c) => `${v.ruleName} ${c.constructPath}`)));
    fs.rmSync(outdir, { recursive: true, force: true });
    return { failed, violations };
  }

  it.each([
    ['development', {}],
    ['production', { production: deployedStage }],
  ])('%s: every finding is fixed or acknowledged with a reason', (stage, stages) => {
    const { failed, violations } = nag(stage, stages);
    expect(violations).toEqual([]);
    expect(failed).toBeUndefined();
  }, 120_000);
});
