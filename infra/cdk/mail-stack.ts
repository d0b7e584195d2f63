import { CfnOutput, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { addWorkers } from './worker-function';

export interface MailStackProps extends StackProps {
  /** The sender domain (e.g. iacr2024-beijing.org): verified once through the DNS records SES gives. */
  mailDomain: string;
  stage: string;
  /** The single table's fixed name (data-stack.ts): the mail-events worker writes its marks there. */
  tableName: string;
}

/** The MAIL FROM (bounce) domain under the sender domain; its MX and SPF records go in DNS (runbook). */
export const mailFromDomainOf = (mailDomain: string) => `mail.${mailDomain}`;

/**
 * Sending mail that survives bounces: the SES identity the portal sends from (the functions may
 * send only as this identity, and only through this configuration set), a custom MAIL FROM domain,
 * and the configuration set that publishes bounces and complaints to an SNS topic, to which the
 * mail-events worker (functions/core/workers.ts) is subscribed; it marks the addresses
 * (docs/decisions/0012-mail-that-survives-bounces.md).
 */
export class MailStack extends Stack {
  readonly identityArn: string;
  readonly configurationSet: { name: string; arn: string };
  /** The workers made here, by their fixed names (the monitoring stack alarms on them). */
  readonly workers: { id: string; functionName: string; deadLetterQueueName: string }[];

  constructor(scope: Construct, id: string, props: MailStackProps) {
    super(scope, id, props);
    const configurationSet = new ses.ConfigurationSet(this, 'Sending', {
      reputationMetrics: true,
      // Our marks decide what still goes to an address that bounced (essential mail does); SES's
      // account-level list would silently drop even a password reset there (docs/decisions/0012-mail-that-survives-bounces.md).
      disableSuppressionList: true,
    });
    // TLS-only. Not KMS-encrypted: SES would need a customer-managed key whose policy lets
    // ses.amazonaws.com use it, for messages that live seconds (docs/decisions/0012-mail-that-survives-bounces.md).
    const events = new sns.Topic(this, 'MailEvents', { displayName: 'SES bounces and complaints of the congress portal', enforceSSL: true });
    Validations.of(events).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason: 'SES can publish to an encrypted topic only with a customer-managed key granted to ses.amazonaws.com; the messages live seconds and hold an address and a diagnostic (docs/decisions/0012-mail-that-survives-bounces.md).',
    });
    configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: ses.EventDestination.snsTopic(events),
      events: [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
    });

    const mailFromDomain = mailFromDomainOf(props.mailDomain);
    const identity = new ses.EmailIdentity(this, 'Sender', {
      identity: ses.Identity.domain(props.mailDomain),
      // Also the identity's default, so that a send naming no configuration set is still reported.
      configurationSet,
      mailFromDomain,
      // Until the MX record of the MAIL FROM domain is found, SES sends from its own domain rather than refuse mail.
      mailFromBehaviorOnMxFailure: ses.MailFromBehaviorOnMxFailure.USE_DEFAULT_VALUE,
    });
    this.identityArn = Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: identity.emailIdentityName });
    this.configurationSet = {
      name: configurationSet.configurationSetName,
      arn: Stack.of(this).formatArn({ service: 'ses', resource: 'configuration-set', resourceName: configurationSet.configurationSetName }),
    };

    this.workers = addWorkers(this, {
      stage: props.stage,
      topics: { 'mail-events': events },
      tableName: props.tableName,
      environment: { TABLE_NAME: props.tableName, MAIL_CONFIGURATION_SET: this.configurationSet.name },
    }).map((w) => ({ id: w.node.id, functionName: w.functionName, deadLetterQueueName: w.deadLetterQueueName }));

    // The DNS records of the runbook: Easy DKIM's three CNAMEs, and MX + SPF of the MAIL FROM domain.
    identity.dkimRecords.forEach((record, i) => {
      new CfnOutput(this, `DkimRecord${i + 1}`, { value: `${record.name} CNAME ${record.value}`, description: `DKIM record ${i + 1} of 3 for ${props.mailDomain}` });
    });
    new CfnOutput(this, 'MailFromMx', { value: `${mailFromDomain} MX 10 feedback-smtp.${this.region}.amazonses.com`, description: 'MX record of the MAIL FROM domain' });
    new CfnOutput(this, 'MailFromSpf', { value: `${mailFromDomain} TXT "v=spf1 include:amazonses.com ~all"`, description: 'SPF record of the MAIL FROM domain' });
  }
}
