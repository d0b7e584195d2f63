import { routes } from '#core/routes';
import { syncQuery, ticketsSince } from '#core/checkin/device-sync';
import { deviceStore, syncStore } from '#storage/checkin';
import { reply } from '#lib/http/handler';
import { defineDeviceHandler } from '#lib/http/device-handler';

/** GET /checkin/tickets?after=|since=: a page of the tickets changed since the device's last sync; the device's last sync is noted. */
export const handler = defineDeviceHandler(routes.getCheckinTickets, { query: syncQuery }, async ({ auth, query, now }) => {
  const page = await ticketsSince(syncStore, query);
  await deviceStore.synced(auth.id, now.toISOString());
  return reply(page);
});
