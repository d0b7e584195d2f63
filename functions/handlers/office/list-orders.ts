import { routes } from '#core/routes';
import { officeOrdersQuery } from '#core/office/schemas';
import { listOfficeOrders } from '#core/office/orders';
import { officeOrderReads } from '#wiring/office-orders';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/orders?filter=&q=&cursor=&limit=: one page of the office's order table, newest first (names: alphabetical). */
export const handler = defineDelegateHandler(routes.listOfficeOrders, { query: officeOrdersQuery }, ({ query }) => listOfficeOrders(officeOrderReads, query));
