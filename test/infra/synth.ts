/**
 * Synthesizes a stage of the CDK app as `cdk synth` would (cdk.json's context and feature flags),
 * without esbuild: bundling is exercised by `npm run synth` and measured by `npm run bench`.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import path from 'node:path';
import cdkJson from '../../cdk.json';
import { stageSettings, type StageInput } from '../../infra/cdk/settings';
import { buildStacks } from '../../infra/cdk/stacks';

/** A complete deployed stage's settings (what organisers put in cdk.json), on names that cannot resolve. */
export const deployedStage = {
  account: '111122223333',
  region: 'ap-northeast-1',
  domainNames: ['congress.iacr2024.test', 'www.congress.iacr2024.test'],
  certificateArn: 'arn:aws:acm:us-east-1:111122223333:certificate/abc-123',
  mailDomain: 'iacr2024.test',
  mailFrom: 'IACR 2024 Beijing <no-reply@iacr2024.test>',
  alarmEmail: 'operations@iacr2024.test',
  webhookConcurrency: 5,
} satisfies StageInput;

export function newApp(options: { nag?: boolean; outdir?: string } = {}) {
  const app = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] }, outdir: options.outdir });
  if (options.nag) Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
  return app;
}

/** The stacks of `stage`, from `stages` (default: cdk.json's own). */
export function synthStage(stage: string, stages: unknown = cdkJson.context.stages, app = newApp()) {
  const settings = stageSettings(stage, stages, { defaultRegion: 'us-east-1' });
  return buildStacks(app, { ...settings, webAssets: path.join(import.meta.dirname, 'fixtures/web') });
}
