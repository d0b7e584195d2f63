/**
 * Mail that survives bounces, as synthesized: the configuration set with reputation metrics, its
 * bounce and complaint events to an SNS topic, the custom MAIL FROM domain, the mail-events
 * worker subscribed to the topic, and every function sending through (and allowed to use) the
 * configuration set.
 */
import type { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { effectiveGrants, routeList } from '#core/routes';
import { workerList, workers } from '#core/workers';
import { synthStage } from './synth';
import { withNested } from './nested';
import { statementsOf } from './policies';

let stacks: ReturnType<typeof synthStage>;
let mail: Template;
let api: Template;

beforeAll(() => {
  stacks = synthStage('development');
  mail = Template.fromStack(stacks.mail);
  api = withNested(stacks.api);
}, 120_000);

const idOf = (template: Template, type: string) => {
  const ids = Object.keys(template.findResources(type));
  expect(ids, type).toHaveLength(1);
  return ids[0]!;
};

/** Our functions (CDK's own helper functions, e.g. for the site deployment, carry no POWERTOOLS_SERVICE_NAME). */
const ownFunctions = (stack: Stack) =>
  Object.values(withNested(stack).findResources('AWS::Lambda::Function')).filter(
    (fn) => fn.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME === 'congress-portal',
  );

describe('mail stack', () => {
  it('has one configuration set, with reputation metrics, and without SES suppressing addresses on its own', () => {
    mail.resourceCountIs('AWS::SES::ConfigurationSet', 1);
    mail.hasResourceProperties('AWS::SES::ConfigurationSet', {
      ReputationOptions: { ReputationMetricsEnabled: true },
      SuppressionOptions: { SuppressedReasons: [] },
    });
  });

  it('publishes bounces and complaints (only) to a TLS-only SNS topic SES may publish to', () => {
    const set = idOf(mail, 'AWS::SES::ConfigurationSet');
    const topic = idOf(mail, 'AWS::SNS::Topic');
    mail.resourceCountIs('AWS::SES::ConfigurationSetEventDestination', 1);
    mail.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      ConfigurationSetName: { Ref: set },
      EventDestination: { Enabled: true, MatchingEventTypes: ['bounce', 'complaint'], SnsDestination: { TopicARN: { Ref: topic } } },
    });
    mail.hasResourceProperties('AWS::SNS::TopicPolicy', {
      Topics: [{ Ref: topic }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Action: 'sns:Publish', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({ Effect: 'Allow', Action: 'sns:Publish', Principal: { Service: 'ses.amazonaws.com' } }),
        ]),
      },
    });
  });

  it('sends as the domain, from the custom MAIL FROM domain (default MAIL FROM while its MX is missing), with the configuration set as default', () => {
    mail.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'example.org',
      MailFromAttributes: { MailFromDomain: 'mail.example.org', BehaviorOnMxFailure: 'USE_DEFAULT_VALUE' },
      ConfigurationSetAttributes: { ConfigurationSetName: { Ref: idOf(mail, 'AWS::SES::ConfigurationSet') } },
    });
  });

  it('subscribes the mail-events worker to the topic, with only its grants and a dead-letter queue', () => {
    const topic = idOf(mail, 'AWS::SNS::Topic');
    const fnId = Object.keys(mail.findResources('AWS::Lambda::Function', { Properties: { Description: workers.recordMailEvent.description } }))[0];
    expect(fnId).toBeDefined();
    mail.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'lambda', TopicArn: { Ref: topic }, Endpoint: { 'Fn::GetAtt': [fnId, 'Arn'] } });
    mail.hasResourceProperties('AWS::Lambda::Permission', { Principal: 'sns.amazonaws.com', SourceArn: { Ref: topic }, FunctionName: { 'Fn::GetAtt': [fnId, 'Arn'] } });
    const fn = mail.findResources('AWS::Lambda::Function')[fnId!]!;
    expect(fn.Properties.Runtime).toBe('nodejs22.x');
    expect(fn.Properties.Architectures).toEqual(['arm64']);
    expect(fn.Properties.DeadLetterConfig).toBeDefined();
    const role = fn.Properties.Role['Fn::GetAtt'][0] as string;
    const actions = Object.values(mail.findResources('AWS::IAM::Policy'))
      .filter((p) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === role))
      .flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string | string[] }[])
      .flatMap((st) => [st.Action].flat());
    // Its grants, plus Lambda's own right to put failed events in the dead-letter queue and to write its own log group.
    expect(actions.sort()).toEqual([...effectiveGrants(workers.recordMailEvent), 'sqs:SendMessage', 'logs:CreateLogStream', 'logs:PutLogEvents'].sort());
  });

  it('creates every worker of the worker table somewhere in the app', () => {
    const all = Object.values(stacks).flatMap(ownFunctions).map((fn) => fn.Properties.Description as string);
    for (const worker of workerList) expect(all, worker.id).toContain(worker.description);
  });
});

describe('sending through the configuration set', () => {
  it('allows ses:SendEmail on the identity and on the configuration set, in every function that sends', () => {
    const statements = statementsOf(api).filter((st) => [st.Action].flat().includes('ses:SendEmail'));
    // The routes that send, and the queue workers made in the api stack (the office's mail jobs).
    const senders = [...routeList, ...workerList.filter((w) => w.trigger.kind === 'sqs')].filter((r) => effectiveGrants(r).includes('ses:SendEmail'));
    expect(senders.length).toBeGreaterThan(0);
    expect(statements).toHaveLength(senders.length);
    for (const st of statements) {
      const resources = [st.Resource].flat().map((r) => JSON.stringify(r));
      expect(resources).toHaveLength(2);
      expect(resources.some((r) => r.includes(':identity/'))).toBe(true);
      expect(resources.some((r) => r.includes(':configuration-set/'))).toBe(true);
    }
  });

  it('gives every function of the app the configuration set by name (MAIL_CONFIGURATION_SET)', () => {
    const functions = Object.values(stacks).flatMap(ownFunctions);
    expect(functions.length).toBe(routeList.length + workerList.length);
    for (const fn of functions) expect(fn.Properties.Environment.Variables.MAIL_CONFIGURATION_SET, fn.Properties.Description).toBeDefined();
  });

  it('a mail-sending function may read the mark of the address it writes to (GetItem)', () => {
    for (const route of routeList.filter((r) => r.grants.some((g) => g === 'ses:SendEmail'))) {
      expect(effectiveGrants(route), route.id).toContain('dynamodb:GetItem');
    }
  });
});
