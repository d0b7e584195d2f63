import * as z from 'zod';
import { routes } from '#core/routes';
import { officeRetryRefund } from '#core/orders/orders';
import { orderDeps } from '#lib/order-deps';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

const params = z.object({ reference: z.string().min(1).max(40) });

/** POST /office/refunds/{reference}/retry: the office tries again a cancellation refund that failed; the order is Refunding again. */
export const handler = defineDelegateHandler(routes.retryRefund, { params }, async ({ params, now, siteOrigin }) =>
  replyWith(await officeRetryRefund(orderDeps(siteOrigin), params.reference, now)),
);
