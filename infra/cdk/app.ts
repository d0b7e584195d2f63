/**
 * The CDK app of one stage: `-c stage=development|staging|production` (default development).
 * Every setting of a stage lives in cdk.json under `stages` (settings.ts says what each is and
 * validates them): a staging or production stage with a missing or placeholder value fails synth
 * with a message saying what to set; nothing falls back. cdk-nag (AWS Solutions and Serverless
 * packs) checks every synth; each finding is fixed or acknowledged in code with its reason.
 * Synthesizes offline: no look-ups.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import path from 'node:path';
import { projectRoot } from './bundling';
import { RETIRED_CONTEXT, SettingsError, stageSettings } from './settings';
import { buildStacks } from './stacks';

const app = new App();
const context = app.node.tryGetContext('stage') as string | undefined;
const retiredContext = RETIRED_CONTEXT.filter(
  (name) => app.node.tryGetContext(name) !== undefined,
);
try {
  const settings = stageSettings(context ?? 'development', app.node.tryGetContext('stages'), {
    defaultRegion: process.env.CDK_DEFAULT_REGION ?? process.env.AWS_REGION,
    retiredContext,
  });
  buildStacks(app, { ...settings, account: settings.account ?? process.env.CDK_DEFAULT_ACCOUNT, webAssets: path.join(projectRoot, 'dist/web') });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
} catch (error) {
  if (!(error instanceof SettingsError)) throw error;
  console.error(`\n${error.message}\n`);
  process.exit(1);
}
