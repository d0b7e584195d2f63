import { routes } from '#core/routes';
import { listExports } from '#core/office/jobs';
import { officeJobStore } from '#storage/office-jobs';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/exports: the latest export jobs, newest first, with their state. */
export const handler = defineDelegateHandler(routes.listExports, {}, async () => listExports({ jobs: officeJobStore }));
