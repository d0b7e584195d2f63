import { routes } from '#core/routes';
import { entriesSince, syncQuery } from '#core/checkin/device-sync';
import { syncStore } from '#storage/checkin';
import { reply } from '#lib/http/handler';
import { defineDeviceHandler } from '#lib/http/device-handler';

/** GET /checkin/entries?after=|since=: a page of the entries other devices recorded at this device's lists. */
export const handler = defineDeviceHandler(routes.getCheckinEntries, { query: syncQuery }, async ({ auth, query }) => reply(await entriesSince(syncStore, auth, query)));
