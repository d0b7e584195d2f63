/**
 * One-off after deploying the office's lists (docs/decisions/0014-the-offices-delegates-abstracts-and-audit-log.md): accounts and abstracts written
 * before them get their list keys and name keys, and accounts the names given in their orders,
 * so the office's Delegates and Abstracts pages list and find them. Safe to run again (it writes
 * only what is missing).
 *
 *   npm run backfill-office-keys                       (the DynamoDB Local of a running npm start)
 *   AWS_REGION=... TABLE_NAME=... npm run backfill-office-keys -- --aws
 */
import { pathToFileURL } from 'node:url';
import { listening } from '../infra/local/ports';

export async function runBackfill(args: string[], print: (line: string) => void = console.log): Promise<number> {
  try {
    if (args.includes('--aws')) {
      const missing = ['AWS_REGION', 'TABLE_NAME'].filter((name) => !process.env[name]);
      if (missing.length) throw new Error(`--aws needs ${missing.join(' and ')}.`);
      if (process.env.DYNAMODB_ENDPOINT) throw new Error('--aws talks to AWS: unset DYNAMODB_ENDPOINT.');
    } else {
      const endpoint = process.env.DYNAMODB_ORIGIN ?? `http://127.0.0.1:${Number(process.env.DYNAMODB_PORT ?? 8000)}`;
      if (!(await listening(Number(new URL(endpoint).port)))) throw new Error(`npm start is not running: nothing answers at ${endpoint} (DynamoDB Local).`);
      Object.assign(process.env, { AWS_REGION: process.env.AWS_REGION ?? 'us-east-1', TABLE_NAME: 'congress', DYNAMODB_ENDPOINT: endpoint });
    }
    // The functions' modules read the environment once: loaded after it is set.
    const { backfillOfficeKeys } = await import('#storage/office-backfill');
    const done = await backfillOfficeKeys();
    print(
      `Listed ${done.accounts} account(s) (${done.nameKeys} name key(s)), ${done.abstracts} abstract(s) and ${done.moneyLists} money-list item(s) for the office; ${done.orderNames} account(s) took the names given in their orders; ${done.tickets} paid order(s) gave their tickets to the doors.`,
    );
    return 0;
  } catch (error) {
    print(`backfill-office-keys: could not run: ${(error as Error).message}`);
    return 2;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(await runBackfill(process.argv.slice(2)));
}
