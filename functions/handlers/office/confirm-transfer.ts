import * as z from 'zod';
import { routes } from '#core/routes';
import { officeConfirmTransfer } from '#core/orders/orders';
import { orderDeps } from '#lib/order-deps';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

const params = z.object({ reference: z.string().min(1).max(40) });

/** POST /office/transfers/{reference}/received: the registration office found the transfer; the order is Paid. */
export const handler = defineDelegateHandler(routes.confirmTransfer, { params }, async ({ params, now, siteOrigin }) =>
  replyWith(await officeConfirmTransfer(orderDeps(siteOrigin), params.reference, now)),
);
