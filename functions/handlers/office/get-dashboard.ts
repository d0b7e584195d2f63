import { routes } from '#core/routes';
import { dashboardView } from '#core/office/dashboard';
import { oldestAwaitedTransfer } from '#storage/ledger';
import { readStats } from '#storage/stats';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/dashboard: the office's numbers, from its counters (never a scan of the table). */
export const handler = defineDelegateHandler(routes.getDashboard, {}, async ({ now }) => {
  const [stats, oldest] = await Promise.all([readStats(), oldestAwaitedTransfer()]);
  return dashboardView(stats, oldest, now);
});
