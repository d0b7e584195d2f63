import * as z from 'zod/mini';
import { routes } from '#core/routes';
import { updateOrder } from '#core/orders/save-order';
import { orderFormSchema } from '#core/orders/schemas';
import { orderIdSchema, updateOrderQuerySchema } from '#core/orders/requests';
import { delegateActor, orderDeps } from '#wiring/orders';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** The spec's client says PUT through a form field (`_method`); anything but PUT is not an update. */
const body = z.intersection(orderFormSchema, z.object({ _method: z.optional(z.enum(['PUT', 'put'], { message: 'Only _method=PUT is accepted here.' })) }));

/** POST /registration/submission/{id} with _method PUT. */
export const handler = defineDelegateHandler(
  routes.updateOrder,
  { params: orderIdSchema, body, query: updateOrderQuerySchema },
  async ({ auth, params, body: { _method: _put, ...form }, query, now, siteOrigin }) =>
    replyWith(await updateOrder(orderDeps(siteOrigin, { actor: delegateActor(auth), now }), auth.userId, params.id, form, now, { updatedAt: query.base_updated_at, status: query.base_status })),
);
