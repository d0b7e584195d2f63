import * as z from 'zod/mini';
import { routes } from '#core/routes';
import { organiserActor } from '#core/office/access';
import { confirmMailJob, mailConfirmBody } from '#core/office/send-mail';
import { jobDeps } from '#wiring/office-jobs';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /office/mail/{id}/send { recipients }: the organiser confirms the number of recipients found; the mail is then sent. */
export const handler = defineDelegateHandler(
  routes.confirmMailJob,
  { params: z.object({ id: z.string().check(z.maxLength(64)) }), body: mailConfirmBody },
  async ({ auth, params, body, now }) => replyWith(await confirmMailJob(jobDeps, organiserActor(auth), params.id, body.recipients, now)),
);
