import { routes } from '#core/routes';
import { chooseTransfer } from '#core/orders/pay-by-transfer';
import { orderIdSchema, transferChoiceSchema } from '#core/orders/requests';
import { delegateActor, orderDeps, registrationOffice } from '#wiring/orders';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /registration/submission/transfer-payment/{id} with type later|done. */
export const handler = defineDelegateHandler(
  routes.chooseTransfer,
  { params: orderIdSchema, body: transferChoiceSchema },
  async ({ auth, params, body, now, siteOrigin }) => replyWith(await chooseTransfer(orderDeps(siteOrigin, { actor: delegateActor(auth), now }), auth.userId, params.id, body.type, now, registrationOffice)),
);
