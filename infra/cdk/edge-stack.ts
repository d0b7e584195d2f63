import { Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { API_BASE, programmePagePaths, routeList, type RouteDef } from '../../functions/core/routes';
import { hashesPasswords } from './api-stack';

/**
 * Requests one client address may send in five minutes (WAF counts per viewer address, the one
 * CloudFront saw). Generous on purpose: during the congress hundreds of delegates share the
 * venue's few addresses.
 */
export const rateLimits = {
  /** Every /api/* request, and the pages the server renders. */
  api: 3000,
  /** Logins, sign-ups, password changes and resets, and the public routes that send mail. */
  accounts: 300,
  windowSeconds: 300,
} as const;

/** Routes an attacker would flood to guess passwords or send mail: the stricter limit. */
export const strictRoutes = (routes: readonly RouteDef[] = routeList) =>
  routes.filter((r) => hashesPasswords(r) || (r.auth === 'public' && r.grants.includes('ses:SendEmail')));

/**
 * What must live in us-east-1 for CloudFront: the web ACL. Rules, in order: AWS's known-bad-inputs
 * and common rule sets (the common set's 8 KB body limit only counts: abstracts and Stripe's
 * webhook bodies are larger), then a rate limit per client address on the account routes, then
 * one on all of /api/*. A client over a limit gets 429 for the rest of the window; everyone
 * else is unaffected (the gateway's throttles are shared by all clients).
 */
export class EdgeStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: StackProps & { stage: string }) {
    super(scope, id, props);
    const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName });
    const pathStartsWith = (path: string): wafv2.CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'STARTS_WITH',
        searchString: path,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    });
    const pathIs = (path: string): wafv2.CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'EXACTLY',
        searchString: path,
        textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
      },
    });
    const strict = strictRoutes().map((r) => pathIs(`${API_BASE}${r.path}`.toLowerCase()));
    const tooMany = { customResponse: { responseCode: 429 } };
    const managed = (priority: number, name: string, excluded: string[] = []): wafv2.CfnWebACL.RuleProperty => ({
      name: `AWS-${name}`,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          ruleActionOverrides: excluded.map((rule) => ({ name: rule, actionToUse: { count: {} } })),
        },
      },
      visibilityConfig: visibility(name),
    });

    const acl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: `congress-${props.stage}-site`,
      description: 'Congress portal: managed rules and per-client rate limits in front of CloudFront',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`congress-${props.stage}-site`),
      rules: [
        managed(0, 'AWSManagedRulesKnownBadInputsRuleSet'),
        managed(1, 'AWSManagedRulesCommonRuleSet', ['SizeRestrictions_BODY']),
        {
          name: 'AccountRoutesPerClient',
          priority: 2,
          action: { block: tooMany },
          statement: {
            rateBasedStatement: {
              limit: rateLimits.accounts,
              evaluationWindowSec: rateLimits.windowSeconds,
              aggregateKeyType: 'IP',
              scopeDownStatement: strict.length === 1 ? strict[0] : { orStatement: { statements: strict } },
            },
          },
          visibilityConfig: visibility('AccountRoutesPerClient'),
        },
        {
          name: 'ApiPerClient',
          priority: 3,
          action: { block: tooMany },
          statement: {
            rateBasedStatement: {
              limit: rateLimits.api,
              evaluationWindowSec: rateLimits.windowSeconds,
              aggregateKeyType: 'IP',
              // The pages the server renders are the API's work too (decision 0072): an id not cached yet runs a function.
              scopeDownStatement: { orStatement: { statements: ['/api/', ...programmePagePaths.map((p) => p.replace(/\*$/, ''))].map(pathStartsWith) } },
            },
          },
          visibilityConfig: visibility('ApiPerClient'),
        },
      ],
    });
    this.webAclArn = acl.attrArn;
  }
}
