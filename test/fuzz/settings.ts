/**
 * Settings of a fuzz run, from the environment (`npm run fuzz` sets them from its arguments):
 *   FUZZ_COUNT     generated requests in all (default 10,000: the seeded run of `npm test`)
 *   FUZZ_SEED      fast-check seed; worker w uses seed + w (default fixed, so runs repeat)
 *   FUZZ_WORKERS   workers sending at once, each with its own attacker and accomplice (default 4)
 *   FUZZ_REPLAY    `w:i`: only the i-th request of worker w (as printed by a failure)
 *   FUZZ_MAX_MINUTES  the run stops generating after this long (default 5; `npm run fuzz`: 60)
 *   FUZZ_TIMEOUT_MS   a request without an answer after this long stops the run (default 20,000)
 *   FUZZ_VERBOSE   set: the figures list each route's answers by status and message (which rules were reached)
 */
/** A whole number from the environment, or the fallback when unset (the money test's settings use it too). */
export const int = (name: string, fallback: number) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, not ${raw}`);
  return n;
};

export const DEFAULT_SEED = 20240516;

export function fuzzSettings() {
  const replay = process.env.FUZZ_REPLAY ? /^(\d+):(\d+)$/.exec(process.env.FUZZ_REPLAY) : null;
  if (process.env.FUZZ_REPLAY && !replay) throw new Error(`FUZZ_REPLAY must be worker:index, not ${process.env.FUZZ_REPLAY}`);
  return {
    count: int('FUZZ_COUNT', 10_000),
    seed: int('FUZZ_SEED', DEFAULT_SEED),
    workers: Math.max(1, int('FUZZ_WORKERS', 4)),
    replay: replay ? { worker: Number(replay[1]), index: Number(replay[2]) } : undefined,
    maxMinutes: int('FUZZ_MAX_MINUTES', 5),
    timeoutMs: int('FUZZ_TIMEOUT_MS', 20_000),
  };
}
export type FuzzSettings = ReturnType<typeof fuzzSettings>;

/** The command that repeats a run, or one request of it. */
export function replayCommand(s: FuzzSettings, one?: { worker: number; index: number }) {
  const base = `npm run fuzz -- --seed ${s.seed} --workers ${s.workers}`;
  return one ? `${base} --replay ${one.worker}:${one.index}` : `${base} --count ${s.count}`;
}
