import { defineSqsWorker } from '#lib/worker-handler';

/** The office's jobs from the office-jobs queue (core/workers.ts). */
export const handler = defineSqsWorker('runOfficeJob', async (message) => {
  throw new Error(`No office job can run yet: ${message.id}`);
});
