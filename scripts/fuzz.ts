/**
 * `npm run fuzz -- [--count N] [--seed N] [--workers N] [--replay w:i] [--max-minutes N]`:
 * the hostile-input suite (test/fuzz) run longer, against a throw-away portal on the test ports
 * (or the portal API_ORIGIN names). The same properties as the seeded run of `npm test`:
 *   npm run fuzz -- --count 100000              a long run (default seed)
 *   npm run fuzz -- --count 100000 --seed 42    another sequence of requests
 *   npm run fuzz -- --seed 42 --replay 2:1234   only request 1234 of worker 2 (printed by a failure)
 * It stops generating after --max-minutes (default 60) and reports what it has done.
 *
 * `npm run fuzz -- --money [--runs N] [--seed N] [--path P] [--max-minutes N]`: the model-based
 * money test (test/money) run longer: N generated programs of concurrent commands (default 200)
 * against the real local stack, each checked against the money invariants:
 *   npm run fuzz -- --money --runs 500             a long run (default seed)
 *   npm run fuzz -- --money --runs 500 --seed 7    other programs
 *   npm run fuzz -- --money --seed 7 --path 41     only program 41 of that seed (as a report prints it)
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    count: { type: 'string' },
    seed: { type: 'string' },
    workers: { type: 'string' },
    replay: { type: 'string' },
    'max-minutes': { type: 'string' },
    'timeout-ms': { type: 'string' },
    money: { type: 'boolean' },
    runs: { type: 'string' },
    path: { type: 'string' },
  },
  strict: true,
});

const env: NodeJS.ProcessEnv = { ...process.env, AWS_REGION: process.env.AWS_REGION ?? 'us-east-1' };
let project: 'fuzz' | 'money';
if (values.money) {
  project = 'money';
  env.MONEY_RUNS = values.runs ?? '200';
  env.MONEY_MAX_MINUTES = values['max-minutes'] ?? '60';
  if (values.seed) env.MONEY_SEED = values.seed;
  if (values.path) env.MONEY_PATH = values.path;
  console.log(`fuzz --money: ${values.path ? `program ${values.path}` : `${env.MONEY_RUNS} programs`}, seed ${env.MONEY_SEED ?? 'default'}, at most ${env.MONEY_MAX_MINUTES} min`);
} else {
  project = 'fuzz';
  env.FUZZ_COUNT = values.count ?? '100000';
  env.FUZZ_MAX_MINUTES = values['max-minutes'] ?? '60';
  if (values.seed) env.FUZZ_SEED = values.seed;
  if (values.workers) env.FUZZ_WORKERS = values.workers;
  if (values.replay) env.FUZZ_REPLAY = values.replay;
  if (values['timeout-ms']) env.FUZZ_TIMEOUT_MS = values['timeout-ms'];
  console.log(
    `fuzz: ${values.replay ? `replaying request ${values.replay}` : `${env.FUZZ_COUNT} requests`}, seed ${env.FUZZ_SEED ?? 'default'}, at most ${env.FUZZ_MAX_MINUTES} min`,
  );
}
const child = spawn('node_modules/.bin/vitest', ['run', '--project', project], { stdio: 'inherit', env });
child.once('exit', (code) => process.exit(code ?? 1));
child.once('error', (error) => {
  console.error(error);
  process.exit(1);
});
