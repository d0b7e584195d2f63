import type { App, Environment } from 'aws-cdk-lib';
import { ApiStack } from './api-stack';
import { FunctionLogsStack } from './function-logs-stack';
import { DataStack, tableNameOf, uploadsBucketNameOf } from './data-stack';
import { EdgeStack } from './edge-stack';
import { MailStack } from './mail-stack';
import { MonitoringStack } from './monitoring-stack';
import { stackName, type StageSettings } from './settings';
import { WebStack } from './web-stack';

export interface PortalSettings extends StageSettings {
  webAssets: string;
}

/**
 * The stacks of one stage, split by concern: data outlives deploys, mail is verified once, api
 * and web change often, monitoring watches them, edge holds what CloudFront needs in us-east-1
 * (the WAF web ACL). Every stack name carries the stage and every stack is bound to the stage's
 * account and region, so a staging deploy can never touch production.
 */
export function buildStacks(app: App, settings: PortalSettings) {
  const { stage } = settings;
  const env: Environment = { account: settings.account, region: settings.region };
  const name = (part: string) => stackName(stage, part);
  const common = (part: string, description: string) => ({ env, stackName: name(part), description: `Congress portal (${stage}): ${description}` });

  const data = new DataStack(app, name('Data'), { ...common('Data', 'table, uploads, secrets'), stage });
  const mail = new MailStack(app, name('Mail'), { ...common('Mail', 'SES identity, configuration set, bounce worker'), mailDomain: settings.mailDomain, stage, tableName: tableNameOf(stage) });
  const functionLogs = new FunctionLogsStack(app, name('Logs'), { ...common('Logs', "the API functions' log groups"), stage });
  const api = new ApiStack(app, name('Api'), {
    ...common('Api', 'HTTP API and one function per route'),
    stage,
    table: data.table,
    uploads: data.uploads,
    tableName: tableNameOf(stage),
    uploadsBucketName: uploadsBucketNameOf(stage),
    originVerify: data.originVerify,
    stripeKeys: data.stripeKeys,
    checkinKeys: data.checkinKeys,
    mailIdentityArn: mail.identityArn,
    mailConfigurationSet: mail.configurationSet,
    mailFrom: settings.mailFrom,
    passwordRouteConcurrency: settings.passwordRouteConcurrency,
    webhookConcurrency: settings.webhookConcurrency,
    domainNames: settings.customDomain?.domainNames,
  });
  // The functions' log groups exist before the functions that write to them.
  api.addDependency(functionLogs);
  const edge = new EdgeStack(app, name('Edge'), {
    env: { account: settings.account, region: 'us-east-1' },
    stackName: name('Edge'),
    description: `Congress portal (${stage}): WAF web ACL for CloudFront (us-east-1)`,
    stage,
  });
  const web = new WebStack(app, name('Web'), {
    ...common('Web', 'CloudFront, site bucket'),
    // The web ACL lives in us-east-1; CDK carries its ARN across regions (SSM parameters).
    crossRegionReferences: settings.region !== 'us-east-1',
    uploads: data.uploads,
    originVerify: data.originVerify,
    api: api.api,
    customDomain: settings.customDomain,
    webAssets: settings.webAssets,
    webAclArn: edge.webAclArn,
    table: data.table,
  });
  const monitoring = new MonitoringStack(app, name('Monitoring'), {
    ...common('Monitoring', 'alarms and dashboard'),
    stage,
    alarmEmail: settings.alarmEmail,
    apiId: api.api.apiId,
    functions: api.functions.map(({ route, functionName }) => ({ route, functionName })),
    tableName: tableNameOf(stage),
    apiMetrics: api.metrics,
    workers: [...mail.workers, ...api.workers],
    unconsumedQueues: api.unconsumedQueues,
  });
  api.addStackDependency(data);
  mail.addStackDependency(data);
  monitoring.addStackDependency(api);
  monitoring.addStackDependency(mail);
  return { data, mail, api, edge, web, monitoring };
}
