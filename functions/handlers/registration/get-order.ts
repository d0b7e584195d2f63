import { routes } from '#core/routes';
import { getOrder } from '#core/orders/read-orders';
import { orderIdSchema } from '#core/orders/requests';
import { ledger } from '#storage/ledger';
import { orderStore } from '#storage/orders';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

export const handler = defineDelegateHandler(routes.getOrder, { params: orderIdSchema }, ({ auth, params, now }) =>
  getOrder({ orders: orderStore, payments: { ledger } }, auth.userId, params.id, now),
);
