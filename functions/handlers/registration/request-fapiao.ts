import { routes } from '#core/routes';
import { orderIdSchema } from '#core/orders/requests';
import { fapiaoRequestSchema, requestFapiao } from '#core/orders/fapiao';
import { fapiaoDeps } from '#wiring/fapiao';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** PUT /registration/submission/{id}/fapiao { title, taxpayer_id, version }: a fapiao asked for (or its details changed) until it is issued. */
export const handler = defineDelegateHandler(routes.requestFapiao, { params: orderIdSchema, body: fapiaoRequestSchema }, async ({ auth, params, body, now }) =>
  replyWith(await requestFapiao(fapiaoDeps, { id: auth.userId, email: auth.email }, params.id, body, now)),
);
