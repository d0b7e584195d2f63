/**
 * `npm test`: every check, in the order that fails fastest.
 *   1. types and lint;
 *   2. the web build (PDFs, SPA, pre-rendered pages);
 *   3. one throw-away portal on test ports, shared by:
 *   4. vitest (unit, infra, api) and
 *   5. Playwright in Debian Chromium (e2e).
 * Exits non-zero on the first failing step; always stops the portal.
 */
import { spawn } from 'node:child_process';
import { buildWeb } from './build-web';
import { portalEnv, startTestPortal } from './test-portal';

/** Runs a step as a child process. Asynchronously: the portal lives in this process and must keep answering. */
async function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    child.once('exit', resolve);
    child.once('error', () => resolve(1));
  });
  console.log(`=== ${title}: ${code === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return code === 0;
}

async function main(): Promise<number> {
  const bin = (name: string) => `node_modules/.bin/${name}`;
  if (!(await run('typecheck', bin('tsc'), ['--noEmit', '-p', '.']))) return 1;
  if (!(await run('lint', bin('eslint'), ['.', '--max-warnings=0']))) return 1;

  console.log('\n=== build the web app');
  await buildWeb();

  const portal = await startTestPortal();
  // The portal's origin secret is its own: a test process that inherited it would play a
  // CloudFront-fronted function and refuse the unit tests' events (403). So is its cheaper password
  // work: the unit tests check the real parameters.
  const { ORIGIN_VERIFY: _portalSecret, TEST_SCRYPT_LOG2N: _portalPasswordWork, ...inherited } = process.env;
  const env = { ...inherited, ...portalEnv(portal), AWS_REGION: 'us-east-1', CDK_DISABLE_CLI_TELEMETRY: 'true' };
  try {
    if (!(await run('unit, infra and api tests', bin('vitest'), ['run'], env))) return 1;
    if (!(await run('browser tests', bin('playwright'), ['test'], { ...env, PLAYWRIGHT_TRACE: 'off' }))) return 1;
    return 0;
  } finally {
    await portal.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
