import * as z from 'zod/mini';
import { routes } from '#core/routes';
import { organiserActor } from '#core/office/access';
import { discardMailJob } from '#core/office/send-mail';
import { jobDeps } from '#wiring/office-jobs';
import { replyWith } from '#lib/http/handler';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** POST /office/mail/{id}/discard: a mail waiting for confirmation is not sent. */
export const handler = defineDelegateHandler(routes.discardMailJob, { params: z.object({ id: z.string().check(z.maxLength(64)) }) }, async ({ auth, params, now }) =>
  replyWith(await discardMailJob(jobDeps, organiserActor(auth), params.id, now)),
);
