/**
 * Deploy settings: one entry per stage under `stages` in cdk.json, chosen with `-c stage=NAME`
 * (default `development`). Validated at synth: a staging or production stage with a missing or
 * placeholder value fails synth with a message naming the setting and where to set it. Nothing
 * falls back to a default that would change a deployed stage (a different sender domain, no
 * custom domain, no alarm address). The development stage may leave everything out: it is what
 * tests and CI synthesize offline, and it deploys to a sandbox account on its CloudFront name.
 */
import { z } from 'zod';

export const STAGES = ['development', 'staging', 'production'] as const;
export type StageName = (typeof STAGES)[number];

/** Context names earlier versions read (or the README passed): refused, so nobody deploys believing they count. */
export const RETIRED_CONTEXT = ['siteOrigin', 'domainNames', 'certificateArn', 'mailDomain', 'mailFrom', 'passwordRouteConcurrency'];

/** Values that mean "someone still has to fill this in". */
const PLACEHOLDER = /REPLACE|TODO|CHANGE[ _-]?ME|example\.(org|com|net)|^123456789012$|:123456789012:/i;

const stageSchema = z
  .object({
    /** The AWS account the stage deploys to (12 digits); the stage refuses any other. */
    account: z.string().regex(/^\d{12}$/, 'a 12-digit AWS account id').optional(),
    /** The region of the data, the API and the mail (the WAF and certificate live in us-east-1). */
    region: z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'an AWS region such as ap-northeast-1').optional(),
    /** The site's own names; the first is the one mails link to. */
    domainNames: z.array(z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'a domain name such as congress.example.org')).optional(),
    /** ACM certificate in us-east-1 covering every domain name. */
    certificateArn: z.string().regex(/^arn:aws:acm:us-east-1:\d{12}:certificate\/[\w-]+$/, 'an ACM certificate ARN in us-east-1').optional(),
    /** SES sender domain (verified once with the DKIM records SES gives). */
    mailDomain: z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'a domain name').optional(),
    /** Sender shown in mails, at the mail domain. */
    mailFrom: z.string().min(3).optional(),
    /** Where alarms go (the organisers' operations address); confirmed once from the mail SNS sends. */
    alarmEmail: z.string().email().optional(),
    /** Reserved concurrency of each password-hashing function (needs account concurrency to spare). */
    passwordRouteConcurrency: z.number().int().min(1).max(100).optional(),
    /** Reserved concurrency of the Stripe webhook, so the rest of the account cannot starve it. */
    webhookConcurrency: z.number().int().min(1).max(100).optional(),
  })
  .strict();
export type StageInput = z.infer<typeof stageSchema>;

/** What a deployed (staging, production) stage must have. */
const REQUIRED_FOR_DEPLOYED: (keyof StageInput)[] = ['account', 'region', 'domainNames', 'certificateArn', 'mailDomain', 'mailFrom', 'alarmEmail', 'webhookConcurrency'];

export interface StageSettings {
  stage: StageName;
  /** Unset for development: environment-agnostic account (synth offline). */
  account?: string;
  region: string;
  customDomain?: { domainNames: string[]; certificateArn: string };
  mailDomain: string;
  mailFrom: string;
  alarmEmail?: string;
  passwordRouteConcurrency?: number;
  webhookConcurrency?: number;
}

export class SettingsError extends Error {}

/**
 * The settings of `stage` from the `stages` object of cdk.json. `defaultRegion` (AWS_REGION) is
 * used only by the development stage, which may deploy to any sandbox.
 */
export function stageSettings(stage: string, stages: unknown, options: { defaultRegion?: string; retiredContext?: string[] } = {}): StageSettings {
  const where = `cdk.json "context" > "stages" > "${stage}"`;
  for (const name of options.retiredContext ?? []) {
    if (RETIRED_CONTEXT.includes(name)) {
      const setting = name === 'siteOrigin' ? 'domainNames (the site\'s names, the first one is the origin of mail links)' : name;
      throw new SettingsError(`The context value "${name}" is no longer read: deploy settings live in ${where}. Set ${setting} there and drop -c ${name}.`);
    }
  }
  if (!(STAGES as readonly string[]).includes(stage)) throw new SettingsError(`Unknown stage "${stage}": use -c stage=${STAGES.join('|')}.`);
  const name = stage as StageName;
  const all = z.record(z.string(), z.unknown()).safeParse(stages ?? {});
  const raw = all.success && Object.hasOwn(all.data, name) ? all.data[name] : undefined;
  if (raw === undefined && name !== 'development') throw new SettingsError(`No settings for stage "${name}": add ${where}.`);
  const given = (raw ?? {}) as Record<string, unknown>;
  if (name !== 'development') {
    // Missing and placeholder values first: they are what a new deploy has, and each is named.
    const missing = REQUIRED_FOR_DEPLOYED.filter((key) => !Object.hasOwn(given, key) || given[key] === '' || (Array.isArray(given[key]) && given[key].length === 0));
    const placeholders = Object.entries(given)
      .filter(([, value]) => [value].flat().some((v) => typeof v === 'string' && PLACEHOLDER.test(v)))
      .map(([key]) => key);
    if (missing.length || placeholders.length) {
      throw new SettingsError(
        [
          `Stage "${name}" cannot be synthesized: its settings are incomplete (${where}).`,
          ...missing.map((key) => `  ${key}: missing`),
          ...placeholders.map((key) => `  ${key}: still a placeholder (${JSON.stringify(given[key])})`),
          'Fill them in (docs/deploy.md, "Stages and settings") and run synth again.',
        ].join('\n'),
      );
    }
  }
  const parsed = stageSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(stage)'}: ${i.message}`);
    throw new SettingsError(`Stage "${name}" settings in ${where} are not valid:\n  ${problems.join('\n  ')}`);
  }
  const input = parsed.data;
  if (name !== 'development') {
    if (input.mailFrom && input.mailDomain && !input.mailFrom.toLowerCase().includes(`@${input.mailDomain.toLowerCase()}`)) {
      throw new SettingsError(`Stage "${name}": mailFrom (${input.mailFrom}) must send from an address at mailDomain (${input.mailDomain}).`);
    }
  }
  if (Boolean(input.domainNames?.length) !== Boolean(input.certificateArn)) {
    throw new SettingsError(`Stage "${name}": give both domainNames and certificateArn (an ACM certificate in us-east-1), or neither (${where}).`);
  }
  const region = input.region ?? options.defaultRegion;
  if (!region) throw new SettingsError(`Stage "${name}": no region. Set AWS_REGION (development) or "region" in ${where}.`);
  return {
    stage: name,
    account: input.account,
    region,
    customDomain: input.domainNames?.length && input.certificateArn ? { domainNames: input.domainNames, certificateArn: input.certificateArn } : undefined,
    mailDomain: input.mailDomain ?? 'example.org',
    mailFrom: input.mailFrom ?? 'IACR 2024 Beijing (development) <no-reply@example.org>',
    alarmEmail: input.alarmEmail,
    passwordRouteConcurrency: input.passwordRouteConcurrency,
    webhookConcurrency: input.webhookConcurrency,
  };
}

/** `Congress-production-Api`: every stack (and so every generated resource name) carries its stage. */
export const stackName = (stage: StageName, part: string) => `Congress-${stage}-${part}`;
