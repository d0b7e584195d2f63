import type { App } from 'aws-cdk-lib';
import { ApiStack } from './api-stack';
import { DataStack } from './data-stack';
import { MailStack } from './mail-stack';
import { WebStack } from './web-stack';

export interface PortalSettings {
  siteOrigin: string;
  mailDomain: string;
  mailFrom: string;
  webAssets: string;
}

/** The four stacks, split by concern: data outlives deploys, mail is verified once, api and web change often. */
export function buildStacks(app: App, settings: PortalSettings) {
  const data = new DataStack(app, 'Congress-Data', { siteOrigin: settings.siteOrigin });
  const mail = new MailStack(app, 'Congress-Mail', { mailDomain: settings.mailDomain });
  const api = new ApiStack(app, 'Congress-Api', {
    table: data.table,
    uploads: data.uploads,
    mailIdentityArn: mail.identityArn,
    mailFrom: settings.mailFrom,
    siteOrigin: settings.siteOrigin,
  });
  const web = new WebStack(app, 'Congress-Web', {
    uploads: data.uploads,
    api: api.api,
    webAssets: settings.webAssets,
  });
  return { data, mail, api, web };
}
