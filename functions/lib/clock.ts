/**
 * The server's clock. On AWS it is the system clock. In local mode only:
 * - `APP_NOW=<ISO instant>` starts the clock at that moment and lets it run on, so the 2024
 *   season (deadlines, registration opening, refund tiers) can be tried today;
 * - the local runtime may fix the time of one request (`runAt`), which the tests use to pin a
 *   moment per request without restarting anything.
 * `APP_NOW` outside local mode is refused (every call fails): a production function never runs on a fake clock.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { appMode, env } from './env';

const pinned = new AsyncLocalStorage<number>();

function initialOffset(): number {
  const appNow = env.appNow();
  if (!appNow) return 0;
  if (appMode() !== 'local') throw new Error('APP_NOW is only allowed in local mode (APP_MODE=local).');
  const at = Date.parse(appNow);
  if (Number.isNaN(at)) throw new Error(`APP_NOW is not an ISO instant: ${appNow}`);
  return at - Date.now();
}

let offsetMs: number | undefined;

export function now(): Date {
  offsetMs ??= initialOffset();
  return new Date(pinned.getStore() ?? Date.now() + offsetMs);
}

/** Fails fast at start-up when APP_NOW is set where it must not be. */
export function assertClockConfig(): void {
  offsetMs ??= initialOffset();
}

/** Runs `fn` with the clock pinned at `instant` (local runtime and tests only). */
export function runAt<T>(instant: Date, fn: () => T): T {
  if (appMode() !== 'local') throw new Error('Pinning the clock is only allowed in local mode.');
  return pinned.run(instant.getTime(), fn);
}
