import { routes } from '#core/routes';
import { listOrders } from '#core/orders/read-orders';
import { ledger } from '#storage/ledger';
import { orderStore } from '#storage/orders';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /registration: data.items and data.total (one Query), with each paid order's refund shown before cancelling. */
export const handler = defineDelegateHandler(routes.listOrders, {}, ({ auth, now }) => listOrders({ orders: orderStore, payments: { ledger } }, auth.userId, now));
