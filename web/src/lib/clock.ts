/**
 * The page's clock follows the server's (GET /now): deadlines are checked on server time, which
 * also makes the local APP_NOW override reach the pages. The offset is measured once per load.
 */
import { useEffect, useState } from 'react';
import { routes } from '#core/routes';
import { callApi } from './api-client';

let offsetMs = 0;
let synced: Promise<void> | undefined;

export function syncClock(): Promise<void> {
  synced ??= (async () => {
    const sent = Date.now();
    const { now } = await callApi<{ now: string }>(routes.getNow);
    const received = Date.now();
    offsetMs = Date.parse(now) - (sent + received) / 2;
  })().catch(() => {
    synced = undefined; // try again next time; meanwhile the device clock is used
  });
  return synced;
}

export const serverNow = () => new Date(Date.now() + offsetMs);

/**
 * The server time, refreshed every `intervalMs`. Null until the clock is synced (and during
 * pre-rendering), so time-dependent UI never flashes a wrong state.
 */
export function useServerNow(intervalMs = 1000): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    let alive = true;
    let attempted = false;
    void syncClock().then(() => {
      attempted = true;
      if (alive) setNow(serverNow());
    });
    // Once the first sync has answered (or failed: then the device clock stands in, and the
    // sync is tried again), the clock ticks on; the server refuses late changes in any case.
    const timer = setInterval(() => {
      if (!alive || !attempted) return;
      if (!synced) void syncClock();
      setNow(serverNow());
    }, intervalMs);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [intervalMs]);
  return now;
}
