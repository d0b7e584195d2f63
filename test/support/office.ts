/** The registration office in tests: the organiser command and codes from an authenticator app. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { generate } from 'otplib';

const root = path.resolve(import.meta.dirname, '../..');

/** Runs `npm run organiser -- ARGS` against the DynamoDB Local at `dynamoOrigin`; what it printed (stdout) and its exit code. */
export function organiserCommand(dynamoOrigin: string, ...args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'scripts/organiser.ts'), ...args],
      { env: { ...process.env, DYNAMODB_ORIGIN: dynamoOrigin, OPERATOR: 'test-runner' }, cwd: root },
      // stdout only: the AWS SDK warns about Node versions on stderr.
      (error, stdout) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout.trim() }),
    );
  });
}

/** Runs `npm run office -- ARGS` against the DynamoDB Local at `dynamoOrigin`: what it printed and its exit code. */
export function officeCommand(dynamoOrigin: string, ...args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'scripts/office.ts'), ...args],
      { env: { ...process.env, DYNAMODB_ORIGIN: dynamoOrigin }, cwd: root },
      (error, stdout) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout.trim() }),
    );
  });
}

/**
 * The code an authenticator app shows for `secret` now, by the real clock (the portal checks codes
 * against real time whatever its own clock says), or `stepsAhead` 30-second steps later: a code
 * the portal has not seen yet when the current one was used (it accepts one step either way).
 */
export function totpCode(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret: secret.replace(/\s/g, ''), epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}
