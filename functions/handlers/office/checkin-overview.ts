import { routes } from '#core/routes';
import { checkinOverview } from '#core/checkin/office-view';
import { officeCheckinReads } from '#wiring/checkin';
import { reply } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/checkin: counts per list, devices and their last sync, the latest scans, the conflict report's first page. */
export const handler = defineDelegateHandler(routes.getCheckinOverview, {}, async ({ now }) => reply(await checkinOverview(officeCheckinReads, now)));
