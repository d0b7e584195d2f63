import { routes } from '#core/routes';
import { listMailJobs } from '#core/office/send-mail';
import { officeJobStore } from '#storage/office-jobs';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/mail: the latest mail jobs, newest first, with their counts. */
export const handler = defineDelegateHandler(routes.listMailJobs, {}, async () => listMailJobs({ jobs: officeJobStore }));
