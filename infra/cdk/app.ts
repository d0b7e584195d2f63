/**
 * The CDK app. Settings are CDK context values (cdk.json or `-c name=value`):
 *   siteOrigin  https address delegates use (links in mails, S3 CORS)  e.g. https://congress.example.org
 *   mailDomain  SES sender domain                                      e.g. example.org
 *   mailFrom    sender shown in mails                                  e.g. "IACR 2024 <no-reply@example.org>"
 * Synthesizes offline: no look-ups, environment-agnostic stacks.
 */
import { Annotations, App } from 'aws-cdk-lib';
import path from 'node:path';
import { projectRoot } from './bundling';
import { buildStacks } from './stacks';

const app = new App();
const setting = (name: string, fallback: string) => {
  const value = app.node.tryGetContext(name) as string | undefined;
  return { value: value ?? fallback, defaulted: value === undefined };
};
const siteOrigin = setting('siteOrigin', 'https://congress.example.org');
const mailDomain = setting('mailDomain', 'example.org');
const mailFrom = setting('mailFrom', 'IACR 2024 Beijing <no-reply@example.org>');

const stacks = buildStacks(app, {
  siteOrigin: siteOrigin.value,
  mailDomain: mailDomain.value,
  mailFrom: mailFrom.value,
  webAssets: path.join(projectRoot, 'dist/web'),
});
for (const [name, s] of Object.entries({ siteOrigin, mailDomain, mailFrom })) {
  if (s.defaulted) Annotations.of(stacks.api).addWarningV2(`congress:${name}`, `Context ${name} not set; using ${s.value}. Pass -c ${name}=... to deploy.`);
}
