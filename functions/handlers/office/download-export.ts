import * as z from 'zod/mini';
import { routes } from '#core/routes';
import { exportLink } from '#core/office/jobs';
import { exportFiles } from '#storage/export-files';
import { officeJobStore } from '#storage/office-jobs';
import { defineDelegateHandler } from '#lib/http/delegate-handler';

/** GET /office/exports/{id}/download: a five-minute link to a finished export's CSV. */
export const handler = defineDelegateHandler(routes.downloadExport, { params: z.object({ id: z.string().check(z.maxLength(64)) }) }, async ({ params, now }) =>
  exportLink({ jobs: officeJobStore, files: exportFiles }, params.id, now),
);
