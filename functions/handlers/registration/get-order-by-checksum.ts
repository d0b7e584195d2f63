import { routes } from '#core/routes';
import { getOrderByChecksum } from '#core/orders/read-orders';
import { checksumSchema } from '#core/orders/requests';
import { orderStore } from '#storage/orders';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

export const handler = defineDelegateHandler(routes.getOrderByChecksum, { params: checksumSchema }, ({ auth, params, now }) =>
  getOrderByChecksum({ orders: orderStore }, auth.userId, params.checksum, now),
);
