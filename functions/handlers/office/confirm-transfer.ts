import { routes } from '#core/routes';
import { referenceSchema } from '#core/orders/requests';
import { transferReceivedBody } from '#core/office/schemas';
import { officeConfirmTransfer } from '#core/office/confirm-transfer';
import { organiserActor } from '#core/office/access';
import { orderDeps } from '#wiring/orders';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/**
 * POST /office/transfers/{reference}/received { amount }: the registration office found a
 * transfer of `amount`; the order is Paid when what arrived covers it, else it stays Checking.
 */
export const handler = defineDelegateHandler(routes.confirmTransfer, { params: referenceSchema, body: transferReceivedBody }, async ({ auth, params, body, now, siteOrigin }) =>
  replyWith(await officeConfirmTransfer(orderDeps(siteOrigin, { actor: organiserActor(auth), now }), params.reference, body.amount, now)),
);
