/**
 * The only way to make someone an organiser (the registration office) or stop it:
 *
 *   npm run organiser -- grant ada@example.org
 *   npm run organiser -- revoke ada@example.org
 *   npm run organiser -- reset-second-factor ada@example.org   (lost phone and recovery codes)
 *   npm run organiser -- list
 *
 * Locally it talks to the DynamoDB Local of a running `npm start` (DYNAMODB_PORT, default 8000,
 * table `congress`). On AWS, with credentials allowed to read and update the table:
 *
 *   AWS_REGION=ap-northeast-1 TABLE_NAME=congress-production npm run organiser -- --aws grant ada@example.org
 *
 * Every change is written to the audit log with the operator's name (OPERATOR, else the login
 * name) as a command-line actor. Exit 0 done, 1 refused (no such account, ...), 2 could not run.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { listening } from '../infra/local/ports';

const LOCAL_TABLE = 'congress';
const USAGE = 'usage: npm run organiser -- [--aws] grant EMAIL | revoke EMAIL | reset-second-factor EMAIL | list';

export class CannotRun extends Error {}


/** Points the functions' modules at the local stack of `npm start`, or with `--aws` at the deployed table. */
export async function environment(aws: boolean) {
  if (aws) {
    const missing = ['AWS_REGION', 'TABLE_NAME'].filter((name) => !process.env[name]);
    if (missing.length) throw new CannotRun(`--aws needs ${missing.join(' and ')} (docs/deploy.md, "Organisers").`);
    if (process.env.DYNAMODB_ENDPOINT) throw new CannotRun('--aws talks to AWS: unset DYNAMODB_ENDPOINT.');
    return;
  }
  const endpoint = process.env.DYNAMODB_ORIGIN ?? `http://127.0.0.1:${Number(process.env.DYNAMODB_PORT ?? 8000)}`;
  if (!(await listening(Number(new URL(endpoint).port))))
    throw new CannotRun(`npm start is not running: nothing answers at ${endpoint} (DynamoDB Local). Start the portal first, or use --aws.`);
  Object.assign(process.env, { AWS_REGION: process.env.AWS_REGION ?? 'us-east-1', TABLE_NAME: LOCAL_TABLE, DYNAMODB_ENDPOINT: endpoint });
}

/** Runs one command; the functions' modules load only after the environment is set (they read it once). */
export async function runOrganiserCommand(args: string[], print: (line: string) => void = console.log): Promise<number> {
  const aws = args.includes('--aws');
  const [command, email] = args.filter((a) => a !== '--aws');
  if (!command || (command !== 'list' && !email)) {
    print(USAGE);
    return 2;
  }
  try {
    await environment(aws);
    const { grantOrganiser, revokeOrganiser, resetSecondFactor, listOrganisers, CommandError } = await import('#core/office/organisers');
    const { organiserStore } = await import('#storage/organisers');
    const { secondFactorStore } = await import('#storage/second-factor');
    const { findUserByEmail } = await import('#storage/users');
    const deps = { organisers: organiserStore, secondFactors: secondFactorStore, findUserByEmail, newId: () => randomUUID() };
    const actor = { kind: 'command-line' as const, id: process.env.OPERATOR ?? os.userInfo().username };
    const now = new Date();
    try {
      if (command === 'grant') print(await grantOrganiser(deps, email!, actor, now));
      else if (command === 'revoke') print(await revokeOrganiser(deps, email!, actor, now));
      else if (command === 'reset-second-factor') print(await resetSecondFactor(deps, email!, actor, now));
      else if (command === 'list') print(await listOrganisers(deps));
      else {
        print(USAGE);
        return 2;
      }
      return 0;
    } catch (error) {
      if (error instanceof CommandError) {
        print(`organiser: ${error.message}`);
        return 1;
      }
      throw error;
    }
  } catch (error) {
    print(`organiser: could not run: ${(error as Error).message}`);
    return 2;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(await runOrganiserCommand(process.argv.slice(2)));
}
