/** The server time for React components (see web/src/lib/server-clock.ts). */
import { useEffect, useState } from 'react';
import { clockSynced, serverNow, syncClock } from './server-clock';

export { serverNow, syncClock } from './server-clock';

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
      if (!clockSynced()) void syncClock();
      setNow(serverNow());
    }, intervalMs);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [intervalMs]);
  return now;
}
