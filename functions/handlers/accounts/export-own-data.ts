import { routes } from '#core/routes';
import { exportOwnData } from '#core/accounts/own-data';
import { ownDataDeps } from '#wiring/accounts';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /account/export: everything the portal holds about the delegate, one JSON document (the page saves it as a file). */
export const handler = defineDelegateHandler(routes.exportOwnData, {}, async ({ auth, now }) => replyWith(await exportOwnData(ownDataDeps(), auth.userId, now)));
