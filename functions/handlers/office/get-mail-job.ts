import * as z from 'zod/mini';
import { routes } from '#core/routes';
import { mailJobDetail } from '#core/office/send-mail';
import { mailBatchStore } from '#storage/mail-jobs';
import { officeJobStore } from '#storage/office-jobs';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/mail/{id}: a mail job and what was sent to whom (or withheld, skipped, failed). */
export const handler = defineDelegateHandler(routes.getMailJob, { params: z.object({ id: z.string().check(z.maxLength(64)) }) }, async ({ params }) =>
  mailJobDetail({ jobs: officeJobStore, batches: mailBatchStore }, params.id),
);
