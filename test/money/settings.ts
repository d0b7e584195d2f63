/**
 * Settings of a money run, from the environment (`npm run fuzz -- --money` sets them):
 *   MONEY_RUNS    generated programs (default 14: the seeded run of `npm test`, about a minute)
 *   MONEY_SEED    fast-check seed (default fixed, so `npm test` runs the same programs every time)
 *   MONEY_PATH    replay only the program(s) fast-check names by this path (e.g. `7`, as a report prints it)
 *   MONEY_NAMED   0: skip the named regression cases (the long runs of `npm run fuzz -- --money` keep them)
 *   MONEY_MAX_MINUTES  stop generating programs after this long (default 10; reports what ran)
 *   MONEY_TRACE   1: print every program with what each command got and the orders' money at the end
 */
import { int } from '../fuzz/settings';

export const DEFAULT_MONEY_SEED = 20241104;

export function moneySettings() {
  return {
    runs: int('MONEY_RUNS', 14),
    seed: int('MONEY_SEED', DEFAULT_MONEY_SEED),
    path: process.env.MONEY_PATH || undefined,
    named: process.env.MONEY_NAMED !== '0',
    maxMinutes: int('MONEY_MAX_MINUTES', 10),
  };
}
export type MoneySettings = ReturnType<typeof moneySettings>;

export const replayCommand = (s: MoneySettings, path?: string) =>
  `MONEY_SEED=${s.seed}${path ? ` MONEY_PATH=${path}` : ''} MONEY_RUNS=${s.runs} npx vitest run --project money`;
