import { routes } from '#core/routes';
import { organiserActor } from '#core/office/access';
import { mailJobSchema } from '#core/office/mail-jobs';
import { requestMail } from '#core/office/send-mail';
import { jobDeps } from '#wiring/office-jobs';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /office/mail { filter, order_no?, purpose, subject, text }: records the mail job (audited) and queues it. */
export const handler = defineDelegateHandler(routes.sendMail, { body: mailJobSchema }, async ({ auth, body, now, siteOrigin }) =>
  replyWith(await requestMail(jobDeps, organiserActor(auth), body, siteOrigin, now)),
);
