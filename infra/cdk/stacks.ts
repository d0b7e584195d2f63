import type { App } from 'aws-cdk-lib';
import { ApiStack } from './api-stack';
import { DataStack } from './data-stack';
import { MailStack } from './mail-stack';
import { WebStack, type CustomDomain } from './web-stack';

export interface PortalSettings {
  mailDomain: string;
  mailFrom: string;
  /** The site's own names and their certificate; without it the site runs on its CloudFront name. */
  customDomain?: CustomDomain;
  /** Reserved concurrency of each password-hashing function (needs account concurrency to spare). */
  passwordRouteConcurrency?: number;
  webAssets: string;
}

/** The four stacks, split by concern: data outlives deploys, mail is verified once, api and web change often. */
export function buildStacks(app: App, settings: PortalSettings) {
  const data = new DataStack(app, 'Congress-Data');
  const mail = new MailStack(app, 'Congress-Mail', { mailDomain: settings.mailDomain, table: data.table });
  const api = new ApiStack(app, 'Congress-Api', {
    table: data.table,
    uploads: data.uploads,
    originVerify: data.originVerify,
    stripeKeys: data.stripeKeys,
    mailIdentityArn: mail.identityArn,
    mailConfigurationSet: mail.configurationSet,
    mailFrom: settings.mailFrom,
    passwordRouteConcurrency: settings.passwordRouteConcurrency,
  });
  const web = new WebStack(app, 'Congress-Web', {
    uploads: data.uploads,
    originVerify: data.originVerify,
    api: api.api,
    customDomain: settings.customDomain,
    webAssets: settings.webAssets,
  });
  return { data, mail, api, web };
}
