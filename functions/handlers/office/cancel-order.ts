import { routes } from '#core/routes';
import { officeCancelOrder } from '#core/office/cancel-order';
import { officeCancelSchema, officeOrderIdSchema } from '#core/office/schemas';
import { organiserActor } from '#core/office/access';
import { officeOrderReads } from '#wiring/office-orders';
import { orderDeps } from '#wiring/orders';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /office/orders/{id}/cancel { expected_refund } or { refund: 'other', refund_amount, reason }: the office cancels an order with the policy's refund or another. */
export const handler = defineDelegateHandler(routes.cancelOfficeOrder, { params: officeOrderIdSchema, body: officeCancelSchema }, async ({ auth, params, body, now, siteOrigin }) =>
  replyWith(await officeCancelOrder(orderDeps(siteOrigin, { actor: organiserActor(auth), now }), officeOrderReads, params.id, body, now)),
);
