/**
 * The page's clock follows the server's (GET /now): deadlines are checked on server time, which
 * also makes the local APP_NOW override reach the pages. The offset is measured once per load.
 * No React here (the islands use it); web/src/lib/clock.ts adds the hook.
 */
import { routes } from '#core/routes';
import { callApi } from './api-client';

let offsetMs = 0;
let synced: Promise<void> | undefined;

/** True once a sync is under way or done (false after a failure: then try again). */
export const clockSynced = () => synced !== undefined;

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

