import { routes } from '#core/routes';
import { listOrders } from '#core/orders/read-orders';
import { ownerOrdersView } from '#storage/owner-orders';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/**
 * GET /registration: data.items and data.total, with each order's refund shown before cancelling,
 * its receipts and credit notes (or that one is being issued), and the delegate's registration by
 * category if there is one: one Query of the delegate's partition, nothing written.
 */
export const handler = defineDelegateHandler(routes.listOrders, {}, ({ auth, now }) => listOrders({ view: ownerOrdersView }, auth.userId, now));
