import { routes } from '#core/routes';
import { referenceSchema } from '#core/orders/requests';
import { officeRecordTransferRefund } from '#core/office/record-transfer-refund';
import { organiserActor } from '#core/office/access';
import { orderDeps } from '#wiring/orders';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /office/transfers/{reference}/refunded: the office sent a bank transfer refund; the order is Cancelled. */
export const handler = defineDelegateHandler(routes.recordTransferRefund, { params: referenceSchema }, async ({ auth, params, now, siteOrigin }) =>
  replyWith(await officeRecordTransferRefund(orderDeps(siteOrigin, { actor: organiserActor(auth), now }), params.reference, now)),
);
