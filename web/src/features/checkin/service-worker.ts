/**
 * The check-in app's service worker (its source is written by the build, scripts/checkin-worker.ts,
 * with the list of the app's files): once registered, /checkin and /zh/checkin open without a
 * network. Registered only by the check-in page, so a delegate's browser never gets one.
 */
export const CHECKIN_WORKER = '/checkin-sw.js';

export function registerCheckinWorker() {
  // Not in the dev server (no build, no list of files); a secure context only (localhost counts).
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.register(CHECKIN_WORKER, { scope: '/' }).catch(() => {
    // Without it the app still works while the page stays open; a reload offline would fail.
  });
}
