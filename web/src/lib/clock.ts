/** The server time for React components (see web/src/lib/server-clock.ts). */
import { useEffect, useRef, useState } from 'react';
import { clockSynced, serverNow, syncClock } from './server-clock';

export { serverNow, syncClock } from './server-clock';

/**
 * The server time, refreshed every `intervalMs`. Null until the clock is synced (and during
 * pre-rendering), so time-dependent UI never flashes a wrong state.
 */
export function useServerNow(intervalMs = 1000): Date | null {
  return useServerTime(sameInstant, intervalMs);
}
const sameInstant = (now: Date) => now;

/**
 * What `select` makes of the server time, checked every `intervalMs`; null as for useServerNow.
 * The component renders again only when the answer changes (e.g. a deadline passing): a page that
 * only needs "open or not" (the abstract form: hundreds of fields) is not rendered again every
 * second, which cost a phone a long task each second.
 */
export function useServerTime<T>(select: (now: Date) => T, intervalMs = 1000): T | null {
  const [value, setValue] = useState<T | null>(null);
  const selectRef = useRef(select);
  selectRef.current = select;
  const setNow = (now: Date) => setValue(() => selectRef.current(now));
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
  return value;
}
