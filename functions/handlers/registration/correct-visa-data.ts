import { routes } from '#core/routes';
import { visaCorrectionSchema } from '#core/orders/schemas';
import { orderIdSchema } from '#core/orders/requests';
import { correctVisaData } from '#core/orders/visa-review';
import { visaDeps } from '#wiring/visa-letters';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /registration/submission/{id}/visa_correction: the passport data the office asked to correct (only those fields), back under review. */
export const handler = defineDelegateHandler(routes.correctVisaData, { params: orderIdSchema, body: visaCorrectionSchema }, async ({ auth, params, body, now, siteOrigin }) =>
  replyWith(await correctVisaData(visaDeps(siteOrigin), { id: auth.userId, email: auth.email }, params.id, body, now)),
);
