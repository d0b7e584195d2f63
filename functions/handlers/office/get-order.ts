import { routes } from '#core/routes';
import { officeOrderIdSchema } from '#core/office/schemas';
import { officeOrder } from '#core/office/orders';
import { officeOrderReads } from '#wiring/office-orders';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/orders/{id}: one order in full, with its payments, refunds, passport scan (a short-lived link) and audit trail. */
export const handler = defineDelegateHandler(routes.getOfficeOrder, { params: officeOrderIdSchema }, ({ params, now }) => officeOrder(officeOrderReads, params.id, now));
