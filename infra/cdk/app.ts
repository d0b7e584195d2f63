/**
 * The CDK app. Settings are CDK context values (cdk.json or `-c name=value`):
 *   domainNames     the site's own names, comma-separated          e.g. congress.example.org,www.congress.example.org
 *   certificateArn  an ACM certificate in us-east-1 covering them  e.g. arn:aws:acm:us-east-1:123456789012:certificate/...
 *   mailDomain      SES sender domain                              e.g. example.org
 *   mailFrom        sender shown in mails                          e.g. "IACR 2024 <no-reply@example.org>"
 *   passwordRouteConcurrency  (optional) reserved concurrency of each password-hashing function
 * Without domainNames and certificateArn the site runs on its CloudFront name. Links in mails and
 * the uploads CORS follow whichever names the site has (see web-stack.ts). Synthesizes offline:
 * no look-ups, environment-agnostic stacks.
 */
import { Annotations, App } from 'aws-cdk-lib';
import path from 'node:path';
import { projectRoot } from './bundling';
import { buildStacks } from './stacks';

const app = new App();
const context = (name: string) => {
  const value = app.node.tryGetContext(name) as string | undefined;
  return value === undefined || value === '' ? undefined : String(value);
};
const mailDomain = context('mailDomain') ?? 'example.org';
const mailFrom = context('mailFrom') ?? 'IACR 2024 Beijing <no-reply@example.org>';
const domainNames = (context('domainNames') ?? '').split(',').map((d) => d.trim()).filter(Boolean);
const certificateArn = context('certificateArn');
if (domainNames.length > 0 !== Boolean(certificateArn)) {
  throw new Error('Give both domainNames and certificateArn (an ACM certificate in us-east-1), or neither.');
}
const concurrency = context('passwordRouteConcurrency');

const stacks = buildStacks(app, {
  mailDomain,
  mailFrom,
  customDomain: certificateArn ? { domainNames, certificateArn } : undefined,
  passwordRouteConcurrency: concurrency ? Number(concurrency) : undefined,
  webAssets: path.join(projectRoot, 'dist/web'),
});
for (const name of ['mailDomain', 'mailFrom'] as const) {
  if (!context(name)) Annotations.of(stacks.api).addWarningV2(`congress:${name}`, `Context ${name} not set; using a placeholder. Pass -c ${name}=... to deploy.`);
}
if (!certificateArn) {
  Annotations.of(stacks.web).addInfo('No custom domain (domainNames, certificateArn): the site runs on its CloudFront name.');
}
