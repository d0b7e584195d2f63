import { routes } from '#core/routes';
import { listReconciliations } from '#core/office/reconciliations';
import { officeJobStore } from '#storage/office-jobs';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/reconciliations: the latest checks, newest first, with their state and result. */
export const handler = defineDelegateHandler(routes.listReconciliations, {}, async () => listReconciliations({ jobs: officeJobStore }));
