/**
 * The registration office's maintenance commands:
 *
 *   npm run office -- counters            compare the dashboard's counters with a sum over the table
 *   npm run office -- counters --write    replace them with that sum (run it while nobody writes)
 *
 * The counters are kept by every write in its own transaction (core/office/counters.ts), so the
 * two agree; this is for a table that held data before the counters existed, or to check. It
 * Scans the whole table, as only a command may. Locally it talks to a running `npm start`; with
 * `--aws`, AWS_REGION and TABLE_NAME, to the deployed table (docs/deploy.md).
 * Exit 0 counters agree (or were written), 1 they differ, 2 could not run.
 */
import { pathToFileURL } from 'node:url';
import { CannotRun, environment } from './organiser';

const USAGE = 'usage: npm run office -- [--aws] counters [--write]';

export async function runOfficeCommand(args: string[], print: (line: string) => void = console.log): Promise<number> {
  const aws = args.includes('--aws');
  const write = args.includes('--write');
  const [command] = args.filter((a) => !a.startsWith('--'));
  if (command !== 'counters') {
    print(USAGE);
    return 2;
  }
  try {
    await environment(aws);
    const { countEverything, readStats, replaceStats } = await import('#storage/stats');
    const { countsDiffer, flatCounts } = await import('#core/office/counters');
    const rebuilt = await countEverything();
    const differ = countsDiffer(flatCounts(await readStats()), rebuilt);
    if (differ.length === 0) {
      print(`The counters agree with the table (${Object.keys(rebuilt).length} counters).`);
      return 0;
    }
    for (const d of differ) print(`${d.name}\tlive ${d.live}\ttable ${d.rebuilt}`);
    if (!write) {
      print(`${differ.length} counters differ from the table. Run with --write to replace them with the table's sums.`);
      return 1;
    }
    await replaceStats(rebuilt);
    print(`${differ.length} counters differed; all counters are now the table's sums.`);
    return 0;
  } catch (error) {
    print(`office: could not run: ${error instanceof CannotRun ? error.message : (error as Error).message}`);
    return 2;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(await runOfficeCommand(process.argv.slice(2)));
}
