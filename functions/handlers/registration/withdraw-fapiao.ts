import { routes } from '#core/routes';
import { orderIdSchema } from '#core/orders/requests';
import { fapiaoWithdrawSchema, withdrawFapiao } from '#core/orders/fapiao';
import { fapiaoDeps } from '#wiring/fapiao';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** DELETE /registration/submission/{id}/fapiao { version }: the request withdrawn while it is not issued. */
export const handler = defineDelegateHandler(routes.withdrawFapiao, { params: orderIdSchema, body: fapiaoWithdrawSchema }, async ({ auth, params, body, now }) =>
  replyWith(await withdrawFapiao(fapiaoDeps, { id: auth.userId, email: auth.email }, params.id, body, now)),
);
