import { routes } from '#core/routes';
import { organiserActor } from '#core/office/access';
import { resendOrderMail } from '#core/office/resend-order-mail';
import { officeOrderIdSchema, resendOrderMailSchema } from '#core/office/schemas';
import { resendDeps } from '#wiring/office-orders';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /office/orders/{id}/mails { mail }: one of the order's mails sent again to its delegate (audited). */
export const handler = defineDelegateHandler(routes.resendOrderMail, { params: officeOrderIdSchema, body: resendOrderMailSchema }, async ({ auth, params, body, now, siteOrigin }) =>
  replyWith(await resendOrderMail(resendDeps(siteOrigin), organiserActor(auth), params.id, body.mail, now)),
);
