import * as z from 'zod/mini';
import { routes } from '#core/routes';
import { getReconciliation } from '#core/office/reconciliations';
import { officeJobStore } from '#storage/office-jobs';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/reconciliations/{id}: one check, its state and what disagrees. */
export const handler = defineDelegateHandler(routes.getReconciliation, { params: z.object({ id: z.string().check(z.maxLength(64)) }) }, async ({ params }) =>
  getReconciliation({ jobs: officeJobStore }, params.id),
);
