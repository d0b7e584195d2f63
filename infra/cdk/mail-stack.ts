import { Stack, type StackProps } from 'aws-cdk-lib';
import * as ses from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';

export interface MailStackProps extends StackProps {
  /** The sender domain (e.g. iacr2024-beijing.org): verified once through the DNS records SES gives. */
  mailDomain: string;
}

/** The SES identity the portal sends from; the functions may send only as this identity. */
export class MailStack extends Stack {
  readonly identityArn: string;

  constructor(scope: Construct, id: string, props: MailStackProps) {
    super(scope, id, props);
    const identity = new ses.EmailIdentity(this, 'Sender', { identity: ses.Identity.domain(props.mailDomain) });
    this.identityArn = Stack.of(this).formatArn({
      service: 'ses',
      resource: 'identity',
      resourceName: identity.emailIdentityName,
    });
  }
}
