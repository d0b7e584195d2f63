import { routes } from '#core/routes';
import { referenceSchema } from '#core/orders/schemas';
import { officeRetryRefund } from '#core/orders/orders';
import { orderDeps } from '#lib/order-deps';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /office/refunds/{reference}/retry: the office tries again a cancellation refund that failed; the order is Refunding again. */
export const handler = defineDelegateHandler(routes.retryRefund, { params: referenceSchema }, async ({ params, now, siteOrigin }) =>
  replyWith(await officeRetryRefund(orderDeps(siteOrigin), params.reference, now)),
);
