import { routes } from '#core/routes';
import { referenceSchema } from '#core/orders/requests';
import { officeRetryRefund } from '#core/office/retry-refund';
import { organiserActor } from '#core/office/access';
import { orderDeps } from '#wiring/orders';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /office/refunds/{reference}/retry: the office tries again a cancellation refund that failed; the order is Refunding again. */
export const handler = defineDelegateHandler(routes.retryRefund, { params: referenceSchema }, async ({ auth, params, now, siteOrigin }) =>
  replyWith(await officeRetryRefund(orderDeps(siteOrigin, { actor: organiserActor(auth), now }), params.reference, now)),
);
