import { routes } from '#core/routes';
import { organiserActor } from '#core/office/access';
import { markFapiao, markFapiaoBody } from '#core/office/fapiao';
import { officeOrderIdSchema } from '#core/office/schemas';
import { officeFapiaoDeps } from '#wiring/fapiao';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /office/orders/{id}/fapiao { issued, number, version }: the fapiao marked issued with its number, or the mark taken back (audited). */
export const handler = defineDelegateHandler(routes.markFapiao, { params: officeOrderIdSchema, body: markFapiaoBody }, async ({ auth, params, body, now }) =>
  replyWith(await markFapiao(officeFapiaoDeps, organiserActor(auth), params.id, body, now)),
);
